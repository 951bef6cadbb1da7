/**
 * The management page's Copy buttons: a short link goes on the clipboard in the user's copy format,
 * as from the popup, and a status line says what was copied (or that the browser refused).
 */

import { ErrorMessage } from '@/components/error-message';
import { t } from '@/lib/i18n';
import type { CopyPayload } from '@/lib/links/copy-format';
import { StatusMessage } from './ui';

/** What a copy came to: whether it worked, and the sentence that says so. */
export interface CopyResult {
  copied: boolean;
  status: string;
}

/** Copies a link in the user's copy format; the page provides it (it reads the settings). */
export type CopyLink = (link: CopyPayload) => Promise<CopyResult>;

/** A Copy button; `onCopied` gets the result, for the status line the caller shows. */
export function CopyButton({
  link,
  copy,
  label,
  onCopied,
}: {
  link: CopyPayload;
  copy: CopyLink;
  /** Its accessible name where several Copy buttons are in view ("Copy “Docs”"). */
  label?: string;
  onCopied: (result: CopyResult) => void;
}) {
  return (
    <button type="button" aria-label={label} onClick={() => copy(link).then(onCopied)}>
      {t('manage_link_copy_button')}
    </button>
  );
}

/** The status line of a copy: announced politely when it worked, as an alert when it did not. */
export function CopyStatus({ result }: { result: CopyResult | undefined }) {
  return (
    <>
      {result && !result.copied && <ErrorMessage error={result.status} />}
      <StatusMessage text={result?.copied ? result.status : undefined} />
    </>
  );
}
