/**
 * What a page got from its server, kept for the page's life under each answer's API method and
 * arguments (one cache per server). The API allows 30 requests a minute: a user who walks through the
 * management page's sections, or opens the link editor's five choice lists, must not spend them on
 * answers the page holds. The page's own edits are applied in place, so showing them costs nothing.
 */

import { useEffect, useState } from 'preact/hooks';
import type { ShortenerClient } from '@/lib/api/client';
import type { ErrorData } from '@/lib/api/errors';
import type { PageQuery } from '@/lib/api/schemas';
import type { ApiData, CallApi } from '@/lib/messaging/call-api';
import type { ApiMethod, Result } from '@/lib/messaging/protocol';

/** How long a kept list or item is shown without asking the server again. */
export const FRESH_MS = 60_000;

/** The arguments of an API method. */
export type ApiArgs<M extends ApiMethod> = Parameters<ShortenerClient[M]>;

interface Entry {
  method: ApiMethod;
  args: unknown[];
  /** 0 once the page changed it in a way only the server can redo. */
  at: number;
  data?: unknown;
  /** Shared by every caller asking while it is under way. */
  pending?: Promise<Result<unknown>>;
}

/** One page's answers from one server. */
export interface ServerCache {
  /** The API caller the page's requests go through. */
  readonly call: CallApi;
  /** The kept answer of `method(...args)` and whether it is younger than `maxAgeMs`; undefined when none. */
  peek<M extends ApiMethod>(
    method: M,
    args: ApiArgs<M>,
    maxAgeMs?: number,
  ): { data: ApiData<M>; fresh: boolean } | undefined;
  /** The answer of `method(...args)`: the kept one while fresh (unless `force`), else the server's. */
  load<M extends ApiMethod>(
    method: M,
    args: ApiArgs<M>,
    options?: { maxAgeMs?: number; force?: boolean },
  ): Promise<Result<ApiData<M>>>;
  /** Every kept answer of `method`, with its arguments. */
  kept<M extends ApiMethod>(method: M): { args: ApiArgs<M>; data: ApiData<M> }[];
  /**
   * Rewrites every kept answer of `method` with `change`; an answer it returns undefined for is
   * fetched again when next shown. The views showing any of them are drawn again.
   */
  change<M extends ApiMethod>(
    method: M,
    change: (data: ApiData<M>, args: ApiArgs<M>) => ApiData<M> | undefined,
  ): void;
  /** Drops the kept answer of `method(...args)`: the next load asks the server. */
  forget<M extends ApiMethod>(method: M, args: ApiArgs<M>): void;
  /** Keeps what the server confirmed of the page's own action (a link's placement) under `key`. */
  note(key: string, value: unknown): void;
  /** What was noted under `key`. */
  noted<T>(key: string): T | undefined;
  /** Calls `listener` whenever a kept answer or note changes; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

// Object keys sorted, so `{ page, limit }` and `{ limit, page }` are the same request.
const keyOf = (method: string, args: unknown[]) =>
  `${method}:${JSON.stringify(args, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
      : value,
  )}`;

/** A new, empty cache for the page's requests through `call` (one per server). */
export function createServerCache(call: CallApi): ServerCache {
  const entries = new Map<string, Entry>();
  const notes = new Map<string, unknown>();
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  const isFresh = (entry: Entry, maxAgeMs: number) => Date.now() - entry.at < maxAgeMs;

  return {
    call,
    peek(method, args, maxAgeMs = FRESH_MS) {
      const entry = entries.get(keyOf(method, args));
      if (!entry || !('data' in entry)) return undefined;
      return { data: entry.data as ApiData<typeof method>, fresh: isFresh(entry, maxAgeMs) };
    },
    load<M extends ApiMethod>(
      method: M,
      args: ApiArgs<M>,
      { maxAgeMs = FRESH_MS, force = false } = {},
    ): Promise<Result<ApiData<M>>> {
      const key = keyOf(method, args);
      const entry = entries.get(key) ?? { method, args, at: 0 };
      entries.set(key, entry);
      if (entry.pending) return entry.pending as Promise<Result<ApiData<M>>>;
      if (!force && 'data' in entry && isFresh(entry, maxAgeMs)) {
        return Promise.resolve({ ok: true, data: entry.data as ApiData<M> });
      }
      const pending = call(method, ...args);
      entry.pending = pending;
      void pending.then((result) => {
        if (entry.pending === pending) delete entry.pending;
        if (!result.ok) return;
        entry.data = result.data;
        entry.at = Date.now();
        notify();
      });
      return pending;
    },
    kept<M extends ApiMethod>(method: M) {
      return [...entries.values()]
        .filter((entry) => entry.method === method && 'data' in entry)
        .map((entry) => ({ args: entry.args as ApiArgs<M>, data: entry.data as ApiData<M> }));
    },
    change<M extends ApiMethod>(
      method: M,
      change: (data: ApiData<M>, args: ApiArgs<M>) => ApiData<M> | undefined,
    ) {
      for (const entry of entries.values()) {
        if (entry.method !== method || !('data' in entry)) continue;
        const next = change(entry.data as ApiData<M>, entry.args as ApiArgs<M>);
        if (next === undefined) entry.at = 0;
        else entry.data = next;
      }
      notify();
    },
    forget(method, args) {
      entries.delete(keyOf(method, args));
    },
    note(key, value) {
      notes.set(key, value);
      notify();
    },
    noted<T>(key: string) {
      return notes.get(key) as T | undefined;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** What a list page holds. */
interface ListPage<T> {
  items: T[];
  total: number;
}

/** Shows the page's own edit of item `id` in every kept page of the list `method`. */
export function patchListed<T extends { id: number }>(
  cache: ServerCache,
  method: ApiMethod,
  id: number,
  fields: Partial<T>,
): void {
  cache.change(method, (data) => {
    const page = data as unknown as ListPage<T>;
    const items = page.items.map((item) => (item.id === id ? { ...item, ...fields } : item));
    return { ...page, items } as unknown as typeof data;
  });
}

/** Marks every kept answer of `method` for fetching again when next shown (the page changed it). */
export function staleCached(cache: ServerCache, method: ApiMethod): void {
  cache.change(method, () => undefined);
}

// ---------------------------------------------------------------------------------------------
// Choice lists: the selects of the link editor, bulk create and the popup's More options.

export type ChoiceMethod = 'listDomains' | 'listSplash' | 'listOverlays' | 'listCampaigns' | 'listChannels';

/** One page of choices; the server caps a page at 100, and a longer list is reached by typing an id. */
const CHOICES: PageQuery = { limit: 100, page: 1 };
/** Choices change rarely and the editor offers five lists: they are kept longer than the lists. */
const CHOICES_FRESH_MS = 5 * 60_000;

/** Drops a kept choice list after it changed (a campaign was added, a domain deleted…). */
export function forgetChoices(cache: ServerCache, method: ChoiceMethod): void {
  cache.forget(method, [CHOICES] as unknown as ApiArgs<ChoiceMethod>);
}

/** One choice list as a select needs it. */
interface Choices<M extends ChoiceMethod> {
  data: ApiData<M> | undefined;
  error: ErrorData | undefined;
  loading: boolean;
}

/**
 * A choice list loaded through `cache` when `active` first becomes true. `cache` is a parameter, not
 * read from the management page's context, so the popup's More options uses it too.
 */
export function useChoices<M extends ChoiceMethod>(
  cache: ServerCache,
  method: M,
  active: boolean,
): Choices<M> {
  const [data, setData] = useState<ApiData<M>>();
  const [error, setError] = useState<ErrorData>();
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!active) return;
    let live = true;
    setLoading(true);
    // Every choice method takes the same page query; TypeScript cannot see that through M.
    cache.load(method, [CHOICES] as unknown as ApiArgs<M>, { maxAgeMs: CHOICES_FRESH_MS }).then((result) => {
      if (!live) return;
      setLoading(false);
      if (result.ok) setData(result.data);
      else setError(result.error);
    });
    return () => {
      live = false;
    };
  }, [cache, method, active]);
  return { data, error, loading };
}
