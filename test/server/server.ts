/**
 * Local reference server for the link-shortener API (docs: /work/shared/spec/link-shortener-api.md),
 * in memory, Node built-ins only. Tests start it in-process:
 *
 *   const server = await startReferenceServer({ port: 0 });
 *   await fetch(`${server.url}/api/urls`, { headers: { Authorization: `Bearer ${server.apiKey}` } });
 *   server.setFault({ kind: 'status', status: 503, times: 1 });
 *   await server.close();
 *
 * Tests that run it in another process (`npm run sandbox`) use the unauthenticated control endpoints:
 * GET /__control/requests, POST /__control/fault (a Fault or null), POST /__control/reset,
 * POST /__control/rate-limit ({ perWindow }).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpError } from './api';
import { type Fault, FaultSlot, parseFault, writeFault } from './faults';
import { RateLimiter, type RateLimitState } from './rate-limit';
import { matchRoute } from './routes';
import { Store } from './store';

export type { Fault } from './faults';

export interface ServerOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Default 'demo-api-key'. */
  apiKey?: string;
  /** Requests per window per key; default 30. */
  rateLimit?: number;
  /** Default 60000. */
  windowMs?: number;
  /** Load the demo data; default true. Without it every list starts empty (the account still exists). */
  seed?: boolean;
  /** The rate limiter's clock (ms since the epoch); default Date.now. A test moves time with its own. */
  now?: () => number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** Parsed JSON, or the raw text if it is not JSON, or undefined when there was no body. */
  body: unknown;
  at: number;
  /** The HTTP status answered, once the answer is sent; absent when the connection was dropped. */
  status?: number;
}

export interface ReferenceServer {
  /** E.g. http://127.0.0.1:8787 */
  readonly url: string;
  readonly port: number;
  readonly apiKey: string;
  /** Every API request received (not /__control, not preflights), in order, faulted ones too. */
  readonly requests: RecordedRequest[];
  /** Sets the one active fault (replacing any other); null clears it. Throws a TypeError on a malformed fault. */
  setFault(fault: Fault | null): void;
  /** Changes the per-key limit and starts a fresh window. */
  setRateLimit(perWindow: number): void;
  /** Reseeds the store, clears requests and faults, restores the starting rate limit with a fresh window. */
  reset(): void;
  /** The in-memory data, for arranging and asserting in tests. */
  readonly store: Store;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1_000_000;
// A flood of requests must not grow memory without bound; tests never get near this.
const MAX_RECORDED_REQUESTS = 10_000;
const JSON_TYPE = 'application/json; charset=utf-8';

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  // Without this, a page on another origin cannot read the rate-limit headers.
  'Access-Control-Expose-Headers': 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After',
};

const PREFLIGHT_HEADERS = {
  ...CORS_HEADERS,
  'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type',
  'Access-Control-Max-Age': '600',
};

class BodyTooLarge extends Error {}

/** The body as text; an oversized one is still read to the end, so the 413 reaches a client that is mid-upload. */
function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) reject(new BodyTooLarge());
      else resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}

function parseJson(raw: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return { ok: false };
  }
}

function headerMap(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function bearerKey(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
  return match?.[1]?.trim();
}

function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(state.limit),
    'X-RateLimit-Remaining': String(state.remaining),
    'X-RateLimit-Reset': String(Math.ceil(state.resetAt / 1000)),
  };
}

function secondsUntil(epochMs: number, now: number): number {
  return Math.max(1, Math.ceil((epochMs - now) / 1000));
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': JSON_TYPE,
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Starts the reference server; resolves once it is listening. */
export async function startReferenceServer(options: ServerOptions = {}): Promise<ReferenceServer> {
  const host = options.host ?? '127.0.0.1';
  const apiKey = options.apiKey ?? 'demo-api-key';
  const initialLimit = options.rateLimit ?? 30;
  const now = options.now ?? Date.now;
  const limiter = new RateLimiter(initialLimit, options.windowMs ?? 60_000, now);
  const faults = new FaultSlot();
  const requests: RecordedRequest[] = [];
  const closing = new AbortController();

  const server = createServer();
  await listen(server, options.port ?? 0, host);
  const port = (server.address() as AddressInfo).port;
  const url = `http://${urlHost(host)}:${port}`;
  const store = new Store(url, options.seed ?? true);

  const reference: ReferenceServer = {
    url,
    port,
    apiKey,
    requests,
    store,
    setFault: (fault) => faults.set(parseFault(fault)),
    setRateLimit: (perWindow) => {
      if (!Number.isInteger(perWindow) || perWindow < 1)
        throw new TypeError('perWindow must be a positive integer.');
      limiter.setLimit(perWindow);
    },
    reset: () => {
      store.reset();
      requests.length = 0;
      faults.set(null);
      limiter.setLimit(initialLimit);
    },
    close: async () => {
      closing.abort();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  function record(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: Record<string, string>,
    raw: string,
  ): void {
    const parsed = parseJson(raw);
    const entry: RecordedRequest = {
      method: req.method ?? 'GET',
      path,
      query,
      headers: headerMap(req),
      body: raw === '' ? undefined : parsed.ok ? parsed.value : raw,
      at: Date.now(),
    };
    res.once('finish', () => {
      entry.status = res.statusCode;
    });
    requests.push(entry);
    if (requests.length > MAX_RECORDED_REQUESTS) requests.splice(0, requests.length - MAX_RECORDED_REQUESTS);
  }

  function control(method: string, path: string, raw: string): { status: number; body: unknown } {
    const action = `${method} ${path}`;
    if (action === 'GET /__control/requests') return { status: 200, body: requests };
    if (action === 'POST /__control/reset') {
      reference.reset();
      return { status: 200, body: { error: 0, message: 'Server reset.' } };
    }
    if (action !== 'POST /__control/fault' && action !== 'POST /__control/rate-limit') {
      return { status: 404, body: { error: 1, message: `No control endpoint ${action}.` } };
    }
    const parsed = raw === '' ? { ok: true as const, value: null } : parseJson(raw);
    if (!parsed.ok) return { status: 400, body: { error: 1, message: 'Malformed JSON body.' } };
    try {
      if (action === 'POST /__control/fault') {
        reference.setFault(parsed.value as Fault | null);
        return { status: 200, body: { error: 0, fault: faults.current } };
      }
      const perWindow = (parsed.value as { perWindow?: unknown } | null)?.perWindow;
      reference.setRateLimit(perWindow as number);
      return { status: 200, body: { error: 0, perWindow } };
    } catch (error) {
      return { status: 400, body: { error: 1, message: (error as Error).message } };
    }
  }

  async function api(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: Record<string, string>,
    raw: string,
  ) {
    const method = req.method ?? 'GET';
    record(req, res, path, query, raw);
    const key = bearerKey(req);
    const authorized = key === apiKey;
    // Faults stand in for the whole server, so they come before auth and do not use up the rate limit.
    const fault = faults.take(`${method} ${path}`);
    if (fault?.kind === 'slow') {
      await sleep(fault.delayMs, undefined, { signal: closing.signal });
    } else if (fault?.kind === 'drop' && fault.after) {
      // The request is carried out below; whatever answer it writes closes the connection instead.
      res.writeHead = () => res;
      res.end = () => {
        res.socket?.destroy();
        return res;
      };
    } else if (fault && fault.kind !== 'existing') {
      const state = limiter.peek(authorized ? apiKey : '');
      return writeFault(res, fault, rateLimitHeaders(state), secondsUntil(state.resetAt, now()));
    }
    if (!authorized) {
      const headers = rateLimitHeaders(limiter.peek(''));
      const text =
        key === undefined ? 'Missing API key. Send Authorization: Bearer <API_KEY>.' : 'Invalid API key.';
      return sendJson(res, 401, { error: 1, message: text }, headers);
    }
    const state = limiter.hit(apiKey);
    const headers = rateLimitHeaders(state);
    if (!state.allowed) {
      const seconds = secondsUntil(state.resetAt, now());
      const body = { error: 1, message: `Rate limit exceeded. Try again in ${seconds} seconds.` };
      return sendJson(res, 429, body, { ...headers, 'Retry-After': String(seconds) });
    }
    const route = matchRoute(method, path);
    if (!route) return sendJson(res, 404, { error: 1, message: `No endpoint ${method} ${path}.` }, headers);
    const parsed = raw === '' ? { ok: true as const, value: {} } : parseJson(raw);
    if (!parsed.ok) return sendJson(res, 400, { error: 1, message: 'Malformed JSON body.' }, headers);
    if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) {
      return sendJson(res, 400, { error: 1, message: 'The request body must be a JSON object.' }, headers);
    }
    try {
      const body = parsed.value as Record<string, unknown>;
      const result = route.handler({
        store,
        params: route.params,
        query,
        body,
        returnExisting: fault?.kind === 'existing',
      });
      sendJson(res, result.status ?? 200, result.body, headers);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      sendJson(res, error.status, { error: 1, message: error.message }, headers);
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Always closing the connection means a dropped request is never retried on a reused socket.
    res.setHeader('Connection', 'close');
    for (const [name, value] of Object.entries(CORS_HEADERS)) res.setHeader(name, value);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, PREFLIGHT_HEADERS).end();
      return;
    }
    const target = new URL(req.url ?? '/', 'http://localhost');
    const query = Object.fromEntries(target.searchParams);
    let raw: string;
    try {
      raw = await readBody(req);
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        sendJson(res, 413, { error: 1, message: 'The request body is too large.' });
      } else {
        res.socket?.destroy();
      }
      return;
    }
    if (target.pathname.startsWith('/__control/')) {
      const { status, body } = control(req.method ?? 'GET', target.pathname, raw);
      sendJson(res, status, body);
      return;
    }
    await api(req, res, target.pathname, query, raw);
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      if (closing.signal.aborted) return;
      // A bug in a handler should fail the test that hit it, not bring the server down.
      console.error('[reference server]', error);
      sendJson(res, 500, { error: 1, message: 'Internal error in the reference server.' });
    });
  });

  return reference;
}
