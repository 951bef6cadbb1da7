/**
 * Keeps the requests of one server key within the server's rate limit (30 a minute unless its
 * X-RateLimit-* headers say otherwise). A request beyond the limit waits in a queue until the window
 * resets instead of failing. The user's requests go first. Jobs the user started and left to run
 * (bulk create, the outage queue) come next and never use the last few requests of a window, so the
 * user's own shorten never waits behind them. Background refreshes yield: they run after those, never
 * use those requests either, and are dropped when the budget is that low. The link mirror's sync runs
 * last, waits for the next window like a job, and takes at most a share of each window (a third).
 * The first request goes alone: its answer's headers tell the real limit and window before a burst.
 * No browser API is used and the clock is injectable, so tests drive it with fake timers.
 *
 *   const limiter = createRateLimiter({ onWait: (wait) => show(wait) });
 *   const client = createClient({
 *     baseUrl, apiKey,
 *     onRateLimit: limiter.observe,
 *     schedule: (request, send) =>
 *       limiter.schedule(send, { priority: 'user', kind: request.method === 'GET' ? 'read' : 'write' }),
 *   });
 */

import { t } from '../i18n';
import { ApiError } from './errors';
import type { RateLimitInfo } from './rate-limit';

/** Requests are waiting for the server's rate-limit window (what pages show as "waiting N s"). */
export interface RateLimitWait {
  /** Epoch ms when the waiting requests are expected to be sent. */
  until: number;
  /** How many requests are waiting (not counting those already sent). */
  queued: number;
}

/**
 * `user`: the user is waiting for it. `job`: one request of a long run the user started and need not
 * watch (it waits for the next window rather than use the user's reserve). `background`: a refresh
 * nobody asked for explicitly. `sync`: the link mirror's reading of the whole list, which may take
 * hours and must leave most of every window to everything else (`syncShare`).
 */
export type Priority = 'user' | 'job' | 'background' | 'sync';

/** `read` requests change nothing on the server; `write` requests create, change or delete. */
type RequestKind = 'read' | 'write';

export interface ScheduleOptions {
  priority: Priority;
  kind: RequestKind;
  /** Aborting takes a waiting request out of the queue. */
  signal?: AbortSignal | undefined;
}

/** Time and timers, injectable for tests. */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface RateLimiterOptions {
  /** Requests per window assumed until the server's headers say otherwise; default 30. */
  limit?: number;
  /** Window length assumed while the server has not said when it resets; default 60000. */
  windowMs?: number;
  /** Requests of each window kept for the user: job and background requests never use them; default 5. */
  reserve?: number;
  /** The part of each window's limit `sync` requests may use, at least one request; default 1/3. */
  syncShare?: number;
  /** A request that would wait longer fails at once with a rate_limited error; default 90000. */
  maxWaitMs?: number;
  /** Waited after the window's reset time before sending again, for clock skew; default 250. */
  marginMs?: number;
  /** How often a refused (429) read of the user is sent again; default 2. */
  readRetries?: number;
  clock?: Clock;
  /** Called when the waiting state changes: requests wait until `until`, or (null) nothing waits. */
  onWait?: (wait: RateLimitWait | null) => void;
}

export interface RateLimiter {
  /** Runs `task` (one HTTP request) when the budget allows; resolves or rejects with its outcome. */
  schedule<T>(task: () => Promise<T>, options: ScheduleOptions): Promise<T>;
  /** Takes in the rate-limit headers of an answer (the client's `onRateLimit`). */
  observe(info: RateLimitInfo): void;
  /** What the user is waiting for now, or null (jobs waiting for the next window are not shown). */
  readonly waiting: RateLimitWait | null;
  /** The current window as the limiter sees it. */
  readonly budget: { limit: number; used: number; resetAt: number | null };
}

const DEFAULT_LIMIT = 30;
const DEFAULT_WINDOW_MS = 60_000;
const DEFAULT_RESERVE = 5;
const DEFAULT_MAX_WAIT_MS = 90_000;
const DEFAULT_SYNC_SHARE = 1 / 3;
// X-RateLimit-Reset is often whole seconds, absolute or from now: reset times of one window read
// from different answers differ by less than this, those of two windows by at least this.
const SAME_WINDOW_MS = 1_000;

/** Requests of a window a job may use with the default reserve: what an estimate of a job's time counts on. */
export function jobRequestsPerWindow(limit: number): number {
  const whole = Math.max(1, Math.floor(limit));
  return Math.max(1, whole - Math.min(DEFAULT_RESERVE, whole - 1));
}

const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

interface Job {
  task: () => Promise<unknown>;
  priority: Priority;
  kind: RequestKind;
  resent: number;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Creates the limiter of one server key. */
export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
  const clock = options.clock ?? systemClock;
  const windowMs = options.windowMs ?? DEFAULT_WINDOW_MS;
  const reserve = options.reserve ?? DEFAULT_RESERVE;
  const maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
  const marginMs = options.marginMs ?? 250;
  const readRetries = options.readRetries ?? 2;
  const syncShare = options.syncShare ?? DEFAULT_SYNC_SHARE;

  let limit = Math.max(1, options.limit ?? DEFAULT_LIMIT);
  /** Requests counted against the current window: ours, plus others' the headers revealed. */
  let used = 0;
  /** Sync requests sent in the current window. */
  let syncUsed = 0;
  /** End of the current window; null when none is open (the next request opens one). */
  let resetAt: number | null = null;
  /** True while resetAt is our guess rather than the server's word. */
  let guessed = true;
  let inflight = 0;
  /** True until the first answer: it tells the real limit, which may be lower than the assumed one. */
  let probing = true;
  const queues: Record<Priority, Job[]> = { user: [], job: [], background: [], sync: [] };
  let timer: unknown;
  let waiting: RateLimitWait | null = null;

  // With a tiny limit the reserve must still leave the background one request per window.
  const reserved = () => Math.min(reserve, limit - 1);
  const syncLimit = () => Math.max(1, Math.floor(limit * syncShare));

  function setWaiting(next: RateLimitWait | null): void {
    if (next?.until === waiting?.until && next?.queued === waiting?.queued) return;
    waiting = next;
    options.onWait?.(next);
  }

  function rollWindow(now: number): void {
    if (resetAt !== null && now >= resetAt + marginMs) {
      resetAt = null;
      // A request still on its way may reach the server after the reset and count in the new window.
      used = inflight;
      syncUsed = 0;
      guessed = true;
    }
  }

  function start(job: Job, now: number): void {
    if (resetAt === null) {
      resetAt = now + windowMs;
      guessed = true;
    }
    used += 1;
    if (job.priority === 'sync') syncUsed += 1;
    inflight += 1;
    let result: Promise<unknown>;
    try {
      result = Promise.resolve(job.task());
    } catch (error) {
      result = Promise.reject(error);
    }
    result.then(
      (value) => {
        inflight -= 1;
        job.resolve(value);
        answered();
      },
      (error: unknown) => {
        inflight -= 1;
        failed(job, error);
        answered();
      },
    );
  }

  function answered(): void {
    if (!probing) return;
    probing = false;
    pump();
  }

  /**
   * Whether a request the server refused for the rate limit is sent again once the window resets.
   * A refresh is not: it yields. A read is, a few times: it changes nothing. A write only on an HTTP
   * 429, and only once: a 429 says the server refused the request before doing it (rate limiters
   * answer ahead of the endpoint, as the reference server does), so the link was not created and
   * sending it again cannot make a twin. Any other failure of a write (timeout, dropped connection,
   * 5xx, a rate-limit message with another status) may have happened on the server: never resent.
   */
  function mayResend(job: Job, error: ApiError): boolean {
    if (job.priority === 'background') return false;
    if (job.kind === 'read') return job.resent < readRetries;
    return error.status === 429 && job.resent < 1;
  }

  function failed(job: Job, error: unknown): void {
    if (!(error instanceof ApiError) || error.kind !== 'rate_limited') {
      job.reject(error);
      return;
    }
    // Someone else uses the same key (another browser, a script): the window is spent until the
    // server says it resets, or for a whole window when it does not say.
    const now = clock.now();
    if (error.retryAt !== undefined && error.retryAt > now) {
      resetAt = error.retryAt;
      guessed = false;
    } else if (guessed || resetAt === null || resetAt <= now) {
      resetAt = now + windowMs;
      guessed = true;
    }
    used = limit;
    if (mayResend(job, error)) {
      job.resent += 1;
      queues[job.priority].unshift(job);
    } else {
      job.reject(error);
    }
    pump();
  }

  // The errors carry when the window ends; the pages say it in words (lib/present/errors.ts).
  function dropBackground(now: number): void {
    const until = (resetAt ?? now) + marginMs;
    const error = new ApiError({
      kind: 'rate_limited',
      message: t('error_refresh_held_back'),
      retryAt: until,
    });
    for (const job of queues.background.splice(0)) job.reject(error);
  }

  function rejectAll(until: number): void {
    const error = new ApiError({
      kind: 'rate_limited',
      message: t('error_rate_limit_too_long'),
      retryAt: until,
    });
    const all = [
      ...queues.user.splice(0),
      ...queues.job.splice(0),
      ...queues.background.splice(0),
      ...queues.sync.splice(0),
    ];
    for (const job of all) job.reject(error);
  }

  function pump(): void {
    clock.clearTimeout(timer);
    timer = undefined;
    const now = clock.now();
    rollWindow(now);
    let spent = false;
    for (;;) {
      const job = queues.user[0] ?? queues.job[0] ?? queues.background[0] ?? queues.sync[0];
      if (!job) break;
      // Until the first answer says what the limit really is, one request at a time: with a plan
      // below the assumed limit, a burst would otherwise be refused after its first few requests.
      if (probing && inflight > 0) break;
      const available = limit - used;
      if (job.priority !== 'user' && available <= reserved()) {
        dropBackground(now);
        // A job waits for the next window; a user request arriving meanwhile still finds the reserve.
        spent = job.priority === 'job' || job.priority === 'sync';
        break;
      }
      // The sync has had its share of this window: it waits for the next, leaving the rest to others.
      if (job.priority === 'sync' && syncUsed >= syncLimit()) {
        spent = true;
        break;
      }
      if (available <= 0) {
        spent = true;
        break;
      }
      queues[job.priority].shift();
      start(job, now);
    }
    // Waiting for the first answer takes a round trip, not a window: nothing to show for it.
    if (!spent) {
      setWaiting(null);
      return;
    }
    const until = (resetAt ?? now) + marginMs;
    if (until - now > maxWaitMs) {
      rejectAll(until);
      setWaiting(null);
      return;
    }
    timer = clock.setTimeout(pump, until - now);
    // A job shows its own progress: only what the user asked for, and refreshes held with it, are
    // announced as a wait (a refresh never waits alone: it is dropped instead).
    const queued = queues.user.length + queues.background.length;
    setWaiting(queued > 0 ? { until, queued } : null);
  }

  function observe(info: RateLimitInfo): void {
    const now = clock.now();
    probing = false;
    limit = Math.max(1, Math.floor(info.limit));
    // A late answer from a window that is already over says nothing about the current one.
    if (info.resetAt !== null && info.resetAt <= now) {
      pump();
      return;
    }
    // Our other requests in flight may not be counted yet in `remaining`: count them as if not.
    const counted = Math.min(limit, Math.max(0, info.limit - info.remaining) + Math.max(0, inflight - 1));
    if (info.resetAt !== null && (resetAt === null || guessed || info.resetAt - resetAt >= SAME_WINDOW_MS)) {
      // The server's first word on this window, or a later window: its count is the truth.
      if (resetAt !== null && !guessed) syncUsed = 0;
      resetAt = info.resetAt;
      guessed = false;
      used = counted;
    } else {
      // The same window (or a late answer of an earlier one): answers may arrive out of order, so a
      // count only ever grows, and of two reset times the later one is kept.
      used = Math.max(used, counted);
      if (info.resetAt !== null && resetAt !== null && info.resetAt > resetAt) resetAt = info.resetAt;
    }
    pump();
  }

  function schedule<T>(task: () => Promise<T>, { priority, kind, signal }: ScheduleOptions): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = () => {
        const queue = queues[priority];
        const index = queue.indexOf(job);
        if (index < 0) return;
        queue.splice(index, 1);
        reject(signal?.reason);
        pump();
      };
      const job: Job = {
        task,
        priority,
        kind,
        resent: 0,
        resolve: (value) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(value as T);
        },
        reject: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      queues[priority].push(job);
      pump();
    });
  }

  return {
    schedule,
    observe,
    get waiting() {
      return waiting;
    },
    get budget() {
      return { limit, used, resetAt };
    },
  };
}
