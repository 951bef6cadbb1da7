import { t } from '@/lib/i18n';

interface QueueOfferProps {
  /** True once this failure is in the queue. */
  queued: boolean;
  /** The create has a link password, which the queue keeps in memory only. */
  withPassword: boolean;
  onQueue: () => void;
}

/** Beside a failure that is the server's or the network's: "Queue it", then that it is queued. */
export function QueueOffer({ queued, withPassword, onQueue }: QueueOfferProps) {
  if (queued)
    return <p class="notice">{t(withPassword ? 'popup_queue_queued_password' : 'popup_queue_queued')}</p>;
  return (
    <div class="row">
      <span class="muted small grow">{t('popup_queue_offer')}</span>
      <button type="button" onClick={onQueue}>
        {t('popup_queue_it')}
      </button>
    </div>
  );
}
