/**
 * The one message between the background and Chrome's offscreen document: copy this text. Shared so
 * both sides agree on its shape; the offscreen page answers every copy request with a CopyReply.
 */

/** Sent by the background's clipboard to the offscreen document. */
export interface CopyRequest {
  target: 'offscreen';
  type: 'copy';
  text: string;
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
    typeof m.text === 'string'
  );
}

/**
 * Copies text through a temporary textarea and `execCommand('copy')`: an offscreen document never
 * has focus, so `navigator.clipboard.writeText` would be refused there.
 */
export function copyWithTextarea(text: string, doc: Document = document): boolean {
  const area = doc.createElement('textarea');
  area.value = text;
  doc.body.append(area);
  try {
    area.select();
    return doc.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
