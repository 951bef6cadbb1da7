import { Component, createRef } from 'preact';
import { ConnectPrompt } from '@/components/ConnectPrompt';
import { DuplicateNotice } from '@/components/DuplicateNotice';
import { ProfileSelect } from '@/components/ProfileSelect';
import { RateLimitNotice } from '@/components/RateLimitNotice';
import { RecentLinks } from '@/components/RecentLinks';
import { ShortenForm } from '@/components/ShortenForm';
import { t, tPlural } from '@/lib/i18n';
import { ALL_TABS_ASKED_KEY } from '@/lib/links/all-tabs';
import {
  buildSearchIndex,
  type CachedLink,
  findByLongUrl,
  getCachedLinks,
  getCachedLists,
  openCache,
  searchLinks,
} from '@/lib/links/cache';
import type { DraftSaver } from '@/lib/links/draft';
import { readDrafts } from '@/lib/links/draft';
import type { LinkFormErrors, LinkFormState } from '@/lib/links/link-form';
import { initialForm, resolveStartUrl, type StartUrl } from '@/lib/links/popup-start';
import type { FormErrors, ShortenForm as FormValues } from '@/lib/links/shorten-form';
import type { ChoiceLists, ErrorData } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';
import type { Profile, Settings } from '@/lib/settings/settings';
import { activeProfile, loadSettings } from '@/lib/settings/settings';

/** The "More options" chunk: imported when the user first opens it, never in the popup's first load. */
type MoreOptionsModule = typeof import('@/components/more-options/more-options');
/** The result and error boxes, copying and URL hygiene: imported once the form is drawn (extras.ts). */
type Extras = typeof import('./extras');

/** How many recent links the popup lists; the search reaches the whole cache. */
export const RECENT_LIMIT = 20;

/**
 * The start URL as the behaviour settings changed it, and why. Undo goes back to `before`: the
 * canonical URL to the tab's address cleaned of tracking parameters, that one to the tab's own.
 */
export interface Adjusted {
  url: string;
  reason: 'popup_tracking_removed' | 'popup_canonical_used';
  before: Adjusted | null;
}

/** What the popup draws from once loaded. */
export type Ready = { settings: Settings; profile: Profile };

interface State {
  /** null while loading; 'unconfigured' when there is no profile yet. */
  ready: Ready | 'unconfigured' | null;
  links: CachedLink[];
  /** Search text of `links`, built once per list so a keystroke only scans strings. */
  index: string[];
  lists: ChoiceLists;
  source: StartUrl;
  form: FormValues;
  /** Main fields' messages and More options' (keyed by link-form field names, which are different). */
  errors: FormErrors & LinkFormErrors;
  /** More options' fields; null until the panel is first opened (then they always take part). */
  more: LinkFormState | null;
  moreOpen: boolean;
  pending: boolean;
  error: ErrorData | null;
  /** The link made or reused, and the format it was last copied in (null: not copied). */
  result: { link: CachedLink; copied: import('@/lib/links/copy-format').CopyFormat | null } | null;
  /** The start URL as changed by the behaviour settings; null when it is the tab's own. */
  adjusted: Adjusted | null;
  /** "Shorten all tabs": asked, running or done; null before. */
  allTabs: import('./all-tabs').AllTabsView | null;
  /** The long URL the user chose to shorten again despite an earlier link. */
  newAnyway: string;
  status: string;
  refreshNote?: string | undefined;
  query: string;
  copiedId: number | null;
  /** Seconds until requests held back for the server's rate limit are sent; null when none wait. */
  wait: number | null;
}

function openOptions() {
  void browser.runtime.openOptionsPage();
}

/**
 * The popup: draws from local settings, tab and cache at once, then asks the background to refresh
 * the cache and updates the lists when it answers. Everything server-side goes through `send`.
 * One stateful container over stateless components: a class keeps preact/hooks (~1 KB gzip) out of
 * the popup's 15 KB budget. What it does after drawing is in the lazy extras (actions.ts), which act
 * on the members that are not private.
 */
export class App extends Component<object, State> {
  override state: State = {
    ready: null,
    links: [],
    index: [],
    lists: { campaigns: [], channels: [] },
    source: { url: '', reason: null },
    form: { url: '', alias: '', campaignId: '', channelId: '', expiry: '' },
    errors: {},
    more: null,
    moreOpen: false,
    pending: false,
    error: null,
    result: null,
    adjusted: null,
    allTabs: null,
    newAnyway: '',
    status: '',
    query: '',
    copiedId: null,
    wait: null,
  };

  // The id of the last request and the input it was for: sending the same input again reuses the
  // id, so a double click or a retry after a lost reply never makes a second link.
  request: { key: string; id: string } | null = null;
  inFlight = false;
  moreOptions?: MoreOptionsModule;
  private extras?: Extras;
  /** Set once the user types in the Long URL field: a late canonical URL then leaves it alone. */
  urlEdited = false;
  /** What the user typed, kept for this start URL until the link is made (see lib/links/draft.ts). */
  draft?: DraftSaver;
  generation = 0;
  urlRef = createRef<HTMLInputElement>();
  private copyExistingRef = createRef<HTMLButtonElement>();

  override componentDidMount() {
    void this.watchWait();
    void this.load();
  }

  /**
   * Counts down while requests wait for the server's rate limit. Imported lazily, like the draft:
   * neither is needed to draw the form, so neither weighs on the first load.
   */
  private async watchWait() {
    const waits = await import('@/lib/api/rate-limit-wait');
    // Never stopped: the popup's page goes away with it.
    waits.watchRateLimitWait((wait) => this.setState({ wait }));
  }

  /** A change made before the draft module arrived: written as soon as it does. */
  private unsaved = false;

  /** Keeps the form in the draft; call after each change the user makes. */
  changed = () => {
    if (this.draft) this.draft.schedule();
    else this.unsaved = true;
  };

  setLinks(links: CachedLink[]) {
    this.setState({ links, index: buildSearchIndex(links) });
  }

  /** Loads settings and cache of the active profile; `keepUrl` keeps the typed URL on a profile switch. */
  private async load(keepUrl?: string) {
    const gen = ++this.generation;
    // Nothing on the way to the first draw waits for a lazy chunk or for the database to open: the
    // draft-saving module arrives meanwhile, and the database opens while settings are read.
    const saving = keepUrl === undefined ? import('@/lib/links/draft') : null;
    openCache();
    const [settings, start, drafts] = await Promise.all([
      loadSettings(),
      keepUrl === undefined ? resolveStartUrl(location.search) : null,
      keepUrl === undefined ? readDrafts() : null,
    ]);
    const profile = activeProfile(settings);
    if (!profile) return this.setState({ ready: 'unconfigured' });
    const { behaviour } = settings;
    // Cleaning the start URL needs the lazy extras: loaded beside the cache reads, only when asked for.
    const [cached, choices, hygiene] = await Promise.all([
      getCachedLinks(profile.id),
      getCachedLists(profile.id),
      start?.url && behaviour.stripTracking ? this.loadExtras() : null,
    ]);
    const draft = start && drafts?.[start.url];
    // A draft is only restored for the profile it was typed for: campaigns and channels are per server.
    const restored = draft?.profileId === profile.id ? draft : null;
    if (restored?.state.more) this.moreOptions ??= await import('@/components/more-options/more-options');
    if (gen !== this.generation) return;
    if (restored) this.request = restored.request;
    // A draft's URL is what the user typed: a canonical URL arriving later must not replace it.
    if (restored) this.urlEdited = true;
    const { form, source, more } = this.state;
    const startUrl = start && (hygiene ? hygiene.resolvePageUrl(start.url, null, behaviour) : start.url);
    const adjusted =
      start && startUrl && startUrl !== start.url
        ? { url: startUrl, reason: 'popup_tracking_removed' as const, before: null }
        : null;
    this.setLinks(cached.links);
    this.setState(
      {
        ready: { settings, profile },
        source: start ?? source,
        ...(start ? { adjusted } : {}),
        lists: { campaigns: choices.campaigns, channels: choices.channels },
        form: {
          ...initialForm(startUrl ?? form.url, profile.defaults, new Date()),
          alias: form.alias,
        },
        more: more && this.moreOptions!.moreOptionsForProfile(more, profile.defaults),
        ...restored?.state,
      },
      // With an earlier link for this URL, Enter should reuse it; otherwise the URL is ready to edit.
      () => {
        const target = this.copyExistingRef.current ?? this.urlRef.current;
        target?.focus();
        if (target instanceof HTMLInputElement) target.select();
        // The form and the recent list are on screen: `npm run bench` measures up to here.
        performance.mark('popup-ready');
        // What the popup does next loads now, after drawing, so that no click has to wait for it.
        const extras = this.loadExtras();
        void extras.then((x) => x.resumeAllTabs(this.showAllTabs));
        const tabId = start?.tabId;
        if (start?.url && behaviour.preferCanonical && tabId !== undefined) {
          void extras.then((x) => x.applyCanonical(this, gen, start.url, tabId));
        }
      },
    );

    if (start && drafts) {
      void saving?.then(({ draftSaver }) => {
        this.draft = draftSaver(drafts, start.url, this.currentDraft);
        if (this.unsaved) this.changed();
      });
    }

    const refreshed = await send('refresh', {});
    if (gen !== this.generation) return;
    if (!refreshed.ok)
      return this.setState({ refreshNote: t('popup_refresh_failed', refreshed.error.message) });
    this.setState({ refreshNote: undefined });
    if (refreshed.data.links) this.setLinks(refreshed.data.links);
    if (refreshed.data.lists) this.setState({ lists: refreshed.data.lists });
  }

  /** Puts back the address the last behaviour setting changed: the cleaned one, or the tab's own. */
  private undoAdjust = () => {
    this.urlEdited = true;
    const before = this.state.adjusted?.before ?? null;
    const url = before?.url ?? this.state.source.url;
    this.setState({ form: { ...this.state.form, url }, adjusted: before }, () => {
      this.urlRef.current?.focus();
      this.changed();
    });
  };

  private loadExtras = async () => (this.extras ??= await import('./extras'));

  /** Shows a failed request's message; the error box comes with the extras. */
  private async fail(error: ErrorData) {
    (await this.loadExtras()).fail(this, error);
  }

  // Checking and sending come with the extras, usually loaded by now.
  private submit = async () => (await this.loadExtras()).submit(this);

  /** "Shorten all tabs". The permission request must come first: it needs the click's user gesture. */
  private shortenAllTabs = async () => {
    if (this.state.allTabs?.kind === 'running') return;
    // Chromium closes the popup while it asks: the next popup takes the request up (all-tabs.tsx).
    void browser.storage.session?.set({ [ALL_TABS_ASKED_KEY]: Date.now() });
    const granted = await browser.permissions.request({ permissions: ['tabs'] }).catch(() => false);
    (await this.loadExtras()).shortenAllTabs(granted, this.showAllTabs);
  };

  // Comes from the extras, as does everything that calls it.
  private showAllTabs = (allTabs: import('./all-tabs').AllTabsView) =>
    this.extras!.showAllTabs(this, allTabs);

  private toggleMore = async () => {
    this.moreOptions ??= await import('@/components/more-options/more-options');
    // The button only shows once a profile is loaded.
    const { ready, more, moreOpen } = this.state as State & { ready: { profile: Profile } };
    this.setState(
      {
        moreOpen: !moreOpen,
        more: more ?? this.moreOptions.initialMoreOptions(ready.profile.defaults),
      },
      this.changed,
    );
  };

  private currentDraft = () => {
    const { ready, form, more, moreOpen } = this.state as State & { ready: { profile: Profile } };
    return { profileId: ready.profile.id, state: { form, more, moreOpen }, request: this.request };
  };

  private switchProfile = async (id: string) => {
    const reply = await send('setActiveProfile', { id });
    if (!reply.ok) return this.fail(reply.error);
    this.request = null;
    this.setState({ error: null, result: null });
    await this.load(this.state.form.url);
  };

  /** The link made before for the same long URL, offered instead of a second one. */
  private offerEarlier(link: CachedLink) {
    return (
      <DuplicateNotice
        link={link}
        buttonRef={this.copyExistingRef}
        onCopyExisting={async () => (await this.loadExtras()).showLink(this, link, true)}
        onCreateNew={this.submit}
      />
    );
  }

  override render() {
    const s = this.state;
    const { ready, form, result, more } = s;
    if (ready === null) return null;
    if (ready === 'unconfigured') {
      return (
        <main class="popup">
          <ConnectPrompt onOpenOptions={openOptions} />
        </main>
      );
    }
    const { settings, profile } = ready;
    const More = this.moreOptions;
    const Extras = this.extras;
    const moreSet = More && more && !s.moreOpen ? More.moreOptionsInEffect(form, more, profile.defaults) : 0;
    const duplicate =
      !result && !s.pending && s.newAnyway !== form.url.trim() ? findByLongUrl(s.links, form.url) : undefined;

    return (
      <main class="popup">
        <header class="bar">
          <h1>{t('ext_name')}</h1>
          {settings.profiles.length > 1 && (
            <ProfileSelect
              profiles={settings.profiles}
              activeId={profile.id}
              disabled={s.pending}
              onChange={this.switchProfile}
            />
          )}
          <button type="button" class="quiet" onClick={openOptions}>
            {t('popup_options_button')}
          </button>
        </header>
        {s.source.reason && !result && <p class="notice">{s.source.reason}</p>}
        {s.adjusted && s.adjusted.url === form.url && !result && (
          <p class="notice row">
            <span class="grow">{t(s.adjusted.reason)}</span>
            <button type="button" class="quiet" aria-label={t('popup_undo_label')} onClick={this.undoAdjust}>
              {t('popup_undo_button')}
            </button>
          </p>
        )}
        {result && Extras ? (
          <Extras.ShortenResult
            link={result.link}
            copied={result.copied}
            onCopy={() => Extras.copyResult(this)}
            onCopyAs={(format) => Extras.copyResult(this, format)}
          />
        ) : (
          duplicate && this.offerEarlier(duplicate)
        )}
        <ShortenForm
          values={form}
          errors={s.errors}
          campaigns={s.lists.campaigns}
          channels={s.lists.channels}
          pending={s.pending}
          pendingLabel={s.wait === null ? undefined : t('popup_waiting')}
          urlRef={this.urlRef}
          onChange={(patch) => {
            if ('url' in patch) this.urlEdited = true;
            this.setState({ form: { ...this.state.form, ...patch }, errors: {} }, this.changed);
          }}
          onSubmit={this.submit}
          more={
            <>
              <button
                type="button"
                class="quiet more-toggle"
                aria-expanded={s.moreOpen}
                aria-controls={more ? 'more-options' : undefined}
                onClick={this.toggleMore}
              >
                {moreSet
                  ? tPlural(moreSet, 'popup_more_options_set_one', 'popup_more_options_set_other')
                  : t('popup_more_options')}
              </button>
              {More && more && (
                <More.MoreOptions
                  id="more-options"
                  hidden={!s.moreOpen}
                  profileId={profile.id}
                  state={more}
                  errors={s.errors}
                  onChange={(patch) =>
                    this.setState({ more: { ...this.state.more!, ...patch }, errors: {} }, this.changed)
                  }
                />
              )}
            </>
          }
        />
        <RateLimitNotice seconds={s.wait} />
        {s.error && Extras && (
          <Extras.ErrorAlert error={s.error} now={Date.now()} onOpenOptions={openOptions} />
        )}
        <p class="sr-only" role="status" aria-live="polite">
          {s.status}
        </p>
        <RecentLinks
          shown={searchLinks(s.links, s.index, s.query, RECENT_LIMIT)}
          total={s.links.length}
          query={s.query}
          onQuery={(query) => this.setState({ query })}
          copiedId={s.copiedId}
          onCopy={async (link) => {
            const copied = await (await this.loadExtras()).copy(this, link);
            this.setState({ copiedId: copied ? link.id : null });
          }}
          note={s.refreshNote}
        />
        <button
          type="button"
          class="quiet all-tabs"
          // Not `disabled`: a disabled button loses focus, and a keyboard user their place.
          aria-disabled={s.allTabs?.kind === 'running' || undefined}
          onClick={this.shortenAllTabs}
        >
          {t('popup_all_tabs_button')}
        </button>
        {Extras && s.allTabs && <Extras.AllTabsReport view={s.allTabs} />}
      </main>
    );
  }
}
