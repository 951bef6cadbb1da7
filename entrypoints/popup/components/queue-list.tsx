import { useNow } from '@/components/use-now';
import type { ErrorData } from '@/lib/api/errors';
import { t } from '@/lib/i18n';
import { errorText } from '@/lib/present/errors';
import { formatDuration } from '@/lib/present/time';
import type { JobRow } from '@/lib/storage/items';

interface QueueListProps {
  entries: JobRow[];
  error: ErrorData | null;
  onRetry: (id: string) => void;
  onCancel: (id: string) => void;
}

/**
 * What an entry is doing, and the last error when there was one. Its next try is when to retry: the
 * queue keeps it past a rate limit's retryAt, so the last error needs no hint of its own.
 */
function stateOf(entry: JobRow, now: number): string {
  const reason = entry.error?.message ?? '';
  if (entry.state === 'sending') return t('popup_queue_sending');
  if (entry.state === 'failed') return t('popup_queue_failed', reason);
  const wait = entry.nextTryAt - now;
  const when = wait <= 0 ? t('popup_queue_due') : t('popup_queue_next_try', formatDuration(wait));
  return reason ? t('popup_queue_waiting_after', when, reason) : when;
}

/** The creates waiting for the server, each with its state, Retry now and Cancel. Nothing when empty. */
export function QueueList({ entries, error, onRetry, onCancel }: QueueListProps) {
  const now = useNow(entries.some((entry) => entry.state === 'pending'));
  if (entries.length === 0) return null;
  return (
    <section class="queue" aria-labelledby="queue-heading">
      <h2 id="queue-heading">{t('popup_queue_heading', entries.length)}</h2>
      {error && (
        <p class="alert" role="alert">
          {errorText(error, now)}
        </p>
      )}
      <ul class="links">
        {entries.map((entry) => (
          <li key={entry.id}>
            <div class="link-text">
              <span class="title" dir="auto" title={entry.input.url}>
                {entry.title || entry.input.url}
              </span>
              <span class={entry.state === 'failed' ? 'long failed' : 'long'} title={stateOf(entry, now)}>
                {stateOf(entry, now)}
              </span>
            </div>
            <button
              type="button"
              aria-label={t('popup_queue_retry_label', entry.input.url)}
              disabled={entry.state === 'sending'}
              onClick={() => onRetry(entry.id)}
            >
              {t('popup_queue_retry')}
            </button>
            <button
              type="button"
              aria-label={t('popup_queue_cancel_label', entry.input.url)}
              onClick={() => onCancel(entry.id)}
            >
              {t('popup_queue_cancel')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
