import { t } from '@/lib/i18n';

interface RateLimitNoticeProps {
  /** Whole seconds until waiting requests are sent; null when nothing waits. */
  seconds: number | null;
}

/**
 * Says that requests wait for the server's rate limit, counting down, so a page never looks stuck.
 * A timer role: screen readers do not announce every second of it.
 */
export function RateLimitNotice({ seconds }: RateLimitNoticeProps) {
  return seconds === null ? null : (
    <p class="notice" role="timer">
      {t('popup_rate_limit_wait', seconds)}
    </p>
  );
}
