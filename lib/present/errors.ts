/**
 * What users read about a failure, on every page and in notifications. A message never carries a
 * retry time: the hint is added here, from the error's `retryAt`, when it is shown.
 */
import type { ErrorData } from '../api/errors';
import { type MessageKey, t } from '../i18n';
import { LIST_LIMITS } from '../text-limits';
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

/** A failure's notification: its cause and what to do, in the two or three lines a notification has. */
export function notificationText(error: Shown, now: number): string {
  if (error.kind === 'rate_limited' && !error.uncertain) {
    return t('bg_failed_rate_limited', retryHint(error.retryAt, now));
  }
  if (error.kind === 'queue_full') return t('bg_failed_queue_full', LIST_LIMITS.queue);
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

/** The notification of a create that waits in the queue: why it waits, in brief. */
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
