/**
 * A link cache of any size for the active profile, written from an extension page into the
 * extension's IndexedDB as lib/links/cache.ts stores it (database `shortlink-cache`, store `kv`,
 * key `links:<profileId>`, `{ v, fetchedAt, links }`), past the 10,000 links the extension keeps:
 *
 *   const cache = await fillLinkCache(bench, 50_000);   // makeLinks(50_000), fetched just now
 *   await popupReady(bench, runs, { beforeRun: cache.keepFresh });
 *   await cache.restore();                              // the entry as it was
 *
 * The entry is marked fetched just now, so the popup's refresh leaves it alone; a refresh after the
 * background's TTL would merge the server's links into it and keep only the newest 10,000, so
 * keepFresh writes it again before that, and restore checks it still held every link.
 */
import type { Page } from 'puppeteer-core';
import { CACHE_VERSION, type CachedLink } from '@/lib/links/cache';
import { settingsItem } from '@/lib/storage/items';
import { makeLinks } from './links';
import type { Bench } from './measure';

/** Written again after this long: the background refreshes links older than 5 minutes (LINKS_TTL_MS). */
const REFILL_AFTER_MS = 4 * 60_000;

interface LinksEntry {
  v: number;
  fetchedAt: number;
  links: CachedLink[];
}

/** A filled cache. */
export interface FilledCache {
  profileId: string;
  /** How many links the entry held before. */
  before: number;
  /** Writes the entry again, fetched now, if the background could soon find it stale. */
  keepFresh(): Promise<void>;
  /** Checks the entry still holds every link, then puts back the entry as it was. */
  restore(): Promise<void>;
}

/** Reads (and with `entry`, replaces) the value at `key` of the cache's store; resolves to the old value. */
function swapEntry(page: Page, key: string, entry?: LinksEntry): Promise<LinksEntry | undefined> {
  return page.evaluate(
    (k, value) =>
      new Promise<LinksEntry | undefined>((resolve, reject) => {
        const open = indexedDB.open('shortlink-cache');
        // As idb-keyval's createStore does, should the extension not have opened it yet.
        open.onupgradeneeded = () => open.result.createObjectStore('kv');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('kv', value === undefined ? 'readonly' : 'readwrite');
          const store = tx.objectStore('kv');
          const get = store.get(k);
          let old: LinksEntry | undefined;
          get.onsuccess = () => {
            old = get.result as LinksEntry | undefined;
            if (value !== undefined) store.put(value, k);
          };
          tx.oncomplete = () => {
            db.close();
            resolve(old);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    key,
    entry,
  );
}

/** Fills the active profile's link cache with `count` links (newest first, as the cache keeps them). */
export async function fillLinkCache(bench: Bench, count: number): Promise<FilledCache> {
  // A page of the extension's origin that runs none of its code.
  const page = await bench.browser.newPage();
  await page.goto(`chrome-extension://${bench.extensionId}/manifest.json`, { waitUntil: 'load' });
  const settings = await page.evaluate(
    async (key) =>
      (
        (await (
          globalThis as unknown as { chrome: { storage: { local: { get(k: string): Promise<never> } } } }
        ).chrome.storage.local.get(key)) as Record<string, { activeProfileId?: string } | undefined>
      )[key],
    settingsItem.key,
  );
  const profileId = settings?.activeProfileId;
  if (!profileId) throw new Error('The bench’s extension has no active profile to fill the cache of');
  const key = `links:${profileId}`;
  const links = makeLinks(count);
  let filledAt = 0;
  const write = async () => {
    filledAt = Date.now();
    await swapEntry(page, key, { v: CACHE_VERSION, fetchedAt: filledAt, links });
  };
  filledAt = Date.now();
  const original = await swapEntry(page, key, { v: CACHE_VERSION, fetchedAt: filledAt, links });
  return {
    profileId,
    before: original?.links?.length ?? 0,
    async keepFresh() {
      if (Date.now() - filledAt > REFILL_AFTER_MS) await write();
    },
    async restore() {
      try {
        // No entry before: an empty one never fetched, as clearProfileCache leaves it.
        const now = await swapEntry(page, key, original ?? { v: CACHE_VERSION, fetchedAt: 0, links: [] });
        if (now?.links?.length !== count)
          throw new Error(
            `The cache held ${now?.links?.length ?? 'no'} links instead of ${count} at the end: the background rewrote it during the runs`,
          );
      } finally {
        await page.close();
      }
    },
  };
}
