/**
 * The one place that turns a server's answer into data or an ApiError. Every status code, body and
 * `error` flag is judged here, so callers only ever see clean data or an ApiError whose message says
 * what happened and what to do.
 *
 *   const body = readApiBody(exchange);                     // throws ApiError on any failure
 *   const page = decode(linkListSchema, body, exchange.status);
 */

import { t } from '../i18n';
import { isObject } from '../is-object';
import type { z } from '../zod';
import { ApiError } from './errors';
import { retryTime } from './rate-limit';

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

const AUTH_WORDS = /\b(api[\s_-]?key|key|token|unauthori[sz]ed|unauthenticated|authentication)\b/i;
const RATE_WORDS = /rate[\s_-]?limit|too many requests/i;
const GATEWAY_STATUSES = new Set([502, 503, 504]);

/**
 * The JSON object of a successful answer; anything else throws the ApiError it stands for. `secret`
 * (the API key) is masked in the server's words before they are cut to length: cut first, a key
 * across the cut would leave a prefix that no later masking finds.
 */
export function readApiBody(exchange: Exchange, secret = ''): JsonObject {
  const { status, bodyText } = exchange;
  // 204 has no body by definition; the spec's message responses carry nothing else we need.
  if (status === 204 || status === 205) return {};
  const json = parseJson(bodyText);
  const body = json.ok && isObject(json.value) ? json.value : null;
  if (status >= 200 && status < 300 && body && !isErrorFlag(body.error)) return body;
  throw toApiError(exchange, json, body, secret);
}

/** Parses a successful body with a response schema; a mismatch becomes an invalid_response ApiError. */
export function decode<S extends z.ZodMiniType>(schema: S, body: JsonObject, status: number): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const path = parsed.error.issues[0]?.path.map(String).join('.');
  throw invalidError(
    status,
    path ? t('error_answer_field_invalid', status, path) : t('error_answer_invalid', status),
  );
}

/** True when an answer's `error` value means failure: 1, "1", true, or a message in its place. */
export function isErrorFlag(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return !['', '0', 'false'].includes(value.trim().toLowerCase());
  return true;
}

/** `text` with every occurrence of `secret` replaced by ••••. */
function mask(text: string, secret: string): string {
  return secret ? text.split(secret).join('••••') : text;
}

function toApiError(exchange: Exchange, json: Json, body: JsonObject | null, secret: string): ApiError {
  const { status } = exchange;
  const message = body ? serverMessage(body, secret) : '';
  const type = contentType(exchange.headers);
  // Technical, so not translated: "HTTP 200, text/html", or "HTTP 200" without a content type.
  const detail = type ? `HTTP ${status}, ${type}` : `HTTP ${status}`;
  const isHtml = type.includes('html') || /^\s*</.test(exchange.bodyText);

  if (status === 429 || RATE_WORDS.test(message)) return rateLimited(exchange);
  if (GATEWAY_STATUSES.has(status)) {
    return new ApiError({ kind: 'server', status, message: t('error_server_unavailable', status) });
  }
  // An error page with a 5xx is the server failing (handled below), not a wrong address.
  if (isHtml && status < 500) {
    return invalidError(status, t('error_html_answer', detail));
  }
  if (status === 401 || status === 403 || AUTH_WORDS.test(message)) {
    // A 403 in plain text still gives its reason; it decides whether the key or the action was refused.
    const reason =
      message ||
      (status === 403 && type === 'text/plain' ? plainReason(mask(exchange.bodyText, secret)) : '');
    return unauthorized(status, reason);
  }
  if (status === 404) {
    return new ApiError({
      kind: 'not_found',
      status,
      // Without the server's reason a 404 is as likely a wrong address as a deleted item.
      message: message ? t('error_not_found_reason', message) : t('error_not_found'),
    });
  }
  if (status >= 500) {
    return new ApiError({
      kind: 'server',
      status,
      // The server's own words are shown as it wrote them, inside our sentence.
      message: message ? t('error_server_failed_reason', status, message) : t('error_server_failed', status),
    });
  }
  if (status >= 400) {
    return new ApiError({
      kind: 'validation',
      status,
      message: message ? t('error_refused_reason', message) : t('error_request_rejected', status),
    });
  }
  if (status < 200 || status >= 300) {
    return invalidError(status, t('error_unexpected_status', status));
  }
  if (!json.ok) return invalidError(status, notJsonMessage(exchange, type, detail));
  if (!body) return invalidError(status, t('error_json_not_api', status));
  return new ApiError({
    kind: 'validation',
    status,
    message: message ? t('error_refused_reason', message) : t('error_failure_no_reason'),
  });
}

function unauthorized(status: number, message: string): ApiError {
  // A 403 can mean the plan or role does not allow an action; then the key itself is fine, and
  // Options (where the key is) is no help: it is a refusal of this request.
  if (status === 403 && message && !AUTH_WORDS.test(message)) {
    return new ApiError({ kind: 'validation', status, message: t('error_not_allowed', message) });
  }
  return new ApiError({ kind: 'unauthorized', status, message: t('error_key_refused') });
}

function rateLimited(exchange: Exchange): ApiError {
  const retryAt = retryTime(exchange.headers, exchange.receivedAt);
  // The server's own words are left out: they would say when to retry, in another language, and the
  // pages say it from retryAt when they show the message (lib/present/errors.ts).
  return new ApiError({
    kind: 'rate_limited',
    status: exchange.status,
    message: t('error_rate_limited'),
    ...(retryAt === null ? {} : { retryAt }),
  });
}

function notJsonMessage(exchange: Exchange, type: string, detail: string): string {
  if (exchange.bodyText.trim() === '') return t('error_empty_answer', detail);
  if (type.includes('json') || /^\s*[[{]/.test(exchange.bodyText)) return t('error_json_malformed', detail);
  return t('error_not_json', detail);
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

/** Bodies that only repeat a 403's status say nothing of why: as often a wrong key as a plan limit. */
const STATUS_ONLY = /^(403\s*)?(forbidden|access denied|permission denied)\.?$/i;

/**
 * A short plain-text body as a reason: one paragraph of at most 300 characters, else nothing. A
 * longer text is a page, not a reason, so it is not cut to fit as a JSON message would be.
 */
function plainReason(text: string): string {
  const reason = text.trim().replace(/\s+/g, ' ');
  const paragraph = reason.length <= 300 && !/\n\s*\n/.test(text.trim());
  return paragraph && !STATUS_ONLY.test(reason) ? reason : '';
}

// Servers put the reason in `message`, sometimes in `error` itself, sometimes as a list per field.
function serverMessage(body: JsonObject, secret: string): string {
  // "1" or "true" in `error` is the flag, not a reason.
  const flagText = typeof body.error === 'string' && /^\s*(\d*|true|false)\s*$/i.test(body.error);
  const text = mask(textOf(body.message, 0) || (flagText ? '' : textOf(body.error, 0)), secret);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

// Depth-limited: a hostile or broken server must not be able to overflow the stack.
function textOf(value: unknown, depth: number): string {
  if (typeof value === 'string') return value.trim();
  if (depth > 2) return '';
  const parts = Array.isArray(value) ? value : isObject(value) ? Object.values(value) : [];
  return parts
    .map((part) => textOf(part, depth + 1))
    .filter(Boolean)
    .join('; ');
}
