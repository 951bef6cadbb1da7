import { retryHint } from '@/lib/format';
import type { ErrorData } from '@/lib/protocol';

interface ErrorAlertProps {
  error: ErrorData;
  now: number;
  onOpenOptions: () => void;
}

/** A failed request's message, with what to do next: open Options, or when to retry. */
export function ErrorAlert({ error, now, onOpenOptions }: ErrorAlertProps) {
  const fixInOptions = error.kind === 'not_configured' || error.kind === 'unauthorized';
  return (
    <div class="alert" role="alert">
      <p>
        {error.message}
        {error.kind === 'rate_limited' &&
          !/try again/i.test(error.message) &&
          ` ${retryHint(error.retryAt, now)}`}
      </p>
      {fixInOptions && (
        <button type="button" class="quiet" onClick={onOpenOptions}>
          Open Options
        </button>
      )}
    </div>
  );
}
