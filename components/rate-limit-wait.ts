/**
 * The "waiting for the rate limit" state the background publishes in `storage.session`, so any page
 * can show "waiting N s".
 *
 *   const wait = await getItem(rateLimitWaitItem); // null when nothing waits
 *   if (wait) show(`Waiting ${Math.ceil((wait.until - Date.now()) / 1000)} s (${wait.queued} queued)`);
 *
 * The key is present only while at least one request waits, and removed when the queue drains, so
 * `browser.storage.onChanged` (area 'session') tells a page when to show and hide its notice; pages
 * let `watchRateLimitWait` do both and count down:
 *
 *   const stop = watchRateLimitWait((seconds) => render(seconds)); // null: nothing waits
 */

import type { RateLimitWait } from '@/lib/api/rate-limiter';
import { rateLimitWaitItem, type StorageAreas, watchItem } from '@/lib/storage/items';

type WaitAreas = Pick<StorageAreas, 'session' | 'onChanged'>;

/**
 * Calls `show` with the whole seconds left while requests wait for the rate limit — again every
 * second, so a page can count down — and with null once nothing waits. Returns the function that stops it.
 */
export function watchRateLimitWait(
  show: (seconds: number | null) => void,
  areas: WaitAreas = browser.storage,
): () => void {
  let wait: RateLimitWait | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  const tick = () => show(wait && Math.max(0, Math.ceil((wait.until - Date.now()) / 1000)));
  const set = (value: RateLimitWait | null) => {
    wait = value;
    clearInterval(timer);
    timer = wait ? setInterval(tick, 1000) : undefined;
    tick();
  };
  const stop = watchItem(rateLimitWaitItem, set, areas);
  return () => {
    stop();
    clearInterval(timer);
  };
}
