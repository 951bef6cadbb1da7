import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { RECENT_LIMIT, takeFirstReads } from '@/entrypoints/popup/first-reads';
import { resolveStartUrl, type StartUrl } from '@/entrypoints/popup/start-url';
import { t } from '@/lib/i18n';
import {
  type CachedLink,
  getCachedLists,
  linksForPage,
  openCache,
  pageKey,
  recentLinks,
} from '@/lib/links/cache';
import { readDrafts } from '@/lib/links/draft';
import type { ChoiceLists } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';
import { activeProfile, type Profile, type Settings } from '@/lib/settings/schema';
import type { Draft, Drafts } from '@/lib/storage/items';
import { loadSettings } from '@/lib/storage/settings';
import { resolvePageUrl } from '@/lib/url/page-url';

/** What the popup draws from once loaded. */
interface Ready {
  settings: Settings;
  profile: Profile;
  /** The start URL and the drafts, on the popup's first load; null after a profile switch. */
  start: StartUrl | null;
}

/** A load's data for the other hooks, given to `onLoad` just before it is drawn. */
interface Loaded extends Ready {
  /** The newest links. */
  links: CachedLink[];
  /** The links of the start page (its address as the settings clean it, any UTM preset's too), newest first. */
  ofStart: CachedLink[];
  drafts: Drafts | null;
  /** The draft of the start URL, typed for this profile. */
  restored: Draft | null;
}

interface LoadHandlers {
  /** Called with each load's data; its state changes are drawn with the form. */
  onLoad(loaded: Loaded): void;
  /** Newer cached links: from the background's refresh, or after a run of all tabs. */
  onLinks(links: CachedLink[]): void;
  /** The side panel's active tab, to start from instead of the tab the popup opened over. */
  tabStart?: StartUrl | undefined;
}

/**
 * Loads the popup: settings, start URL, drafts and the cache at once, draws, then asks the
 * background to refresh the cache and updates the lists when it answers. `ready` is null while
 * loading and 'unconfigured' when there is no profile yet.
 */
export function usePopupLoad(handlers: LoadHandlers) {
  const [ready, setReady] = useState<Ready | 'unconfigured' | null>(null);
  const [lists, setLists] = useState<ChoiceLists>({ campaigns: [], channels: [] });
  // Why the lists could not be refreshed, beside the recent links' heading.
  const [refreshNote, setRefreshNote] = useState<string>();
  const on = useRef(handlers);
  on.current = handlers;
  // Each load's number: the answers of a load that another (a profile switch) replaced are dropped.
  const generation = useRef(0);
  const profile = useRef<Profile | null>(null);

  const load = async (first: boolean) => {
    const gen = ++generation.current;
    // Every read starts as soon as what it needs is known: the database opens while settings are
    // read, and the newest links are read while the tab is still asked for. The popup's first load
    // takes the reads its script began before the app's code ran (first-reads.ts).
    const early = first
      ? takeFirstReads({ local: browser.storage.local, session: browser.storage.session, tabs: browser.tabs })
      : undefined;
    openCache(early?.cache);
    const starting = Promise.resolve(
      first ? (on.current.tabStart ?? resolveStartUrl(location.search, early?.session, early?.tabs)) : null,
    );
    const reading = first ? readDrafts(early && { session: early.session }) : Promise.resolve(null);
    // Without a profile nothing waits for them: their failures are nobody's then.
    starting.catch(() => undefined);
    reading.catch(() => undefined);
    const settings = await loadSettings(early?.local);
    const active = activeProfile(settings);
    if (!active) return setReady('unconfigured');
    // The start script's reads of the cache, where they were for this profile (first-reads.ts).
    const firstLinks = await early?.links;
    const started = firstLinks?.profileId === active.id ? firstLinks : null;
    // Reads that cost the same whatever the cache holds: the newest links, those of this address (as
    // the form starts with it: cleaned as the settings say, the rule the tab marker counts by too).
    const ofStartUrl = async () => {
      const start = await starting;
      const url = start?.url && resolvePageUrl(start.url, null, settings.behaviour);
      if (!url) return { start, ofStart: [] };
      const read = started?.pageUrl != null && pageKey(started.pageUrl) === pageKey(url);
      return { start, ofStart: read ? started.ofPage : await linksForPage(active.id, url) };
    };
    const [newest, { start, ofStart }, choices, drafts] = await Promise.all([
      started?.newest ?? recentLinks(active.id, RECENT_LIMIT),
      ofStartUrl(),
      started?.lists ?? getCachedLists(active.id),
      reading,
    ]);
    const draft = start && drafts?.[start.url];
    // A draft is only restored for the profile it was typed for: campaigns and channels are per server.
    const restored = draft?.profileId === active.id ? draft : null;
    if (gen !== generation.current) return;
    profile.current = active;
    on.current.onLoad({ settings, profile: active, start, links: newest, ofStart, drafts, restored });
    setReady({ settings, profile: active, start });
    setLists({ campaigns: choices.campaigns, channels: choices.channels });

    // The refresh waits a task, until the first screen is rendered: asking the worker costs this
    // page's thread time that rendering needs more.
    await new Promise((rendered) => setTimeout(rendered));
    if (gen !== generation.current) return;
    const refreshed = await send('refresh', {});
    if (gen !== generation.current) return;
    if (!refreshed.ok) return setRefreshNote(t('popup_refresh_failed', refreshed.error.message));
    setRefreshNote(undefined);
    if (refreshed.data.links) on.current.onLinks(refreshed.data.links);
    if (refreshed.data.lists) setLists(refreshed.data.lists);
  };

  // A layout effect, not a passive one: the reads start right after the first (empty) render.
  useLayoutEffect(() => void load(true), []);

  return {
    ready,
    lists,
    refreshNote,
    /** Loads the active profile again (after a switch); the typed URL stays. */
    reload: () => load(false),
    /** The active profile's id, once loaded. */
    profileId: () => profile.current!.id,
    /** The current load's number: another number means the popup was loaded again since. */
    generation: () => generation.current,
    /** Reads the cached links again, e.g. once a run of all tabs has added its links. */
    async reloadLinks() {
      const gen = generation.current;
      if (!profile.current) return;
      const newest = await recentLinks(profile.current.id, RECENT_LIMIT);
      if (gen === generation.current) on.current.onLinks(newest);
    },
  };
}
