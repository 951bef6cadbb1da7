/**
 * State hooks shared by the management views: loading a Result or a server list a page at a time,
 * running an action, debouncing, and focusing what replaces an element that went away.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { ErrorData, Result } from '@/lib/messaging/protocol';

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

/** Wraps a Result-returning action with busy and error state for the button that starts it. */
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
  return { run, busy, error, clearError };
}

/** Items per server page: small pages keep the lists quick and the rate limit (30 a minute) unspent. */
export const PAGE_SIZE = 25;
/** How long typing must pause before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 400;

/** A server list loaded a page at a time, and the way to turn its pages. */
export interface PagedResource<T> extends Loaded<T> {
  setPage: (page: number) => void;
}

const sameDeps = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((value, index) => Object.is(value, b[index]));

/**
 * Loads the page in view of a server list: `fetchPage` gets the page's number and size. The page
 * belongs to what `deps` select (a search, an order, a channel): a new selection starts again at
 * page 1.
 */
export function usePagedResource<T>(
  fetchPage: (query: { limit: number; page: number }) => Reply<T>,
  deps: readonly unknown[],
): PagedResource<T> {
  const [paging, setPaging] = useState({ deps, page: 1 });
  const page = sameDeps(paging.deps, deps) ? paging.page : 1;
  // The caller's deps decide when the page resets, as with useEffect itself.
  const setPage = useCallback((next: number) => setPaging({ deps, page: next }), deps);
  const list = useLoad(() => fetchPage({ limit: PAGE_SIZE, page }), [...deps, page]);
  return { ...list, setPage };
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
