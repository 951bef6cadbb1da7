// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { call, useServer } from './helpers';

const ctx = useServer();

describe('campaigns', () => {
  it('GET /api/campaigns carries one name under "domain", as the spec sample does', async () => {
    const { url } = ctx.server;
    const reply = await call(ctx.server, 'GET', '/api/campaigns');
    expect(reply.json.error).toBe('0');
    expect(reply.json.data.campaigns).toEqual([
      { id: 1, name: 'Spring launch', public: true, rotator: `${url}/r/spring`, list: `${url}/campaign/1` },
      { id: 2, domain: 'Newsletter', public: false, rotator: false, list: `${url}/campaign/2` },
    ]);
  });

  it('POST /api/campaign/add returns the name under "domain" and a rotator URL for a slug', async () => {
    const { url } = ctx.server;
    const reply = await call(ctx.server, 'POST', '/api/campaign/add', {
      body: { name: 'Autumn', slug: 'autumn', public: true },
    });
    expect(reply.json).toEqual({
      error: 0,
      id: 3,
      domain: 'Autumn',
      public: true,
      rotator: `${url}/r/autumn`,
      list: `${url}/campaign/3`,
    });
    const list = await call(ctx.server, 'GET', '/api/campaigns');
    expect(list.json.data.campaigns[2]).toMatchObject({ id: 3, name: 'Autumn' });
  });

  it('POST /api/campaign/add without a slug has rotator false and defaults to private', async () => {
    const reply = await call(ctx.server, 'POST', '/api/campaign/add', { body: {} });
    expect(reply.json).toMatchObject({
      error: 0,
      id: 3,
      domain: 'Campaign 3',
      public: false,
      rotator: false,
    });
  });

  it.each([
    [{ slug: 'spring' }, /slug is already taken/],
    [{ slug: 'has space' }, /slug may only contain/],
    [{ public: 'yes' }, /public field must be true or false/],
  ])('POST /api/campaign/add rejects %j with 400', async (body, message) => {
    const reply = await call(ctx.server, 'POST', '/api/campaign/add', { body });
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({ error: 1, message: expect.stringMatching(message) });
  });

  it('POST /api/campaign/:campaignid/assign/:linkid moves a link into the campaign', async () => {
    const reply = await call(ctx.server, 'POST', '/api/campaign/2/assign/4');
    expect(reply.json).toEqual({ error: 0, message: expect.any(String) });
    expect(ctx.server.store.link(4)?.campaign).toBe(2);
  });

  it.each([
    ['/api/campaign/9/assign/1', 'Campaign not found.'],
    ['/api/campaign/1/assign/99', 'Link not found.'],
  ])('POST %s is a 404', async (path, message) => {
    const reply = await call(ctx.server, 'POST', path);
    expect(reply.status).toBe(404);
    expect(reply.json).toEqual({ error: 1, message });
  });

  it('PUT /api/campaign/:id/update requires a name and answers like add', async () => {
    const missing = await call(ctx.server, 'PUT', '/api/campaign/1/update', { body: { public: false } });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toMatch(/name field is required/);

    const reply = await call(ctx.server, 'PUT', '/api/campaign/1/update', {
      body: { name: 'Spring 2027', slug: '', public: false },
    });
    expect(reply.json).toEqual({
      error: 0,
      id: 1,
      domain: 'Spring 2027',
      public: false,
      rotator: false,
      list: `${ctx.server.url}/campaign/1`,
    });
  });

  it('PUT /api/campaign/:id/update keeps the slug when none is sent', async () => {
    const reply = await call(ctx.server, 'PUT', '/api/campaign/1/update', { body: { name: 'Renamed' } });
    expect(reply.json.rotator).toBe(`${ctx.server.url}/r/spring`);
    expect(reply.json.public).toBe(true);
  });

  it('DELETE /api/campaign/:id/delete removes it and leaves its links without a campaign', async () => {
    const reply = await call(ctx.server, 'DELETE', '/api/campaign/1/delete');
    expect(reply.json).toEqual({ error: 0, message: expect.any(String) });
    expect(ctx.server.store.campaigns.map((campaign) => campaign.id)).toEqual([2]);
    expect(ctx.server.store.link(1)?.campaign).toBeNull();
    const again = await call(ctx.server, 'DELETE', '/api/campaign/1/delete');
    expect(again.status).toBe(404);
  });
});
