import { t } from '@/lib/i18n';
import type { QueuedCreate } from '@/lib/links/queue';
import type { ErrorData } from '@/lib/messaging/protocol';

interface QueueListProps {
  entries: QueuedCreate[];
  now: number;
  error: ErrorData | null;
  onRetry: (id: string) => void;
  onCancel: (id: string) => void;
}

/** What an entry is doing, and the last error when there was one. */
function stateOf(entry: QueuedCreate, now: number): string {
  const reason = entry.lastError?.message ?? '';
  if (entry.state === 'sending') return t('popup_queue_sending');
  if (entry.state === 'failed') return t('popup_queue_failed', reason);
  const seconds = Math.ceil((entry.nextTryAt - now) / 1_000);
  const when =
    seconds <= 0
      ? t('popup_queue_due')
      : seconds < 120
        ? t('popup_queue_next_try_s', seconds)
        : t('popup_queue_next_try_min', Math.round(seconds / 60));
  return reason ? t('popup_queue_waiting_after', when, reason) : when;
}

/** The creates waiting for the server, each with its state, Retry now and Cancel. Nothing when empty. */
export function QueueList({ entries, now, error, onRetry, onCancel }: QueueListProps) {
  if (entries.length === 0) return null;
  return (
    <section class="queue" aria-labelledby="queue-heading">
      <h2 id="queue-heading">{t('popup_queue_heading', entries.length)}</h2>
      {error && (
        <p class="alert" role="alert">
          {error.message}
        </p>
      )}
      <ul class="links">
        {entries.map((entry) => (
          <li key={entry.id}>
            <div class="link-text">
              <span class="title" dir="auto" title={entry.input.url}>
                {entry.pageTitle || entry.input.url}
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
