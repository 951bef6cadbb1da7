import { t } from '@/lib/i18n';
import { formatDuration } from '@/lib/present/time';

/**
 * Says that requests wait for the server's rate limit, counting down (`waitMs`, from
 * useRateLimitWait), so a page never looks stuck; nothing while none wait. A timer role: screen
 * readers do not announce every second of it.
 */
export function RateLimitNotice({ waitMs }: { waitMs: number | null }) {
  return waitMs === null ? null : (
    <p class="notice" role="timer">
      {t('popup_rate_limit_wait', formatDuration(waitMs))}
    </p>
  );
}
