/**
 * The background's side of the protocol (`lib/messaging/protocol.ts`): one `runtime.onMessage` listener that
 * checks who sent a request, validates its payload, runs its handler and always answers with a
 * Result. Nothing thrown reaches the sender: every failure becomes ErrorData.
 */
import { t } from '@/lib/i18n';
import type { ErrorData, MessageType, RequestOf, ResponseOf, Result } from '@/lib/messaging/protocol';
import { toErrorData } from './errors';
import { loadLazyPart } from './load-lazy-part';
import type { PayloadCheck } from './payloads';

/** One handler per message type. */
export type Handlers = { [K in MessageType]: (payload: RequestOf<K>) => Promise<ResponseOf<K>> };

type Sender = { id?: string; url?: string };

const MESSAGE_TYPES: Record<MessageType, true> = {
  shorten: true,
  refresh: true,
  saveProfile: true,
  deleteProfile: true,
  setActiveProfile: true,
  getAccount: true,
  api: true,
  shortenTabs: true,
  exportSettings: true,
  importSettings: true,
};

function isMessageType(type: unknown): type is MessageType {
  return typeof type === 'string' && Object.hasOwn(MESSAGE_TYPES, type);
}

/**
 * The `refresh` payloads pages send, `{}` and `{ force: boolean }`, taken without the zod check of
 * payloads.ts: `refresh` is what a popup sends each time it opens, and with a warm cache the worker
 * answers it without loading its lazy part. Anything else, or any other type, gets the full check.
 */
function quickRefresh(payload: unknown): PayloadCheck<'refresh'> | null {
  if (
    typeof payload !== 'object' ||
    payload === null ||
    Object.getPrototypeOf(payload) !== Object.prototype
  ) {
    return null;
  }
  const keys = Object.keys(payload);
  const { force } = payload as { force?: unknown };
  if (keys.length === 0) return { ok: true, data: {} };
  if (keys.length === 1 && keys[0] === 'force' && typeof force === 'boolean')
    return { ok: true, data: { force } };
  return null;
}

async function checkPayload<K extends MessageType>(type: K, payload: unknown): Promise<PayloadCheck<K>> {
  const quick = type === 'refresh' ? (quickRefresh(payload) as PayloadCheck<K> | null) : null;
  return quick ?? (await loadLazyPart()).checkPayload(type, payload);
}

function badMessage(detail: string): ErrorData {
  return {
    kind: 'bad_message',
    // The detail is for a bug report, so it stays technical and in English.
    message: t('error_bad_message', detail),
  };
}

/**
 * Whether a message is addressed to this protocol at all. Others (the offscreen document's copy
 * requests, anything with a `target`) are left for their own listeners.
 */
function isEnvelope(message: unknown): message is { type: unknown; payload?: unknown } {
  if (typeof message !== 'object' || message === null || 'target' in message) return false;
  return isMessageType((message as { type?: unknown }).type) || 'payload' in message;
}

/** Only the extension's own pages may ask: not web pages, not other extensions. */
export function isOwnPage(sender: Sender | null | undefined): boolean {
  return (
    sender?.id === browser.runtime.id &&
    typeof sender.url === 'string' &&
    sender.url.startsWith(browser.runtime.getURL('/'))
  );
}

/** Keys shorter than this are not looked for in answers: replacing them would garble ordinary text. */
const MIN_SECRET_LENGTH = 8;

function redactString(text: string, secrets: readonly string[]): string {
  return secrets.reduce((out, secret) => out.split(secret).join('••••'), text);
}

function redactValue(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return redactString(value, secrets);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactValue(v, secrets)]));
  }
  return value;
}

/**
 * Replaces every API key in a plain-data answer with ••••. The client already redacts error
 * messages; this also covers a server that echoes the key in data (an avatar URL with `?key=`).
 * The answer is walked only when its JSON contains a key, so the usual answer costs one stringify.
 */
export function redactSecrets<T>(value: T, secrets: readonly string[]): T {
  const present = secrets.filter((secret) => secret.length >= MIN_SECRET_LENGTH);
  if (present.length === 0) return value;
  const json = JSON.stringify(value);
  // A key with " or \ appears escaped in JSON.
  if (json === undefined || !present.some((secret) => json.includes(JSON.stringify(secret).slice(1, -1)))) {
    return value;
  }
  return redactValue(value, present) as T;
}

export interface DispatchOptions {
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
  if (type === 'exportSettings' && !sender?.url?.startsWith(browser.runtime.getURL('/options.html'))) {
    return { ok: false, error: badMessage('settings are exported from Options only') };
  }
  // Migrations are checked (a storage read) while the payload check loads the lazy part, if it must.
  const migrated = ready?.();
  const parsed = await checkPayload(type, payload);
  if (!parsed.ok) return { ok: false, error: badMessage(`${type}: ${parsed.problem}`) };
  let result: Result<unknown>;
  try {
    await migrated;
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
