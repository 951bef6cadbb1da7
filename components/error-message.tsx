import type { ErrorData } from '@/lib/api/errors';
import { errorText } from '@/lib/present/errors';

/** The failure of the action next to it (errorText: with when to retry); nothing when there is none. */
export function ErrorMessage({ error }: { error: ErrorData | string | undefined | null }) {
  if (!error) return null;
  return (
    <p class="error" role="alert">
      {typeof error === 'string' ? error : errorText(error, Date.now())}
    </p>
  );
}
