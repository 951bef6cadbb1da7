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
import { type CachedLink, longUrlKey } from '@/lib/links/cache';
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

/** What to do to a profile's records in one transaction; resolves to them as they were before. */
interface Swap {
  profileId: string;
  /** Replaces the profile's links and meta. */
  put?: ProfileRecords;
  /** Only sets the meta's `fetchedAt`. */
  fetchedAt?: number;
}

function swapRecords(page: Page, swap: Swap): Promise<ProfileRecords> {
  return page.evaluate(
    ({ profileId, put, fetchedAt }) =>
      new Promise<ProfileRecords>((resolve, reject) => {
        const open = indexedDB.open('shortlink-links');
        open.onupgradeneeded = () => {
          open.transaction?.abort();
          reject(new Error('The extension has not opened its link cache yet: open the popup once first'));
        };
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(
            ['links', 'meta'],
            put || fetchedAt !== undefined ? 'readwrite' : 'readonly',
          );
          const links = tx.objectStore('links');
          const metas = tx.objectStore('meta');
          const range = IDBKeyRange.bound([profileId], [profileId, []]);
          const old: ProfileRecords = { links: [], meta: undefined };
          const getLinks = links.getAll(range);
          const getMeta = metas.get(profileId);
          getLinks.onsuccess = () => {
            old.links = getLinks.result;
            if (!put) return;
            links.delete(range);
            for (const link of put.links) links.put(link);
          };
          getMeta.onsuccess = () => {
            old.meta = getMeta.result;
            if (put) {
              if (put.meta) metas.put(put.meta);
              else metas.delete(profileId);
            } else if (fetchedAt !== undefined) {
              metas.put({
                lists: { fetchedAt: 0, campaigns: [], channels: [] },
                ...old.meta,
                profileId,
                fetchedAt,
              });
            }
          };
          tx.oncomplete = () => {
            db.close();
            resolve(old);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    swap,
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
export async function cachePage(bench: Bench): Promise<{ page: Page; profileId: string }> {
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

/** Fills the active profile's link cache with `count` links. */
export async function fillLinkCache(bench: Bench, count: number): Promise<FilledCache> {
  const { page, profileId } = await cachePage(bench);
  const records = makeLinks(count).map((link: CachedLink) => ({
    ...link,
    profileId,
    urlKey: longUrlKey(link.longUrl),
  }));
  let filledAt = Date.now();
  const original = await swapRecords(page, {
    profileId,
    put: { links: records, meta: undefined },
  });
  await swapRecords(page, { profileId, fetchedAt: filledAt });
  return {
    profileId,
    before: original.links.length,
    async keepFresh() {
      if (Date.now() - filledAt <= REFILL_AFTER_MS) return;
      filledAt = Date.now();
      await swapRecords(page, { profileId, fetchedAt: filledAt });
    },
    async restore() {
      try {
        const now = await swapRecords(page, { profileId, put: original });
        const ids = new Set(now.links.map((link) => link.id));
        const lost = records.filter((link) => !ids.has(link.id)).length;
        if (lost > 0)
          throw new Error(`${lost} of the ${count} links were gone from the cache at the end of the runs`);
      } finally {
        await page.close();
      }
    },
  };
}
