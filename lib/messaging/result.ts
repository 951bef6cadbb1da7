/**
 * What every request to the background answers: its data, or an error with a kind a page can switch
 * on and a message a user can act on. Apart from the protocol so that modules the protocol names
 * (the all-tabs progress, Options' rules) can use these shapes without importing it back.
 */
import type { ApiErrorKind } from '../api/errors';

/**
 * Failures that are not the server's: no profile yet, permission refused, a malformed message, or
 * `internal` — the extension itself failed (storage, a bug); its message never carries details.
 */
type ExtensionErrorKind =
  | 'not_configured'
  | 'permission_denied'
  | 'bad_message'
  | 'internal'
  /** Another run of the same kind (shortening all tabs of another window) is still going. */
  | 'busy'
  /** The outage queue holds its maximum of creates; this one was neither made nor queued. */
  | 'queue_full';

/** What a failed request carries back to a page: plain data with a message a user can act on. */
export interface ErrorData {
  kind: ApiErrorKind | ExtensionErrorKind;
  message: string;
  status?: number;
  /** For rate_limited: epoch ms when the server's window resets. */
  retryAt?: number;
  /** The request may have been carried out all the same: a create without a clear answer. */
  uncertain?: true;
}

export type Result<T> = { ok: true; data: T } | { ok: false; error: ErrorData };
