/**
 * What the management page already got from the server (a list's pages, the account, a link), kept
 * for the page's life: the API allows 30 requests a minute, and a user who clicks through the
 * sections would otherwise spend that on lists the page already holds. The page's own creates,
 * edits and deletes are applied here in place, so no re-fetch is needed to show them.
 */
import type { CallApi } from '@/lib/messaging/call-api';

/** How long a kept answer is shown without asking the server again. */
export const FRESH_MS = 60_000;

interface Entry {
  /** What the entry belongs to, e.g. `listCampaigns`: edits apply to every entry of a resource. */
  resource: string;
  at: number;
  data: unknown;
}

/** The page's answers by key, and the views to tell when one changed in place. */
interface Cache {
  entries: Map<string, Entry>;
  listeners: Set<() => void>;
}

// Keyed by the caller, like the choice lists, so each page (and each test's fake) has its own.
const caches = new WeakMap<CallApi, Cache>();

/** The cache of the page whose API caller is `api`. */
function cacheOf(api: CallApi): Cache {
  let cache = caches.get(api);
  if (!cache) {
    cache = { entries: new Map(), listeners: new Set() };
    caches.set(api, cache);
  }
  return cache;
}

/** The kept answer under `key` and whether it is still fresh; undefined when there is none. */
export function readCached<T>(api: CallApi, key: string): { data: T; fresh: boolean } | undefined {
  const entry = cacheOf(api).entries.get(key);
  return entry && { data: entry.data as T, fresh: Date.now() - entry.at < FRESH_MS };
}

/** Keeps a fresh answer of the server, and tells the views (another view may show it too). */
export function writeCached(api: CallApi, resource: string, key: string, data: unknown): void {
  const cache = cacheOf(api);
  cache.entries.set(key, { resource, at: Date.now(), data });
  notify(cache);
}

function notify(cache: Cache): void {
  for (const listener of [...cache.listeners]) listener();
}

/** Every kept answer whose resource starts with `prefix`, with its resource. */
export function cachedUnder<T>(api: CallApi, prefix: string): { resource: string; data: T }[] {
  return [...cacheOf(api).entries.values()]
    .filter((entry) => entry.resource.startsWith(prefix))
    .map((entry) => ({ resource: entry.resource, data: entry.data as T }));
}

/** Calls `listener` whenever a kept answer changes in place; returns the unsubscribe. */
export function onCacheChange(api: CallApi, listener: () => void): () => void {
  const { listeners } = cacheOf(api);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Rewrites every kept answer of `resource` with `change`, which gets the answer and its key and
 * returns the new data, or undefined when that answer must be fetched again when next shown (its
 * page boundaries moved), and tells the views.
 */
export function changeCached<T>(
  api: CallApi,
  resource: string,
  change: (data: T, key: string) => T | undefined,
): void {
  const cache = cacheOf(api);
  for (const [key, entry] of cache.entries) {
    if (entry.resource !== resource) continue;
    const next = change(entry.data as T, key);
    if (next === undefined) entry.at = 0;
    else entry.data = next;
  }
  notify(cache);
}

/** What a kept list page holds. */
interface ListPage<T> {
  items: T[];
  total: number;
}

/** Shows the page's own edit of item `id` in every kept page of the list `resource`. */
export function patchListed<T extends { id: number }>(
  api: CallApi,
  resource: string,
  id: number,
  fields: Partial<T>,
): void {
  changeCached<ListPage<T>>(api, resource, (data) => ({
    ...data,
    items: data.items.map((item) => (item.id === id ? { ...item, ...fields } : item)),
  }));
}

/**
 * Takes item `id`, which the page deleted, out of every kept page of the list `resource`. Pages that
 * did not hold it are fetched again when shown: their boundaries moved.
 */
export function removeListed<T extends { id: number }>(api: CallApi, resource: string, id: number): void {
  changeCached<ListPage<T>>(api, resource, (data) =>
    data.items.some((item) => item.id === id)
      ? { ...data, items: data.items.filter((item) => item.id !== id), total: Math.max(0, data.total - 1) }
      : undefined,
  );
}

/** Marks every kept answer of `resource` for fetching again when next shown (the page changed it). */
export function staleCached(api: CallApi, resource: string): void {
  changeCached(api, resource, () => undefined);
}
