/**
 * The background's last failure that only a notification could tell (the context menu, the keyboard
 * shortcut, a run over all tabs). A notification shows a line or two, so it gives the cause and what
 * to do; the whole message is kept under lastFailureItem (lib/storage/items.ts) for the popup to show
 * when it opens next. Nothing here touches storage, so the item can name this type without a cycle.
 */

/** A failure as the popup shows it. */
export interface LastFailure {
  /** The notification's title: what failed ("Could not shorten the link"). */
  title: string;
  /** The full message, which the notification could only summarise. */
  message: string;
  /** Epoch ms of the failure: an old one is no longer news. */
  at: number;
  /** For a rate limit: when the server's window ends, from which the popup says when to retry. */
  retryAt?: number;
}

/** After this long the user has moved on: the popup no longer shows it. */
export const LAST_FAILURE_SHOWN_MS = 10 * 60_000;

/** The stored failure, or null when absent or unreadable. */
export function readLastFailure(value: unknown): LastFailure | null {
  if (!value || typeof value !== 'object') return null;
  const { title, message, at, retryAt } = value as Record<string, unknown>;
  if (typeof title !== 'string' || typeof message !== 'string' || typeof at !== 'number') return null;
  if (!Number.isFinite(at)) return null;
  return typeof retryAt === 'number' && Number.isFinite(retryAt)
    ? { title, message, at, retryAt }
    : { title, message, at };
}
