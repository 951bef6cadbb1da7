import { useEffect, useState } from 'preact/hooks';
import { watchRateLimitWait } from '@/components/rate-limit-wait';

/** Seconds until requests held back for the server's rate limit are sent; null when none wait. */
export function useRateLimitWait(): number | null {
  const [wait, setWait] = useState<number | null>(null);
  // What the watcher returns stops it, so the watch ends with the popup.
  useEffect(() => watchRateLimitWait(setWait), []);
  return wait;
}
