// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { call, useServer } from './helpers';

const ctx = useServer({ rateLimit: 2 });

async function control(method: string, path: string, body?: unknown) {
  const response = await fetch(`${ctx.server.url}/__control/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

describe('control endpoints', () => {
  it('GET /__control/requests lists API requests in order, with lower-case headers and parsed bodies', async () => {
    await call(ctx.server, 'GET', '/api/urls?limit=2&q=docs');
    await call(ctx.server, 'POST', '/api/url/add', { body: { url: 'https://example.net' } });
    await call(ctx.server, 'PUT', '/api/account/update', { rawBody: 'not json' });
    const { status, json } = await control('GET', 'requests');
    expect(status).toBe(200);
    expect(json).toEqual(ctx.server.requests);
    expect(json).toEqual([
      expect.objectContaining({ method: 'GET', path: '/api/urls', query: { limit: '2', q: 'docs' } }),
      expect.objectContaining({ method: 'POST', path: '/api/url/add', body: { url: 'https://example.net' } }),
      expect.objectContaining({ method: 'PUT', path: '/api/account/update', body: 'not json' }),
    ]);
    // JSON has no undefined, so a request without a body has no body key over HTTP.
    expect(json[0]).not.toHaveProperty('body');
    expect(json[0].headers.authorization).toBe(`Bearer ${ctx.server.apiKey}`);
    expect(typeof json[0].at).toBe('number');
  });

  it('are not recorded, authenticated or rate limited', async () => {
    for (let i = 0; i < 5; i++) expect((await control('GET', 'requests')).status).toBe(200);
    expect(ctx.server.requests).toEqual([]);
    const reply = await call(ctx.server, 'GET', '/api/account');
    expect(reply.headers.get('x-ratelimit-remaining')).toBe('1');
  });

  it('POST /__control/fault sets and clears a fault', async () => {
    const set = await control('POST', 'fault', { kind: 'status', status: 503, json: true, times: 1 });
    expect(set).toEqual({
      status: 200,
      json: { error: 0, fault: { kind: 'status', status: 503, json: true, times: 1 } },
    });
    expect((await call(ctx.server, 'GET', '/api/urls')).status).toBe(503);
    expect((await call(ctx.server, 'GET', '/api/urls')).status).toBe(200);

    await control('POST', 'fault', { kind: 'error1' });
    expect((await control('POST', 'fault', null)).json).toEqual({ error: 0, fault: null });
    ctx.server.setRateLimit(10);
    expect((await call(ctx.server, 'GET', '/api/urls')).json.error).toBe('0');
  });

  it('POST /__control/fault rejects a malformed fault with 400', async () => {
    const reply = await control('POST', 'fault', { kind: 'slow' });
    expect(reply.status).toBe(400);
    expect(reply.json.message).toMatch(/delayMs/);
  });

  it('POST /__control/rate-limit sets the limit', async () => {
    expect(await control('POST', 'rate-limit', { perWindow: 5 })).toEqual({
      status: 200,
      json: { error: 0, perWindow: 5 },
    });
    const reply = await call(ctx.server, 'GET', '/api/account');
    expect(reply.headers.get('x-ratelimit-limit')).toBe('5');
    expect((await control('POST', 'rate-limit', { perWindow: 'many' })).status).toBe(400);
  });

  it('POST /__control/reset reseeds and clears requests, faults and the window', async () => {
    await call(ctx.server, 'POST', '/api/url/add', { body: { url: 'https://example.net' } });
    await call(ctx.server, 'GET', '/api/urls');
    expect((await call(ctx.server, 'GET', '/api/urls')).status).toBe(429);
    ctx.server.setFault({ kind: 'drop' });

    expect((await control('POST', 'reset')).status).toBe(200);
    expect(ctx.server.requests).toEqual([]);
    expect(ctx.server.store.links).toHaveLength(6);
    const reply = await call(ctx.server, 'GET', '/api/urls');
    expect(reply.status).toBe(200);
    expect(reply.json.data.result).toBe(6);
    expect(reply.headers.get('x-ratelimit-remaining')).toBe('1');
  });

  it('answers an unknown control path with 404', async () => {
    expect((await control('GET', 'nothing')).status).toBe(404);
  });
});
