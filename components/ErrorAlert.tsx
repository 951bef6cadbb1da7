import { messageWithRetry } from '@/lib/format';
import { t } from '@/lib/i18n';
import type { ErrorData } from '@/lib/protocol';

interface ErrorAlertProps {
  error: ErrorData;
  now: number;
  onOpenOptions: () => void;
}

/**
 * Scrolls a new alert into view: with More options open the popup is taller than its window, and the
 * alert, below the form, would appear out of sight. One function for every render, so Preact calls
 * it when the alert appears, not again on each keystroke while it stays.
 */
const reveal = (alert: HTMLDivElement | null) => alert?.scrollIntoView({ block: 'nearest' });

/** A failed request's message, with what to do next: open Options, or when to retry. */
export function ErrorAlert({ error, now, onOpenOptions }: ErrorAlertProps) {
  const fixInOptions = error.kind === 'not_configured' || error.kind === 'unauthorized';
  return (
    <div class="alert" role="alert" ref={reveal}>
      <p>{messageWithRetry(error, now)}</p>
      {fixInOptions && (
        <button type="button" class="quiet" onClick={onOpenOptions}>
          {t('popup_open_options')}
        </button>
      )}
    </div>
  );
}
