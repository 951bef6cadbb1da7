/** The management page's notice while its requests wait for the server's rate limit. */
import { useEffect, useState } from 'preact/hooks';
import { RateLimitNotice } from '@/components/rate-limit-notice';
import { watchRateLimitWait } from '@/components/rate-limit-wait';

/**
 * "Waiting for the server's rate limit — N s", counting down, while the background holds requests
 * back; nothing otherwise. It floats over the page (`.wait-toast`), so it never shifts the content.
 * `watch` is the storage watcher, a parameter so tests can drive it.
 */
export function RateLimitWait({ watch = watchRateLimitWait }: { watch?: typeof watchRateLimitWait }) {
  const [seconds, setSeconds] = useState<number | null>(null);
  useEffect(() => {
    // What the watcher returns stops it, so the page stops watching when it closes.
    return watch(setSeconds);
  }, [watch]);
  return seconds === null ? null : (
    <div class="wait-toast">
      <RateLimitNotice seconds={seconds} />
    </div>
  );
}
