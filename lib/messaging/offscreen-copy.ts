/**
 * The one message between the background and Chrome's offscreen document: copy this text (and this
 * HTML, when the copy format is HTML). Shared so both sides agree on its shape; the offscreen page
 * answers every copy request with a CopyReply. Firefox's background page copies with the same
 * function on its own document.
 */

/** Sent by the background's clipboard to the offscreen document. */
export interface CopyRequest {
  target: 'offscreen';
  type: 'copy';
  text: string;
  /** Also put on the clipboard as text/html, so rich editors paste a real link. */
  html?: string;
}

/** The offscreen document's answer. */
export type CopyReply = { ok: true } | { ok: false };

/** True for a copy request addressed to the offscreen document. */
export function isCopyRequest(message: unknown): message is CopyRequest {
  const m = message as Partial<CopyRequest> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    m.target === 'offscreen' &&
    m.type === 'copy' &&
    typeof m.text === 'string' &&
    (m.html === undefined || typeof m.html === 'string')
  );
}

/** Who sent a message, as `runtime.onMessage` tells it. */
export interface CopySender {
  id?: string;
  url?: string;
  tab?: unknown;
}

/**
 * True when a message comes from the extension's background (`backgroundUrl`, its worker's script):
 * not from one of its pages, nor from a script it ran in a web page's tab, which sends with the
 * extension's id too. Only the background asks for a copy; anyone else could fill the clipboard.
 */
export function isFromBackground(sender: CopySender | undefined, id: string, backgroundUrl: string): boolean {
  return sender?.id === id && sender.tab === undefined && sender.url === backgroundUrl;
}

/**
 * Copies text through a temporary textarea and `execCommand('copy')`: an offscreen document never
 * has focus, so `navigator.clipboard.writeText` would be refused there. With `html`, the copy event
 * sets both flavours itself (the textarea's selection would give text/plain only).
 */
export function copyWithTextarea(text: string, html?: string, doc: Document = document): boolean {
  const area = doc.createElement('textarea');
  area.value = text;
  doc.body.append(area);
  const onCopy = (event: ClipboardEvent) => {
    if (html === undefined || !event.clipboardData) return;
    event.clipboardData.setData('text/plain', text);
    event.clipboardData.setData('text/html', html);
    event.preventDefault();
  };
  doc.addEventListener('copy', onCopy);
  try {
    area.select();
    return doc.execCommand('copy');
  } catch {
    return false;
  } finally {
    doc.removeEventListener('copy', onCopy);
    area.remove();
  }
}
