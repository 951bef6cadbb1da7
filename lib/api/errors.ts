/**
 * The one error type every API failure becomes. Callers switch on `kind`; `message` is written for
 * the user (what happened and what to do), never a raw exception text.
 */
export const API_ERROR_KINDS = [
  'unauthorized',
  'rate_limited',
  'validation',
  'not_found',
  'server',
  'network',
  'timeout',
  'invalid_response',
] as const;

export type ApiErrorKind = (typeof API_ERROR_KINDS)[number];

/**
 * Failures that are not the server's: no profile yet, permission refused, a malformed message,
 * another run of the same kind still going (`busy`), the outage queue full, or `internal` — the
 * extension itself failed (storage, a bug); its message never carries details.
 */
type ExtensionErrorKind =
  | 'not_configured'
  | 'permission_denied'
  | 'bad_message'
  | 'internal'
  | 'busy'
  | 'queue_full';

/** Every kind of failure a page, a notification or a stored job row may carry. */
export type ErrorKind = ApiErrorKind | ExtensionErrorKind;

/**
 * A failure as plain data, with a kind a caller can switch on and a message a user can act on: what
 * the background answers pages with, and what a job keeps for a row.
 */
export interface ErrorData {
  kind: ErrorKind;
  message: string;
  /** HTTP status when the server answered at all. */
  status?: number;
  /** For rate_limited: epoch milliseconds when the server's window resets, if it said. */
  retryAt?: number;
  /** The request may have been carried out all the same (a create without a clear answer). */
  uncertain?: true;
}

/** Plain-data form of an ApiError, safe to send through extension messaging. */
interface ApiErrorData extends ErrorData {
  kind: ApiErrorKind;
}

/** A failed API call: one typed error with a kind and a message a user can act on. */
export class ApiError extends Error implements ApiErrorData {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly retryAt?: number;
  readonly uncertain?: true;

  constructor(data: ApiErrorData) {
    super(data.message);
    this.kind = data.kind;
    if (data.status !== undefined) this.status = data.status;
    if (data.retryAt !== undefined) this.retryAt = data.retryAt;
    if (data.uncertain) this.uncertain = true;
  }

  /** The plain-data form, for messages between the background and pages. */
  toJSON(): ApiErrorData {
    const data: ApiErrorData = { kind: this.kind, message: this.message };
    if (this.status !== undefined) data.status = this.status;
    if (this.retryAt !== undefined) data.retryAt = this.retryAt;
    if (this.uncertain) data.uncertain = true;
    return data;
  }
}
