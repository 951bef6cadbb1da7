/**
 * Sends one API request: auth headers, timeout, the caller's abort signal, rate-limit headers and the
 * single retry a GET may get. Redirects are never followed: the key goes to the configured origin
 * only. What the answer means is decided in `response.ts`.
 *
 *   const send = createTransport({ baseUrl, apiKey, fetch, timeoutMs: 15000, now: Date.now, onRateLimit });
 *   const { body, status } = await send({ method: 'GET', path: '/account' });
 */
import { t } from '../i18n';
import { ApiError } from './errors';
import { type RateLimitInfo, readRateLimit } from './rate-limit';
import { type Exchange, readApiBody } from './response';

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path after `/api`, starting with `/`. */
  path: string;
  query?: Record<string, string | number | undefined>;
  /** Sent as JSON; already validated and cleaned by the caller. */
  body?: unknown;
  signal?: AbortSignal | undefined;
}

/** A successful answer: its JSON object and HTTP status. */
export interface Answer {
  body: Record<string, unknown>;
  status: number;
}

interface TransportOptions {
  /** A URL already checked by normalizeBaseUrl. */
  baseUrl: string;
  apiKey: string | (() => string | Promise<string>);
  fetch: typeof fetch;
  timeoutMs: number;
  now: () => number;
  onRateLimit: (info: RateLimitInfo) => void;
}

/** Creates the function that sends requests to one server with one key. */
export function createTransport(options: TransportOptions): (request: HttpRequest) => Promise<Answer> {
  const origin = new URL(options.baseUrl).origin;

  async function attempt(url: string, init: RequestInit, signal: AbortSignal | undefined): Promise<Exchange> {
    signal?.throwIfAborted();
    const controller = new AbortController();
    let timedOut = false;
    let stop = () => {};
    // Raced against fetch and the body read, so a fetch that ignores its signal still stops in time.
    // Its rejection value is never used: the catch below decides between timeout and abort.
    const stopped = new Promise<never>((_, reject) => {
      stop = () => reject(null);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
      stop();
    }, options.timeoutMs);
    const onAbort = () => {
      controller.abort(signal?.reason);
      stop();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const response = await Promise.race([
        options.fetch(url, { ...init, signal: controller.signal }),
        stopped,
      ]);
      // `redirect: 'manual'` below: a browser gives an opaque answer with status 0, Node the 3xx itself.
      if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
        throw redirectError(response.status);
      }
      const rateLimit = readRateLimit(response.headers, options.now());
      if (rateLimit) reportRateLimit(rateLimit);
      const bodyText = await Promise.race([response.text(), stopped]);
      return { status: response.status, headers: response.headers, bodyText, receivedAt: options.now() };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (timedOut) throw timeoutError();
      if (signal?.aborted) throw signal.reason;
      // fetch rejects with TypeError when the server cannot be reached; anything else it throws
      // (a malformed header, a broken stream) is just as unreachable from the user's side.
      throw new ApiError({ kind: 'network', message: t('error_unreachable', origin) });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  function reportRateLimit(info: RateLimitInfo): void {
    try {
      options.onRateLimit(info);
    } catch (error) {
      // A listener's bug must not turn a good answer into a failure; rethrown so it still shows.
      queueMicrotask(() => {
        throw error;
      });
    }
  }

  function redirectError(status: number): ApiError {
    return new ApiError({
      kind: 'invalid_response',
      ...(status ? { status } : {}),
      message: t('error_redirect', origin),
    });
  }

  function timeoutError(): ApiError {
    const ms = options.timeoutMs;
    // Always several seconds outside tests, where "within 1 seconds" cannot happen.
    const message =
      ms >= 1000
        ? t('error_timeout_seconds', origin, Math.round(ms / 1000))
        : t('error_timeout_ms', origin, ms);
    return new ApiError({ kind: 'timeout', message });
  }

  return async function send(request: HttpRequest): Promise<Answer> {
    const key = await apiKeyOf(options.apiKey);
    const init: RequestInit = {
      method: request.method,
      headers: {
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      credentials: 'omit',
      cache: 'no-store',
      // A redirect would carry the Authorization header, and so the key, to wherever it points.
      redirect: 'manual',
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    };
    const url = urlOf(options.baseUrl, request);
    // Only a read is repeated, and only when it never reached the server: a create or change that
    // timed out or failed may have happened, and repeating it could do it twice.
    const tries = request.method === 'GET' ? 2 : 1;
    for (let tried = 1; ; tried++) {
      try {
        const exchange = await attempt(url, init, request.signal);
        return { body: readApiBody(exchange, key), status: exchange.status };
      } catch (error) {
        if (tried < tries && error instanceof ApiError && error.kind === 'network') continue;
        throw redact(error, key);
      }
    }
  };
}

async function apiKeyOf(source: TransportOptions['apiKey']): Promise<string> {
  const key = (typeof source === 'function' ? await source() : source).trim();
  if (key === '') {
    throw new ApiError({ kind: 'unauthorized', message: t('error_no_api_key') });
  }
  // Anything else would make the Authorization header invalid, and fetch would fail as if offline.
  if (!/^[\x21-\x7e]+$/.test(key)) {
    throw new ApiError({ kind: 'unauthorized', message: t('error_api_key_characters') });
  }
  return key;
}

function urlOf(baseUrl: string, request: HttpRequest): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) params.set(name, String(value));
  }
  const query = params.toString();
  return `${baseUrl}/api${request.path}${query ? `?${query}` : ''}`;
}

// Server messages are echoed to the user; a server that quotes the key back must not expose it.
function redact(error: unknown, key: string): unknown {
  if (!(error instanceof ApiError) || !error.message.includes(key)) return error;
  return new ApiError({ ...error.toJSON(), message: error.message.split(key).join('••••') });
}
