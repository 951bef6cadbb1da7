/**
 * "This page already has a short link" (issue #22): on a tab whose page has links in the active
 * profile's cache, the toolbar button shows their count in its badge and says so in its tooltip, for
 * that tab alone. Nothing is asked of the server and nothing of the page is read: the tab's address,
 * made what the popup would shorten (resolvePageUrl without a canonical URL, which only the page
 * knows), is counted on the cache's url index, where the popup's "shortened before" offer finds it.
 *
 *   const marker = createTabMarker({ ready: migrations.ready });
 *   marker.register();   // synchronously, at the worker's start
 *
 * It needs the behaviour setting `markPages` and the optional `tabs` permission (to read a tab's
 * address). Both are kept in memory and read again only when storage or the permissions change, so a
 * navigation costs one IndexedDB count. It listens to the tabs only while marking is on (a listener
 * would wake a stopped worker at every page the user opens). A tab is marked when its address
 * changes or it has loaded (Firefox drops a tab's badge as it navigates); every open tab when marking
 * turns on (a worker start included), when the cache was written (a create,
 * a refresh, each page of the mirror's sync), the profile switched, or the setting or the permission
 * changed, which clears them all when marking stops.
 *
 * The outage queue's count wins: a tab's own badge hides the global one in Chrome, so while links wait
 * in the queue no tab is marked and the count of waiting links stays in sight; the marks come back
 * when the queue empties.
 */
import { t, tPlural } from '@/lib/i18n';
import { countLinksForPages, onLinksWritten } from '@/lib/links/cache';
import { activeProfile, type Behaviour, type Settings } from '@/lib/settings/schema';
import { getItem, onItemChanged, settingsItem } from '@/lib/storage/items';
import { resolvePageUrl } from '@/lib/url/page-url';
import { isHttpUrl } from '@/lib/url/rules';
import { QUEUE_BADGE_COLOR, toolbarAction, watchQueueCount } from './notify';

const TABS = { permissions: ['tabs' as const] };

/** What marking needs, when it is on: the profile whose links count, and how an address is cleaned. */
interface Marking {
  profileId: string;
  behaviour: Behaviour;
}

/** The tab marker of the toolbar button. */
export interface TabMarker {
  /** Listens for navigations, settings, permissions, cache writes and the queue (synchronously). */
  register(): void;
  /** Marks one tab by its address: what a navigation costs. */
  markTab(tabId: number, url: string | undefined): Promise<void>;
  /** Marks every open tab again, or clears them all when marking is off; calls during a run join one more. */
  markAll(): Promise<void>;
}

/** What of the settings changes the marks: a change of anything else re-marks nothing. */
const markingKey = (settings: Settings) => {
  const { markPages, stripTracking, unwrapRedirects } = settings.behaviour;
  return JSON.stringify([markPages, settings.activeProfileId, stripTracking, unwrapRedirects]);
};

/** The page address a tab's URL is counted by, or null for what is no web page. */
function pageOf(url: string | undefined, behaviour: Behaviour): string | null {
  return url && isHttpUrl(url.trim()) ? resolvePageUrl(url, null, behaviour) : null;
}

/** Creates the marker; `ready` resolves once stored settings are migrated. */
/**
 * A worker start looks at the setting only after this: the event that woke the worker (a shortcut)
 * is served first, and a navigation meanwhile is marked with every other tab once marking is on.
 */
const START_DELAY_MS = 1_000;

export function createTabMarker({
  ready,
  startDelayMs = START_DELAY_MS,
}: {
  ready?: () => Promise<void>;
  startDelayMs?: number;
} = {}): TabMarker {
  // Settings and permission as last read; null: read them again at the next mark.
  let marking: Promise<Marking | null> | null = null;
  let settingsKey: string | null = null;
  let queued = 0;
  // Each mark's number per tab: a mark that answers after a newer one of the same tab is dropped.
  const latest = new Map<number, number>();
  let marks = 0;
  let running: Promise<void> | null = null;
  let again = false;
  let defaultTitle: Promise<string> | null = null;
  // Whether a tab may show a mark: the browser keeps them when the worker stops, so at first it may.
  let mayShowMarks = true;

  async function read(): Promise<Marking | null> {
    await ready?.();
    const [settings, allowed] = await Promise.all([
      getItem(settingsItem),
      browser.permissions.contains(TABS).catch(() => false),
    ]);
    settingsKey = markingKey(settings);
    const profile = activeProfile(settings);
    const on = settings.behaviour.markPages && allowed && profile;
    follow(!!on);
    return on ? { profileId: profile.id, behaviour: settings.behaviour } : null;
  }

  const onUpdated = (tabId: number, change: { url?: string; status?: string }, tab: { url?: string }) => {
    if (change.url !== undefined || change.status === 'complete') void markTab(tabId, tab.url);
  };
  const onRemoved = (tabId: number) => void latest.delete(tabId);
  /**
   * Listens for navigations only while marking is on: a listener of every tab's updates would wake a
   * stopped worker at each page a user opens, the marker on or off. Turned on, it marks every tab,
   * the one whose navigation woke the worker included.
   */
  function follow(on: boolean): void {
    if (on === browser.tabs.onUpdated.hasListener(onUpdated)) return;
    if (on) {
      browser.tabs.onUpdated.addListener(onUpdated);
      browser.tabs.onRemoved.addListener(onRemoved);
      void markAll();
    } else {
      browser.tabs.onUpdated.removeListener(onUpdated);
      browser.tabs.onRemoved.removeListener(onRemoved);
    }
  }

  /** Marking as it stands, or null when it is off (or gives way to the queue). */
  async function current(): Promise<Marking | null> {
    marking ??= read().catch(() => null);
    const on = await marking;
    return queued > 0 ? null : on;
  }

  function stamp(tabId: number): number {
    latest.set(tabId, ++marks);
    return marks;
  }

  async function show(tabId: number, count: number): Promise<void> {
    const action = toolbarAction();
    if (count > 0) {
      mayShowMarks = true;
      await Promise.all([
        action.setBadgeText({ tabId, text: count > 99 ? '99+' : String(count) }),
        action.setBadgeBackgroundColor({ tabId, color: QUEUE_BADGE_COLOR }),
        action.setTitle({ tabId, title: tPlural('bg_marker_title', count) }),
      ]);
      return;
    }
    defaultTitle ??= action.getTitle({}).catch(() => t('ext_name'));
    // A null text drops the tab's own, and the global badge (the queue's count) shows again.
    await Promise.all([
      action.setBadgeText({ tabId, text: null as unknown as string }),
      action.setTitle({ tabId, title: await defaultTitle }),
    ]);
  }

  async function markTab(tabId: number, url: string | undefined): Promise<void> {
    const mine = stamp(tabId);
    const on = await current();
    // Off: nothing to do, every tab was cleared as it went off.
    if (!on) return;
    const page = pageOf(url, on.behaviour);
    const [count = 0] = page ? await countLinksForPages(on.profileId, [page]) : [];
    if (latest.get(tabId) === mine) await show(tabId, count).catch(() => undefined);
  }

  async function markEvery(): Promise<void> {
    const tabs = (await browser.tabs.query({}).catch(() => [])).filter((tab) => tab.id !== undefined);
    const stamps = tabs.map((tab) => stamp(tab.id as number));
    const on = await current();
    if (!on && !mayShowMarks) return;
    if (!on) mayShowMarks = false;
    const pages = tabs.map((tab) => (on ? pageOf(tab.url, on.behaviour) : null));
    const found = on
      ? await countLinksForPages(
          on.profileId,
          pages.filter((page) => page !== null),
        )
      : [];
    let next = 0;
    const counts = pages.map((page) => (page === null ? 0 : (found[next++] ?? 0)));
    await Promise.all(
      tabs.map((tab, i) =>
        latest.get(tab.id as number) === stamps[i]
          ? show(tab.id as number, counts[i] ?? 0).catch(() => undefined)
          : null,
      ),
    );
  }

  function markAll(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await markEvery().catch(() => undefined);
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  /** Settings, permission or queue changed: read again, and mark (or clear) every tab. */
  function changed(): void {
    marking = null;
    void markAll();
  }

  return {
    markTab,
    markAll,
    register() {
      setTimeout(() => void current(), startDelayMs);
      onItemChanged(settingsItem, (settings) => {
        if (markingKey(settings) !== settingsKey) changed();
      });
      const onPermissions = (changes: { permissions?: string[] }) => {
        if (changes.permissions?.includes('tabs')) changed();
      };
      browser.permissions.onAdded.addListener(onPermissions);
      browser.permissions.onRemoved.addListener(onPermissions);
      onLinksWritten((profileId) => {
        void current().then((on) => {
          if (on?.profileId === profileId) void markAll();
        });
      });
      watchQueueCount((count) => {
        queued = count;
        void markAll();
      });
    },
  };
}
