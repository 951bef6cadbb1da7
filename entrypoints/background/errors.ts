/**
 * The one place where anything thrown in the background becomes the ErrorData a page or a
 * notification shows. ApiErrors already carry an actionable message; anything else is reduced to a
 * generic one, so no stack, URL with secrets or API key ever leaves the background.
 */

import type { ErrorData } from '@/lib/api/errors';
import { ApiError } from '@/lib/api/errors';
import { t } from '@/lib/i18n';

/** A failure raised by the background itself, with a message written for the user. */
export class ExtensionError extends Error {
  override readonly name = 'ExtensionError';
  readonly kind: ErrorData['kind'];

  constructor(kind: ErrorData['kind'], message: string) {
    super(message);
    this.kind = kind;
  }

  /** The plain-data form. */
  toJSON(): ErrorData {
    return { kind: this.kind, message: this.message };
  }
}

/** The error for a request made before a server and key are set up. */
export function notConfigured(): ExtensionError {
  return new ExtensionError('not_configured', t('error_not_configured'));
}

/** Maps any thrown value to plain ErrorData; only an unexpected error is logged, by name and message. */
export function toErrorData(error: unknown): ErrorData {
  if (error instanceof ApiError || error instanceof ExtensionError) return error.toJSON();
  console.error('Shortlink background:', error instanceof Error ? `${error.name}: ${error.message}` : error);
  return { kind: 'internal', message: t('error_internal') };
}

/** The answer to a request that is not one: unknown sender, type or payload. */
export function badMessage(detail: string): ErrorData {
  return {
    kind: 'bad_message',
    // The detail is for a bug report, so it stays technical and in English.
    message: t('error_bad_message', detail),
  };
}
