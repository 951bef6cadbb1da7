// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { call, useServer } from './helpers';

const ctx = useServer();

describe('branded domains', () => {
  it('GET /api/domains lists the seeded domain', async () => {
    const reply = await call(ctx.server, 'GET', '/api/domains');
    expect(reply.json.error).toBe('0');
    expect(reply.json.data.domains).toEqual([
      {
        id: 1,
        domain: 'https://go.example.com',
        redirectroot: 'https://example.com',
        redirect404: 'https://example.com/404',
      },
    ]);
  });

  it('POST /api/domain/add stores the origin and returns its id', async () => {
    const reply = await call(ctx.server, 'POST', '/api/domain/add', {
      body: { domain: 'https://links.example.org/', redirectroot: 'https://example.org' },
    });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ error: 0, id: 2 });
    const list = await call(ctx.server, 'GET', '/api/domains');
    expect(list.json.data.result).toBe(2);
    expect(list.json.data.domains[1]).toEqual({
      id: 2,
      domain: 'https://links.example.org',
      redirectroot: 'https://example.org',
      redirect404: '',
    });
  });

  it.each([
    [{}, /domain field is required/],
    [{ domain: 'links.example.org' }, /http:\/\/ or https:\/\//],
    [{ domain: 'ftp://links.example.org' }, /http:\/\/ or https:\/\//],
    [{ domain: 'https://links.example.org/path' }, /without a path/],
    [{ domain: 'http://GO.example.com' }, /already been added/],
    [{ domain: 'https://ok.example.org', redirect404: 'nope' }, /redirect404/],
  ])('POST /api/domain/add rejects %j with 400', async (body, message) => {
    const reply = await call(ctx.server, 'POST', '/api/domain/add', { body });
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({ error: 1, message: expect.stringMatching(message) });
    expect(ctx.server.store.domains).toHaveLength(1);
  });

  it('does not use up an id on a rejected request', async () => {
    await call(ctx.server, 'POST', '/api/domain/add', {
      body: { domain: 'https://a.example.org', redirectroot: 'x' },
    });
    const reply = await call(ctx.server, 'POST', '/api/domain/add', {
      body: { domain: 'https://a.example.org' },
    });
    expect(reply.json.id).toBe(2);
  });

  it('PUT /api/domain/:id/update changes only the fields sent', async () => {
    const reply = await call(ctx.server, 'PUT', '/api/domain/1/update', {
      body: { redirect404: 'https://example.com/missing' },
    });
    expect(reply.json).toEqual({ error: 0, message: expect.any(String) });
    expect(ctx.server.store.domains[0]).toMatchObject({
      redirectroot: 'https://example.com',
      redirect404: 'https://example.com/missing',
    });
  });

  it('DELETE /api/domain/:id/delete removes it and moves its links to the server URL', async () => {
    const reply = await call(ctx.server, 'DELETE', '/api/domain/1/delete');
    expect(reply.json).toEqual({ error: 0, message: expect.any(String) });
    expect(ctx.server.store.domains).toEqual([]);
    const link = await call(ctx.server, 'GET', '/api/url/2');
    expect(link.json.details.shorturl).toBe(`${ctx.server.url}/launch`);
  });

  it.each([
    ['PUT', '/api/domain/99/update'],
    ['DELETE', '/api/domain/99/delete'],
    ['DELETE', '/api/domain/abc/delete'],
  ])('%s %s for an unknown domain is a 404', async (method, path) => {
    const reply = await call(ctx.server, method, path, { body: {} });
    expect(reply.status).toBe(404);
    expect(reply.json).toEqual({ error: 1, message: 'Domain not found.' });
  });
});
