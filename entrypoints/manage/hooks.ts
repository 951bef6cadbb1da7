/**
 * State hooks shared by the management views: loading a Result or a server list a page at a time,
 * running an action, debouncing, and focusing what replaces an element that went away.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { ApiArgs } from '@/components/server-cache';
import { startsAttempt, useClearOnNextAction } from '@/components/use-status';
import type { ErrorData } from '@/lib/api/errors';
import type { Page } from '@/lib/api/schemas';
import type { ApiData } from '@/lib/messaging/call-api';
import type { ApiMethod, Result } from '@/lib/messaging/protocol';
import { useServerCache } from './api-context';

/** What an API call or an action resolves to. */
export type Reply<T> = Promise<Result<T>>;

export interface Loaded<T> {
  /** The last data that arrived; kept while a reload runs so the view does not flash empty. */
  data: T | undefined;
  error: ErrorData | undefined;
  loading: boolean;
  reload: () => void;
}

/**
 * Runs `load` now and whenever `deps` change; a reply that arrives after a newer request started
 * is dropped, so typing fast in a search box cannot show an older page.
 */
export function useLoad<T>(load: () => Promise<Result<T>>, deps: readonly unknown[]): Loaded<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<ErrorData>();
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const latest = useRef(0);

  // The caller's deps decide when `load` changes, as with useEffect itself.
  useEffect(() => {
    const request = ++latest.current;
    setLoading(true);
    load().then((result) => {
      if (request !== latest.current) return;
      setLoading(false);
      if (result.ok) {
        setData(result.data);
        setError(undefined);
      } else {
        setError(result.error);
      }
    });
  }, [...deps, tick]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data, error, loading, reload };
}

interface Action<A extends unknown[], T> {
  /** Runs the action once (ignored while one runs) and returns its Result. */
  run: (...args: A) => Promise<Result<T> | undefined>;
  busy: boolean;
  error: ErrorData | undefined;
  clearError: () => void;
}

/**
 * Wraps a Result-returning action with busy and error state for the button that starts it. The
 * error is the answer to one attempt: it goes once the user makes the next one anywhere on the page
 * (sends a form, presses a button that sends a request), so it never stands beside a newer message.
 */
export function useAction<A extends unknown[], T>(action: (...args: A) => Promise<Result<T>>): Action<A, T> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorData>();
  const running = useRef(false);

  const run = async (...args: A): Promise<Result<T> | undefined> => {
    // A double click must not send the request twice (a second create would make a duplicate).
    if (running.current) return undefined;
    running.current = true;
    setBusy(true);
    setError(undefined);
    try {
      const result = await action(...args);
      if (!result.ok) setError(result.error);
      return result;
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  const clearError = useCallback(() => setError(undefined), []);
  useClearOnNextAction(error, clearError, startsAttempt);
  return { run, busy, error, clearError };
}

/** Items per server page: small pages keep the lists quick and the rate limit (30 a minute) unspent. */
export const PAGE_SIZE = 25;
/** How long typing must pause before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 400;

/** A server list loaded a page at a time, the way to turn its pages, and the page's own changes to it. */
export interface PagedResource<T> extends Loaded<Page<T>> {
  setPage: (page: number) => void;
  /** Shows the page's own edit of item `id` wherever the list is kept. */
  patch: (id: number, fields: Partial<T>) => void;
  /** Takes item `id`, which the page deleted, out of the list. */
  remove: (id: number) => void;
  /** Adds an item the page created: at the end of the page in view when that is the last page. */
  add: (item: T) => void;
}

/**
 * The answer of `method(...args)` from the page's server cache (components/server-cache.ts): a kept
 * answer shows at once, and is fetched again only when older than a minute or on `reload`. The
 * page's own edits of it (ServerCache.change) show at once too.
 */
export function useCached<M extends ApiMethod>(method: M, args: ApiArgs<M>): Loaded<ApiData<M>> {
  const cache = useServerCache();
  const kept = cache.peek(method, args);
  // The last data shown, kept while other arguments load so the view does not flash empty.
  const [shown, setShown] = useState<ApiData<M>>();
  const [error, setError] = useState<ErrorData>();
  const [loading, setLoading] = useState(!kept?.fresh);
  const [tick, setTick] = useState(0);
  const [, setVersion] = useState(0);
  const latest = useRef(0);
  const forced = useRef(false);
  const key = JSON.stringify([method, args]);

  useEffect(() => cache.subscribe(() => setVersion((n) => n + 1)), [cache]);

  useEffect(() => {
    const request = ++latest.current;
    const force = forced.current;
    forced.current = false;
    if (!force && cache.peek(method, args)?.fresh) {
      setLoading(false);
      setError(undefined);
      return;
    }
    setLoading(true);
    cache.load(method, args, { force }).then((result) => {
      if (request !== latest.current) return;
      setLoading(false);
      if (result.ok) {
        setShown(result.data);
        setError(undefined);
      } else {
        setError(result.error);
      }
    });
  }, [cache, key, tick]);

  const reload = useCallback(() => {
    forced.current = true;
    setTick((n) => n + 1);
  }, []);
  return { data: kept?.data ?? shown, error, loading, reload };
}

/** The API methods that answer a list a page at a time, the paging query last. */
type PagedMethod = {
  [M in ApiMethod]: ApiData<M> extends Page<unknown> ? M : never;
}[ApiMethod];
/** What a page of `M` lists. */
type ItemOf<M extends PagedMethod> = ApiData<M> extends Page<infer T extends { id: number }> ? T : never;

/**
 * Loads the page in view of a server list: `argsFor` gives `method`'s arguments for a page's
 * number and size, the paging query last. The arguments of page 1 are the list's selection (a
 * search, an order, a channel): a new selection starts again at page 1. Pages already loaded are
 * kept for the page's life (see useCached); the page's own changes reach every kept page of the
 * same list (the same arguments but the paging query).
 */
export function usePagedResource<M extends PagedMethod, T extends { id: number } = ItemOf<M>>(
  method: M,
  argsFor: (paging: { limit: number; page: number }) => ApiArgs<M>,
): PagedResource<T> {
  const cache = useServerCache();
  const firstPage = argsFor({ limit: PAGE_SIZE, page: 1 });
  const selection = JSON.stringify(firstPage);
  const [paging, setPaging] = useState({ selection, page: 1 });
  const page = paging.selection === selection ? paging.page : 1;
  const args = argsFor({ limit: PAGE_SIZE, page });
  const list = useCached(method, args) as Loaded<Page<T>>;
  const setPage = useCallback((next: number) => setPaging({ selection, page: next }), [selection]);

  const listOf = (of: unknown[]) => JSON.stringify(of.slice(0, -1));
  const sameList = (of: unknown[]) => listOf(of) === listOf(firstPage);
  const inList = (change: (data: Page<T>, of: unknown[]) => Page<T> | undefined) =>
    cache.change(method, (data, of) =>
      sameList(of) ? (change(data as unknown as Page<T>, of) as unknown as ApiData<M> | undefined) : data,
    );
  const patch = (id: number, fields: Partial<T>) =>
    inList((data) => ({
      ...data,
      items: data.items.map((item) => (item.id === id ? { ...item, ...fields } : item)),
    }));
  const remove = (id: number) =>
    // Pages that did not hold it are fetched again when shown: their boundaries moved.
    inList((data) =>
      data.items.some((item) => item.id === id)
        ? { ...data, items: data.items.filter((item) => item.id !== id), total: Math.max(0, data.total - 1) }
        : undefined,
    );
  const add = (item: T) =>
    inList((data, of) => {
      if (JSON.stringify(of) !== JSON.stringify(args)) return undefined;
      const last = data.nextPage === null;
      const room = data.items.length < (data.perPage || PAGE_SIZE);
      const grown = { ...data, total: data.total + 1 };
      if (!last) return grown;
      if (room) return { ...grown, items: [...data.items, item] };
      return { ...grown, nextPage: data.currentPage + 1, maxPage: data.currentPage + 1 };
    });
  return { ...list, setPage, patch, remove, add };
}

/** `value`, but only after it stopped changing for `ms` milliseconds. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Steps back when the current page came back empty although earlier pages exist (its last item was
 * just deleted elsewhere or by this page), instead of showing an empty page that looks like no data.
 */
export function useStepBackFromEmptyPage(
  page: { items: unknown[]; currentPage: number; maxPage: number } | undefined,
  setPage: (page: number) => void,
): void {
  useEffect(() => {
    if (page && page.items.length === 0 && page.currentPage > 1) {
      setPage(Math.max(1, Math.min(page.currentPage - 1, page.maxPage)));
    }
  }, [page, setPage]);
}

/** A keydown handler that calls `close` on Escape: an inline form or question closes like a dialog. */
export const closeOnEscape = (close: () => void) => (event: KeyboardEvent) => {
  if (event.key === 'Escape') close();
};

/**
 * Focuses `element`; one that is not focusable by itself (a heading, a table row) becomes focusable
 * by script only, so Tab does not stop on it afterwards.
 */
export function focusElement(element: HTMLElement): void {
  if (!element.matches('a[href], button, input, select, textarea, [tabindex]')) element.tabIndex = -1;
  element.focus();
}

/** Focuses the heading that names the section around `element` (its aria-labelledby). */
export function focusSectionHeading(element: Element): void {
  const id = element.closest('section[aria-labelledby]')?.getAttribute('aria-labelledby');
  const heading = id ? document.getElementById(id) : null;
  if (heading) focusElement(heading);
}
