import { useLayoutEffect, useState } from 'preact/hooks';

/** The time now, read at each draw; while `live`, drawn again every second: every countdown's clock. */
export function useNow(live: boolean): number {
  const [, setTick] = useState(0);
  // Started as the countdown is drawn, not after the next paint: its first second is counted from there.
  useLayoutEffect(() => {
    if (!live) return;
    const timer = setInterval(() => setTick((tick) => tick + 1), 1_000);
    return () => clearInterval(timer);
  }, [live]);
  return Date.now();
}
