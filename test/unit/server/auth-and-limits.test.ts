// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { type ReferenceServer, startReferenceServer } from '../../server/server';
import { call, useServer } from './helpers';

const ctx = useServer({ rateLimit: 3 });

function rateHeaders(reply: { headers: Headers }) {
  return {
    limit: reply.headers.get('x-ratelimit-limit'),
    remaining: reply.headers.get('x-ratelimit-remaining'),
    reset: Number(reply.headers.get('x-ratelimit-reset')),
  };
}

describe('authentication', () => {
  it.each([
    [null, 'Missing API key. Send Authorization: Bearer <API_KEY>.'],
    ['wrong-key', 'Invalid API key.'],
  ])('key %s gets HTTP 401 with the error shape and rate-limit headers', async (key, message) => {
    const reply = await call(ctx.server, 'GET', '/api/account', { key });
    expect(reply.status).toBe(401);
    expect(reply.json).toEqual({ error: 1, message });
    expect(rateHeaders(reply)).toMatchObject({ limit: '3', remaining: '3' });
  });

  it('does not count rejected keys against the limit, and survives a flood of them', async () => {
    const flood = await Promise.all(
      Array.from({ length: 200 }, () => call(ctx.server, 'GET', '/api/urls', { key: null })),
    );
    expect(flood.every((reply) => reply.status === 401)).toBe(true);
    const reply = await call(ctx.server, 'GET', '/api/account');
    expect(reply.status).toBe(200);
    expect(rateHeaders(reply).remaining).toBe('2');
  });
});

describe('rate limit', () => {
  it('counts down X-RateLimit-Remaining, then answers 429 with Retry-After', async () => {
    const before = Math.floor(Date.now() / 1000);
    const replies = [];
    for (let i = 0; i < 4; i++) replies.push(await call(ctx.server, 'GET', '/api/account'));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 429]);
    expect(replies.map((reply) => rateHeaders(reply).remaining)).toEqual(['2', '1', '0', '0']);
    for (const reply of replies) {
      expect(rateHeaders(reply).limit).toBe('3');
      // Epoch seconds of the window's end, about a minute away.
      expect(rateHeaders(reply).reset).toBeGreaterThanOrEqual(before + 59);
      expect(rateHeaders(reply).reset).toBeLessThanOrEqual(before + 61);
    }
    const limited = replies[3]!;
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.json).toEqual({
      error: 1,
      message: `Rate limit exceeded. Try again in ${retryAfter} seconds.`,
    });
  });

  it('counts errors too: a 404 uses up a request', async () => {
    await call(ctx.server, 'GET', '/api/nothing-here');
    const reply = await call(ctx.server, 'GET', '/api/account');
    expect(rateHeaders(reply).remaining).toBe('1');
  });

  it('setRateLimit changes the limit and starts a fresh window; reset restores the starting limit', async () => {
    await call(ctx.server, 'GET', '/api/account');
    ctx.server.setRateLimit(1);
    expect((await call(ctx.server, 'GET', '/api/account')).status).toBe(200);
    expect((await call(ctx.server, 'GET', '/api/account')).status).toBe(429);
    ctx.server.reset();
    const reply = await call(ctx.server, 'GET', '/api/account');
    expect(rateHeaders(reply)).toMatchObject({ limit: '3', remaining: '2' });
    expect(() => ctx.server.setRateLimit(0)).toThrow(TypeError);
  });

  describe('with a short window', () => {
    let server: ReferenceServer | undefined;
    afterEach(async () => {
      await server?.close();
    });

    it('opens a new window once the old one has passed', async () => {
      // The server's own clock, so that a loaded machine cannot stretch the first window's two calls apart.
      let clock = 1_700_000_000_000;
      server = await startReferenceServer({ rateLimit: 1, windowMs: 1000, now: () => clock });
      expect((await call(server, 'GET', '/api/account')).status).toBe(200);
      clock += 999;
      expect((await call(server, 'GET', '/api/account')).status).toBe(429);
      clock += 2;
      const reply = await call(server, 'GET', '/api/account');
      expect(reply.status).toBe(200);
      expect(rateHeaders(reply).remaining).toBe('0');
    });
  });
});

describe('HTTP basics', () => {
  it('answers a CORS preflight with 204 without recording or counting it', async () => {
    const response = await fetch(`${ctx.server.url}/api/url/add`, {
      method: 'OPTIONS',
      headers: { Origin: 'chrome-extension://abc', 'Access-Control-Request-Method': 'POST' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(response.headers.get('access-control-allow-headers')).toMatch(/Content-Type/);
    expect(ctx.server.requests).toEqual([]);
    const reply = await call(ctx.server, 'GET', '/api/account');
    expect(rateHeaders(reply).remaining).toBe('2');
  });

  it('lets other origins read the rate-limit headers and closes every connection', async () => {
    const reply = await call(ctx.server, 'GET', '/api/account');
    expect(reply.headers.get('access-control-allow-origin')).toBe('*');
    expect(reply.headers.get('access-control-expose-headers')).toMatch(/X-RateLimit-Remaining/);
    expect(reply.headers.get('connection')).toBe('close');
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers an unknown route with 404', async () => {
    const reply = await call(ctx.server, 'DELETE', '/api/url/1/delete');
    expect(reply.status).toBe(404);
    expect(reply.json).toEqual({ error: 1, message: 'No endpoint DELETE /api/url/1/delete.' });
  });

  it.each([
    ['{"url": ', 'Malformed JSON body.'],
    ['[1, 2]', 'The request body must be a JSON object.'],
  ])('answers body %s with 400', async (rawBody, message) => {
    const reply = await call(ctx.server, 'POST', '/api/url/add', { rawBody });
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({ error: 1, message });
    expect(ctx.server.store.links).toHaveLength(6);
  });

  it('refuses a body over 1 MB with 413', async () => {
    const reply = await call(ctx.server, 'POST', '/api/url/add', { rawBody: 'x'.repeat(1_100_000) });
    expect(reply.status).toBe(413);
  });
});
