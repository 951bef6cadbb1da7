/**
 * A link cache of any size for the active profile, written from an extension page into the
 * extension's IndexedDB as lib/links/cache.ts stores it (database `shortlink-links`: one record per
 * link in `links`, the profile's `fetchedAt` in `meta`):
 *
 *   const cache = await fillLinkCache(bench, 50_000);   // makeLinks(50_000), fetched just now
 *   await popupReady(bench, runs, { beforeRun: cache.keepFresh });
 *   await cache.restore();                              // the profile's records as they were
 *
 * The profile is marked fetched just now, so the popup's refresh leaves it alone; keepFresh marks it
 * again before the background's TTL could make a refresh fetch, and restore checks every link is
 * still there before putting the profile's records back.
 */
import type { Page } from 'puppeteer-core';
import { type CachedLink, pageKey } from '@/lib/links/cache';
import { settingsItem } from '@/lib/storage/items';
import { makeLinks } from './links';
import type { Bench } from './measure';

/** Written again after this long: the background refreshes links older than 5 minutes (LINKS_TTL_MS). */
const REFILL_AFTER_MS = 4 * 60_000;

/** A profile's records as stored. */
interface ProfileRecords {
  links: Record<string, unknown>[];
  meta: Record<string, unknown> | undefined;
}

/**
 * Records written per DevTools call: 100,000 links in one call outlast the protocol's 30 s on a busy
 * machine (the full bench stopped there), a tenth of that takes a second or two.
 */
const CHUNK = 10_000;

/** What to do to a profile's records in one transaction. */
interface Write {
  profileId: string;
  /** Drops the profile's links (and its meta when `meta` is given) first. */
  clear?: boolean;
  links?: Record<string, unknown>[];
  /** Replaces the profile's meta (undefined: deletes it). */
  meta?: { value: Record<string, unknown> | undefined };
  /** Only sets the meta's `fetchedAt`. */
  fetchedAt?: number;
}

/** Runs `write` in one transaction; resolves to how many links the profile then holds. */
function writeRecords(page: Page, write: Write): Promise<number> {
  return page.evaluate(
    ({ profileId, clear, links, meta, fetchedAt }) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('shortlink-links');
        open.onupgradeneeded = () => {
          open.transaction?.abort();
          reject(new Error('The extension has not opened its link cache yet: open the popup once first'));
        };
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['links', 'meta'], 'readwrite');
          const store = tx.objectStore('links');
          const metas = tx.objectStore('meta');
          const range = IDBKeyRange.bound([profileId], [profileId, []]);
          if (clear) store.delete(range);
          for (const link of links ?? []) store.put(link);
          if (meta) {
            if (meta.value) metas.put(meta.value);
            else metas.delete(profileId);
          }
          if (fetchedAt !== undefined) {
            const get = metas.get(profileId);
            get.onsuccess = () =>
              metas.put({
                lists: { fetchedAt: 0, campaigns: [], channels: [] },
                ...get.result,
                profileId,
                fetchedAt,
              });
          }
          const count = store.count(range);
          tx.oncomplete = () => {
            db.close();
            resolve(count.result);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    write,
  );
}

/** The profile's records now (the bench's few), to put back at the end. */
function readRecords(page: Page, profileId: string): Promise<ProfileRecords> {
  return page.evaluate(
    (profileId) =>
      new Promise<ProfileRecords>((resolve, reject) => {
        const open = indexedDB.open('shortlink-links');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['links', 'meta']);
          const links = tx.objectStore('links').getAll(IDBKeyRange.bound([profileId], [profileId, []]));
          const meta = tx.objectStore('meta').get(profileId);
          tx.oncomplete = () => {
            db.close();
            resolve({ links: links.result, meta: meta.result });
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    profileId,
  );
}

/** A filled cache. */
export interface FilledCache {
  profileId: string;
  /** How many links the profile's cache held before. */
  before: number;
  /** Marks the profile fetched now, if the background could soon find it stale. */
  keepFresh(): Promise<void>;
  /** Checks every link is still cached, then puts back the profile's records as they were. */
  restore(): Promise<void>;
}

/**
 * A page of the extension's origin that runs none of its code, to write its IndexedDB from, and the
 * active profile's id.
 */
async function cachePage(bench: Bench): Promise<{ page: Page; profileId: string }> {
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
  return { page, profileId };
}

/**
 * Fills the active profile's link cache with `count` links (and `extra`, fields of links that get ids
 * after them), a chunk per call, marked fetched now.
 */
export async function fillLinkCache(
  bench: Bench,
  count: number,
  extra: Partial<CachedLink>[] = [],
): Promise<FilledCache> {
  const { page, profileId } = await cachePage(bench);
  const seenAt = Date.now();
  const records = [
    ...makeLinks(count),
    ...extra.map((fields, i) => ({ ...makeLinks(1, count + i + 1)[0]!, id: count + i + 1, ...fields })),
  ].map((link: CachedLink) => ({ ...link, profileId, urlKey: pageKey(link.longUrl), seenAt }));
  const original = await readRecords(page, profileId);
  let filledAt = Date.now();
  let held = 0;
  for (let i = 0; i < records.length; i += CHUNK)
    held = await writeRecords(page, {
      profileId,
      clear: i === 0,
      links: records.slice(i, i + CHUNK),
      ...(i === 0 ? { meta: { value: undefined }, fetchedAt: filledAt } : {}),
    });
  if (held !== records.length) throw new Error(`The cache holds ${held} links, not ${records.length}`);
  return {
    profileId,
    before: original.links.length,
    async keepFresh() {
      if (Date.now() - filledAt <= REFILL_AFTER_MS) return;
      filledAt = Date.now();
      await writeRecords(page, { profileId, fetchedAt: filledAt });
    },
    async restore() {
      try {
        // Counted in the page: reading 100,000 records back through DevTools would outlast it.
        const now = await writeRecords(page, { profileId });
        if (now !== records.length)
          throw new Error(
            `${records.length - now} of the ${records.length} links were gone from the cache at the end of the runs`,
          );
        await writeRecords(page, {
          profileId,
          clear: true,
          links: original.links,
          meta: { value: original.meta },
        });
      } finally {
        await page.close();
      }
    },
  };
}
