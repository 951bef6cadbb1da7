/**
 * The links the extension knows, per profile, and the campaign and channel choices, in IndexedDB.
 * Pages read it directly, so the popup draws without waking the background; only the background
 * writes what the server sent.
 *
 * One record per link, indexed by date and by long URL, so the reads a page needs at once (the newest
 * links, the links of one address) cost the same with fifty links or a hundred thousand; only a
 * search reads them all. A record that does not read as a link is left out: it is only a cache, and
 * the next refresh brings it again.
 *
 * The link mirror (entrypoints/background/mirror.ts) fills the same store with every link of the
 * server and keeps where its sync stands in the profile's meta record (`MirrorState`), written in the
 * same transaction as each page it read, so a stopped worker resumes exactly where the last page ended.
 */
import { promisifyRequest } from 'idb-keyval';
import type { ErrorData } from '../api/errors';
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
  /** The campaign and channel (name, else id) where the server's list gives them. */
  campaign?: string;
  channel?: string;
}

/** A campaign or channel as a choice in a select. */
export interface NamedItem {
  id: number;
  name: string;
}

interface LinksEntry {
  fetchedAt: number;
  links: CachedLink[];
}

interface ListsEntry {
  fetchedAt: number;
  campaigns: NamedItem[];
  channels: NamedItem[];
}

/**
 * A link as stored: its profile, its long URL as addresses are compared (`longUrlKey`), and when it was
 * last written from what the server sent (`seenAt`): a complete sweep of the mirror drops the links it
 * did not see, which the server no longer has.
 */
type StoredLink = CachedLink & { profileId: string; urlKey: string; seenAt: number };

/** Where a profile's mirror stands: the pass under way, its stored cursor, and the last outcome. */
export interface MirrorState {
  /** `first`: the first sync; `sweep`: a pass over every link again; `idle`: waiting for the next sweep. */
  phase: 'first' | 'sweep' | 'idle';
  /** The page of the server's list (newest first, MIRROR_PAGE_SIZE a page) the pass reads next. */
  page: number;
  /** How many links the server said it has, at the last page read. */
  total: number;
  /** Links read in this pass (a link read twice, as pages shifted, counts twice). */
  done: number;
  /** When the pass under way started: what it did not write by its end is gone from the server. */
  passStartedAt: number;
  /** Pages read again in this pass because links were deleted on the server while it ran. */
  rereads: number;
  /** When a pass last completed; 0: never. */
  syncedAt: number;
  /** When the next sweep is due (idle), or the next try after a failure. */
  nextSweepAt: number;
  /** Why the last try failed; null after a page read. */
  error: ErrorData | null;
  /** Failures in a row, for the wait before the next try. */
  failures: number;
}

/** Links a page of the mirror's sync asks for: the API's largest page. */
export const MIRROR_PAGE_SIZE = 100;

/** What a profile's cache knows besides its links. */
interface StoredMeta {
  profileId: string;
  /** When the newest links were last fetched (0: never). */
  fetchedAt: number;
  lists: ListsEntry;
  /** The mirror's sync; null when it never started. */
  mirror: MirrorState | null;
}

const DB_NAME = 'shortlink-links';
// A new shape is a new version: its upgrade drops the stores and the next refresh fills them again
// (version 2 added `seenAt` and its index for the mirror; its first sync fills the store again).
const DB_VERSION = 2;
/** The database of releases that kept each profile's links as one value. */
const OLD_DB_NAME = 'shortlink-cache';
const LINKS = 'links';
const META = 'meta';
const BY_DATE = 'date';
const BY_URL = 'url';
/** By when a link was last written from the server's answer: a sweep's end finds the stale ones alone. */
const BY_SEEN = 'seen';
/** Sorts after every id and date: the upper end of one profile's range. */
const HIGHEST = [[]];

let opening: Promise<IDBDatabase> | undefined;

function open(): Promise<IDBDatabase> {
  if (opening) return opening;
  const request = indexedDB.open(DB_NAME, DB_VERSION);
  request.onupgradeneeded = () => {
    const db = request.result;
    for (const name of [...db.objectStoreNames]) db.deleteObjectStore(name);
    const links = db.createObjectStore(LINKS, { keyPath: ['profileId', 'id'] });
    links.createIndex(BY_DATE, ['profileId', 'date', 'id']);
    links.createIndex(BY_URL, ['profileId', 'urlKey']);
    links.createIndex(BY_SEEN, ['profileId', 'seenAt']);
    db.createObjectStore(META, { keyPath: 'profileId' });
    indexedDB.deleteDatabase(OLD_DB_NAME);
  };
  const opened = promisifyRequest(request).then((db) => {
    // Another page upgrading the database closes this connection; the next call opens it again.
    db.onversionchange = () => {
      db.close();
      opening = undefined;
    };
    return db;
  });
  opened.catch(() => {
    opening = undefined;
  });
  opening = opened;
  return opened;
}

/** Opens the database now: a page calls it first thing, so its first read does not wait for it. */
export function openCache(): void {
  open().catch(() => undefined);
}

const isId = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

function toLink(value: unknown): CachedLink | null {
  if (
    !isObject(value) ||
    !isId(value.id) ||
    typeof value.clicks !== 'number' ||
    !['alias', 'shortUrl', 'longUrl', 'title', 'description', 'date'].every(
      (k) => typeof value[k] === 'string',
    )
  ) {
    return null;
  }
  const { id, alias, shortUrl, longUrl, title, description, clicks, date } = value as unknown as CachedLink;
  const link: CachedLink = { id, alias, shortUrl, longUrl, title, description, clicks, date };
  if (typeof value.campaign === 'string') link.campaign = value.campaign;
  if (typeof value.channel === 'string') link.channel = value.channel;
  return link;
}

function toLinks(values: unknown[]): CachedLink[] {
  return values.flatMap((value) => toLink(value) ?? []);
}

function isNamedItem(value: unknown): value is NamedItem {
  return isObject(value) && isId(value.id) && typeof value.name === 'string';
}

const emptyLists = (): ListsEntry => ({ fetchedAt: 0, campaigns: [], channels: [] });

function toLists(value: unknown): ListsEntry {
  if (!isObject(value) || typeof value.fetchedAt !== 'number' || !Array.isArray(value.campaigns)) {
    return emptyLists();
  }
  const channels = Array.isArray(value.channels) ? value.channels : [];
  return {
    fetchedAt: value.fetchedAt,
    campaigns: value.campaigns.filter(isNamedItem),
    channels: channels.filter(isNamedItem),
  };
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

function toMirrorState(value: unknown): MirrorState | null {
  if (!isObject(value) || !['first', 'sweep', 'idle'].includes(value.phase as string)) return null;
  const counts = ['page', 'total', 'done', 'passStartedAt', 'rereads', 'syncedAt', 'nextSweepAt', 'failures'];
  if (!counts.every((k) => isCount(value[k])) || (value.page as number) < 1) return null;
  const error =
    isObject(value.error) && typeof value.error.kind === 'string' && typeof value.error.message === 'string'
      ? (value.error as unknown as ErrorData)
      : null;
  return { ...(value as unknown as MirrorState), error };
}

/** A profile's meta record, as stored or empty. */
function toMeta(profileId: string, value: unknown): StoredMeta {
  const meta = isObject(value) ? value : {};
  return {
    profileId,
    fetchedAt: typeof meta.fetchedAt === 'number' && Number.isFinite(meta.fetchedAt) ? meta.fetchedAt : 0,
    lists: toLists(meta.lists),
    mirror: toMirrorState(meta.mirror),
  };
}

/** Runs `work` in one transaction over `stores`; a broken database reads as empty (`fallback`). */
async function within<T>(
  stores: string[],
  mode: IDBTransactionMode,
  work: (transaction: IDBTransaction) => Promise<T>,
  fallback: () => T,
): Promise<T> {
  try {
    const transaction = (await open()).transaction(stores, mode);
    const [result] = await Promise.all([work(transaction), promisifyRequest(transaction)]);
    return result;
  } catch {
    // A broken database must not break a page: it is only a cache, rebuilt on the next refresh.
    return fallback();
  }
}

const profileRange = (profileId: string) => IDBKeyRange.bound([profileId], [profileId, ...HIGHEST]);

/** Up to `limit` records of an index range, from the end (newest first for the date index). */
function newestOf(source: IDBIndex | IDBObjectStore, range: IDBKeyRange, limit: number): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const found: unknown[] = [];
    const request = source.openCursor(range, 'prev');
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor || found.length >= limit) return resolve(found);
      found.push(cursor.value);
      cursor.continue();
    };
  });
}

/** The profile's newest links, at most `limit`, newest first: a read that does not grow with the cache. */
export function recentLinks(profileId: string, limit: number): Promise<CachedLink[]> {
  return within(
    [LINKS],
    'readonly',
    async (tx) =>
      toLinks(await newestOf(tx.objectStore(LINKS).index(BY_DATE), profileRange(profileId), limit)),
    () => [],
  );
}

/** The range of the url index that holds a profile's links to this address (compared as `sameLongUrl` does). */
const urlRange = (profileId: string, longUrl: string) => IDBKeyRange.only([profileId, longUrlKey(longUrl)]);

/** The profile's links to this address (compared as `sameLongUrl` does), newest first. */
export function linksForUrl(profileId: string, longUrl: string): Promise<CachedLink[]> {
  return within(
    [LINKS],
    'readonly',
    async (tx) =>
      toLinks(
        await promisifyRequest(tx.objectStore(LINKS).index(BY_URL).getAll(urlRange(profileId, longUrl))),
      ).sort(compareNewestFirst),
    () => [],
  );
}

/**
 * How many links the profile has for each address (as `linksForUrl` finds them), in one transaction:
 * a count on the url index per address, no record read.
 */
export async function countLinksForUrls(profileId: string, longUrls: readonly string[]): Promise<number[]> {
  try {
    const index = (await open()).transaction([LINKS], 'readonly').objectStore(LINKS).index(BY_URL);
    // The counts are the answer: waiting for the read-only transaction's end too would add a round
    // trip to the browser to every navigation of the tab marker.
    return await Promise.all(longUrls.map((url) => promisifyRequest(index.count(urlRange(profileId, url)))));
  } catch {
    return longUrls.map(() => 0);
  }
}

/** Called after the background wrote or removed links of a profile. */
type WriteListener = (profileId: string) => void;
const writeListeners = new Set<WriteListener>();

/** Calls `listener` after each write of a profile's links (the background's tab marker); returns the stop. */
export function onLinksWritten(listener: WriteListener): () => void {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
}

function written(profileId: string): void {
  for (const listener of writeListeners) listener(profileId);
}

/** The highest link id the profile's cache knows; null when it knows none. */
export function highestLinkId(profileId: string): Promise<number | null> {
  return within(
    [LINKS],
    'readonly',
    async (tx) => {
      const [newest] = await newestOf(tx.objectStore(LINKS), profileRange(profileId), 1);
      return toLink(newest)?.id ?? null;
    },
    () => null,
  );
}

/** When the profile's newest links were last fetched; 0 when never. */
export function linksFetchedAt(profileId: string): Promise<number> {
  return within(
    [META],
    'readonly',
    async (tx) => toMeta(profileId, await promisifyRequest(tx.objectStore(META).get(profileId))).fetchedAt,
    () => 0,
  );
}

/** The cached link of a profile with this id, or null. */
export function cachedLink(profileId: string, id: number): Promise<CachedLink | null> {
  return within(
    [LINKS],
    'readonly',
    async (tx) => toLink(await promisifyRequest(tx.objectStore(LINKS).get([profileId, id]))),
    () => null,
  );
}

/** Every cached link of a profile, newest first; `fetchedAt` 0 when never fetched. */
export function getCachedLinks(profileId: string): Promise<LinksEntry> {
  return within(
    [LINKS, META],
    'readonly',
    async (tx) => {
      const [stored, meta] = await Promise.all([
        promisifyRequest(tx.objectStore(LINKS).index(BY_DATE).getAll(profileRange(profileId))),
        promisifyRequest(tx.objectStore(META).get(profileId)),
      ]);
      return { fetchedAt: toMeta(profileId, meta).fetchedAt, links: toLinks(stored).reverse() };
    },
    () => ({ fetchedAt: 0, links: [] }),
  );
}

/** Newest first: by date, then by id for links created within the same second. */
function compareNewestFirst(a: CachedLink, b: CachedLink): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  return b.id - a.id;
}

/**
 * Stores links in a profile's cache (same id: the new copy wins). `fetchedAt` marks a refresh from
 * the server; omit it when adding a link just created.
 */
export async function putCachedLinks(
  profileId: string,
  links: CachedLink[],
  fetchedAt?: number,
): Promise<void> {
  const transaction = (await open()).transaction([LINKS, META], 'readwrite');
  writeLinks(transaction, profileId, links, Date.now());
  if (fetchedAt !== undefined) {
    const metas = transaction.objectStore(META);
    const meta = toMeta(profileId, await promisifyRequest(metas.get(profileId)));
    metas.put({ ...meta, fetchedAt } satisfies StoredMeta);
  }
  await promisifyRequest(transaction);
  if (links.length > 0) written(profileId);
}

function writeLinks(
  transaction: IDBTransaction,
  profileId: string,
  links: CachedLink[],
  seenAt: number,
): void {
  const store = transaction.objectStore(LINKS);
  for (const link of links)
    store.put({ ...link, profileId, urlKey: longUrlKey(link.longUrl), seenAt } satisfies StoredLink);
}

/** The profile's mirror state; null when its sync never started (or the database is broken). */
export function getMirrorState(profileId: string): Promise<MirrorState | null> {
  return within(
    [META],
    'readonly',
    async (tx) => toMeta(profileId, await promisifyRequest(tx.objectStore(META).get(profileId))).mirror,
    () => null,
  );
}

/**
 * Stores a page the mirror read and its state after it, in one transaction: the cursor never runs
 * ahead of the links, nor the links of the cursor. `seenAt` marks the links as still on the server.
 * Only while the stored pass is still the writer's (`owned`: its start, null when none was stored):
 * a profile's cache cleared meanwhile (deleted, or moved to another server) gets nothing of an older
 * run, whichever of the two transactions comes first. Answers whether it wrote.
 */
export async function putMirrorPage(
  profileId: string,
  links: CachedLink[],
  state: MirrorState,
  seenAt: number,
  owned: number | null,
): Promise<boolean> {
  const transaction = (await open()).transaction([LINKS, META], 'readwrite');
  const metas = transaction.objectStore(META);
  const meta = toMeta(profileId, await promisifyRequest(metas.get(profileId)));
  const mine = (meta.mirror?.passStartedAt ?? null) === owned;
  if (mine) {
    writeLinks(transaction, profileId, links, seenAt);
    metas.put({ ...meta, mirror: state } satisfies StoredMeta);
  }
  await promisifyRequest(transaction);
  if (mine && links.length > 0) written(profileId);
  return mine;
}

/** Replaces the profile's mirror state (a failure) while the stored pass is still `owned`. */
export function putMirrorState(
  profileId: string,
  state: MirrorState,
  owned: number | null,
): Promise<boolean> {
  return putMirrorPage(profileId, [], state, 0, owned);
}

/**
 * Ends a complete pass: drops the profile's links not written since `passStartedAt` (gone from the
 * server) and stores `state`, in one transaction, while that pass is still the stored one. Answers
 * how many links the profile keeps.
 */
export async function completeMirrorPass(
  profileId: string,
  passStartedAt: number,
  state: MirrorState,
): Promise<number> {
  const transaction = (await open()).transaction([LINKS, META], 'readwrite');
  const links = transaction.objectStore(LINKS);
  const metas = transaction.objectStore(META);
  const meta = toMeta(profileId, await promisifyRequest(metas.get(profileId)));
  if (meta.mirror?.passStartedAt !== passStartedAt) {
    await promisifyRequest(transaction);
    return 0;
  }
  // Only the stale links are visited, through the index: a sweep that finds nothing gone costs nothing.
  const stale = IDBKeyRange.bound([profileId, -Infinity], [profileId, passStartedAt], false, true);
  await new Promise<void>((resolve, reject) => {
    const request = links.index(BY_SEEN).openKeyCursor(stale);
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor) return resolve();
      links.delete(cursor.primaryKey);
      cursor.continue();
    };
  });
  metas.put({ ...meta, mirror: state } satisfies StoredMeta);
  const kept = await promisifyRequest(links.count(profileRange(profileId)));
  await promisifyRequest(transaction);
  written(profileId);
  return kept;
}

/** How many links the profile's cache holds: a count on the key range, no record read. */
export function countLinks(profileId: string): Promise<number> {
  return within(
    [LINKS],
    'readonly',
    (tx) => promisifyRequest(tx.objectStore(LINKS).count(profileRange(profileId))),
    () => 0,
  );
}

/** Cached campaign and channel choices of a profile; `fetchedAt` 0 when never fetched. */
export function getCachedLists(profileId: string): Promise<ListsEntry> {
  return within(
    [META],
    'readonly',
    async (tx) => toMeta(profileId, await promisifyRequest(tx.objectStore(META).get(profileId))).lists,
    emptyLists,
  );
}

/** Replaces the campaign and channel choices of a profile. */
export async function putCachedLists(profileId: string, lists: ListsEntry): Promise<void> {
  const transaction = (await open()).transaction([META], 'readwrite');
  const metas = transaction.objectStore(META);
  const meta = toMeta(profileId, await promisifyRequest(metas.get(profileId)));
  metas.put({ ...meta, lists: toLists(lists) } satisfies StoredMeta);
  await promisifyRequest(transaction);
}

/** Drops everything cached for a profile (when it is deleted or its server changes). */
export async function clearProfileCache(profileId: string): Promise<void> {
  const transaction = (await open()).transaction([LINKS, META], 'readwrite');
  transaction.objectStore(LINKS).delete(profileRange(profileId));
  transaction.objectStore(META).delete(profileId);
  await promisifyRequest(transaction);
  written(profileId);
}

/** A long URL as sameLongUrl compares it, for looking many up at once (a bulk preview's Map). */
export function longUrlKey(url: string): string {
  return url.trim().replace(/#.*$/, '').replace(/\/+$/, '');
}

/** Compares long URLs the way a user would: ignoring a trailing slash and the `#fragment`. */
export function sameLongUrl(a: string, b: string): boolean {
  return longUrlKey(a) === longUrlKey(b);
}

/** The newest link for a long URL among `links`, if it was shortened before. */
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
