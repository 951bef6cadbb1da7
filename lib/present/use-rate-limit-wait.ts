import { useEffect, useState } from 'preact/hooks';
import type { RateLimitWait } from '../api/rate-limit-wait-state';
import { rateLimitWaitItem, watchItem } from '../storage/items';
import { useNow } from './use-now';

/** Follows the waiting state the background publishes; returns the function that stops following. */
type WaitWatcher = (show: (wait: RateLimitWait | null) => void) => () => void;

// The background keeps the state in storage.session only while a request waits, so any page sees it.
const watchWait: WaitWatcher = (show) => watchItem(rateLimitWaitItem, show);

/**
 * How long requests held back for the server's rate limit still wait, in ms, counting down each
 * second; null while none wait. The popup, the side panel and the management page show it; `watch`
 * is a parameter so tests can drive it.
 */
export function useRateLimitWait(watch: WaitWatcher = watchWait): number | null {
  const [wait, setWait] = useState<RateLimitWait | null>(null);
  // What the watcher returns stops it, so the watch ends with the page.
  useEffect(() => watch(setWait), [watch]);
  const now = useNow(wait !== null);
  return wait && Math.max(0, wait.until - now);
}
