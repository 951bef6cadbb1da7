/** The management page's notice while its requests wait for the server's rate limit. */
import { RateLimitNotice } from '@/components/rate-limit-notice';
import { useRateLimitWait } from '@/components/use-rate-limit-wait';

/**
 * "Waiting for the server's rate limit — 42 seconds", counting down, while the background holds
 * requests back; nothing otherwise. It floats over the page (`.wait-toast`), so it never shifts the
 * content. `watch` is for tests (useRateLimitWait).
 */
export function RateLimitWait({ watch }: { watch?: Parameters<typeof useRateLimitWait>[0] }) {
  const waitMs = useRateLimitWait(watch);
  return waitMs === null ? null : (
    <div class="wait-toast">
      <RateLimitNotice waitMs={waitMs} />
    </div>
  );
}
