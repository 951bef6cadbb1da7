/** Waits and durations as users read them: every countdown, estimate and retry hint, one rule. */
import { t, tPlural } from '../i18n';

/** A duration: seconds under two minutes, minutes under two hours, then hours and minutes. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  // A countdown reads in seconds up to two minutes: "1 minute" would stand still for a whole minute.
  if (seconds < 120) return tPlural('common_duration_seconds', seconds);
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return tPlural('common_duration_minutes', minutes);
  const hours = tPlural('common_duration_hours', Math.floor(minutes / 60));
  const rest = minutes % 60;
  return rest === 0
    ? hours
    : t('common_duration_hours_minutes', hours, tPlural('common_duration_minutes', rest));
}

/** When a refused request may be sent again, from the time the server gave: "Try again in 40 seconds." */
export function retryHint(retryAt: number | undefined, now: number): string {
  if (retryAt === undefined) return t('error_wait_a_minute');
  // Never "0 seconds": a hint to wait that asks for no wait reads as a mistake.
  return t('error_retry_in', formatDuration(Math.max(1000, retryAt - now)));
}
