import type { LastFailure as Failure } from '@/lib/storage/items';

/** The background's last failure in full (hooks/use-last-failure.ts): what failed, and the whole message. */
export function LastFailure({ failure }: { failure: Failure }) {
  return (
    <div class="alert" role="status">
      <p>
        <strong>{failure.title}</strong>
      </p>
      <p>{failure.message}</p>
    </div>
  );
}
