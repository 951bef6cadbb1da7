/**
 * Copying a short link from a page (the popup, the management page): in a copy format
 * (lib/links/copy-format.ts), with the status line that says what was copied.
 */

import { t } from '@/lib/i18n';
import type { CachedLink } from '@/lib/links/cache';
import { type ClipboardPayload, copyPayloadFor, FORMAT_NAMES } from '@/lib/links/copy-format';
import type { CopyFormat } from '@/lib/settings/schema';

type Writer = Pick<Clipboard, 'writeText' | 'write'>;

/**
 * Copies a payload: with `html`, as text/plain and text/html at once, so a rich editor pastes a link
 * and a plain one the markup. A browser without ClipboardItem, or one that refuses it, gets the text
 * alone: the markup still pastes. False when even that was refused (no focus, no permission).
 */
export async function copyPayload(
  payload: ClipboardPayload,
  clipboard: Writer = navigator.clipboard,
  Item: typeof ClipboardItem | undefined = globalThis.ClipboardItem,
): Promise<boolean> {
  if (payload.html !== undefined && Item) {
    try {
      const blob = (text: string, type: string) => new Blob([text], { type });
      await clipboard.write([
        new Item({
          'text/plain': blob(payload.text, 'text/plain'),
          'text/html': blob(payload.html, 'text/html'),
        }),
      ]);
      return true;
    } catch {
      // Plain text below.
    }
  }
  try {
    await clipboard.writeText(payload.text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Copies a link in `format`, titled `title` (formats without a title use the URL alone). Returns the
 * format copied (null when the browser refused) and the status to announce.
 */
export async function copyLink(
  link: Pick<CachedLink, 'shortUrl'>,
  format: CopyFormat,
  title: string,
  clipboard?: Writer,
): Promise<{ copied: CopyFormat | null; status: string }> {
  const url = link.shortUrl;
  if (!(await copyPayload(copyPayloadFor({ shortUrl: url, title }, format), clipboard))) {
    return { copied: null, status: t('popup_copy_failed') };
  }
  const status =
    format === 'plain'
      ? t('popup_copied_status', url)
      : t('popup_copied_status_format', url, t(FORMAT_NAMES[format]));
  return { copied: format, status };
}
