import { useState } from 'preact/hooks';
import { useNow } from '@/components/use-now';
import type { ErrorData } from '@/lib/api/errors';
import { t } from '@/lib/i18n';
import { errorText } from '@/lib/present/errors';
import { formatDuration } from '@/lib/present/time';
import type { JobRow } from '@/lib/storage/items';
import { TEXT_LIMITS } from '@/lib/text-limits';

interface QueueListProps {
  entries: JobRow[];
  error: ErrorData | null;
  /** `password`: typed again for an entry whose link password the browser forgot. */
  onRetry: (id: string, password?: string) => void;
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
          <QueueEntry key={entry.id} entry={entry} now={now} onRetry={onRetry} onCancel={onCancel} />
        ))}
      </ul>
    </section>
  );
}

/** One entry; one whose link password was lost asks for it, and is retried only with it. */
function QueueEntry({
  entry,
  now,
  onRetry,
  onCancel,
}: { entry: JobRow; now: number } & Pick<QueueListProps, 'onRetry' | 'onCancel'>) {
  const [password, setPassword] = useState('');
  const lost = entry.password === 'lost';
  const fieldId = `queue-password-${entry.id}`;
  return (
    <li>
      <div class="link-text">
        <span class="title" dir="auto" title={entry.input.url}>
          {entry.title || entry.input.url}
        </span>
        <span class={entry.state === 'failed' ? 'long failed' : 'long'} title={stateOf(entry, now)}>
          {stateOf(entry, now)}
        </span>
        {lost && (
          <span class="row">
            <label for={fieldId}>{t('popup_queue_password')}</label>
            <input
              id={fieldId}
              type="password"
              autoComplete="off"
              maxLength={TEXT_LIMITS.password}
              aria-label={t('popup_queue_password_label', entry.input.url)}
              value={password}
              onInput={(e) => setPassword(e.currentTarget.value)}
            />
          </span>
        )}
      </div>
      <button
        type="button"
        aria-label={t('popup_queue_retry_label', entry.input.url)}
        disabled={entry.state === 'sending' || (lost && password === '')}
        onClick={() => onRetry(entry.id, lost ? password : undefined)}
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
  );
}
