import type { ErrorData } from '@/lib/api/errors';
import { t } from '@/lib/i18n';
import { errorText, fixInOptions } from '@/lib/present/errors';

interface ErrorAlertProps {
  error: ErrorData;
  now: number;
  onOpenOptions: () => void;
}

/**
 * Focuses `element` when keyboard focus went nowhere: the control the user used was disabled while
 * the request ran, or removed (the duplicate notice's buttons), so the next Tab would start over
 * from the top of the page. Focus the user moved elsewhere meanwhile stays where it is.
 */
export function focusIfLost(element: HTMLElement | null) {
  const active = document.activeElement as HTMLElement | null;
  const lost = !active || active === document.body || !active.isConnected || active.matches(':disabled');
  if (element && lost) element.focus();
}

/**
 * Scrolls a new alert into view: with More options open the popup is taller than its window, and the
 * alert, below the form, would appear out of sight. It takes focus the failed Shorten button lost.
 * One function for every render, so Preact calls it when the alert appears, not again on each
 * keystroke while it stays.
 */
const reveal = (alert: HTMLDivElement | null) => {
  alert?.scrollIntoView({ block: 'nearest' });
  focusIfLost(alert);
};

/** A failed request's message, with what to do next: open Options, or when to retry. */
export function ErrorAlert({ error, now, onOpenOptions }: ErrorAlertProps) {
  return (
    <div class="alert" role="alert" tabIndex={-1} ref={reveal}>
      <p>{errorText(error, now)}</p>
      {fixInOptions(error) && (
        <button type="button" class="quiet" onClick={onOpenOptions}>
          {t('popup_open_options')}
        </button>
      )}
    </div>
  );
}
