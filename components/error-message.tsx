import type { ErrorData } from '@/lib/api/errors';

/** The failure of the action next to it; nothing when there is none. */
export function ErrorMessage({ error }: { error: ErrorData | string | undefined | null }) {
  if (!error) return null;
  return (
    <p class="error" role="alert">
      {typeof error === 'string' ? error : error.message}
    </p>
  );
}
