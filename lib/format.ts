/**
 * Formatting for the pages: dates in the API's `YYYY-MM-DD HH:MM:SS` form and in the
 * `<input type="datetime-local">` form, expiry defaults, retry times and the saved-key hint. Pure.
 */

import { t, tPlural } from './i18n';

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as `<input type="datetime-local">` wants it (`YYYY-MM-DDTHH:MM`), in local time. */
export function toDatetimeLocal(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The moment `days` days after `now`, or null when no expiry is set (null, 0 or negative). */
export function expiryFromDays(days: number | null, now: Date): Date | null {
  if (days === null || !Number.isFinite(days) || days <= 0) return null;
  const date = new Date(now);
  // Calendar days, so that "7 days" keeps the clock time across a daylight-saving change.
  date.setDate(date.getDate() + Math.round(days));
  return date;
}

/** The datetime-local value for a profile's default expiry, or '' when it has none. */
export function defaultExpiryValue(days: number | null, now: Date): string {
  const date = expiryFromDays(days, now);
  return date ? toDatetimeLocal(date) : '';
}

/** Parses a datetime-local value (local time) into a Date; null when empty or malformed. */
export function parseDatetimeLocal(value: string): Date | null {
  // The input only ever yields a valid value or ''; the pattern guards typed or stored values. Date-time
  // strings without an offset are read as local time, as the input shows them.
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?$/.test(value)) return null;
  const date = new Date(value);
  // Date rolls 02-30 over into March; the day must survive the parse.
  return date.getDate() === Number(value.slice(8, 10)) ? date : null;
}

/** A datetime-local value as the API's expiry (`YYYY-MM-DD HH:MM:SS`); null when empty or malformed. */
export function datetimeLocalToApi(value: string): string | null {
  return parseDatetimeLocal(value) ? `${value.replace('T', ' ')}:00`.slice(0, 19) : null;
}

/** When a rate-limited request may be retried, e.g. "Try again in 40 seconds." */
export function retryHint(retryAt: number | undefined, now: number): string {
  const seconds = Math.max(1, Math.ceil(((retryAt ?? now + 60_000) - now) / 1000));
  if (seconds > 90)
    return tPlural(Math.ceil(seconds / 60), 'error_retry_minutes_one', 'error_retry_minutes_other');
  return tPlural(seconds, 'error_retry_seconds_one', 'error_retry_seconds_other');
}

/** The hint shown instead of a saved key: only its last four characters. */
export function savedKeyHint(typedKey: string): string {
  return t('options_saved_key_hint', typedKey.trim().slice(-4));
}

/**
 * True when `message` already says when to retry, in the words the retry hint starts with in the
 * user's language ("Try again in", "Versuchen Sie es in"…): the background's messages mostly do.
 */
function saysWhenToRetry(message: string): boolean {
  const [lead = ''] = t('error_retry_seconds_other', '\u0001').split('\u0001');
  return lead.trim() !== '' && message.includes(lead.trim());
}

/** A failed request's message; a rate-limit refusal that doesn't say when to retry gets the retry hint. */
export function messageWithRetry(
  error: { kind: string; message: string; retryAt?: number },
  now: number,
): string {
  if (error.kind !== 'rate_limited' || saysWhenToRetry(error.message)) return error.message;
  return `${error.message} ${retryHint(error.retryAt, now)}`;
}
