// @vitest-environment node
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import type { RateLimitInfo } from '@/lib/api/rate-limit';
import type { RateLimitWait } from '@/lib/api/rate-limiter';
import {
  type Clock,
  createRateLimiter,
  type RateLimiterOptions,
  type ScheduleOptions,
} from '@/lib/api/rate-limiter';
import { errorText } from '@/lib/present/errors';

const T0 = 1_800_000_000_000;

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});

afterEach(() => {
  vi.useRealTimers();
});

// The limiter's clock, on top of vitest's fake timers.
const clock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const USER: ScheduleOptions = { priority: 'user', kind: 'read' };
const USER_WRITE: ScheduleOptions = { priority: 'user', kind: 'write' };
const BACKGROUND: ScheduleOptions = { priority: 'background', kind: 'read' };
const JOB_WRITE: ScheduleOptions = { priority: 'job', kind: 'write' };
const SYNC: ScheduleOptions = { priority: 'sync', kind: 'read' };

function headers(limit: number, remaining: number, resetAt: number | null): RateLimitInfo {
  return { limit, remaining, resetAt, seenAt: Date.now() };
}

function refusal(retryAt: number | undefined, status = 429): ApiError {
  return new ApiError({
    kind: 'rate_limited',
    status,
    message: 'Too many requests.',
    ...(retryAt === undefined ? {} : { retryAt }),
  });
}

/** A limiter whose waiting states are recorded, and a log of the tasks that started. */
function setup(options: RateLimiterOptions = {}) {
  const waits: (RateLimitWait | null)[] = [];
  const started: string[] = [];
  const limiter = createRateLimiter({ clock, onWait: (wait) => waits.push(wait), ...options });
  const run = (name: string, how: ScheduleOptions = USER, outcome: () => unknown = () => name) =>
    limiter.schedule(async () => {
      started.push(name);
      return outcome();
    }, how);
  return { limiter, waits, started, run };
}

/** Settles a promise's outcome for assertions without unhandled rejections. */
function outcome<T>(promise: Promise<T>) {
  const state: { value?: T; error?: unknown; done: boolean } = { done: false };
  promise.then(
    (value) => Object.assign(state, { value, done: true }),
    (error: unknown) => Object.assign(state, { error, done: true }),
  );
  return state;
}

describe('budget', () => {
  it('sends the first request alone, then up to the assumed 30 a minute; the rest wait for the window', async () => {
    const { limiter, started, run, waits } = setup();
    const results = Array.from({ length: 35 }, (_, i) => outcome(run(`r${i}`)));

    expect(started).toEqual(['r0']);
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toHaveLength(30);
    expect(limiter.waiting).toEqual({ until: T0 + 60_000 + 250, queued: 5 });
    expect(waits.at(-1)).toEqual({ until: T0 + 60_000 + 250, queued: 5 });

    await vi.advanceTimersByTimeAsync(60_000);
    expect(started).toHaveLength(30);
    await vi.advanceTimersByTimeAsync(250);
    expect(started).toHaveLength(35);
    expect(results.every((r) => r.done && r.error === undefined)).toBe(true);
    expect(limiter.waiting).toBeNull();
    expect(waits.at(-1)).toBeNull();
  });

  it('follows the headers: remaining, reset time and a plan with another limit', async () => {
    const { limiter, started, run } = setup();
    // The server says: 10 a window, 3 left, resetting in 5 s.
    const first = limiter.schedule(async () => {
      limiter.observe(headers(10, 3, T0 + 5_000));
      return 'first';
    }, USER);
    await first;
    for (let i = 0; i < 6; i++) void run(`r${i}`).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(['r0', 'r1', 'r2']);
    expect(limiter.waiting).toEqual({ until: T0 + 5_250, queued: 3 });

    await vi.advanceTimersByTimeAsync(5_250);
    expect(started).toHaveLength(6);
    expect(limiter.budget.limit).toBe(10);

    // The plan changed: 60 a window now, in the same window.
    limiter.observe(headers(60, 50, limiter.budget.resetAt));
    expect(limiter.budget.limit).toBe(60);
    for (let i = 6; i < 46; i++) void run(`r${i}`);
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toHaveLength(46);
  });

  it('counts requests still in flight as not yet counted by the server', async () => {
    const { limiter, started, run } = setup({ limit: 10 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await limiter.schedule(async () => limiter.observe(headers(10, 9, T0 + 60_000)), USER);
    const slow = Array.from({ length: 4 }, (_, i) => run(`slow${i}`, USER, () => gate));
    await vi.advanceTimersByTimeAsync(0);
    // An answer of one of them says 8 left: the server counted 2, three of ours may still come.
    limiter.observe(headers(10, 8, T0 + 60_000));
    for (let i = 0; i < 10; i++) void run(`more${i}`).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(started.filter((n) => n.startsWith('more'))).toHaveLength(5);
    release();
    await Promise.all(slow);
  });

  it('ignores a late answer of a window that is over', async () => {
    const { limiter, run } = setup({ limit: 5 });
    await run('a');
    limiter.observe(headers(5, 0, Date.now() - 1));
    expect(limiter.budget.used).toBe(1);
  });

  it('fails at once, saying when, instead of waiting longer than it may', async () => {
    const { limiter, run, started } = setup();
    await limiter.schedule(async () => limiter.observe(headers(30, 0, T0 + 3_600_000)), USER);
    const waiting = outcome(run('late'));
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([]);
    expect(waiting.error).toMatchObject({ kind: 'rate_limited', retryAt: T0 + 3_600_250 });
    expect(errorText(waiting.error as ApiError, Date.now())).toMatch(/Try again in 61 minutes\./);
    expect(limiter.waiting).toBeNull();
  });

  it('takes an aborted request out of the queue', async () => {
    const { limiter, started } = setup({ limit: 1 });
    await limiter.schedule(async () => limiter.observe(headers(1, 0, T0 + 10_000)), USER);
    const controller = new AbortController();
    const aborted = outcome(
      limiter.schedule(async () => started.push('aborted'), { ...USER, signal: controller.signal }),
    );
    const kept = outcome(limiter.schedule(async () => started.push('kept'), USER));
    await vi.advanceTimersByTimeAsync(0);
    expect(limiter.waiting).toMatchObject({ queued: 2 });
    controller.abort(new Error('closed'));
    await vi.advanceTimersByTimeAsync(0);
    expect(aborted.error).toEqual(new Error('closed'));
    expect(limiter.waiting).toMatchObject({ queued: 1 });
    await vi.advanceTimersByTimeAsync(10_250);
    expect(started).toEqual(['kept']);
    expect(kept.done).toBe(true);
  });

  it('passes a task’s own failure on, also one thrown synchronously', async () => {
    const { limiter } = setup();
    await expect(
      limiter.schedule(() => {
        throw new TypeError('boom');
      }, USER),
    ).rejects.toThrow('boom');
    await expect(limiter.schedule(() => Promise.reject(new Error('async')), USER)).rejects.toThrow('async');
  });
});

describe('priority', () => {
  it('lets a refresh wait behind waiting user requests, and run after them in the next window', async () => {
    const { limiter, started, run } = setup({ limit: 12 });
    await limiter.schedule(async () => limiter.observe(headers(12, 0, T0 + 1_000)), USER);
    const users = [outcome(run('u1')), outcome(run('u2'))];
    const background = outcome(run('refresh', BACKGROUND));
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([]);
    expect(limiter.waiting).toEqual({ until: T0 + 1_250, queued: 3 });
    await vi.advanceTimersByTimeAsync(1_250);
    expect(started).toEqual(['u1', 'u2', 'refresh']);
    expect([...users, background].every((r) => r.done && r.error === undefined)).toBe(true);
  });

  it('runs user requests before a refresh that was queued earlier', async () => {
    const { started, run } = setup();
    let answer!: () => void;
    const first = run('first', USER, () => new Promise<void>((resolve) => (answer = resolve)));
    // While the first request is out, the others queue: the refresh first, then the user's.
    const refresh = run('refresh', BACKGROUND);
    const user = run('user');
    await vi.advanceTimersByTimeAsync(0);
    answer();
    await Promise.all([first, refresh, user]);
    expect(started).toEqual(['first', 'user', 'refresh']);
  });

  it('keeps the last 5 requests of a window for the user: a refresh is skipped, the user still goes', async () => {
    const { limiter, started, run } = setup();
    await limiter.schedule(async () => limiter.observe(headers(30, 5, T0 + 20_000)), USER);
    const refresh = outcome(run('refresh', BACKGROUND));
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([]);
    expect(refresh.error).toMatchObject({ kind: 'rate_limited', retryAt: T0 + 20_250 });
    expect((refresh.error as ApiError).message).toMatch(/kept for your own actions/);

    for (let i = 0; i < 5; i++) void run(`u${i}`);
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(['u0', 'u1', 'u2', 'u3', 'u4']);
  });

  it('lets a background request run while more than the reserve is left', async () => {
    const { limiter, run } = setup();
    await limiter.schedule(async () => limiter.observe(headers(30, 6, T0 + 20_000)), USER);
    await expect(run('refresh', BACKGROUND)).resolves.toBe('refresh');
    await expect(run('refresh 2', BACKGROUND)).rejects.toMatchObject({ kind: 'rate_limited' });
  });

  it('leaves a background request one per window when the limit is tiny', async () => {
    const { limiter, run } = setup();
    await limiter.schedule(async () => limiter.observe(headers(2, 2, T0 + 20_000)), USER);
    await expect(run('refresh', BACKGROUND)).resolves.toBe('refresh');
  });
});

describe('jobs (bulk create, the outage queue)', () => {
  it('run after the user’s requests and before refreshes, whatever the order they were queued in', async () => {
    const { started, run } = setup();
    let answer!: () => void;
    const first = run('first', USER, () => new Promise<void>((resolve) => (answer = resolve)));
    const queued = [run('refresh', BACKGROUND), run('job', JOB_WRITE), run('user')];
    await vi.advanceTimersByTimeAsync(0);
    answer();
    await Promise.all([first, ...queued]);
    expect(started).toEqual(['first', 'user', 'job', 'refresh']);
  });

  it('leave the last 5 requests of a window to the user: a job waits for the next window, unannounced', async () => {
    const { limiter, started, run } = setup();
    await limiter.schedule(async () => limiter.observe(headers(30, 5, T0 + 20_000)), USER);
    const job = outcome(run('job', JOB_WRITE));
    const refresh = outcome(run('refresh', BACKGROUND));
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([]);
    expect(job.done).toBe(false);
    expect(refresh.error).toMatchObject({ kind: 'rate_limited' });
    expect(limiter.waiting).toBeNull();

    // The user's shorten does not wait behind the job.
    await expect(run('user')).resolves.toBe('user');
    expect(started).toEqual(['user']);

    await vi.advanceTimersByTimeAsync(20_250);
    expect(started).toEqual(['user', 'job']);
    expect(job).toMatchObject({ done: true, value: 'job' });
  });

  it('fail with the reset time instead of waiting longer than the limiter may hold them', async () => {
    const { limiter, started, run } = setup({ maxWaitMs: 60_000 });
    await limiter.schedule(async () => limiter.observe(headers(30, 0, T0 + 600_000)), USER);
    const job = outcome(run('job', JOB_WRITE));
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([]);
    expect(job.error).toMatchObject({ kind: 'rate_limited', retryAt: T0 + 600_250 });
  });

  it('send a create refused with a 429 once more, as the user’s are', async () => {
    const { started, run } = setup();
    let refused = false;
    const job = run('job', JOB_WRITE, () => {
      if (refused) return 'made';
      refused = true;
      throw refusal(Date.now() + 1_000);
    });
    await vi.advanceTimersByTimeAsync(1_250);
    await expect(job).resolves.toBe('made');
    expect(started).toEqual(['job', 'job']);
  });
});

describe('sync (the link mirror)', () => {
  /** Tasks started per window of 60 s from T0, by name prefix. */
  const perWindow = (log: { name: string; at: number }[], prefix: string) => {
    const counts: number[] = [];
    for (const { name, at } of log) {
      if (!name.startsWith(prefix)) continue;
      const window = Math.floor((at - T0) / 60_000);
      counts[window] = (counts[window] ?? 0) + 1;
    }
    return counts;
  };

  it('takes at most a third of each window (10 of 30), over several windows', async () => {
    const log: { name: string; at: number }[] = [];
    const limiter = createRateLimiter({ clock });
    const syncs = Array.from({ length: 25 }, (_, i) =>
      limiter.schedule(async () => void log.push({ name: `sync${i}`, at: Date.now() }), SYNC),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(perWindow(log, 'sync')).toEqual([10]);
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    await Promise.all(syncs);
    expect(perWindow(log, 'sync')).toEqual([10, 10, 5]);
  });

  it('takes a third of the limit the headers announce', async () => {
    const { limiter, started, run } = setup();
    await limiter.schedule(async () => limiter.observe(headers(90, 89, T0 + 60_000)), USER);
    const syncs = Array.from({ length: 40 }, (_, i) => outcome(run(`sync${i}`, SYNC)));
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toHaveLength(30);
    expect(syncs.filter((s) => s.done)).toHaveLength(30);
  });

  it('runs after the user, jobs and refreshes, and the user never waits behind it', async () => {
    const { limiter, started, run } = setup();
    let answer!: () => void;
    const first = run('first', USER, () => new Promise<void>((resolve) => (answer = resolve)));
    const queued = [run('sync', SYNC), run('refresh', BACKGROUND), run('job', JOB_WRITE), run('user')];
    await vi.advanceTimersByTimeAsync(0);
    answer();
    await Promise.all([first, ...queued]);
    expect(started).toEqual(['first', 'user', 'job', 'refresh', 'sync']);

    // Its share of the window spent, a sync waits; the user's request goes at once.
    const waiting = Array.from({ length: 12 }, (_, i) => outcome(run(`s${i}`, SYNC)));
    await vi.advanceTimersByTimeAsync(0);
    expect(waiting.filter((s) => s.done)).toHaveLength(9);
    expect(limiter.waiting).toBeNull();
    await expect(run('user2')).resolves.toBe('user2');
  });

  it('never uses the reserve: with 5 left it waits for the next window', async () => {
    const { limiter, started, run } = setup();
    await limiter.schedule(async () => limiter.observe(headers(30, 5, T0 + 20_000)), USER);
    const sync = outcome(run('sync', SYNC));
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([]);
    expect(sync.done).toBe(false);
    await vi.advanceTimersByTimeAsync(20_250);
    expect(sync).toMatchObject({ done: true, value: 'sync' });
  });
});

describe('refusals (429) from a server the key is shared with', () => {
  it('holds everything until retryAt and then repeats a read', async () => {
    const { run, started, limiter } = setup();
    let calls = 0;
    const read = outcome(
      run('read', USER, () => {
        calls += 1;
        if (calls === 1) throw refusal(T0 + 7_000);
        return 'done';
      }),
    );
    await vi.advanceTimersByTimeAsync(0);
    const other = outcome(run('other'));
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(['read']);
    expect(limiter.waiting).toEqual({ until: T0 + 7_250, queued: 2 });

    await vi.advanceTimersByTimeAsync(7_250);
    expect(started).toEqual(['read', 'read', 'other']);
    expect(read.value).toBe('done');
    expect(other.done).toBe(true);
  });

  it('repeats a read at most twice', async () => {
    const { run } = setup();
    let calls = 0;
    const read = outcome(
      run('read', USER, () => {
        calls += 1;
        throw refusal(Date.now() + 1_000);
      }),
    );
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toBe(3);
    expect(read.error).toMatchObject({ kind: 'rate_limited' });
  });

  it('waits a whole window when the refusal does not say until when', async () => {
    const { run, limiter } = setup();
    let calls = 0;
    void run('read', USER, () => {
      calls += 1;
      if (calls === 1) throw refusal(undefined);
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(limiter.waiting).toEqual({ until: T0 + 60_250, queued: 1 });
    await vi.advanceTimersByTimeAsync(60_250);
    expect(calls).toBe(2);
  });

  it('sends a refused create once more, and only once', async () => {
    const { run } = setup();
    let calls = 0;
    const create = outcome(
      run('create', USER_WRITE, () => {
        calls += 1;
        throw refusal(Date.now() + 2_000);
      }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(2_250);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(2);
    expect(create.error).toMatchObject({ kind: 'rate_limited', status: 429 });
  });

  it.each([
    ['a rate-limit message without HTTP 429 (it may have been processed)', refusal(T0 + 2_000, 200)],
    ['a server error', new ApiError({ kind: 'server', status: 500, message: 'Down.' })],
    ['a timeout', new ApiError({ kind: 'timeout', message: 'Slow.' })],
  ])('never sends a create again after %s', async (_, error) => {
    const { run } = setup();
    let calls = 0;
    const create = outcome(
      run('create', USER_WRITE, () => {
        calls += 1;
        throw error;
      }),
    );
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toBe(1);
    expect(create.error).toBe(error);
  });

  it('does not repeat a refused background read: refreshes yield', async () => {
    const { run } = setup();
    let calls = 0;
    const refresh = outcome(
      run('refresh', BACKGROUND, () => {
        calls += 1;
        throw refusal(T0 + 1_000);
      }),
    );
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toBe(1);
    expect(refresh.error).toMatchObject({ kind: 'rate_limited' });
  });
});

describe('against a model of a fixed-window server', () => {
  /** Counts per window like the reference server; answers with headers after `latency`. */
  function modelServer(perWindow: number, windowMs: number) {
    let start = 0;
    let count = 0;
    let refused = 0;
    const counts: number[] = [];
    return {
      counts,
      get refused() {
        return refused;
      },
      hit(now: number): { allowed: boolean; info: RateLimitInfo } {
        if (now >= start + windowMs) {
          start = now;
          count = 0;
          counts.push(0);
        }
        const allowed = count < perWindow;
        if (allowed) {
          count += 1;
          counts[counts.length - 1] = count;
        } else refused += 1;
        const resetAt = Math.ceil((start + windowMs) / 1000) * 1000;
        return { allowed, info: { limit: perWindow, remaining: perWindow - count, resetAt, seenAt: now } };
      },
    };
  }

  it('never gets a 429, and every user request completes, for any limit, window, latency and arrivals', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 500, max: 60_000 }),
        fc.array(
          fc.record({
            at: fc.integer({ min: 0, max: 5_000 }),
            latency: fc.integer({ min: 1, max: 400 }),
            background: fc.boolean(),
          }),
          { minLength: 1, maxLength: 80 },
        ),
        async (perWindow, windowMs, requests) => {
          vi.setSystemTime(T0);
          const server = modelServer(perWindow, windowMs);
          const limiter = createRateLimiter({ clock });
          const results = requests.map((request) => {
            const state = { done: false, error: undefined as unknown };
            setTimeout(() => {
              limiter
                .schedule(
                  async () => {
                    await new Promise((resolve) => setTimeout(resolve, request.latency / 2));
                    const { allowed, info } = server.hit(Date.now());
                    await new Promise((resolve) => setTimeout(resolve, request.latency / 2));
                    limiter.observe(info);
                    if (!allowed) throw refusal(info.resetAt ?? undefined);
                  },
                  request.background ? BACKGROUND : USER,
                )
                .then(
                  () => Object.assign(state, { done: true }),
                  (error: unknown) => Object.assign(state, { done: true, error }),
                );
            }, request.at);
            return { request, state };
          });
          await vi.runAllTimersAsync();

          expect(server.refused).toBe(0);
          expect(Math.max(...server.counts)).toBeLessThanOrEqual(perWindow);
          for (const { request, state } of results) {
            expect(state.done).toBe(true);
            // Only a refresh may be skipped, and only for the budget.
            if (!request.background) expect(state.error).toBeUndefined();
            else if (state.error) expect(state.error).toMatchObject({ kind: 'rate_limited' });
          }
          expect(limiter.waiting).toBeNull();
        },
      ),
      { numRuns: 200 },
    );
  });
});
