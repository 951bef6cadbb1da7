/**
 * The popup's first reads, started before its modules load. The popup's HTML runs a small classic
 * script first (entrypoints/popup-start.ts → /popup-start.js) that asks for the settings, the tab,
 * the pending menu request and the drafts, and opens the link cache, while the browser still fetches
 * and runs the popup's chunks; the popup's load (hooks/use-popup-load.ts) then takes each answer once
 * instead of asking again. Where the script did not run (the side panel, tests), every read is made
 * when asked for, as before.
 *
 * Measured with `npm run bench` (traced openings, issue #27): the reads the first screen waits for
 * started at +180 ms after the navigation, once the chunks had loaded and run, and kept the first render
 * waiting ~20 ms more; started by this script they are answered before the modules run.
 *
 * The keys are the storage items' (lib/storage/items.ts, checked by test/unit/popup/first-reads.test.ts):
 * importing the items here would bring their schemas, and zod, into the script.
 */
import type { Browser, WxtBrowser } from 'wxt/browser';
import { openCacheEarly } from '@/lib/links/cache';
import type { StorageArea } from '@/lib/storage/items';

/** The keys the script reads: settingsItem's in storage.local; pendingShortenItem's and draftsItem's in storage.session. */
export const FIRST_READ_KEYS = { local: ['settings'], session: ['pendingShorten', 'popupDrafts'] } as const;

type Tabs = Browser.tabs.Tab[];

/** What the script started, as the page finds it. */
interface Started {
  local: Promise<Record<string, unknown>>;
  session: Promise<Record<string, unknown>>;
  /** Null when the popup was opened for a URL of its own (`?url=`): no tab is asked for. */
  tabs: Promise<Tabs> | null;
  cache: Promise<IDBDatabase | null>;
}

/** Where the script leaves its reads for the page's modules: a property of the page's global object. */
const SLOT = 'shortlinkFirstReads';

type WithSlot = { [SLOT]?: Started };

/** The extension API as the script finds it before any module: Firefox's `browser`, Chrome's `chrome`. */
function extensionApi(): WxtBrowser {
  const scope = globalThis as unknown as { browser?: WxtBrowser; chrome: WxtBrowser };
  return scope.browser?.runtime?.id ? scope.browser : scope.chrome;
}

/** Starts the reads (the script's whole work). Their failures are the page's, when it takes them. */
export function startFirstReads(search = location.search): void {
  const api = extensionApi();
  const quiet = <T>(promise: Promise<T>) => {
    promise.catch(() => undefined);
    return promise;
  };
  (globalThis as WithSlot)[SLOT] = {
    local: quiet(api.storage.local.get([...FIRST_READ_KEYS.local])),
    session: quiet(api.storage.session.get([...FIRST_READ_KEYS.session])),
    tabs: new URLSearchParams(search).has('url')
      ? null
      : quiet(api.tabs.query({ active: true, currentWindow: true })),
    cache: openCacheEarly(),
  };
}

/** The reads the page's load takes: storage areas and tabs that answer the started reads once each. */
export interface FirstReads {
  local: StorageArea;
  session: StorageArea;
  tabs: { query(info: Browser.tabs.QueryInfo): Promise<Browser.tabs.Tab[]> };
  cache: Promise<IDBDatabase | null>;
}

/** The areas and tabs the page reads otherwise: `browser`'s, passed in so that this script never wraps the API. */
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
  // The areas' get is typed per stored shape; the page reads through getItem, which reads by key.
  return {
    get: get as StorageArea['get'],
    set: (items) => area.set(items),
    remove: (removed) => area.remove(removed),
  };
}
