import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { decode, type Exchange, isErrorFlag, readApiBody } from '@/lib/api/response';
import { accountResponseSchema } from '@/lib/api/schemas';
import { errorText } from '@/lib/present/errors';

const NOW = 1_700_000_000_000;

function exchange(status: number, body: unknown, headers: Record<string, string> = {}): Exchange {
  const bodyText = typeof body === 'string' ? body : JSON.stringify(body);
  const type: Record<string, string> = typeof body === 'string' ? {} : { 'Content-Type': 'application/json' };
  return { status, headers: new Headers({ ...type, ...headers }), bodyText, receivedAt: NOW };
}

function failure(ex: Exchange): ApiError {
  try {
    readApiBody(ex);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('readApiBody accepted the answer');
}

const KEY_MESSAGE = 'The server refused the API key. Check the key in Options.';

describe('readApiBody: success', () => {
  it.each([0, '0', false, null])('returns the body when error is %j', (flag) => {
    expect(readApiBody(exchange(200, { error: flag, message: 'ok' }))).toEqual({
      error: flag,
      message: 'ok',
    });
  });

  it('returns an empty body for 204 No Content', () => {
    expect(readApiBody(exchange(204, ''))).toEqual({});
  });
});

describe('readApiBody: unauthorized', () => {
  it.each([
    [401, { error: 1, message: 'Unauthorized' }],
    [403, { error: 1, message: 'Invalid API key' }],
    [401, ''],
    [200, { error: 1, message: 'A valid API key is required.' }],
    [200, { error: '1', message: 'Token expired' }],
    [400, { error: 1, message: 'unauthorized' }],
  ])('HTTP %i with %j', (status, body) => {
    const error = failure(exchange(status, body));
    expect(error).toMatchObject({ kind: 'unauthorized', status, message: KEY_MESSAGE });
  });

  it('keeps the server reason when a 403 is about permission, not the key', () => {
    const error = failure(exchange(403, { error: 1, message: 'You are not allowed to use this feature.' }));
    // The key is fine: this is a refusal of the request, which Options cannot fix.
    expect(error.kind).toBe('validation');
    expect(error.message).toBe(
      'The server doesn’t allow this: “You are not allowed to use this feature.” Your account or plan may not include it.',
    );
  });

  it('reads the reason of a 403 in plain text the same way', () => {
    const plain = { 'Content-Type': 'text/plain; charset=utf-8' };
    const refused = failure(exchange(403, 'You do not have permission to do this.', plain));
    expect(refused.kind).toBe('validation');
    expect(refused.message).toContain('“You do not have permission to do this.”');
    // About the key, or with nothing to read, it is still the key that was refused.
    expect(failure(exchange(403, 'Invalid API key.', plain)).message).toBe(KEY_MESSAGE);
    expect(failure(exchange(403, '', plain)).message).toBe(KEY_MESSAGE);
    expect(failure(exchange(403, 'Forbidden', plain)).message).toBe(KEY_MESSAGE);
    expect(failure(exchange(403, '403 Access denied.', plain)).message).toBe(KEY_MESSAGE);
    expect(failure(exchange(403, 'x\n\n'.repeat(200), plain)).message).toBe(KEY_MESSAGE);
  });
});

describe('readApiBody: rate_limited', () => {
  it('takes retryAt from X-RateLimit-Reset', () => {
    const error = failure(
      exchange(429, { error: 1, message: 'Slow down' }, { 'X-RateLimit-Reset': '1700000030' }),
    );
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429, retryAt: NOW + 30_000 });
    // The message names no time: it is said from retryAt when shown, so it never goes stale.
    expect(error.message).not.toContain('Try again');
    expect(errorText(error, NOW)).toContain('Try again in 30 seconds.');
  });

  it('takes retryAt from Retry-After', () => {
    expect(failure(exchange(429, '', { 'Retry-After': '12' })).retryAt).toBe(NOW + 12_000);
  });

  it('has no retryAt when the server names no time', () => {
    const error = failure(exchange(429, { error: 1 }));
    expect(error.retryAt).toBeUndefined();
    expect(errorText(error, NOW)).toContain('Wait a minute and try again.');
  });

  it('recognises a rate-limit message in an HTTP 200 failure', () => {
    expect(failure(exchange(200, { error: 1, message: 'Rate limit exceeded' })).kind).toBe('rate_limited');
  });
});

describe('readApiBody: validation', () => {
  it.each([400, 409, 422])('HTTP %i carries the server message', (status) => {
    expect(failure(exchange(status, { error: 1, message: 'That alias is taken.' }))).toMatchObject({
      kind: 'validation',
      status,
      message:
        'The server refused this: “That alias is taken.” If it names something you entered, change that; then try again.',
    });
  });

  it('treats HTTP 200 with error 1 as a failure', () => {
    expect(failure(exchange(200, { error: 1, message: 'The URL is not valid.' }))).toMatchObject({
      kind: 'validation',
      status: 200,
      message:
        'The server refused this: “The URL is not valid.” If it names something you entered, change that; then try again.',
    });
  });

  it.each([true, '1', 2])('treats error %j as a failure', (flag) => {
    expect(failure(exchange(200, { error: flag, message: 'Nope' })).kind).toBe('validation');
  });

  it('uses a message given in place of the flag', () => {
    expect(failure(exchange(200, { error: 'Alias already exists' })).message).toContain(
      '“Alias already exists”',
    );
  });

  it('joins messages given per field', () => {
    expect(
      failure(exchange(422, { error: 1, message: { url: ['Required.'], custom: 'Too long.' } })).message,
    ).toContain('“Required.; Too long.”');
  });

  it('says so when the server gives no reason', () => {
    expect(failure(exchange(400, '')).message).toBe('The server rejected the request (HTTP 400).');
    expect(failure(exchange(200, { error: 1 })).message).toBe(
      'The server reported a failure without saying why.',
    );
  });

  it('shortens very long server messages', () => {
    expect(
      failure(exchange(400, { error: 1, message: 'x'.repeat(5000) })).message.length,
    ).toBeLessThanOrEqual(
      301 +
        'The server refused this: “” If it names something you entered, change that; then try again.'.length,
    );
  });
});

describe('readApiBody: not_found, server', () => {
  it('maps 404 with JSON to not_found', () => {
    expect(failure(exchange(404, { error: 1, message: 'Link not found.' }))).toMatchObject({
      kind: 'not_found',
      status: 404,
      message: 'The server couldn’t find what was asked for: “Link not found.”',
    });
    expect(failure(exchange(404, '')).kind).toBe('not_found');
  });

  it('maps 5xx to server with the status and the server message', () => {
    const error = failure(exchange(500, { error: 1, message: 'Database is down' }));
    expect(error).toMatchObject({ kind: 'server', status: 500 });
    expect(error.message).toContain('HTTP 500');
    expect(error.message).toContain('Database is down');
  });

  it('maps a gateway error page to server, not to a wrong URL', () => {
    const error = failure(
      exchange(502, '<html><body>Bad Gateway</body></html>', { 'Content-Type': 'text/html' }),
    );
    expect(error).toMatchObject({ kind: 'server', status: 502 });
  });

  it('maps an HTML error page with a 500 to the server failing, not to a wrong URL', () => {
    const error = failure(
      exchange(500, '<!DOCTYPE html><p>Fatal error', { 'Content-Type': 'text/html; charset=UTF-8' }),
    );
    expect(error).toMatchObject({ kind: 'server', status: 500 });
    expect(error.message).toBe('The server failed (HTTP 500). Try again later.');
  });
});

describe('readApiBody: invalid_response', () => {
  it('names an HTML page, its status and content type', () => {
    const error = failure(
      exchange(200, '<!DOCTYPE html><p>Welcome', { 'Content-Type': 'text/html; charset=UTF-8' }),
    );
    expect(error.kind).toBe('invalid_response');
    expect(error.message).toBe(
      'The server answered with an HTML page (HTTP 200, text/html) instead of JSON. Check that the server URL points to the API.',
    );
  });

  it('reports an HTML 200 (e.g. the site home page) and an HTML 404 as invalid_response', () => {
    expect(failure(exchange(200, '<html></html>', { 'Content-Type': 'text/html' })).kind).toBe(
      'invalid_response',
    );
    expect(failure(exchange(404, '<html>Not Found</html>', { 'Content-Type': 'text/html' })).kind).toBe(
      'invalid_response',
    );
  });

  it('names non-JSON text', () => {
    expect(failure(exchange(200, 'OK', { 'Content-Type': 'text/plain' })).message).toContain(
      'something other than JSON (HTTP 200, text/plain)',
    );
  });

  it('names truncated JSON without echoing a SyntaxError', () => {
    const error = failure(exchange(200, '{"error":0,"data":{"id":', { 'Content-Type': 'application/json' }));
    expect(error.kind).toBe('invalid_response');
    expect(error.message).toContain('cut off or malformed (HTTP 200, application/json)');
    expect(error.message).not.toMatch(/SyntaxError|Unexpected|JSON\.parse/);
  });

  it('names an empty answer', () => {
    expect(failure(exchange(200, '', { 'Content-Type': 'application/json' })).message).toContain(
      'empty answer',
    );
  });

  it.each(['[]', 'null', '42', '"text"'])('rejects the JSON value %s', (body) => {
    expect(failure(exchange(200, body, { 'Content-Type': 'application/json' })).kind).toBe(
      'invalid_response',
    );
  });

  it('rejects an unexpected status such as a redirect', () => {
    expect(failure(exchange(302, { error: 0 })).kind).toBe('invalid_response');
  });
});

describe('decode', () => {
  it('names the missing field instead of showing zod output', () => {
    try {
      decode(accountResponseSchema, { error: 0, data: { email: 'a@b.io' } }, 200);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ kind: 'invalid_response', status: 200 });
      expect((error as ApiError).message).toContain('“data.id”');
      expect((error as ApiError).message).not.toMatch(/Zod|invalid_type|expected/);
    }
  });
});

describe('isErrorFlag', () => {
  it.each([
    [0, false],
    ['0', false],
    [false, false],
    [null, false],
    [undefined, false],
    ['', false],
    [1, true],
    ['1', true],
    [true, true],
    ['Invalid key', true],
    [{ message: 'x' }, true],
  ])('%j → %j', (value, expected) => {
    expect(isErrorFlag(value)).toBe(expected);
  });
});
