import { type ServerResponse, STATUS_CODES } from 'node:http';

/** A deliberate failure the server answers with instead of (or, for `slow`, before) the real response. */
export type Fault = (
  | { kind: 'slow'; delayMs: number }
  | { kind: 'html500' }
  | { kind: 'status'; status: number; json?: boolean }
  | { kind: 'truncated' }
  | { kind: 'error1'; message?: string }
  /** Closes the connection unanswered; with `after`, once the request was carried out (a lost answer). */
  | { kind: 'drop'; after?: boolean }
  /** Answers with a redirect (default 302) to `location`, e.g. another server that records what reaches it. */
  | { kind: 'redirect'; location: string; status?: number }
  /**
   * Not a failure: a create of a long URL the server already has is answered with that link (its id
   * and short URL), as servers that deduplicate do; every other request is carried out as usual.
   */
  | { kind: 'existing' }
) & {
  /** Only requests whose "METHOD /path" (no query) contains this substring. */
  match?: string;
  /** Apply to the next N matching requests, then clear; default: until cleared. */
  times?: number;
};

const JSON_TYPE = 'application/json; charset=utf-8';
const KINDS = new Set(['slow', 'html500', 'status', 'truncated', 'error1', 'drop', 'redirect', 'existing']);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

/** Checks untrusted input (e.g. a control request body) is a Fault or null; throws a TypeError saying what is wrong. */
export function parseFault(value: unknown): Fault | null {
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value))
    throw new TypeError('A fault must be an object or null.');
  const fault = value as Record<string, unknown>;
  if (typeof fault.kind !== 'string' || !KINDS.has(fault.kind)) {
    throw new TypeError(`Fault kind must be one of: ${[...KINDS].join(', ')}.`);
  }
  if (fault.match !== undefined && typeof fault.match !== 'string')
    throw new TypeError('match must be a string.');
  if (fault.times !== undefined && !isPositiveInteger(fault.times)) {
    throw new TypeError('times must be a positive integer.');
  }
  if (fault.kind === 'slow' && !(typeof fault.delayMs === 'number' && fault.delayMs >= 0)) {
    throw new TypeError('A slow fault needs delayMs, a number of milliseconds >= 0.');
  }
  if (fault.kind === 'status') {
    if (!(isPositiveInteger(fault.status) && fault.status >= 200 && fault.status <= 599)) {
      throw new TypeError('A status fault needs status, an HTTP status from 200 to 599.');
    }
    if (fault.json !== undefined && typeof fault.json !== 'boolean')
      throw new TypeError('json must be a boolean.');
  }
  if (fault.kind === 'error1' && fault.message !== undefined && typeof fault.message !== 'string') {
    throw new TypeError('message must be a string.');
  }
  if (fault.kind === 'drop' && fault.after !== undefined && typeof fault.after !== 'boolean') {
    throw new TypeError('A drop fault’s after must be a boolean.');
  }
  if (fault.kind === 'redirect') {
    if (typeof fault.location !== 'string' || !URL.canParse(fault.location)) {
      throw new TypeError('A redirect fault needs location, an absolute URL.');
    }
    if (fault.status !== undefined && !REDIRECT_STATUSES.has(fault.status as number)) {
      throw new TypeError('A redirect status must be one of 301, 302, 303, 307, 308.');
    }
  }
  return { ...fault } as Fault;
}

/** Holds the one active fault and counts down its `times`. */
export class FaultSlot {
  private fault: Fault | null = null;
  private remaining = Number.POSITIVE_INFINITY;

  /** The active fault, if any. */
  get current(): Fault | null {
    return this.fault;
  }

  /** Replaces the active fault; null clears it. */
  set(fault: Fault | null): void {
    this.fault = fault;
    this.remaining = fault?.times ?? Number.POSITIVE_INFINITY;
  }

  /** The fault that applies to `request` ("METHOD /path"), using up one of its `times`. */
  take(request: string): Fault | undefined {
    const fault = this.fault;
    if (!fault || (fault.match !== undefined && !request.includes(fault.match))) return undefined;
    this.remaining -= 1;
    if (this.remaining <= 0) this.set(null);
    return fault;
  }
}

const HTML_500 = `<!DOCTYPE html>
<html><head><title>500 Internal Server Error</title></head>
<body><h1>Internal Server Error</h1><p>The server encountered an internal error.</p><hr><address>nginx</address></body>
</html>
`;

// Half of a plausible links page: valid HTTP, invalid JSON.
const TRUNCATED_JSON = (() => {
  const full = JSON.stringify({
    error: '0',
    data: {
      result: 1,
      perpage: 15,
      currentpage: 1,
      nextpage: null,
      maxpage: 1,
      urls: [{ id: 1, alias: 'docs', shorturl: 'http://127.0.0.1/docs', longurl: 'https://example.com/' }],
    },
  });
  return full.slice(0, Math.floor(full.length / 2));
})();

const STATUS_MESSAGES: Record<number, string> = {
  401: 'Invalid API key.',
  403: 'You do not have permission to do this.',
  404: 'Not found.',
  500: 'Internal server error.',
  503: 'Service temporarily unavailable.',
};

function write(res: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  res.writeHead(status, { ...headers, 'Content-Length': String(Buffer.byteLength(body)) }).end(body);
}

/**
 * Answers a request with a fault (every kind except `slow`, which only delays, and `existing`, which
 * the create handler carries out). `headers` are the rate-limit headers the real answer would carry;
 * `retryAfter` is used for simulated 429s.
 */
export function writeFault(
  res: ServerResponse,
  fault: Exclude<Fault, { kind: 'slow' | 'existing' }>,
  headers: Record<string, string>,
  retryAfter: number,
): void {
  switch (fault.kind) {
    case 'drop':
      // Nothing is written, so the client sees the connection close with no response at all.
      res.socket?.destroy();
      return;
    case 'redirect':
      res.writeHead(fault.status ?? 302, { ...headers, Location: fault.location }).end();
      return;
    case 'html500':
      write(res, 500, { ...headers, 'Content-Type': 'text/html; charset=utf-8' }, HTML_500);
      return;
    case 'truncated':
      // Content-Length matches what is sent: the HTTP exchange completes, only the JSON is broken.
      write(res, 200, { ...headers, 'Content-Type': JSON_TYPE }, TRUNCATED_JSON);
      return;
    case 'error1': {
      const body = { error: 1, message: fault.message ?? 'An unexpected error occurred.' };
      write(res, 200, { ...headers, 'Content-Type': JSON_TYPE }, JSON.stringify(body));
      return;
    }
    case 'status': {
      const { status } = fault;
      const statusHeaders =
        status === 429
          ? { ...headers, 'X-RateLimit-Remaining': '0', 'Retry-After': String(retryAfter) }
          : { ...headers };
      const text =
        status === 429
          ? `Rate limit exceeded. Try again in ${retryAfter} seconds.`
          : (STATUS_MESSAGES[status] ?? `${STATUS_CODES[status] ?? 'Error'}.`);
      if (fault.json) {
        const body = JSON.stringify({ error: 1, message: text });
        write(res, status, { ...statusHeaders, 'Content-Type': JSON_TYPE }, body);
      } else if (status === 204 || status === 304) {
        res.writeHead(status, statusHeaders).end();
      } else {
        write(res, status, { ...statusHeaders, 'Content-Type': 'text/plain; charset=utf-8' }, text);
      }
      return;
    }
  }
}
