/**
 * The "waiting for the rate limit" state the background publishes in `storage.session`, so any page
 * can show "waiting N s".
 *
 *   const wait = readRateLimitWait(await getItem(rateLimitWaitItem)); // null when nothing waits
 *   if (wait) show(`Waiting ${Math.ceil((wait.until - Date.now()) / 1000)} s (${wait.queued} queued)`);
 *
 * The key is present only while at least one request waits, and removed when the queue drains, so
 * `browser.storage.onChanged` (area 'session') tells a page when to show and hide its notice; pages
 * let `watchRateLimitWait` do both and count down:
 *
 *   const stop = watchRateLimitWait((seconds) => render(seconds)); // null: nothing waits
 */

import { rateLimitWaitItem, type StorageAreas, watchItem } from '../storage/items';

/** Requests are waiting for the server's rate-limit window. */
export interface RateLimitWait {
  /** Epoch ms when the waiting requests are expected to be sent. */
  until: number;
  /** How many requests are waiting (not counting those already sent). */
  queued: number;
}

/** The stored value as a RateLimitWait, or null when absent or unreadable. */
export function readRateLimitWait(value: unknown): RateLimitWait | null {
  if (!value || typeof value !== 'object') return null;
  const { until, queued } = value as Record<string, unknown>;
  if (typeof until !== 'number' || !Number.isFinite(until)) return null;
  if (typeof queued !== 'number' || !Number.isInteger(queued) || queued < 1) return null;
  return { until, queued };
}

type WaitAreas = Pick<StorageAreas, 'session' | 'onChanged'>;

/**
 * Calls `show` with the whole seconds left while requests wait for the rate limit — again every
 * second, so a page can count down — and with null once nothing waits. Returns the function that stops it.
 */
export function watchRateLimitWait(
  show: (seconds: number | null) => void,
  areas: WaitAreas = browser.storage,
): () => void {
  let wait: RateLimitWait | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  const tick = () => show(wait && Math.max(0, Math.ceil((wait.until - Date.now()) / 1000)));
  // Only the background writes this key (readRateLimitWait is for readers that must be strict).
  const set = (value: unknown) => {
    wait = (value as RateLimitWait | undefined)?.until ? (value as RateLimitWait) : null;
    clearInterval(timer);
    timer = wait ? setInterval(tick, 1000) : undefined;
    tick();
  };
  const stop = watchItem(rateLimitWaitItem, set, areas);
  return () => {
    stop();
    clearInterval(timer);
  };
}
