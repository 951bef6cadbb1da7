// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { call, useServer } from './helpers';

const ctx = useServer();

describe('channels', () => {
  it('GET /api/channels lists the seeded channels', async () => {
    const reply = await call(ctx.server, 'GET', '/api/channels');
    expect(reply.json.error).toBe('0');
    expect(reply.json.data.channels).toEqual([
      { id: 1, name: 'Work', description: 'Links shared with the team', color: '#1E88E5', starred: true },
      { id: 2, name: 'Personal', description: '', color: '#43A047', starred: false },
    ]);
  });

  it('GET /api/channel/:id lists its items under "items" with date-only dates', async () => {
    const { url } = ctx.server;
    const reply = await call(ctx.server, 'GET', '/api/channel/1');
    expect(reply.json.error).toBe('0');
    expect(reply.json.data.result).toBe(4);
    expect(reply.json.data.items).toEqual([
      {
        type: 'links',
        id: 1,
        title: 'HTTP | MDN',
        preview: 'https://developer.mozilla.org/en-US/docs/Web/HTTP',
        link: `${url}/docs`,
        date: '2026-09-02',
      },
      expect.objectContaining({ type: 'links', id: 3, date: '2026-04-20' }),
      {
        type: 'bio',
        id: 1,
        title: 'Demo bio',
        preview: `${url}/demo`,
        link: `${url}/demo`,
        date: '2026-03-01',
      },
      {
        type: 'qr',
        id: 1,
        title: 'Office door QR',
        preview: `${url}/qr/1.png`,
        link: 'https://example.com/visit',
        date: '2026-03-05',
      },
    ]);
  });

  it('GET /api/channel/:id pages items', async () => {
    const reply = await call(ctx.server, 'GET', '/api/channel/1?limit=3&page=2');
    expect(reply.json.data).toMatchObject({
      result: 4,
      perpage: 3,
      currentpage: 2,
      nextpage: null,
      maxpage: 2,
    });
    expect(reply.json.data.items.map((item: { type: string }) => item.type)).toEqual(['qr']);
  });

  it('GET /api/channel/:id for an unknown channel is a 404', async () => {
    const reply = await call(ctx.server, 'GET', '/api/channel/42');
    expect(reply.status).toBe(404);
    expect(reply.json).toEqual({ error: 1, message: 'Channel not found.' });
  });

  it('POST /api/channel/add returns the stored channel', async () => {
    const reply = await call(ctx.server, 'POST', '/api/channel/add', {
      body: { name: 'Reading', description: 'Later', color: '#ff8800', starred: true },
    });
    expect(reply.json).toEqual({
      error: 0,
      id: 3,
      name: 'Reading',
      description: 'Later',
      color: '#ff8800',
      starred: true,
    });
    const minimal = await call(ctx.server, 'POST', '/api/channel/add', { body: { name: 'Bare' } });
    expect(minimal.json).toEqual({
      error: 0,
      id: 4,
      name: 'Bare',
      description: '',
      color: '#000000',
      starred: false,
    });
  });

  it.each([
    [{}, /name field is required/],
    [{ name: '   ' }, /name field is required/],
    [{ name: 'X', color: 'red' }, /HEX color/],
    [{ name: 'X', color: '#12345' }, /HEX color/],
    [{ name: 'X', starred: 1 }, /starred field must be true or false/],
  ])('POST /api/channel/add rejects %j with 400', async (body, message) => {
    const reply = await call(ctx.server, 'POST', '/api/channel/add', { body });
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({ error: 1, message: expect.stringMatching(message) });
  });

  it('does not use up an id on a rejected request', async () => {
    await call(ctx.server, 'POST', '/api/channel/add', { body: { name: 'X', color: 'red' } });
    const reply = await call(ctx.server, 'POST', '/api/channel/add', { body: { name: 'X' } });
    expect(reply.json.id).toBe(3);
  });

  it.each([
    ['links', 2],
    ['bio', 2],
    ['qr', 2],
  ])('POST /api/channel/2/assign/%s/%i adds the item to the channel', async (type, id) => {
    const reply = await call(ctx.server, 'POST', `/api/channel/2/assign/${type}/${id}`);
    expect(reply.json).toEqual({ error: 0, message: expect.any(String) });
    const items = await call(ctx.server, 'GET', '/api/channel/2');
    expect(items.json.data.items).toEqual([expect.objectContaining({ type, id })]);
  });

  it('assigning the same item twice keeps one entry', async () => {
    await call(ctx.server, 'POST', '/api/channel/2/assign/links/5');
    await call(ctx.server, 'POST', '/api/channel/2/assign/links/5');
    const items = await call(ctx.server, 'GET', '/api/channel/2');
    expect(items.json.data.result).toBe(1);
  });

  it.each([
    ['/api/channel/2/assign/pages/1', 400, 'The type must be one of links, bio or qr.'],
    ['/api/channel/2/assign/links/99', 404, 'Link not found.'],
    ['/api/channel/2/assign/bio/99', 404, 'Bio page not found.'],
    ['/api/channel/2/assign/qr/99', 404, 'QR code not found.'],
    ['/api/channel/99/assign/links/1', 404, 'Channel not found.'],
  ])('POST %s fails with %i', async (path, status, message) => {
    const reply = await call(ctx.server, 'POST', path);
    expect(reply.status).toBe(status);
    expect(reply.json).toEqual({ error: 1, message });
  });

  it('PUT /api/channel/:id/update changes only the fields sent', async () => {
    const reply = await call(ctx.server, 'PUT', '/api/channel/2/update', {
      body: { starred: true, color: '#000000' },
    });
    expect(reply.json).toEqual({ error: 0, message: expect.any(String) });
    expect(ctx.server.store.channel(2)).toEqual({
      id: 2,
      name: 'Personal',
      description: '',
      color: '#000000',
      starred: true,
    });
    const bad = await call(ctx.server, 'PUT', '/api/channel/2/update', { body: { color: 'blue' } });
    expect(bad.status).toBe(400);
  });

  it('DELETE /api/channel/:id/delete unassigns its items but keeps them', async () => {
    const reply = await call(ctx.server, 'DELETE', '/api/channel/1/delete');
    expect(reply.json).toEqual({ error: 0, message: expect.any(String) });
    expect(ctx.server.store.assignments).toEqual([]);
    expect(ctx.server.store.link(1)).toBeDefined();
    const items = await call(ctx.server, 'GET', '/api/channel/1');
    expect(items.status).toBe(404);
  });
});
