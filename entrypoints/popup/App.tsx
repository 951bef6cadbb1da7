import { Component, createRef } from 'preact';
import { ConnectPrompt } from '@/components/ConnectPrompt';
import { DuplicateNotice } from '@/components/DuplicateNotice';
import { ErrorAlert } from '@/components/ErrorAlert';
import { ProfileSelect } from '@/components/ProfileSelect';
import { RateLimitNotice } from '@/components/RateLimitNotice';
import { RecentLinks } from '@/components/RecentLinks';
import { ShortenForm } from '@/components/ShortenForm';
import { ShortenResult } from '@/components/ShortenResult';
import {
  buildSearchIndex,
  type CachedLink,
  findByLongUrl,
  getCachedLinks,
  getCachedLists,
  searchLinks,
} from '@/lib/cache';
import type { DraftSaver } from '@/lib/draft';
import type { LinkFormErrors, LinkFormState } from '@/lib/link-form';
import { send } from '@/lib/messaging';
import type { ChoiceLists, ErrorData } from '@/lib/protocol';
import type { Profile, Settings } from '@/lib/settings';
import { activeProfile } from '@/lib/settings-base';
import { copyText } from '@/lib/ui-clipboard';
import { resolveStartUrl, type StartUrl } from '@/lib/ui-popup';
import { loadStoredSettings } from '@/lib/settings-reader';
import {
  type FormErrors,
  type ShortenForm as FormValues,
  initialForm,
  toShortenInput,
  validateForm,
} from '@/lib/ui-shorten';

/** The "More options" chunk: imported when the user first opens it, never in the popup's first load. */
type MoreOptionsModule = typeof import('@/components/more-options/more-options');

/** How many recent links the popup lists; the search reaches the whole cache. */
export const RECENT_LIMIT = 20;

const NOT_COPIED = 'Couldn’t copy to the clipboard: select the short URL and press Ctrl+C.';

interface State {
  /** null while loading; 'unconfigured' when there is no profile yet. */
  ready: { settings: Settings; profile: Profile } | 'unconfigured' | null;
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
  result: { link: CachedLink; copied: boolean } | null;
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
 * the popup's 15 KB budget.
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
    newAnyway: '',
    status: '',
    query: '',
    copiedId: null,
    wait: null,
  };

  // The id of the last request and the input it was for: sending the same input again reuses the
  // id, so a double click or a retry after a lost reply never makes a second link.
  private request: { key: string; id: string } | null = null;
  private inFlight = false;
  private moreOptions?: MoreOptionsModule;
  /** What the user typed, kept for this start URL until the link is made (see lib/draft.ts). */
  private draft?: DraftSaver;
  private generation = 0;
  private urlRef = createRef<HTMLInputElement>();
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
    const waits = await import('@/lib/rate-limit-state');
    // Never stopped: the popup's page goes away with it.
    waits.watchRateLimitWait((wait) => this.setState({ wait }));
  }

  /** Keeps the form in the draft; call after each change the user makes. */
  private changed = () => this.draft?.schedule();

  private setLinks(links: CachedLink[]) {
    this.setState({ links, index: buildSearchIndex(links) });
  }

  /** Loads settings and cache of the active profile; `keepUrl` keeps the typed URL on a profile switch. */
  private async load(keepUrl?: string) {
    const gen = ++this.generation;
    const [settings, start, drafts] = await Promise.all([
      loadStoredSettings(),
      keepUrl === undefined ? resolveStartUrl(location.search) : null,
      keepUrl === undefined ? import('@/lib/draft') : null,
    ]);
    const profile = activeProfile(settings);
    if (!profile) return this.setState({ ready: 'unconfigured' });
    const [cached, choices, kept] = await Promise.all([
      getCachedLinks(profile.id),
      getCachedLists(profile.id),
      drafts?.openDrafts(),
    ]);
    const draft = start && kept?.drafts[start.url];
    // A draft is only restored for the profile it was typed for: campaigns and channels are per server.
    const restored = draft?.profileId === profile.id ? draft : null;
    if (restored?.state.more) this.moreOptions ??= await import('@/components/more-options/more-options');
    if (gen !== this.generation) return;
    if (start && kept) this.draft = kept.saver(start.url, this.currentDraft);
    if (restored) this.request = restored.request;
    const { form, source, more } = this.state;
    this.setLinks(cached.links);
    this.setState(
      {
        ready: { settings, profile },
        source: start ?? source,
        lists: { campaigns: choices.campaigns, channels: choices.channels },
        form: {
          ...initialForm(start ? start.url : form.url, profile.defaults, new Date()),
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
      },
    );

    const refreshed = await send('refresh', {});
    if (gen !== this.generation) return;
    if (!refreshed.ok) return this.setState({ refreshNote: `Not updated: ${refreshed.error.message}` });
    this.setState({ refreshNote: undefined });
    if (refreshed.data.links) this.setLinks(refreshed.data.links);
    if (refreshed.data.lists) this.setState({ lists: refreshed.data.lists });
  }

  private submit = async () => {
    const { ready, form, source, more, moreOpen } = this.state;
    if (this.inFlight || !ready || ready === 'unconfigured') return;
    const now = new Date();
    const mainErrors = validateForm(form, now);
    const errors = { ...mainErrors, ...(more && this.moreOptions!.moreOptionsErrors(form, more, now)) };
    const count = Object.keys(errors).length;
    // A refused field in collapsed More options opens it; focus goes to the first field to fix.
    this.setState({ errors, moreOpen: moreOpen || count > Object.keys(mainErrors).length }, () =>
      document.querySelector<HTMLElement>('.shorten [aria-invalid="true"]')?.focus(),
    );
    if (count) return;
    const input = more
      ? this.moreOptions!.moreOptionsInput(form, more)
      : toShortenInput(form, ready.profile.defaults);
    const key = JSON.stringify(input);
    if (this.request?.key !== key) this.request = { key, id: crypto.randomUUID() };
    // The request id goes into the draft now: the popup may close before the answer comes.
    this.changed();
    this.draft?.flush();
    const pageTitle = source.title && input.url === source.url ? source.title : undefined;

    this.inFlight = true;
    this.setState({ pending: true, error: null, result: null, newAnyway: input.url, status: 'Shortening…' });
    const reply = await send('shorten', {
      requestId: this.request.id,
      input,
      ...(pageTitle ? { pageTitle } : {}),
    });
    this.inFlight = false;
    if (!reply.ok) return this.setState({ pending: false, error: reply.error, status: '' });
    const { link } = reply.data;
    this.setLinks([link, ...this.state.links.filter((l) => l.id !== link.id)]);
    this.setState({ pending: false });
    await this.showLink(link, ready.settings.behaviour.autoCopy);
  };

  private async showLink(link: CachedLink, copy: boolean) {
    this.draft?.clear();
    const copied = copy && (await this.copy(link));
    this.setState({ result: { link, copied } });
    if (!copy) this.setState({ status: `Short link created: ${link.shortUrl}` });
  }

  private async copy(link: CachedLink): Promise<boolean> {
    const copied = await copyText(link.shortUrl);
    this.setState({ status: copied ? `Copied ${link.shortUrl}` : NOT_COPIED });
    return copied;
  }

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
    if (!reply.ok) return this.setState({ error: reply.error });
    this.request = null;
    this.setState({ error: null, result: null });
    await this.load(this.state.form.url);
  };

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
    const moreSet = More && more && !s.moreOpen ? More.moreOptionsInEffect(form, more, profile.defaults) : 0;
    const duplicate =
      !result && !s.pending && s.newAnyway !== form.url.trim() ? findByLongUrl(s.links, form.url) : undefined;

    return (
      <main class="popup">
        <header class="bar">
          <h1>Shortlink</h1>
          {settings.profiles.length > 1 && (
            <ProfileSelect
              profiles={settings.profiles}
              activeId={profile.id}
              disabled={s.pending}
              onChange={this.switchProfile}
            />
          )}
          <button type="button" class="quiet" onClick={openOptions}>
            Options
          </button>
        </header>
        {s.source.reason && !result && <p class="notice">{s.source.reason}</p>}
        {result ? (
          <ShortenResult
            link={result.link}
            copied={result.copied}
            onCopy={async () =>
              this.setState({ result: { ...result, copied: await this.copy(result.link) } })
            }
          />
        ) : (
          duplicate && (
            <DuplicateNotice
              link={duplicate}
              buttonRef={this.copyExistingRef}
              onCopyExisting={() => void this.showLink(duplicate, true)}
              onCreateNew={this.submit}
            />
          )
        )}
        <ShortenForm
          values={form}
          errors={s.errors}
          campaigns={s.lists.campaigns}
          channels={s.lists.channels}
          pending={s.pending}
          pendingLabel={s.wait === null ? undefined : 'Waiting…'}
          urlRef={this.urlRef}
          onChange={(patch) =>
            this.setState({ form: { ...this.state.form, ...patch }, errors: {} }, this.changed)
          }
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
                More options{moreSet ? ` (${moreSet} set)` : ''}
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
        {s.error && <ErrorAlert error={s.error} now={Date.now()} onOpenOptions={openOptions} />}
        <p class="sr-only" role="status" aria-live="polite">
          {s.status}
        </p>
        <RecentLinks
          shown={searchLinks(s.links, s.index, s.query, RECENT_LIMIT)}
          total={s.links.length}
          query={s.query}
          onQuery={(query) => this.setState({ query })}
          copiedId={s.copiedId}
          onCopy={async (link) => this.setState({ copiedId: (await this.copy(link)) ? link.id : null })}
          note={s.refreshNote}
        />
      </main>
    );
  }
}
