// The offscreen document exists only to copy text for the background service worker, which has no DOM.
import {
  type CopyReply,
  copyWithTextarea,
  isCopyRequest,
  isFromBackground,
} from '@/lib/messaging/offscreen-copy';

browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
  // Protocol requests from the extension's pages reach this document too: they are the background's.
  if (!isCopyRequest(message)) return undefined;
  if (!isFromBackground(sender, browser.runtime.id, browser.runtime.getURL('/background.js')))
    return undefined;
  const reply: CopyReply = { ok: copyWithTextarea(message.text, message.html) };
  sendResponse(reply);
  return undefined;
});
