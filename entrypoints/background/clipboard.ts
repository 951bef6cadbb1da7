/**
 * Writing to the clipboard from the background. Chrome's service worker has no DOM and no focused
 * document, so it asks an offscreen document to copy; Firefox's background page can write directly.
 * The choice is made by feature (`browser.offscreen`), never by user agent.
 */
import type { CopyReply, CopyRequest } from '@/lib/background/offscreen-copy';
import { ExtensionError } from './errors';

/** Something that can put text on the clipboard. */
export interface ClipboardWriter {
  write(text: string): Promise<void>;
}

const OFFSCREEN_PATH = '/offscreen.html';

function copyFailed(): ExtensionError {
  return new ExtensionError(
    'internal',
    'The short URL could not be copied to the clipboard. Open the Shortlink popup to copy it.',
  );
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
    async write(text) {
      if (typeof browser.offscreen?.createDocument === 'function') {
        await ensureOffscreenDocument();
        const request: CopyRequest = { target: 'offscreen', type: 'copy', text };
        const reply = (await browser.runtime.sendMessage(request).catch(() => undefined)) as
          | CopyReply
          | undefined;
        if (!reply?.ok) throw copyFailed();
        return;
      }
      await navigator.clipboard.writeText(text).catch(() => {
        throw copyFailed();
      });
    },
  };
}
