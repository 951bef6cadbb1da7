/**
 * The one place that turns a server's answer into data or an ApiError. Every status code, body and
 * `error` flag is judged here, so callers only ever see clean data or an ApiError whose message says
 * what happened and what to do.
 *
 *   const body = readApiBody(exchange);                     // throws ApiError on any failure
 *   const page = decode(linkListSchema, body, exchange.status);
 */
import type * as z from 'zod/mini';
import { ApiError } from './errors';
import { retryTime } from './rate-limit';
import { isJsonObject } from './schemas';

/** A finished HTTP exchange, as read by the transport. */
export interface Exchange {
  status: number;
  headers: Headers;
  bodyText: string;
  /** Clock reading when the answer arrived, to turn rate-limit headers into times. */
  receivedAt: number;
}

type JsonObject = Record<string, unknown>;
type Json = { ok: true; value: unknown } | { ok: false };

const KEY_MESSAGE = 'The server refused the API key. Check the key in Options.';
const CHECK_URL = 'Check that the server URL points to the API.';
const AUTH_WORDS = /\b(api[\s_-]?key|key|token|unauthori[sz]ed|unauthenticated|authentication)\b/i;
const RATE_WORDS = /rate[\s_-]?limit|too many requests/i;
const GATEWAY_STATUSES = new Set([502, 503, 504]);

/** The JSON object of a successful answer; anything else throws the ApiError it stands for. */
export function readApiBody(exchange: Exchange): JsonObject {
  const { status, bodyText } = exchange;
  // 204 has no body by definition; the spec's message responses carry nothing else we need.
  if (status === 204 || status === 205) return {};
  const json = parseJson(bodyText);
  const body = json.ok && isJsonObject(json.value) ? json.value : null;
  if (status >= 200 && status < 300 && body && !isErrorFlag(body.error)) return body;
  throw toApiError(exchange, json, body);
}

/** Parses a successful body with a response schema; a mismatch becomes an invalid_response ApiError. */
export function decode<S extends z.ZodMiniType>(schema: S, body: JsonObject, status: number): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const path = parsed.error.issues[0]?.path.map(String).join('.') || 'the answer';
  throw invalidError(
    status,
    `The server's answer (HTTP ${status}) has a missing or invalid “${path}”. ${CHECK_URL}`,
  );
}

/** True when an answer's `error` value means failure: 1, "1", true, or a message in its place. */
export function isErrorFlag(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return !['', '0', 'false'].includes(value.trim().toLowerCase());
  return true;
}

function toApiError(exchange: Exchange, json: Json, body: JsonObject | null): ApiError {
  const { status } = exchange;
  const message = body ? serverMessage(body) : '';
  const type = contentType(exchange.headers);
  const isHtml = type.includes('html') || /^\s*</.test(exchange.bodyText);

  if (status === 429 || RATE_WORDS.test(message)) return rateLimited(exchange, message);
  if (GATEWAY_STATUSES.has(status)) {
    return new ApiError({
      kind: 'server',
      status,
      message: `The server is unavailable (HTTP ${status}). Try again later.`,
    });
  }
  if (isHtml) {
    return invalidError(
      status,
      `The server answered with an HTML page (HTTP ${status}, ${type || 'no content type'}) instead of JSON. ${CHECK_URL}`,
    );
  }
  if (status === 401 || status === 403 || AUTH_WORDS.test(message)) return unauthorized(status, message);
  if (status === 404) {
    return new ApiError({
      kind: 'not_found',
      status,
      // Without the server's reason a 404 is as likely a wrong address as a deleted item.
      message: message || `The server found no such item or address (HTTP 404). ${CHECK_URL}`,
    });
  }
  if (status >= 500) {
    const detail = message ? `: ${message}` : '.';
    return new ApiError({
      kind: 'server',
      status,
      message: `The server failed (HTTP ${status})${detail} Try again later.`,
    });
  }
  if (status >= 400) {
    return new ApiError({
      kind: 'validation',
      status,
      message: message || `The server rejected the request (HTTP ${status}).`,
    });
  }
  if (status < 200 || status >= 300) {
    return invalidError(status, `The server answered with an unexpected HTTP ${status}. ${CHECK_URL}`);
  }
  if (!json.ok) return invalidError(status, notJsonMessage(exchange, type));
  if (!body) {
    return invalidError(
      status,
      `The server answered with JSON that is not an API response (HTTP ${status}). ${CHECK_URL}`,
    );
  }
  return new ApiError({
    kind: 'validation',
    status,
    message: message || 'The server reported a failure without saying why.',
  });
}

function unauthorized(status: number, message: string): ApiError {
  // A 403 can mean the plan or role does not allow an action; then the key itself is fine.
  const text =
    status === 403 && message && !AUTH_WORDS.test(message)
      ? `The server did not allow this: ${message}`
      : KEY_MESSAGE;
  return new ApiError({ kind: 'unauthorized', status, message: text });
}

function rateLimited(exchange: Exchange, message: string): ApiError {
  const retryAt = retryTime(exchange.headers, exchange.receivedAt);
  const wait =
    retryAt === null
      ? 'Wait a minute and try again.'
      : `Try again in ${Math.max(1, Math.ceil((retryAt - exchange.receivedAt) / 1000))} seconds.`;
  const text = `Too many requests: the server's rate limit is reached${message ? ` (${message})` : ''}. ${wait}`;
  return new ApiError({
    kind: 'rate_limited',
    status: exchange.status,
    message: text,
    ...(retryAt === null ? {} : { retryAt }),
  });
}

function notJsonMessage(exchange: Exchange, type: string): string {
  const what = `HTTP ${exchange.status}, ${type || 'no content type'}`;
  if (exchange.bodyText.trim() === '') {
    return `The server sent an empty answer (${what}) instead of JSON. ${CHECK_URL}`;
  }
  if (type.includes('json') || /^\s*[[{]/.test(exchange.bodyText)) {
    return `The server's JSON answer was cut off or malformed (${what}). Try again; if it persists, the server has a problem.`;
  }
  return `The server answered with something other than JSON (${what}). ${CHECK_URL}`;
}

function invalidError(status: number, message: string): ApiError {
  return new ApiError({ kind: 'invalid_response', status, message });
}

function parseJson(text: string): Json {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function contentType(headers: Headers): string {
  return (headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

// Servers put the reason in `message`, sometimes in `error` itself, sometimes as a list per field.
function serverMessage(body: JsonObject): string {
  // "1" or "true" in `error` is the flag, not a reason.
  const flagText = typeof body.error === 'string' && /^\s*(\d*|true|false)\s*$/i.test(body.error);
  const text = textOf(body.message, 0) || (flagText ? '' : textOf(body.error, 0));
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

// Depth-limited: a hostile or broken server must not be able to overflow the stack.
function textOf(value: unknown, depth: number): string {
  if (typeof value === 'string') return value.trim();
  if (depth > 2) return '';
  const parts = Array.isArray(value) ? value : isJsonObject(value) ? Object.values(value) : [];
  return parts
    .map((part) => textOf(part, depth + 1))
    .filter(Boolean)
    .join('; ');
}
