/**
 * Sending side of the protocol, used by extension pages. The background's side lives in
 * `entrypoints/background/messages.ts`.
 */

import type { ErrorData } from '../api/errors';
import { t } from '../i18n';
import { isObject } from '../is-object';
import type { MessageType, RequestOf, ResponseOf, Result } from './protocol';

/** Sends one request to the background and returns its Result; never throws. */
export async function send<K extends MessageType>(
  type: K,
  payload: RequestOf<K>,
): Promise<Result<ResponseOf<K>>> {
  try {
    const reply = (await browser.runtime.sendMessage({ type, payload })) as Result<ResponseOf<K>> | undefined;
    if (isObject(reply) && 'ok' in reply) return reply;
    return { ok: false, error: noReply() };
  } catch {
    return { ok: false, error: noReply() };
  }
}

function noReply(): ErrorData {
  return {
    kind: 'bad_message',
    message: t('error_background_no_reply'),
  };
}
