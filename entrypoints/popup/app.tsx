import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { RateLimitNotice } from '@/components/rate-limit-notice';
import { useRateLimitWait } from '@/components/use-rate-limit-wait';
import { t, tPlural } from '@/lib/i18n';
import { isQueueable } from '@/lib/jobs/queue';
import { type CachedLink, sameLongUrl } from '@/lib/links/cache';
import { send } from '@/lib/messaging/send';
import { ConnectPrompt } from './components/connect-prompt';
import { DuplicateNotice } from './components/duplicate-notice';
import { ErrorAlert } from './components/error-alert';
import { LastFailure } from './components/last-failure';
import { MoreOptionsToggle } from './components/more-options-toggle';
import { OpenSidePanelButton } from './components/open-side-panel-button';
import { PresetPicker } from './components/preset-picker';
import { ProfileSelect } from './components/profile-select';
import { QueueOffer } from './components/queue-offer';
import { RecentLinks } from './components/recent-links';
import { SeveralUrls } from './components/several-urls';
import { ShortenForm } from './components/shorten-form';
import { ShortenResult } from './components/shorten-result';
import { UndoNotice } from './components/undo-notice';
import { WatchedLinks } from './components/watched-links';
import { useAllTabs } from './hooks/use-all-tabs';
import { useDraft } from './hooks/use-draft';
import { useLastFailure } from './hooks/use-last-failure';
import { usePopupLoad } from './hooks/use-popup-load';
import { usePresetFanOut } from './hooks/use-preset-fan-out';
import { useQueue } from './hooks/use-queue';
import { useRecentLinks } from './hooks/use-recent-links';
import { useSeveralUrls } from './hooks/use-several-urls';
import { useShorten } from './hooks/use-shorten';
import { useShortenForm } from './hooks/use-shorten-form';
import { useOpenSidePanel } from './hooks/use-side-panel';
import { useStartUrl } from './hooks/use-start-url';
import { useWatchedLinks } from './hooks/use-watched-links';
import { AllTabsReport, loadLaterPartsWhenIdle, MoreOptions, PresetResults, QueueList } from './later-parts';
import type { StartUrl } from './start-url';

function openOptions() {
  void browser.runtime.openOptionsPage();
}

/** What the side panel (entrypoints/sidepanel/) gives the popup's UI it shows. */
interface PanelProps {
  /** The active tab the panel follows, instead of the tab the popup opened over. */
  start: StartUrl;
  /** Asks for the `tabs` permission, when the active tab's address could not be read without it. */
  onAllowTabs?: () => void;
}

/**
 * The popup, and the side panel's content (`panel`): draws from local settings, tab and cache at
 * once, then asks the background to refresh the cache (hooks/use-popup-load.ts). Each concern is a hook with its state and actions; this
 * composes them. Everything server-side goes through `send`.
 */
export function App({ panel }: { panel?: PanelProps } = {}) {
  const wait = useRateLimitWait();
  const recent = useRecentLinks();
  const start = useStartUrl();
  const draft = useDraft();
  const form = useShortenForm(draft.changed);
  const popup = usePopupLoad({
    onLinks: recent.refreshed,
    onLoad({ settings, profile, start: tab, links, ofStart, drafts, restored }) {
      const url = tab && start.begin(tab, settings.behaviour);
      // The links of the address the form starts with, as the settings cleaned it (use-popup-load.ts).
      recent.start(profile.id, links, url || '', ofStart);
      if (restored) {
        draft.setRequest(restored.request);
        // A draft's URL is what the user typed: a canonical URL arriving later must not replace it.
        start.markEdited();
      }
      form.reset(profile.defaults, url, restored?.state);
      if (tab && drafts) {
        draft.keep(drafts, tab.url, () => ({ profileId: popup.profileId(), state: form.snapshot() }));
      }
    },
    tabStart: panel?.start,
  });
  const ready = popup.ready === 'unconfigured' ? null : popup.ready;
  const shorten = useShorten({ ready, form, start, recent, draft });
  const fanOut = usePresetFanOut({ ready, form, start, recent, draft });
  const allTabs = useAllTabs(popup.reloadLinks);
  const several = useSeveralUrls(popup.profileId, popup.reloadLinks);
  const queue = useQueue();
  const lastFailure = useLastFailure();
  const watched = useWatchedLinks(ready?.profile.id ?? null);
  const copyExistingRef = useRef<HTMLButtonElement>(null);
  const openSidePanel = useOpenSidePanel(() =>
    shorten.fail({ kind: 'internal', message: t('panel_open_failed') }),
  );

  useLayoutEffect(() => {
    if (!ready) return;
    // With an earlier link for this URL, Enter should reuse it; otherwise the URL is ready to edit.
    const target = copyExistingRef.current ?? form.urlRef.current;
    target?.focus();
    if (target instanceof HTMLInputElement) target.select();
    // The form and the recent list are on screen: `npm run bench` measures up to here.
    performance.mark('popup-ready');
    loadLaterPartsWhenIdle();
    void allTabs.resume();
    const tab = ready.start;
    const gen = popup.generation();
    if (tab?.url && tab.tabId !== undefined && ready.settings.behaviour.preferCanonical) {
      void start.applyCanonical(tab.tabId, tab.url, ready.settings.behaviour, {
        current: () => form.snapshot().form.url,
        replace: (url) => form.setUrl(url, isSelected(form.urlRef.current) ? 'select' : null),
        moved: () => gen !== popup.generation() || shorten.busy(),
      });
    }
  }, [ready]);

  // The "shortened before" offer follows the address in the form, typed or changed.
  const formUrl = form.values.url;
  useEffect(() => {
    if (ready) recent.lookUp(formUrl);
  }, [ready, formUrl]);

  if (popup.ready === null) return null;
  if (!ready) {
    return (
      <main class="popup">
        <ConnectPrompt onOpenOptions={openOptions} />
      </main>
    );
  }
  const { settings, profile } = ready;
  const { values, more, moreOpen } = form;
  const { result } = shorten;
  const earlier =
    !fanOut.on && !several.urls && !result && !shorten.pending && shorten.newAnyway !== values.url.trim()
      ? recent.allEarlierFor(values.url)
      : [];
  // Enter reuses only a link of exactly this address; the page's others (a UTM preset's) are listed.
  const duplicate = earlier[0] && sameLongUrl(earlier[0].longUrl, values.url) ? earlier[0] : undefined;
  /** Copies a link of the recent list or of the page's, marking its row Copied. */
  const copyRow = async (link: CachedLink) => {
    const copied = await shorten.copy(link);
    recent.setCopiedId(copied ? link.id : null);
  };

  /** Shortens the form, one link or one per preset: a new attempt, so no message of an earlier one stays. */
  const attempt = () => {
    allTabs.clearReport();
    lastFailure.clear();
    if (several.urls) {
      // Several URLs: the form's options for each, the alias off (one alias can't name them all).
      const input = form.check(profile.defaults, new Date(), true, several.urls[0]);
      if (input) void several.submit(input);
    } else if (several.take(values.url, settings.behaviour)) {
      shorten.clear();
    } else if (fanOut.on) {
      shorten.clear();
      void fanOut.submit();
    } else {
      void shorten.submit();
    }
  };

  const switchProfile = async (id: string) => {
    const reply = await send('setActiveProfile', { id });
    if (!reply.ok) return shorten.fail(reply.error);
    shorten.reset();
    await popup.reload();
  };

  return (
    <main class="popup">
      <header class="bar">
        <h1>{t('ext_name')}</h1>
        {settings.profiles.length > 1 && (
          <ProfileSelect
            profiles={settings.profiles}
            activeId={profile.id}
            disabled={shorten.pending}
            onChange={switchProfile}
          />
        )}
        {panel ? (
          // In the panel the management page opens in its place, at its width, with a way back.
          <a class="quiet" href="/manage.html?in=sidepanel">
            {t('popup_manage_link')}
          </a>
        ) : (
          <a class="quiet" href="/manage.html" target="_blank" rel="noreferrer">
            {t('popup_manage_link')}
          </a>
        )}
        {!panel && openSidePanel && <OpenSidePanelButton onOpen={openSidePanel} />}
        <button type="button" class="quiet" onClick={openOptions}>
          {t('popup_options_button')}
        </button>
      </header>
      {lastFailure.failure && <LastFailure failure={lastFailure.failure} />}
      {start.source.reason && !result && (
        <p class={panel?.onAllowTabs ? 'notice row' : 'notice'}>
          <span class="grow">{start.source.reason}</span>
          {panel?.onAllowTabs && (
            <button type="button" class="quiet" onClick={panel.onAllowTabs}>
              {t('panel_allow_tabs')}
            </button>
          )}
        </p>
      )}
      {start.adjusted && start.adjusted.url === values.url && !result && (
        <UndoNotice
          reason={start.adjusted.reason}
          typed={start.adjusted.typed}
          onUndo={() => {
            form.setUrl(start.undo(), 'focus');
            draft.changed();
          }}
        />
      )}
      {fanOut.on ? (
        fanOut.view && (
          <PresetResults
            view={fanOut.view}
            now={Date.now()}
            onCopyAll={() => void fanOut.copyAll()}
            onCopyOne={(link) => void fanOut.copyOne(link)}
            onMakeDistinct={(id) => void fanOut.makeDistinct(id)}
          />
        )
      ) : result ? (
        <ShortenResult
          link={result.link}
          copied={result.copied}
          edited={result.edited}
          existing={result.existing}
          onCopy={() => shorten.copyResult()}
          onCopyAs={(format) => shorten.copyResult(format)}
        />
      ) : (
        earlier.length > 0 && (
          <DuplicateNotice
            links={earlier}
            reusable={duplicate !== undefined}
            presets={settings.utmPresets}
            copiedId={recent.copiedId}
            onCopy={(link) => void copyRow(link)}
            buttonRef={copyExistingRef}
            onCopyExisting={() => duplicate && shorten.showLink(duplicate, true)}
            onCreateNew={attempt}
          />
        )
      )}
      <ShortenForm
        values={values}
        errors={form.errors}
        campaigns={popup.lists.campaigns}
        channels={popup.lists.channels}
        pending={shorten.pending || fanOut.pending || several.pending}
        aliasOff={fanOut.on || several.urls ? t('popup_presets_alias_off') : undefined}
        submitLabel={
          several.urls
            ? tPlural('popup_several_shorten_button', several.urls.length)
            : fanOut.on && fanOut.chosen.length > 0
              ? tPlural('popup_presets_shorten_button', fanOut.chosen.length)
              : undefined
        }
        urlList={
          several.urls && (
            <SeveralUrls
              urls={several.urls}
              cut={several.cut}
              run={several.run}
              pending={several.pending}
              now={Date.now()}
              madeBefore={several.madeBefore}
              onRemove={(url) => several.remove(url, (one) => form.setUrl(one, 'focus'))}
              onLeave={() => {
                several.leave();
                form.setUrl('', 'focus');
              }}
              onCopyOne={(shortUrl) => void several.copyOne(shortUrl)}
              onCopyAll={() => void several.copyAll(settings.behaviour.copyFormat)}
              onMakeDistinct={(index) => void several.makeDistinct(index)}
            />
          )
        }
        pendingLabel={wait === null ? undefined : t('popup_waiting')}
        beside={
          <button
            type="button"
            class="quiet all-tabs"
            // Not `disabled`: a disabled button loses focus, and a keyboard user their place.
            aria-disabled={allTabs.view?.kind === 'running' || undefined}
            onClick={() => {
              shorten.clear();
              lastFailure.clear();
              void allTabs.start();
            }}
          >
            {t('popup_all_tabs_button')}
          </button>
        }
        urlRef={form.urlRef}
        onChange={(patch) => {
          if ('url' in patch) start.markEdited();
          form.edit(patch);
          shorten.formEdited();
        }}
        onPasteUrl={(value) => {
          if (several.take(value, settings.behaviour)) {
            shorten.clear();
            return true;
          }
          const unwrapped = start.unwrapTyped(value, settings.behaviour);
          if (!unwrapped) return false;
          start.markEdited();
          form.edit({ url: unwrapped });
          shorten.formEdited();
          return true;
        }}
        onSubmit={attempt}
        more={
          <>
            <PresetPicker
              on={fanOut.on}
              presets={fanOut.presets}
              chosen={fanOut.chosen}
              error={fanOut.error}
              onToggle={fanOut.toggle}
              onChoose={fanOut.choose}
              onOpenOptions={openOptions}
              beside={
                <MoreOptionsToggle
                  open={moreOpen}
                  controls={more ? 'more-options' : undefined}
                  inEffect={form.moreInEffect(profile.defaults)}
                  onToggle={() => form.toggleMore(profile.defaults)}
                />
              }
            />
            {more && (
              <MoreOptions
                id="more-options"
                hidden={!moreOpen}
                profileId={profile.id}
                state={more}
                errors={form.errors}
                onChange={(patch) => {
                  form.editMore(patch);
                  shorten.formEdited();
                }}
              />
            )}
          </>
        }
      />
      <RateLimitNotice waitMs={wait} />
      {shorten.error && <ErrorAlert error={shorten.error} now={Date.now()} onOpenOptions={openOptions} />}
      {shorten.error && shorten.sent && isQueueable(shorten.error) && (
        <QueueOffer
          queued={queue.queued === shorten.error}
          withPassword={!!shorten.sent?.input.password}
          onQueue={() => shorten.sent && shorten.error && queue.queueIt(shorten.sent, shorten.error)}
        />
      )}
      {/* Only where something waits: drawn, the list would load its file with the first screen. */}
      {queue.entries.length > 0 && (
        <QueueList
          entries={queue.entries}
          error={queue.error}
          onRetry={queue.retry}
          onCancel={queue.cancel}
        />
      )}
      <p class="sr-only" role="status" aria-live="polite">
        {several.urls ? several.status : fanOut.on ? fanOut.status : shorten.status}
      </p>
      <WatchedLinks links={watched} />
      <RecentLinks
        shown={recent.shown}
        total={recent.links.length}
        query={recent.query}
        onQuery={recent.setQuery}
        onSearchFocus={recent.readyToSearch}
        copiedId={recent.copiedId}
        onCopy={copyRow}
        note={popup.refreshNote}
      />
      {allTabs.view && <AllTabsReport view={allTabs.view} follow={allTabs.started} />}
    </main>
  );
}

/** True when the field has the focus and all its text selected, ready to be typed over. */
function isSelected(field: HTMLInputElement | null): boolean {
  return (
    field === document.activeElement &&
    field?.selectionStart === 0 &&
    field.selectionEnd === field.value.length
  );
}
