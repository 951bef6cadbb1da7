// The offscreen document exists only to copy text for the background service worker, which has no DOM.
import { type CopyReply, copyWithTextarea, isCopyRequest } from '@/lib/messaging/offscreen-copy';

browser.runtime.onMessage.addListener((message, _sender, sendResponse) => {
  // Protocol requests from the extension's pages reach this document too: they are the background's.
  if (!isCopyRequest(message)) return undefined;
  const reply: CopyReply = { ok: copyWithTextarea(message.text, message.html) };
  sendResponse(reply);
  return undefined;
});
