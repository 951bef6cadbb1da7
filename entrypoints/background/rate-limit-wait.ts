/**
 * Publishes what the rate limiters hold back as `{ until, queued }` in storage.session under
 * rateLimitWaitItem (lib/storage/items.ts), so pages can show "waiting N s"; the key is removed when nothing waits.
 * With several profiles waiting at once, `queued` is the sum and `until` the latest.
 */
import type { RateLimitWait } from '@/lib/api/rate-limiter';
import { rateLimitWaitItem, removeItem, setItem } from '@/lib/storage/items';

/**
 * While requests wait, the state is written again this often. Chrome stops an idle service worker
 * after 30 s, and a timer alone does not count as activity; an extension API call does (Chrome 110+),
 * so the worker, and the queue it holds, survives a wait of a whole rate-limit window.
 */
export const WAIT_HEARTBEAT_MS = 20_000;

type SessionArea = Pick<typeof browser.storage.session, 'set' | 'remove'>;

interface WaitPublisher {
  /** Records the state of one limiter and publishes the combined state. */
  update(limiterId: string, wait: RateLimitWait | null): void;
  /** Removes a state left by a worker that stopped while waiting: a new worker's queue is empty. */
  clear(): void;
  /** Resolves when every write so far is done (for tests). */
  flushed(): Promise<void>;
}

function same(a: RateLimitWait | null, b: RateLimitWait | null): boolean {
  return a?.until === b?.until && a?.queued === b?.queued;
}

/** Creates the publisher; `area` is read on each write, since Firefox before 115 has no storage.session. */
export function createWaitPublisher(
  area: () => SessionArea | undefined = () => browser.storage.session,
): WaitPublisher {
  const waits = new Map<string, RateLimitWait>();
  let written: RateLimitWait | null = null;
  let writes: Promise<void> = Promise.resolve();
  let heartbeat: ReturnType<typeof setInterval> | undefined;

  function combined(): RateLimitWait | null {
    if (waits.size === 0) return null;
    let until = 0;
    let queued = 0;
    for (const wait of waits.values()) {
      until = Math.max(until, wait.until);
      queued += wait.queued;
    }
    return { until, queued };
  }

  // Writes are chained, and each writes the latest state, so storage never ends on an older one.
  function write(force: boolean): void {
    writes = writes
      .then(async () => {
        const next = combined();
        if (!force && same(next, written)) return;
        const session = area();
        if (!session) return;
        if (next) await setItem(rateLimitWaitItem, next, session);
        else await removeItem(rateLimitWaitItem, session);
        written = next;
      })
      .catch(() => undefined);
  }

  return {
    update(limiterId, wait) {
      if (wait) waits.set(limiterId, wait);
      else waits.delete(limiterId);
      write(false);
      if (waits.size > 0) heartbeat ??= setInterval(() => write(true), WAIT_HEARTBEAT_MS);
      else {
        clearInterval(heartbeat);
        heartbeat = undefined;
      }
    },
    clear() {
      writes = writes
        .then(async () => {
          const session = area();
          if (session && waits.size === 0) await removeItem(rateLimitWaitItem, session);
        })
        .catch(() => undefined);
    },
    flushed: () => writes,
  };
}
