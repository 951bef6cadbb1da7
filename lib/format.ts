/**
 * Messages for the pages: retry times and the saved-key hint. Pure. (Dates are lib/dates.ts.)
 */

import { pluralForm, t, tPlural } from './i18n';

/** When a rate-limited request may be retried, e.g. "Try again in 40 seconds." */
export function retryHint(retryAt: number | undefined, now: number): string {
  const seconds = Math.max(1, Math.ceil(((retryAt ?? now + 60_000) - now) / 1000));
  if (seconds > 90) return tPlural('error_retry_minutes', Math.ceil(seconds / 60));
  return tPlural('error_retry_seconds', seconds);
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
  const [lead = ''] = pluralForm(t('error_retry_seconds', '\u0001'), 'other').split('\u0001');
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
