/**
 * Local cache of recent links and of the campaign/channel choices, per profile, in IndexedDB via
 * idb-keyval. Pages read it directly so the popup draws at once without waking the background;
 * only the background writes fetched data into it.
 *
 * Every entry carries the schema version `v`. An entry of another version (an older release wrote
 * it without `v`), or one that is corrupt, reads as empty and never fetched, so the next refresh
 * rebuilds it: it is only a cache, and no shape change or broken value may break a page.
 */

import { createStore, promisifyRequest, set, type UseStore, update } from 'idb-keyval';
import { isObject } from '../is-object';

/** A link as the popup lists it. */
export interface CachedLink {
  id: number;
  alias: string;
  shortUrl: string;
  longUrl: string;
  title: string;
  description: string;
  clicks: number;
  /** `YYYY-MM-DD HH:MM:SS`, so that string order is time order. */
  date: string;
}

/** A campaign or channel as a choice in a select. */
export interface NamedItem {
  id: number;
  name: string;
}

/** The version of the entries' shape; change it when the shape changes. */
export const CACHE_VERSION = 1;

interface LinksEntry {
  fetchedAt: number;
  links: CachedLink[];
}

interface ListsEntry {
  fetchedAt: number;
  campaigns: NamedItem[];
  channels: NamedItem[];
}

type Stored<T> = T & { v: typeof CACHE_VERSION };

/** How many links are kept per profile (the newest). */
export const LINK_CACHE_CAP = 10_000;

let store: UseStore | undefined;
// Opened lazily: createStore opens the database at once, and a module import must not do I/O.
function cacheStore(): UseStore {
  store ??= createStore('shortlink-cache', 'kv');
  return store;
}

/**
 * Opens the database now rather than at the first read: the popup calls it before it knows which
 * profile to read, so that its first read does not also wait for the opening.
 */
export function openCache(): void {
  read('').catch(() => undefined);
}

// idb-keyval's `get` without its default store, which would otherwise come into every page using it.
const read = (key: string) => cacheStore()('readonly', (kv) => promisifyRequest<unknown>(kv.get(key)));

const linksKey = (profileId: string) => `links:${profileId}`;
const listsKey = (profileId: string) => `lists:${profileId}`;

const isId = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

function isCachedLink(value: unknown): value is CachedLink {
  return (
    isObject(value) &&
    isId(value.id) &&
    typeof value.clicks === 'number' &&
    ['alias', 'shortUrl', 'longUrl', 'title', 'description', 'date'].every(
      (k) => typeof value[k] === 'string',
    )
  );
}

function isNamedItem(value: unknown): value is NamedItem {
  return isObject(value) && isId(value.id) && typeof value.name === 'string';
}

function isCurrent(value: unknown): value is Record<string, unknown> & Stored<{ fetchedAt: number }> {
  return (
    isObject(value) &&
    value.v === CACHE_VERSION &&
    typeof value.fetchedAt === 'number' &&
    Number.isFinite(value.fetchedAt)
  );
}

// Every link is checked (a few ms for the cap): one bad link would otherwise break search or render.
function isLinksEntry(value: unknown): value is Stored<LinksEntry> {
  return isCurrent(value) && Array.isArray(value.links) && value.links.every(isCachedLink);
}

function isListsEntry(value: unknown): value is Stored<ListsEntry> {
  return (
    isCurrent(value) &&
    Array.isArray(value.campaigns) &&
    value.campaigns.every(isNamedItem) &&
    Array.isArray(value.channels) &&
    value.channels.every(isNamedItem)
  );
}

const emptyLinks = (): LinksEntry => ({ fetchedAt: 0, links: [] });
const emptyLists = (): ListsEntry => ({ fetchedAt: 0, campaigns: [], channels: [] });

/**
 * Cached links of a profile, newest first; `fetchedAt` 0 when never fetched. An entry of another
 * version or a corrupt one reads as empty.
 */
export async function getCachedLinks(profileId: string): Promise<LinksEntry> {
  try {
    const entry = await read(linksKey(profileId));
    if (isLinksEntry(entry)) return { fetchedAt: entry.fetchedAt, links: entry.links };
  } catch {
    // A broken database must not break the popup: it is only a cache, rebuilt on the next refresh.
  }
  return emptyLinks();
}

/** Newest first: by date, then by id for links created within the same second. */
function compareNewestFirst(a: CachedLink, b: CachedLink): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  return b.id - a.id;
}

/**
 * Merges links into a profile's cache (same id: the new copy wins), keeps the newest LINK_CACHE_CAP.
 * `fetchedAt` marks a refresh from the server; omit it when adding a link just created.
 */
export async function putCachedLinks(
  profileId: string,
  links: CachedLink[],
  fetchedAt?: number,
): Promise<LinksEntry> {
  let result: LinksEntry = emptyLinks();
  await update(
    linksKey(profileId),
    (old: unknown): Stored<LinksEntry> => {
      // An old-version or corrupt entry is dropped here: replaced, not merged into.
      const current = isLinksEntry(old) ? old : emptyLinks();
      const byId = new Map<number, CachedLink>();
      for (const link of current.links) byId.set(link.id, link);
      for (const link of links) byId.set(link.id, link);
      const merged = [...byId.values()].sort(compareNewestFirst).slice(0, LINK_CACHE_CAP);
      result = { fetchedAt: fetchedAt ?? current.fetchedAt, links: merged };
      return { v: CACHE_VERSION, ...result };
    },
    cacheStore(),
  );
  return result;
}

/** Cached campaign and channel choices of a profile; `fetchedAt` 0 when never fetched. */
export async function getCachedLists(profileId: string): Promise<ListsEntry> {
  try {
    const entry = await read(listsKey(profileId));
    if (isListsEntry(entry)) {
      return { fetchedAt: entry.fetchedAt, campaigns: entry.campaigns, channels: entry.channels };
    }
  } catch {
    // See getCachedLinks: a cache failure is never fatal.
  }
  return emptyLists();
}

/** Replaces the campaign and channel choices of a profile. */
export async function putCachedLists(profileId: string, lists: ListsEntry): Promise<void> {
  const entry: Stored<ListsEntry> = {
    v: CACHE_VERSION,
    fetchedAt: lists.fetchedAt,
    campaigns: lists.campaigns,
    channels: lists.channels,
  };
  await set(listsKey(profileId), entry, cacheStore());
}

/** Drops everything cached for a profile (when it is deleted or its server changes). */
export async function clearProfileCache(profileId: string): Promise<void> {
  await set(linksKey(profileId), { v: CACHE_VERSION, ...emptyLinks() }, cacheStore());
  await set(listsKey(profileId), { v: CACHE_VERSION, ...emptyLists() }, cacheStore());
}

/** A long URL as sameLongUrl compares it, for looking many up at once (a bulk preview's Map). */
export function longUrlKey(url: string): string {
  return url.trim().replace(/#.*$/, '').replace(/\/+$/, '');
}

/** Compares long URLs the way a user would: ignoring a trailing slash and the `#fragment`. */
export function sameLongUrl(a: string, b: string): boolean {
  return longUrlKey(a) === longUrlKey(b);
}

/** The newest cached link for a long URL, if it was shortened before. */
export function findByLongUrl(links: readonly CachedLink[], longUrl: string): CachedLink | undefined {
  return links.find((link) => sameLongUrl(link.longUrl, longUrl));
}

/** Lower-cased text of each link, built once so each keystroke's search only scans strings. */
export function buildSearchIndex(links: readonly CachedLink[]): string[] {
  return links.map((l) =>
    `${l.shortUrl}\n${l.longUrl}\n${l.title}\n${l.alias}\n${l.description}`.toLowerCase(),
  );
}

/** Links whose text contains every word of the query, at most `limit`, in cache order. */
export function searchLinks(
  links: readonly CachedLink[],
  index: readonly string[],
  query: string,
  limit: number,
): CachedLink[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return links.slice(0, limit);
  const found: CachedLink[] = [];
  for (let i = 0; i < links.length && found.length < limit; i++) {
    const text = index[i]!;
    if (words.every((w) => text.includes(w))) found.push(links[i]!);
  }
  return found;
}
