/**
 * Writing to the clipboard from the background. Chrome's service worker has no DOM and no focused
 * document, so it asks an offscreen document to copy; Firefox's background page can write directly.
 * The choice is made by feature (`browser.offscreen`), never by user agent.
 */

import { t } from '@/lib/i18n';
import type { ClipboardPayload } from '@/lib/links/copy-format';
import { type CopyReply, type CopyRequest, copyWithTextarea } from '@/lib/messaging/offscreen-copy';
import { ExtensionError } from './errors';

/** Something that can put text (and optionally HTML) on the clipboard. */
export interface ClipboardWriter {
  write(payload: ClipboardPayload): Promise<void>;
}

const OFFSCREEN_PATH = '/offscreen.html';

function copyFailed(): ExtensionError {
  return new ExtensionError('internal', t('error_copy_failed'));
}

/** The clipboard for this browser: offscreen document where it exists, else navigator.clipboard. */
export function createClipboard(): ClipboardWriter {
  let creating: Promise<void> | undefined;

  async function hasOffscreenDocument(url: string): Promise<boolean> {
    // getContexts arrived in Chrome 116; without it, createDocument's "only one" error tells us instead.
    if (typeof browser.runtime.getContexts !== 'function') return false;
    const contexts = await browser.runtime.getContexts({
      contextTypes: ['OFFSCREEN_DOCUMENT'],
      documentUrls: [url],
    });
    return contexts.length > 0;
  }

  async function ensureOffscreenDocument(): Promise<void> {
    if (await hasOffscreenDocument(browser.runtime.getURL(OFFSCREEN_PATH))) return;
    // Two copies at once must not both create the document: the second waits for the first.
    creating ??= browser.offscreen
      .createDocument({
        url: OFFSCREEN_PATH.slice(1),
        reasons: ['CLIPBOARD'],
        // Shown to no user (Chrome logs it), so it stays in English.
        justification: 'Copy the short URL to the clipboard',
      })
      .catch((error: unknown) => {
        if (!/single offscreen document/i.test(String(error))) throw error;
      })
      .finally(() => {
        creating = undefined;
      });
    await creating;
  }

  return {
    async write({ text, html }) {
      if (typeof browser.offscreen?.createDocument === 'function') {
        await ensureOffscreenDocument();
        const request: CopyRequest = { target: 'offscreen', type: 'copy', text, ...(html ? { html } : {}) };
        const reply = (await browser.runtime.sendMessage(request).catch(() => undefined)) as
          | CopyReply
          | undefined;
        if (!reply?.ok) throw copyFailed();
        return;
      }
      // Firefox's background page has a document: a copy event there sets both flavours.
      if (html && typeof document !== 'undefined' && copyWithTextarea(text, html)) return;
      await navigator.clipboard.writeText(text).catch(() => {
        throw copyFailed();
      });
    },
  };
}
