/**
 * What users read about a failure, on every page and in the background's notifications. A message
 * never carries its own retry time (the API layer writes none): the hint is added here, from the
 * error's `retryAt`, at the moment it is shown.
 *
 *   errorText({ kind: 'rate_limited', message: 'Too many requests.', retryAt }, Date.now());
 *   // 'Too many requests. Try again in 40 seconds.'
 *   if (fixInOptions(error)) showOpenOptionsButton();
 */
import { type MessageKey, t } from '../i18n';
import { QUEUE_LIMIT } from '../links/queue';
import type { ErrorData } from '../messaging/result';
import { retryHint } from './time';

type Shown = Pick<ErrorData, 'kind' | 'message' | 'retryAt' | 'uncertain'>;

/** The failures only Options can fix: no server set up, no access to it, or a refused key. */
const FIXED_IN_OPTIONS: ReadonlySet<ErrorData['kind']> = new Set([
  'not_configured',
  'permission_denied',
  'unauthorized',
]);

/** Whether the user must go to Options to get past `error`; pages then offer to open it. */
export function fixInOptions(error: Pick<ErrorData, 'kind'> | null | undefined): boolean {
  return error ? FIXED_IN_OPTIONS.has(error.kind) : false;
}

/** A failure as a page shows it: its message, and after a rate limit when to try again. */
export function errorText(error: Shown, now: number): string {
  return error.kind === 'rate_limited' ? `${error.message} ${retryHint(error.retryAt, now)}` : error.message;
}

/**
 * What a failure's notification says: its cause and the one thing to do, short enough for the two or
 * three lines a notification shows (test/unit/background/notify.test.ts measures every language).
 * The full message waits for the popup (lib/messaging/last-failure.ts).
 */
export function notificationText(error: Shown, now: number): string {
  if (error.kind === 'rate_limited' && !error.uncertain) {
    return t('bg_failed_rate_limited', retryHint(error.retryAt, now));
  }
  if (error.kind === 'queue_full') return t('bg_failed_queue_full', QUEUE_LIMIT);
  return t(notificationKey(error));
}

function notificationKey(error: Shown): MessageKey {
  if (error.uncertain) return 'bg_failed_uncertain';
  switch (error.kind) {
    case 'not_configured':
      return 'bg_failed_setup';
    case 'unauthorized':
      return 'bg_failed_key';
    case 'permission_denied':
      return 'bg_failed_access';
    case 'network':
      return 'bg_failed_unreachable';
    case 'timeout':
      return 'bg_failed_timeout';
    case 'server':
    case 'invalid_response':
      return 'bg_failed_server';
    case 'validation':
    case 'not_found':
      return 'bg_failed_refused';
    default:
      return 'bg_failed_other';
  }
}

/**
 * What the notification of a create that waits in the queue says: why it waits, and that nothing is
 * left to do. The full reason is the queue entry's last error, shown in the popup's queue list.
 */
export function queuedNotificationText(error: Pick<ErrorData, 'kind' | 'uncertain'>): string {
  if (error.uncertain) return t('bg_queued_uncertain');
  switch (error.kind) {
    case 'network':
      return t('bg_queued_unreachable');
    case 'timeout':
      return t('bg_queued_timeout');
    case 'rate_limited':
      return t('bg_queued_rate_limited');
    default:
      return t('bg_queued_server');
  }
}
