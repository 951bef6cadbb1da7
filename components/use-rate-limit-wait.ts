import { useEffect, useState } from 'preact/hooks';
import type { RateLimitWait } from '@/lib/api/rate-limiter';
import { rateLimitWaitItem, watchItem } from '@/lib/storage/items';
import { useNow } from './use-now';

type WaitWatcher = (show: (wait: RateLimitWait | null) => void) => () => void;

// The background keeps the state in storage.session only while a request waits, so any page sees it.
const watchWait: WaitWatcher = (show) => watchItem(rateLimitWaitItem, show);

/** How long requests held back for the rate limit still wait (ms, counting down), else null. */
export function useRateLimitWait(watch: WaitWatcher = watchWait): number | null {
  const [wait, setWait] = useState<RateLimitWait | null>(null);
  // What the watcher returns stops it, so the watch ends with the page.
  useEffect(() => watch(setWait), [watch]);
  const now = useNow(wait !== null);
  return wait && Math.max(0, wait.until - now);
}
