/**
 * The "waiting for the rate limit" state the background publishes in `storage.session`, so any page
 * can show "waiting N s". Zod-free and tiny, so the popup can import it without weight.
 *
 *   const raw = (await browser.storage.session.get(RATE_LIMIT_WAIT_KEY))[RATE_LIMIT_WAIT_KEY];
 *   const wait = readRateLimitWait(raw); // null when nothing waits
 *   if (wait) show(`Waiting ${Math.ceil((wait.until - Date.now()) / 1000)} s (${wait.queued} queued)`);
 *
 * The key is present only while at least one request waits, and removed when the queue drains, so
 * `browser.storage.onChanged` (area 'session') tells a page when to show and hide its notice.
 */

/** The storage.session key of the waiting state. */
export const RATE_LIMIT_WAIT_KEY = 'rateLimitWait';

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
