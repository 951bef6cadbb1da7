/**
 * The outage queue's rules, shared by the background that runs it (entrypoints/background/jobs/queue.ts)
 * and the popup that offers "Queue it": which failures wait for the server, and how long between tries.
 */
import type { ErrorData } from '../api/errors';

/** Waits between tries, by attempt: 30 s, 1, 2, 4, 8 min, then every 15 min. */
const BACKOFF_MS = [30_000, 60_000, 120_000, 240_000, 480_000, 900_000] as const;

const QUEUEABLE: ReadonlySet<ErrorData['kind']> = new Set([
  'network',
  'timeout',
  'server',
  // The rate limiter holds a request for up to 90 s; what reaches a caller waits longer than that.
  'rate_limited',
]);

/**
 * Whether a failed create is the server's or the network's, and so may wait in the queue. An answer
 * the extension can't read is too (most often a proxy's or captive portal's page during an outage;
 * the retry looks for the link first, so it cannot make a second one), but not a redirect (no
 * status, or 3xx): that is the server's set-up, which waiting does not change.
 */
export function isQueueable(error: Pick<ErrorData, 'kind' | 'status'>): boolean {
  if (error.kind === 'invalid_response')
    return error.status !== undefined && (error.status < 300 || error.status >= 500);
  return QUEUEABLE.has(error.kind);
}

/** How long to wait after the given number of tries (1 or more). */
export function retryDelay(attempts: number): number {
  return BACKOFF_MS[Math.min(Math.max(attempts, 1), BACKOFF_MS.length) - 1] ?? BACKOFF_MS[0];
}
