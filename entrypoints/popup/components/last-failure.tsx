import { retryHint } from '@/lib/present/time';
import type { LastFailure as Failure } from '@/lib/storage/items';

/** The background's last failure in full (hooks/use-last-failure.ts): what failed, and the whole message. */
export function LastFailure({ failure }: { failure: Failure }) {
  const { title, message, retryAt } = failure;
  return (
    <div class="alert" role="status">
      <p>
        <strong>{title}</strong>
      </p>
      <p>{retryAt === undefined ? message : `${message} ${retryHint(retryAt, Date.now())}`}</p>
    </div>
  );
}
