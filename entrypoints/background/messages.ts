/**
 * The background's side of the protocol (`lib/messaging/protocol.ts`): one `runtime.onMessage` listener that
 * checks who sent a request, validates its payload (payloads.ts), runs its handler, keeps API keys out
 * of the answer (redact.ts) and always answers with a Result. Nothing thrown reaches the sender: every
 * failure becomes ErrorData (errors.ts).
 */
import type { MessageType, RequestOf, ResponseOf, Result } from '@/lib/messaging/protocol';
import { badMessage, toErrorData } from './errors';
import { checkPayload, isMessageType } from './payloads';
import { redactSecrets } from './redact';

/** One handler per message type. */
export type Handlers = { [K in MessageType]: (payload: RequestOf<K>) => Promise<ResponseOf<K>> };

type Sender = { id?: string; url?: string };

/**
 * Whether a message is addressed to this protocol at all. Others (the offscreen document's copy
 * requests, anything with a `target`) are left for their own listeners.
 */
function isEnvelope(message: unknown): message is { type: unknown; payload?: unknown } {
  if (typeof message !== 'object' || message === null || 'target' in message) return false;
  return isMessageType((message as { type?: unknown }).type) || 'payload' in message;
}

/** Only the extension's own pages may ask: not web pages, not other extensions. */
function isOwnPage(sender: Sender | null | undefined): boolean {
  return (
    sender?.id === browser.runtime.id &&
    typeof sender.url === 'string' &&
    sender.url.startsWith(browser.runtime.getURL('/'))
  );
}

interface DispatchOptions {
  /** Resolves once stored settings are migrated; awaited before a valid request's handler runs. */
  ready?: () => Promise<void>;
  /** The API keys that must not reach a page. */
  secrets?: () => Promise<string[]>;
}

async function answer(
  handlers: Handlers,
  message: unknown,
  sender: Sender | null | undefined,
  { ready, secrets }: DispatchOptions,
): Promise<Result<unknown>> {
  if (!isOwnPage(sender)) return { ok: false, error: badMessage('it did not come from a Shortlink page') };
  const { type, payload } = message as { type?: unknown; payload?: unknown };
  if (!isMessageType(type)) {
    const shown = typeof type === 'string' ? `“${type.slice(0, 40)}”` : `of type ${typeof type}`;
    return { ok: false, error: badMessage(`unknown type ${shown}`) };
  }
  // A settings file replaces profiles and keys: only Options, where the user previews it, may bring one.
  if (
    (type === 'exportSettings' || type === 'importSettings') &&
    !sender?.url?.startsWith(browser.runtime.getURL('/options.html'))
  ) {
    return { ok: false, error: badMessage('settings are exported and imported from Options only') };
  }
  const parsed = checkPayload(type, payload);
  if (!parsed.ok) return { ok: false, error: badMessage(`${type}: ${parsed.problem}`) };
  let result: Result<unknown>;
  try {
    await ready?.();
    const handler = handlers[type] as (payload: unknown) => Promise<unknown>;
    result = { ok: true, data: await handler(parsed.data) };
  } catch (error) {
    result = { ok: false, error: toErrorData(error) };
  }
  // The export the user asked to include keys in is the one answer that carries them (to Options only).
  if (type === 'exportSettings' && (parsed.data as RequestOf<'exportSettings'>).includeKeys) return result;
  const keys = (await secrets?.().catch(() => [])) ?? [];
  // The key being checked by saveProfile is not stored yet, but is just as secret.
  const typed = type === 'saveProfile' ? (parsed.data as RequestOf<'saveProfile'>).apiKey?.trim() : undefined;
  return redactSecrets(result, typed ? [...keys, typed] : keys);
}

/** Handles one envelope from a checked sender; never rejects. */
export async function dispatch(
  handlers: Handlers,
  message: unknown,
  sender: Sender | null | undefined,
  options: DispatchOptions = {},
): Promise<Result<unknown>> {
  try {
    return await answer(handlers, message, sender, options);
  } catch (error) {
    return { ok: false, error: toErrorData(error) };
  }
}

/** Registers the one runtime.onMessage listener of the protocol. */
export function registerMessageHandlers(handlers: Handlers, options: DispatchOptions = {}): void {
  // Not async: returning undefined for foreign messages lets another listener (the offscreen
  // document) answer them; returning a promise answers with its value.
  browser.runtime.onMessage.addListener((message: unknown, sender: Sender | undefined) => {
    if (!isEnvelope(message)) return undefined;
    return dispatch(handlers, message, sender, options);
  });
}
