/**
 * Reads the server's rate-limit headers. The spec names X-RateLimit-Limit/Remaining/Reset but not
 * the format of Reset, so every common form is accepted.
 *
 *   const info = readRateLimit(response.headers, Date.now()); // null when the headers are absent
 */

/** The rate-limit window as the last answer described it. */
export interface RateLimitInfo {
  limit: number;
  remaining: number;
  /** Epoch ms when the window resets, if the server said. */
  resetAt: number | null;
  /** Epoch ms when these headers were read. */
  seenAt: number;
}

function headerNumber(headers: Headers, name: string): number | null {
  const value = headers.get(name)?.trim() ?? '';
  const n = value === '' ? Number.NaN : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** X-RateLimit-Reset as epoch ms: > 1e12 is epoch ms, > 1e9 epoch seconds, else seconds from now. */
export function resetTime(headers: Headers, now: number): number | null {
  const n = headerNumber(headers, 'x-ratelimit-reset');
  if (n === null) return httpDate(headers.get('x-ratelimit-reset'));
  if (n > 1e12) return Math.round(n);
  if (n > 1e9) return Math.round(n * 1000);
  return now + Math.max(0, Math.round(n * 1000));
}

/** When a rate-limited caller may try again: X-RateLimit-Reset, else Retry-After (seconds or a date). */
export function retryTime(headers: Headers, now: number): number | null {
  const reset = resetTime(headers, now);
  if (reset !== null) return reset;
  const seconds = headerNumber(headers, 'retry-after');
  if (seconds !== null) return now + Math.max(0, Math.round(seconds * 1000));
  return httpDate(headers.get('retry-after'));
}

/** The X-RateLimit-* headers of an answer, or null when it carries no limit and remaining count. */
export function readRateLimit(headers: Headers, now: number): RateLimitInfo | null {
  const limit = headerNumber(headers, 'x-ratelimit-limit');
  const remaining = headerNumber(headers, 'x-ratelimit-remaining');
  if (limit === null || remaining === null) return null;
  return { limit, remaining: Math.max(0, remaining), resetAt: resetTime(headers, now), seenAt: now };
}

function httpDate(value: string | null): number | null {
  const ms = value ? Date.parse(value) : Number.NaN;
  return Number.isFinite(ms) ? ms : null;
}
