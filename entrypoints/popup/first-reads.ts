/**
 * The popup's first reads, started before its app's code runs. The popup's script
 * (entrypoints/popup-start.ts → /popup-start.js) imports start-reads.ts first, which calls
 * startFirstReads: it asks for the settings, the tab, the pending menu request and the drafts, and
 * reads the link cache (the newest links, the tab's page's, the campaign and channel lists) while
 * the app's modules initialise and render; the popup's load (hooks/use-popup-load.ts) then takes
 * each answer once instead of asking again. Where the script did not run (the side panel, tests),
 * every read is made when asked for.
 *
 * Measured with `npm run bench` (issue #27; README, Performance), when this was a script of its own
 * before the popup's modules: the first read called at +124–138 ms after the navigation against
 * +155–164 ms when the modules made it, the popup's own part (navigation start → ready) 2.60–2.71× the
 * bare popup's → 2.15–2.53×; reading the links here too, against only opening the cache, 2.41×/2.67× →
 * 2.31×/2.25× in alternated runs.
 *
 * The keys are lib/storage/keys.ts's: importing the items (lib/storage/items.ts) would run their
 * schemas, and zod's, before the reads start. The extension API is taken as the browser gives it
 * (`chrome`, or Firefox's `browser`): the pages' `browser` is webextension-polyfill's wrapper
 * (wxt.config.ts), whose set-up would come first too.
 */
import type { Browser, WxtBrowser } from 'wxt/browser';
import { isObject } from '@/lib/is-object';
import {
  type CachedLink,
  getCachedLists,
  linksForPage,
  openCache,
  openCacheEarly,
  recentLinks,
} from '@/lib/links/cache';
import type { StorageArea } from '@/lib/storage/items';
import { DRAFTS_KEY, PENDING_SHORTEN_KEY, SETTINGS_KEY } from '@/lib/storage/keys';

/** How many of the newest links the popup reads as it opens and lists; a search reaches the whole cache. */
export const RECENT_LIMIT = 20;

/** The keys the script reads, in storage.local and storage.session. */
export const FIRST_READ_KEYS = {
  local: [SETTINGS_KEY],
  session: [PENDING_SHORTEN_KEY, DRAFTS_KEY],
} as const;

type Tabs = Browser.tabs.Tab[];

/**
 * The cache's answers the first screen draws from, read for the profile the stored settings name
 * active and for the tab's address, before the settings are checked: the page uses them only where
 * its own reading of the settings and of the start URL comes to the same profile and page.
 */
export interface FirstLinks {
  profileId: string;
  /** The address the page's links were read for; null when none was. */
  pageUrl: string | null;
  /** The newest RECENT_LIMIT links. */
  newest: CachedLink[];
  ofPage: CachedLink[];
  lists: Awaited<ReturnType<typeof getCachedLists>>;
}

/** What the script started, as the page finds it. */
interface Started {
  local: Promise<Record<string, unknown>>;
  session: Promise<Record<string, unknown>>;
  /** Null when the popup was opened for a URL of its own (`?url=`): no tab is asked for. */
  tabs: Promise<Tabs> | null;
  cache: Promise<IDBDatabase | null>;
  /** Null where the settings name no active profile. */
  links: Promise<FirstLinks | null>;
}

/** Where the reads are left for the app: a property of the page's global object. */
const SLOT = 'shortlinkFirstReads';

type WithSlot = { [SLOT]?: Started };

/** The extension API as the browser gives it: Firefox's `browser`, Chrome's `chrome`. */
function extensionApi(): WxtBrowser {
  const scope = globalThis as unknown as { browser?: WxtBrowser; chrome: WxtBrowser };
  return scope.browser?.runtime?.id ? scope.browser : scope.chrome;
}

/** Starts the reads. Their failures are the page's, when it takes them. */
export function startFirstReads(search = location.search): void {
  const api = extensionApi();
  const quiet = <T>(promise: Promise<T>) => {
    promise.catch(() => undefined);
    return promise;
  };
  const local = quiet(api.storage.local.get([...FIRST_READ_KEYS.local]));
  const tabs = new URLSearchParams(search).has('url')
    ? null
    : quiet(api.tabs.query({ active: true, currentWindow: true }));
  const cache = openCacheEarly();
  (globalThis as WithSlot)[SLOT] = {
    local,
    session: quiet(api.storage.session.get([...FIRST_READ_KEYS.session])),
    tabs,
    cache,
    links: readFirstLinks(local, tabs, cache).catch(() => null),
  };
}

/** The cache's reads for the first screen, each started as soon as what it needs is known. */
async function readFirstLinks(
  local: Promise<Record<string, unknown>>,
  tabs: Promise<Tabs> | null,
  cache: Promise<IDBDatabase | null>,
): Promise<FirstLinks | null> {
  const [{ settings }, connection] = await Promise.all([local, cache]);
  const profileId =
    isObject(settings) && typeof settings.activeProfileId === 'string' ? settings.activeProfileId : null;
  // Without a connection the database needs an upgrade, which only the page's own open runs.
  if (!profileId || !connection) return null;
  // These reads go through that connection, the one the page takes.
  openCache(cache);
  const newest = recentLinks(profileId, RECENT_LIMIT);
  const lists = getCachedLists(profileId);
  // A tab that could not be read costs only the page's links: the page reads them itself.
  const pageUrl = tabs
    ? await tabs.then(
        (found) => found[0]?.url ?? null,
        () => null,
      )
    : null;
  const ofPage = pageUrl ? await linksForPage(profileId, pageUrl) : [];
  return { profileId, pageUrl, newest: await newest, ofPage, lists: await lists };
}

/** The reads the page's load takes: storage areas and tabs that answer the started reads once each. */
export interface FirstReads {
  local: StorageArea;
  session: StorageArea;
  tabs: { query(info: Browser.tabs.QueryInfo): Promise<Browser.tabs.Tab[]> };
  cache: Promise<IDBDatabase | null>;
  links: Promise<FirstLinks | null>;
}

/** The areas and tabs the page reads otherwise: `browser`'s, passed in so the script never wraps the API. */
type Real = { local: FirstReads['session']; session: FirstReads['session']; tabs: FirstReads['tabs'] };

/**
 * Takes what the script started (once: a later load reads afresh); undefined where it did not run.
 * Each storage key and the tab query are answered from it once, anything else as usual.
 */
export function takeFirstReads(real: Real): FirstReads | undefined {
  const scope = globalThis as WithSlot;
  const started = scope[SLOT];
  if (!started) return undefined;
  delete scope[SLOT];
  let tabs = started.tabs;
  return {
    local: answeredOnce(real.local, FIRST_READ_KEYS.local, started.local),
    session: answeredOnce(real.session, FIRST_READ_KEYS.session, started.session),
    tabs: {
      query(info) {
        const answer = tabs;
        tabs = null;
        return answer ?? real.tabs.query(info);
      },
    },
    cache: started.cache,
    links: started.links,
  };
}

/** `area`, except that a read of keys among `keys` not read yet is answered from `answer`. */
function answeredOnce(
  area: StorageArea,
  keys: readonly string[],
  answer: Promise<Record<string, unknown>>,
): StorageArea {
  const left = new Set(keys);
  const get = (asked?: unknown): Promise<Record<string, unknown>> => {
    const wanted = typeof asked === 'string' ? [asked] : Array.isArray(asked) ? (asked as string[]) : null;
    if (!wanted?.every((key) => left.has(key)))
      return (area.get as (keys?: unknown) => Promise<Record<string, unknown>>)(asked);
    for (const key of wanted) left.delete(key);
    return answer.then((all) =>
      Object.fromEntries(wanted.filter((key) => key in all).map((key) => [key, all[key]])),
    );
  };
  // A key written or removed is read afresh: the started read's answer is older.
  const written = (keys: unknown) => {
    for (const key of [keys].flat()) if (typeof key === 'string') left.delete(key);
  };
  // The areas' get is typed per stored shape; the page reads through getItem, which reads by key.
  return {
    get: get as StorageArea['get'],
    set: (items) => {
      written(Object.keys(items));
      return area.set(items);
    },
    remove: (removed) => {
      written(removed);
      return area.remove(removed);
    },
  };
}
