/**
 * The "waiting for the rate limit" state as the background publishes it (rateLimitWaitItem in
 * lib/storage/items.ts, which reads it with readRateLimitWait; lib/api/rate-limit-wait.ts watches it).
 * Nothing here touches storage, so the item can name this type without an import cycle.
 */

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
