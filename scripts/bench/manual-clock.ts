/**
 * A clock that moves only when told to, for the rate limiter (its `Clock`) and whatever else reads
 * `now`: the mirror's tests and the bench's simulated first sync pass minutes of rate-limit windows
 * in moments.
 *
 *   const time = manualClock(Date.UTC(2030, 0, 1));
 *   createClients({ now: time.now, limiter: { clock: time.clock } });
 *   time.advance(61_000);   // the limiters' timers due by then fire, in order
 */
import type { Clock } from '@/lib/api/rate-limiter';

/** A clock at `start` that moves by `advance`, firing the timers it passes. */
export function manualClock(start: number) {
  let now = start;
  const timers = new Set<{ at: number; callback: () => void }>();
  const clock: Clock = {
    now: () => now,
    setTimeout: (callback, ms) => {
      const timer = { at: now + ms, callback };
      timers.add(timer);
      return timer;
    },
    clearTimeout: (handle) => void timers.delete(handle as { at: number; callback: () => void }),
  };
  return {
    clock,
    now: () => now,
    advance(ms: number) {
      now += ms;
      for (const timer of [...timers].sort((a, b) => a.at - b.at)) {
        if (timer.at > now) continue;
        timers.delete(timer);
        timer.callback();
      }
    },
  };
}
