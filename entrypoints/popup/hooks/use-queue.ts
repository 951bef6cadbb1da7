import { useEffect, useState } from 'preact/hooks';
import type { ErrorData } from '@/lib/api/errors';
import type { LinkInput } from '@/lib/api/schemas';
import { send } from '@/lib/messaging/send';
import { type JobRow, queueJobItem, watchItem } from '@/lib/storage/items';

/** A create the popup sent and the server could not make. */
export interface FailedCreate {
  input: LinkInput;
  pageTitle?: string | undefined;
  /** The page whose draft holds the form: dropped once the queue has made the link. */
  draftUrl?: string | undefined;
}

/**
 * The outage queue as the popup shows it: the stored entries (watched, so a try the background
 * makes shows at once) and the actions, which the background carries out. `queued` is the failure
 * just put in the queue, so its offer turns into a note.
 */
export function useQueue() {
  const [entries, setEntries] = useState<JobRow[]>([]);
  const [error, setError] = useState<ErrorData | null>(null);
  const [queued, setQueued] = useState<ErrorData | null>(null);

  useEffect(() => watchItem(queueJobItem, (job) => setEntries(job?.rows ?? [])), []);

  const answer = (reply: { ok: boolean; error?: ErrorData }) => {
    setError(reply.ok ? null : (reply.error ?? null));
    return reply.ok;
  };

  return {
    entries,
    error,
    queued,
    /** Puts a failed create in the queue; the form (and its draft) stays as it is. */
    async queueIt(failed: FailedCreate, failure: ErrorData) {
      const { kind, message, status } = failure;
      const error = { kind, message, ...(status === undefined ? {} : { status }) };
      if (answer(await send('queueCreate', { ...failed, error }))) setQueued(failure);
    },
    retry: async (id: string, password?: string) =>
      void answer(await send('queueRetry', password ? { id, password } : { id })),
    cancel: async (id: string) => void answer(await send('queueCancel', { id })),
  };
}
