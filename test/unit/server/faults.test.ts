// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Fault } from '../../server/server';
import { call, useServer } from './helpers';

const ctx = useServer();

function expectRateHeaders(headers: Headers) {
  expect(headers.get('x-ratelimit-limit')).toBe('10000');
  expect(headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
  expect(headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
}

describe('faults', () => {
  it('slow delays the real answer', async () => {
    ctx.server.setFault({ kind: 'slow', delayMs: 150 });
    const started = Date.now();
    const reply = await call(ctx.server, 'GET', '/api/account');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(reply.status).toBe(200);
    expect(reply.json.data.username).toBe('demo');
  });

  it('html500 answers HTTP 500 with an HTML page', async () => {
    ctx.server.setFault({ kind: 'html500' });
    const reply = await call(ctx.server, 'GET', '/api/urls');
    expect(reply.status).toBe(500);
    expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
    expect(reply.text).toMatch(/^<!DOCTYPE html>/);
    expect(reply.json).toBeUndefined();
    expectRateHeaders(reply.headers);
  });

  it.each([401, 403, 404, 500, 503])('status %i with json answers {error:1,message}', async (status) => {
    ctx.server.setFault({ kind: 'status', status, json: true });
    const reply = await call(ctx.server, 'GET', '/api/urls');
    expect(reply.status).toBe(status);
    expect(reply.json).toEqual({ error: 1, message: expect.any(String) });
    expectRateHeaders(reply.headers);
  });

  it('status 429 carries Retry-After and Remaining 0', async () => {
    ctx.server.setFault({ kind: 'status', status: 429, json: true });
    const reply = await call(ctx.server, 'GET', '/api/urls');
    expect(reply.status).toBe(429);
    const retryAfter = reply.headers.get('retry-after');
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(reply.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(reply.json.message).toBe(`Rate limit exceeded. Try again in ${retryAfter} seconds.`);
  });

  it('status without json answers a plain-text body', async () => {
    ctx.server.setFault({ kind: 'status', status: 503 });
    const reply = await call(ctx.server, 'GET', '/api/urls');
    expect(reply.status).toBe(503);
    expect(reply.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(reply.json).toBeUndefined();
  });

  it('truncated answers 200 application/json whose body does not parse', async () => {
    ctx.server.setFault({ kind: 'truncated' });
    const response = await fetch(`${ctx.server.url}/api/urls`, {
      headers: { Authorization: `Bearer ${ctx.server.apiKey}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    await expect(response.json()).rejects.toThrow(SyntaxError);
  });

  it('error1 answers HTTP 200 with error 1 and the given message', async () => {
    ctx.server.setFault({ kind: 'error1', message: 'Something broke.' });
    const reply = await call(ctx.server, 'GET', '/api/urls');
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ error: 1, message: 'Something broke.' });
  });

  it('drop closes the connection without any answer', async () => {
    ctx.server.setFault({ kind: 'drop' });
    await expect(call(ctx.server, 'GET', '/api/urls')).rejects.toThrow(TypeError);
  });

  it('drop with after carries the request out, then closes the connection without the answer', async () => {
    ctx.server.setFault({ kind: 'drop', after: true, match: 'POST /api/url/add', times: 1 });
    const body = { url: 'https://example.net/lost', custom: 'lost-answer' };
    await expect(call(ctx.server, 'POST', '/api/url/add', { body })).rejects.toThrow(TypeError);
    expect(ctx.server.store.links.filter((link) => link.alias === 'lost-answer')).toHaveLength(1);
    expect((await call(ctx.server, 'GET', '/api/urls')).status).toBe(200);
  });

  it('existing answers a create of a known long URL with that link, and makes new ones for the rest', async () => {
    const first = await call(ctx.server, 'POST', '/api/url/add', {
      body: { url: 'https://example.net/dup' },
    });
    ctx.server.setFault({ kind: 'existing', match: 'POST /api/url/add' });
    const count = ctx.server.store.links.length;

    const again = await call(ctx.server, 'POST', '/api/url/add', {
      body: { url: 'https://example.net/dup' },
    });
    expect(again.json).toEqual({ error: 0, id: first.json.id, shorturl: first.json.shorturl });
    expect(ctx.server.store.links).toHaveLength(count);

    const other = await call(ctx.server, 'POST', '/api/url/add', {
      body: { url: 'https://example.net/new' },
    });
    expect(other.json.id).toBeGreaterThan(first.json.id);
    expect(ctx.server.store.links).toHaveLength(count + 1);
    // Still a server that checks its input and its key.
    const refused = await call(ctx.server, 'POST', '/api/url/add', { body: { url: 'nope' } });
    expect(refused.status).toBe(400);
  });

  it('redirect answers with the status and Location given, without a body', async () => {
    ctx.server.setFault({ kind: 'redirect', location: 'http://127.0.0.1:9/api/urls', status: 307 });
    const response = await fetch(`${ctx.server.url}/api/urls`, { redirect: 'manual' });
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('http://127.0.0.1:9/api/urls');
    ctx.server.setFault({ kind: 'redirect', location: 'https://example.com/' });
    expect((await fetch(`${ctx.server.url}/api/urls`, { redirect: 'manual' })).status).toBe(302);
  });

  it('a faulted request is recorded but does not change the store', async () => {
    ctx.server.setFault({ kind: 'error1' });
    const body = { url: 'https://example.net', custom: 'faulted' };
    await call(ctx.server, 'POST', '/api/url/add', { body });
    expect(ctx.server.store.links).toHaveLength(6);
    expect(ctx.server.requests).toEqual([
      expect.objectContaining({ method: 'POST', path: '/api/url/add', body }),
    ]);
  });

  it('match limits the fault to requests whose "METHOD /path" contains it', async () => {
    ctx.server.setFault({ kind: 'status', status: 500, json: true, match: 'POST /api/url/add' });
    expect((await call(ctx.server, 'GET', '/api/urls')).status).toBe(200);
    expect((await call(ctx.server, 'POST', '/api/url/add', { body: { url: 'https://x.test' } })).status).toBe(
      500,
    );
  });

  it('times applies the fault to the next N matching requests, then clears it', async () => {
    ctx.server.setFault({ kind: 'status', status: 503, json: true, times: 2, match: '/api/urls' });
    const statuses = [];
    for (const path of ['/api/urls', '/api/account', '/api/urls', '/api/urls']) {
      statuses.push((await call(ctx.server, 'GET', path)).status);
    }
    expect(statuses).toEqual([503, 200, 503, 200]);
  });

  it('stays until cleared when times is absent', async () => {
    ctx.server.setFault({ kind: 'error1' });
    expect((await call(ctx.server, 'GET', '/api/urls')).json.error).toBe(1);
    expect((await call(ctx.server, 'GET', '/api/urls')).json.error).toBe(1);
    ctx.server.setFault(null);
    expect((await call(ctx.server, 'GET', '/api/urls')).json.error).toBe('0');
  });

  it.each([
    { kind: 'explode' },
    { kind: 'slow' },
    { kind: 'status', status: 99 },
    { kind: 'drop', times: 0 },
    { kind: 'drop', after: 'yes' },
    { kind: 'redirect' },
    { kind: 'redirect', location: 'not a url' },
    { kind: 'redirect', location: 'https://example.com/', status: 200 },
  ])('setFault rejects the malformed fault %j', (fault) => {
    expect(() => ctx.server.setFault(fault as unknown as Fault)).toThrow(TypeError);
  });
});
