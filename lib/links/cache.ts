/**
 * The links the extension knows, per profile, and the campaign and channel choices, in IndexedDB.
 * Pages read it directly, so the popup draws without waking the background; only the background
 * writes what the server sent.
 *
 * One record per link, indexed by date and by page (its long URL without tracking parameters), so the
 * reads a page needs at once (the newest links, the links of one page) cost the same with fifty links or a hundred thousand; only a
 * search reads them all. A record that does not read as a link is left out: it is only a cache, and
 * the next refresh brings it again.
 *
 * The link mirror (entrypoints/background/mirror.ts) fills the same store with every link of the
 * server and keeps where its sync stands in the profile's meta record (`MirrorState`), written in the
 * same transaction as each page it read, so a stopped worker resumes exactly where the last page ended.
 * Each page also adds the day's click count of each of its links to that link's history (store
 * `clicks`, one record per link: lib/links/clicks.ts), in the same transaction.
 */
import { promisifyRequest } from 'idb-keyval';
import type { ErrorData } from '../api/errors';
import { dayNumber } from '../dates';
import { isObject } from '../is-object';
import { stripTrackingParams } from '../url/tracking';
import { type ClickPoint, decodeClickPoints, encodeClickPoints, withClickPoint } from './clicks';

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
  /**
   * When the link expires (`YYYY-MM-DD HH:MM:SS`), where the extension knows it: set through it, or
   * seen in the link's details; the server's list does not say. A write without it keeps the one
   * stored; null says the link has none.
   */
  expiry?: string | null;
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
// A new shape is a new version. Version 2 added `seenAt` and its index for the mirror: an older
// database is dropped and filled again. Version 3 added the click histories and the expiry index,
// which version 2's links and mirror state keep. Version 4 keys the url index by the page, tracking
// parameters left out (`pageKey`), so a UTM preset's links are the page's too: it rewrites each
// record's key once.
const DB_VERSION = 4;
/** The database of releases that kept each profile's links as one value. */
const OLD_DB_NAME = 'shortlink-cache';
const LINKS = 'links';
const META = 'meta';
const BY_DATE = 'date';
const BY_URL = 'url';
/** By when a link was last written from the server's answer: a sweep's end finds the stale ones alone. */
const BY_SEEN = 'seen';
/** By known expiry; links without one are not in it, so "expiring soon" reads only those that are. */
const BY_EXPIRY = 'expiry';
/** Each link's click history, keyed as its link: `{ profileId, id, points }` (lib/links/clicks.ts). */
const CLICKS = 'clicks';
/** Sorts after every id and date: the upper end of one profile's range. */
const HIGHEST = [[]];

let opening: Promise<IDBDatabase> | undefined;

function open(): Promise<IDBDatabase> {
  return opening ?? use(openRequest());
}

/** Opens the database, creating or upgrading it as needed. */
function openRequest(): Promise<IDBDatabase> {
  const request = indexedDB.open(DB_NAME, DB_VERSION);
  request.onupgradeneeded = ({ oldVersion }) => {
    const db = request.result;
    if (oldVersion < 2) {
      for (const name of [...db.objectStoreNames]) db.deleteObjectStore(name);
      const links = db.createObjectStore(LINKS, { keyPath: ['profileId', 'id'] });
      links.createIndex(BY_DATE, ['profileId', 'date', 'id']);
      links.createIndex(BY_URL, ['profileId', 'urlKey']);
      links.createIndex(BY_SEEN, ['profileId', 'seenAt']);
      db.createObjectStore(META, { keyPath: 'profileId' });
      indexedDB.deleteDatabase(OLD_DB_NAME);
    }
    if (oldVersion < 3) {
      request.transaction?.objectStore(LINKS).createIndex(BY_EXPIRY, ['profileId', 'expiry']);
      db.createObjectStore(CLICKS, { keyPath: ['profileId', 'id'] });
    }
    if (oldVersion >= 2 && oldVersion < 4) {
      const cursor = request.transaction?.objectStore(LINKS).openCursor();
      if (cursor) {
        cursor.onsuccess = () => {
          const at = cursor.result;
          if (!at) return;
          const record = at.value as Partial<StoredLink>;
          if (typeof record.longUrl === 'string') at.update({ ...record, urlKey: pageKey(record.longUrl) });
          at.continue();
        };
      }
    }
  };
  return promisifyRequest(request);
}

/** Makes `opened` the connection every read uses, until it fails or another page upgrades the database. */
function use(opened: Promise<IDBDatabase>): Promise<IDBDatabase> {
  const connection = opened.then((db) => {
    // Another page upgrading the database closes this connection; the next call opens it again.
    db.onversionchange = () => {
      db.close();
      if (opening === connection) opening = undefined;
    };
    return db;
  });
  connection.catch(() => {
    if (opening === connection) opening = undefined;
  });
  opening = connection;
  return connection;
}

/**
 * Opens the database now: a page calls it first thing, so its first read does not wait for it.
 * `early` is a connection opened before the page's app started (openCacheEarly); where it is null
 * (the database needed an upgrade) or failed, the database is opened here.
 */
export function openCache(early?: Promise<IDBDatabase | null>): void {
  try {
    if (early && !opening) use(early.then((db) => db ?? openRequest(), openRequest));
    open().catch(() => undefined);
  } catch {
    // A browser that refuses IndexedDB outright (storage blocked) throws as the open is asked for: the
    // worker calls this before it registers its listeners, and the cache reads as empty anyway.
  }
}

/**
 * Opens the database for a page whose app has not started yet (the popup's first reads,
 * entrypoints/popup/first-reads.ts), without the upgrade code: null where the database needs one,
 * which the page's own open then runs. A connection nobody takes closes when another page upgrades.
 */
export function openCacheEarly(): Promise<IDBDatabase | null> {
  const request = indexedDB.open(DB_NAME, DB_VERSION);
  request.onupgradeneeded = () => request.transaction?.abort();
  return promisifyRequest(request).then(
    (db) => {
      db.onversionchange = () => db.close();
      return db;
    },
    () => null,
  );
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
  if (typeof value.expiry === 'string') link.expiry = value.expiry;
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
    const ended = promisifyRequest(transaction);
    if (mode === 'readonly') {
      // A read's answer is final once its requests succeed: waiting for the transaction's end too
      // would add a round trip to the browser to every read (the popup's first screen waits for three).
      ended.catch(() => undefined);
      return await work(transaction);
    }
    const [result] = await Promise.all([work(transaction), ended]);
    return result;
  } catch {
    // A broken database must not break a page: it is only a cache, rebuilt on the next refresh.
    return fallback();
  }
}

const profileRange = (profileId: string) => IDBKeyRange.bound([profileId], [profileId, ...HIGHEST]);

/**
 * Chromium 141+ reads a range backwards in one request (`getAll` with a direction); elsewhere
 * (Firefox) a cursor steps through it, and each step's callback waits for a free turn of the page's
 * main thread, which is busiest while a page opens. Measured in Chromium with 50,000 links, 20 read:
 * 0.9 ms against 3.0 ms for the cursor, on an idle page.
 */
const readsBackwards = typeof IDBIndex !== 'undefined' && 'getAllRecords' in IDBIndex.prototype;

/** Up to `limit` records of an index range, from the end (newest first for the date index). */
function newestOf(source: IDBIndex | IDBObjectStore, range: IDBKeyRange, limit: number): Promise<unknown[]> {
  if (readsBackwards) {
    // Not in TypeScript's DOM types yet: the options form of getAll.
    const getAll = source.getAll as unknown as (options: {
      query: IDBKeyRange;
      count: number;
      direction: IDBCursorDirection;
    }) => IDBRequest<unknown[]>;
    return promisifyRequest(getAll.call(source, { query: range, count: limit, direction: 'prev' }));
  }
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

/** The range of the url index that holds a profile's links to this page (see `pageKey`). */
const pageRange = (profileId: string, url: string) => IDBKeyRange.only([profileId, pageKey(url)]);

/**
 * The profile's links to this page, newest first: to its address as `sameLongUrl` compares it, and
 * to the same address with other tracking parameters (a UTM preset's links).
 */
export function linksForPage(profileId: string, url: string): Promise<CachedLink[]> {
  return within(
    [LINKS],
    'readonly',
    async (tx) =>
      toLinks(
        await promisifyRequest(tx.objectStore(LINKS).index(BY_URL).getAll(pageRange(profileId, url))),
      ).sort(compareNewestFirst),
    () => [],
  );
}

/** The profile's links to this address (compared as `sameLongUrl` does), newest first. */
export async function linksForUrl(profileId: string, longUrl: string): Promise<CachedLink[]> {
  return (await linksForPage(profileId, longUrl)).filter((link) => sameLongUrl(link.longUrl, longUrl));
}

/**
 * How many links the profile has for each page (as `linksForPage` finds them), in one transaction:
 * a count on the url index per page, no record read.
 */
export async function countLinksForPages(profileId: string, urls: readonly string[]): Promise<number[]> {
  try {
    const index = (await open()).transaction([LINKS], 'readonly').objectStore(LINKS).index(BY_URL);
    // The counts are the answer: waiting for the read-only transaction's end too would add a round
    // trip to the browser to every navigation of the tab marker.
    return await Promise.all(urls.map((url) => promisifyRequest(index.count(pageRange(profileId, url)))));
  } catch {
    return urls.map(() => 0);
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
  writeLinks(transaction, profileId, links, writeStamp());
  if (fetchedAt !== undefined) {
    const metas = transaction.objectStore(META);
    const meta = toMeta(profileId, await promisifyRequest(metas.get(profileId)));
    metas.put({ ...meta, fetchedAt } satisfies StoredMeta);
  }
  await promisifyRequest(transaction);
  if (links.length > 0) written(profileId);
}

let lastStamp = 0;

/**
 * When links are written: now, but always after the previous write of this context, so a reader
 * that saw one write's mark (createLinksReader) tells the next apart even within a millisecond.
 */
function writeStamp(): number {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return lastStamp;
}

function writeLinks(
  transaction: IDBTransaction,
  profileId: string,
  links: CachedLink[],
  seenAt: number,
): void {
  const store = transaction.objectStore(LINKS);
  for (const { expiry, ...link } of links) {
    const record: StoredLink = { ...link, profileId, urlKey: pageKey(link.longUrl), seenAt };
    if (expiry !== undefined && link.campaign !== undefined && link.channel !== undefined) {
      store.put(expiry === null ? record : { ...record, expiry });
      continue;
    }
    // The server's list says neither when a link expires nor its campaign and channel (the API's
    // list entry has none of them): what the extension knew of them stays.
    const stored = store.get([profileId, link.id]);
    stored.onsuccess = () => {
      const known = toLink(stored.result);
      const kept: Partial<CachedLink> = {};
      if (expiry === undefined && known?.expiry) kept.expiry = known.expiry;
      else if (expiry) kept.expiry = expiry;
      if (link.campaign === undefined && known?.campaign !== undefined) kept.campaign = known.campaign;
      if (link.channel === undefined && known?.channel !== undefined) kept.channel = known.channel;
      store.put({ ...record, ...kept });
    };
  }
}

/** Adds each link's count to its history, as the count of `seenAt`'s day (lib/links/clicks.ts). */
function recordClicks(
  transaction: IDBTransaction,
  profileId: string,
  links: CachedLink[],
  seenAt: number,
): void {
  const store = transaction.objectStore(CLICKS);
  const day = dayNumber(seenAt);
  for (const link of links) {
    const stored = store.get([profileId, link.id]);
    stored.onsuccess = () => {
      const points = withClickPoint(readPoints(stored.result), day, link.clicks);
      store.put({ profileId, id: link.id, points: encodeClickPoints(points) });
    };
  }
}

const readPoints = (record: unknown): ClickPoint[] =>
  isObject(record) ? decodeClickPoints(record.points) : [];

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
  const transaction = (await open()).transaction([LINKS, META, CLICKS], 'readwrite');
  const metas = transaction.objectStore(META);
  const meta = toMeta(profileId, await promisifyRequest(metas.get(profileId)));
  const mine = (meta.mirror?.passStartedAt ?? null) === owned;
  if (mine) {
    writeLinks(transaction, profileId, links, seenAt);
    recordClicks(transaction, profileId, links, seenAt);
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
 * server) with their click histories, and stores `state`, in one transaction, while that pass is
 * still the stored one. Answers how many links the profile keeps.
 */
export async function completeMirrorPass(
  profileId: string,
  passStartedAt: number,
  state: MirrorState,
): Promise<number> {
  const transaction = (await open()).transaction([LINKS, META, CLICKS], 'readwrite');
  const links = transaction.objectStore(LINKS);
  const clicks = transaction.objectStore(CLICKS);
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
      clicks.delete(cursor.primaryKey);
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

/** How a profile's links stand: how many, and when the newest write from the server was (0: none). */
interface LinksMark {
  count: number;
  seenAt: number;
}

/** Reads the profile's mark: a count on the key range and one step of a cursor, no link read. */
function linksMark(profileId: string): Promise<LinksMark> {
  return within(
    [LINKS],
    'readonly',
    async (tx) => {
      const links = tx.objectStore(LINKS);
      const range = IDBKeyRange.bound([profileId, -Infinity], [profileId, Infinity]);
      const [count, newest] = await Promise.all([
        promisifyRequest(links.count(profileRange(profileId))),
        promisifyRequest(links.index(BY_SEEN).openCursor(range, 'prev')),
      ]);
      const seenAt = (newest?.value as Partial<StoredLink> | undefined)?.seenAt;
      return { count, seenAt: typeof seenAt === 'number' ? seenAt : 0 };
    },
    () => ({ count: 0, seenAt: 0 }),
  );
}

/** The profile's links written from the server at `since` or later, through the `seen` index. */
function linksSeenSince(profileId: string, since: number): Promise<CachedLink[]> {
  return within(
    [LINKS],
    'readonly',
    async (tx) => {
      const range = IDBKeyRange.bound([profileId, since], [profileId, Infinity]);
      return toLinks(await promisifyRequest(tx.objectStore(LINKS).index(BY_SEEN).getAll(range)));
    },
    () => [],
  );
}

/**
 * How far before the newest write a reader reads again: a page of the mirror is stamped when its
 * request was sent, which may be before a write that lands earlier (a request waits up to 90 s for
 * the rate limit).
 */
const SEEN_SLACK_MS = 5 * 60_000;

/** A profile's links in memory, newest first, with their search index. */
export interface KeptLinks {
  links: readonly CachedLink[];
  index: readonly string[];
}

/**
 * `kept` with `changed` written in: a link of a known id and date replaced in place, any other
 * placed by its date, newest first. Answers new arrays; `kept`'s are left as they were.
 */
function withChanged(kept: KeptLinks, changed: readonly CachedLink[]): KeptLinks {
  const links = [...kept.links];
  const index = [...kept.index];
  const at = new Map(links.map((link, i) => [link.id, i]));
  const moved: CachedLink[] = [];
  for (const link of changed) {
    const i = at.get(link.id);
    if (i !== undefined && links[i]!.date === link.date) {
      links[i] = link;
      index[i] = searchText(link);
    } else moved.push(link);
  }
  if (moved.length === 0) return { links, index };
  const gone = new Set(moved.map((link) => link.id));
  const rows = links.flatMap((link, i) => (gone.has(link.id) ? [] : [[link, index[i]!] as const]));
  for (const link of moved.sort(compareNewestFirst)) {
    let low = 0;
    let high = rows.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (compareNewestFirst(rows[mid]![0], link) < 0) low = mid + 1;
      else high = mid;
    }
    rows.splice(low, 0, [link, searchText(link)]);
  }
  return { links: rows.map(([link]) => link), index: rows.map(([, text]) => text) };
}

/** One profile's links kept in memory (createLinksReader). */
export interface LinksReader {
  read(): Promise<KeptLinks>;
}

/**
 * Keeps one profile's links in memory for a search, up to date with the cache at each `read()`:
 * the first reads every link once; later ones read only the mark, then the links written since
 * (a sweep's pages, a link edited or made), and every link again only when some left the cache.
 * `read()` answers the same object while nothing changed, so a page rebuilds nothing.
 */
export function createLinksReader(profileId: string): LinksReader {
  let kept: (KeptLinks & { mark: LinksMark }) | undefined;
  let reading: Promise<KeptLinks> | undefined;
  async function refresh(): Promise<KeptLinks> {
    const mark = await linksMark(profileId);
    if (kept && mark.count === kept.mark.count && mark.seenAt === kept.mark.seenAt) return kept;
    if (kept && mark.seenAt >= kept.mark.seenAt) {
      const next = withChanged(kept, await linksSeenSince(profileId, kept.mark.seenAt - SEEN_SLACK_MS));
      if (next.links.length === mark.count) {
        kept = { ...next, mark };
        return kept;
      }
    }
    const { links } = await getCachedLinks(profileId);
    kept = { links, index: buildSearchIndex(links), mark };
    return kept;
  }
  return {
    read() {
      reading ??= refresh().finally(() => {
        reading = undefined;
      });
      return reading;
    },
  };
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

/** Drops everything cached for a profile (when it is deleted or its server changes), click histories too. */
export async function clearProfileCache(profileId: string): Promise<void> {
  const transaction = (await open()).transaction([LINKS, META, CLICKS], 'readwrite');
  transaction.objectStore(LINKS).delete(profileRange(profileId));
  transaction.objectStore(CLICKS).delete(profileRange(profileId));
  transaction.objectStore(META).delete(profileId);
  await promisifyRequest(transaction);
  written(profileId);
}

/** A link's click history, oldest first: one record read; none when the mirror never read the link. */
export function clickHistory(profileId: string, id: number): Promise<ClickPoint[]> {
  return within(
    [CLICKS],
    'readonly',
    async (tx) => readPoints(await promisifyRequest(tx.objectStore(CLICKS).get([profileId, id]))),
    () => [],
  );
}

/** The profile's links with these ids that the cache holds, in the order of `ids`: one transaction. */
export function linksById(profileId: string, ids: readonly number[]): Promise<CachedLink[]> {
  return within(
    [LINKS],
    'readonly',
    async (tx) => {
      const store = tx.objectStore(LINKS);
      const found = await Promise.all(ids.map((id) => promisifyRequest(store.get([profileId, id]))));
      return toLinks(found);
    },
    () => [],
  );
}

/** The profile's links known to expire from `from` to `until` (API dates), soonest first: one index read. */
export function expiringLinks(
  profileId: string,
  from: string,
  until: string,
): Promise<(CachedLink & { expiry: string })[]> {
  return within(
    [LINKS],
    'readonly',
    async (tx) => {
      const range = IDBKeyRange.bound([profileId, from], [profileId, until]);
      const stored = await promisifyRequest(tx.objectStore(LINKS).index(BY_EXPIRY).getAll(range));
      return toLinks(stored).filter((link): link is CachedLink & { expiry: string } => !!link.expiry);
    },
    () => [],
  );
}

/**
 * A campaign's or channel's name as the profile's cached lists know it, else its id: how a cached
 * link names the campaign or channel it was made in or assigned to.
 */
export async function listedName(
  profileId: string,
  kind: 'campaign' | 'channel',
  id: number,
): Promise<string> {
  const lists = await getCachedLists(profileId).catch(() => null);
  const items = kind === 'campaign' ? lists?.campaigns : lists?.channels;
  return items?.find((item) => item.id === id)?.name || String(id);
}

/** Stores what the extension learnt of a cached link's expiry (null: none); a link not cached is left alone. */
export async function putLinkExpiry(profileId: string, id: number, expiry: string | null): Promise<void> {
  const transaction = (await open()).transaction([LINKS], 'readwrite');
  const store = transaction.objectStore(LINKS);
  const stored = await promisifyRequest(store.get([profileId, id]));
  if (isObject(stored) && toLink(stored)) {
    const { expiry: _old, ...rest } = stored;
    store.put(expiry ? { ...rest, expiry } : rest);
  }
  await promisifyRequest(transaction);
}

/** A long URL as sameLongUrl compares it, for looking many up at once (a bulk preview's Map). */
export function longUrlKey(url: string): string {
  return url.trim().replace(/#.*$/, '').replace(/\/+$/, '');
}

/**
 * A page as the url index keys it: its address without the parameters that only track (utm_*,
 * fbclid…: lib/url/tracking.ts), so the links a UTM preset made for it are the page's links too.
 */
export function pageKey(url: string): string {
  let href = url.trim();
  try {
    // Written as the URL parser writes it, whether a tracking parameter was stripped or not.
    href = new URL(href).href;
  } catch {
    // Not an address: keyed as it is.
  }
  return longUrlKey(stripTrackingParams(href));
}

/** True when two addresses are the same page (see `pageKey`). */
export function samePage(a: string, b: string): boolean {
  return pageKey(a) === pageKey(b);
}

/** Compares long URLs the way a user would: ignoring a trailing slash and the `#fragment`. */
export function sameLongUrl(a: string, b: string): boolean {
  return longUrlKey(a) === longUrlKey(b);
}

/** The newest link for a long URL among `links`, if it was shortened before. */
export function findByLongUrl(links: readonly CachedLink[], longUrl: string): CachedLink | undefined {
  return links.find((link) => sameLongUrl(link.longUrl, longUrl));
}

/** A link's searchable text, lower-cased: what a query's words are looked for in. */
function searchText(l: CachedLink): string {
  return `${l.shortUrl}\n${l.longUrl}\n${l.title}\n${l.alias}\n${l.description}`.toLowerCase();
}

/** Lower-cased text of each link, built once so each keystroke's search only scans strings. */
export function buildSearchIndex(links: readonly CachedLink[]): string[] {
  return links.map(searchText);
}

/** The words of a search query, lower-cased: a link matches when its text contains every one. */
export function queryWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/** Whether `text` contains every word. */
function hasAll(text: string, words: readonly string[]): boolean {
  for (const word of words) if (!text.includes(word)) return false;
  return true;
}

/** Links whose text contains every word of the query, at most `limit`, in cache order. */
export function searchLinks(
  links: readonly CachedLink[],
  index: readonly string[],
  query: string,
  limit: number,
): CachedLink[] {
  const words = queryWords(query);
  if (words.length === 0) return links.slice(0, limit);
  const found: CachedLink[] = [];
  for (let i = 0; i < links.length && found.length < limit; i++) {
    if (hasAll(index[i]!, words)) found.push(links[i]!);
  }
  return found;
}

/** A search over one list of links, kept while the user types in one field. */
export interface LinkSearch {
  /** Links whose text contains every word of `query`, at most `limit`, in the list's order. */
  find(query: string, limit: number): CachedLink[];
}

/** What one query found: the positions of its matches among the links before `scannedTo`. */
interface Scan {
  words: string[];
  matches: number[];
  scannedTo: number;
}

/** Earlier queries a search keeps to refine from: the keystrokes of a word or two, and their backspaces. */
const KEPT_SCANS = 12;

/** Whether every link matching `words` matches `earlier`: each earlier word is inside a word now. */
const refines = (words: readonly string[], earlier: readonly string[]) =>
  earlier.every((old) => words.some((word) => word.includes(old)));

/**
 * A search over `links` that refines its earlier results as the user types. A query that only adds
 * letters or words to an earlier one can match only links that one matched: it tests those, and scans
 * only the links the earlier one never reached (it stopped at its limit). So typing a word scans the
 * whole list at most once, where a search from scratch scans it at every keystroke that finds fewer
 * than `limit` links; a backspace finds its query's scan kept.
 */
export function createLinkSearch(
  links: readonly CachedLink[],
  index: readonly string[] = buildSearchIndex(links),
): LinkSearch {
  const scans: Scan[] = [];
  return {
    find(query, limit) {
      const words = queryWords(query);
      if (words.length === 0) return links.slice(0, limit);
      // The newest scan this query refines: typing on, the previous keystroke's.
      let base: Scan | undefined;
      for (let k = scans.length - 1; k >= 0 && !base; k--)
        if (refines(words, scans[k]!.words)) base = scans[k];
      const matches: number[] = [];
      let scannedTo = 0;
      if (base) {
        scannedTo = base.scannedTo;
        for (const i of base.matches) {
          if (matches.length >= limit) {
            scannedTo = i;
            break;
          }
          if (hasAll(index[i]!, words)) matches.push(i);
        }
      }
      for (; scannedTo < links.length && matches.length < limit; scannedTo++) {
        if (hasAll(index[scannedTo]!, words)) matches.push(scannedTo);
      }
      const same = scans.findIndex((scan) => scan.words.join(' ') === words.join(' '));
      if (same >= 0) scans.splice(same, 1);
      scans.push({ words, matches, scannedTo });
      if (scans.length > KEPT_SCANS) scans.shift();
      return matches.map((i) => links[i]!);
    },
  };
}
