// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { call, useServer } from './helpers';

const ctx = useServer();

describe('read-only lists', () => {
  it('GET /api/splash is a paged list under "splash"', async () => {
    const reply = await call(ctx.server, 'GET', '/api/splash');
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({
      error: '0',
      data: {
        result: 1,
        perpage: 15,
        currentpage: 1,
        nextpage: null,
        maxpage: 1,
        splash: [{ id: 1, name: 'Product teaser', date: '2026-02-03 14:20:00' }],
      },
    });
  });

  it('GET /api/overlay is a paged list under "cta"', async () => {
    const reply = await call(ctx.server, 'GET', '/api/overlay');
    expect(reply.json.error).toBe('0');
    expect(reply.json.data.cta).toEqual([
      { id: 1, type: 'message', name: 'Newsletter signup', date: '2026-02-10 08:45:00' },
    ]);
  });

  it('an empty store still answers one page with no items', async () => {
    ctx.server.store.splashPages = [];
    const reply = await call(ctx.server, 'GET', '/api/splash?page=1');
    expect(reply.json.data).toEqual({
      result: 0,
      perpage: 15,
      currentpage: 1,
      nextpage: null,
      maxpage: 1,
      splash: [],
    });
  });
});
