import { useEffect, useState } from 'preact/hooks';

/**
 * The time now, for countdowns: the component is drawn again every second while `live`, so every
 * countdown on a page (rate-limit wait, queue, bulk job) moves on the same clock. Read at each draw,
 * so a countdown that starts mid-second never shows a stale time.
 */
export function useNow(live: boolean): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => setTick((tick) => tick + 1), 1_000);
    return () => clearInterval(timer);
  }, [live]);
  return Date.now();
}
