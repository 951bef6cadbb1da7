// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { type ReferenceServer, startReferenceServer } from '../../server/server';
import { call, useServer } from './helpers';

const ctx = useServer();

describe('seed and store', () => {
  it('seeds the documented demo data', () => {
    const { store } = ctx.server;
    expect(store.links.map((link) => `${link.id}:${link.alias}`)).toEqual([
      '1:docs',
      '2:launch',
      '3:spring-sale',
      '4:gh',
      '5:survey',
      '6:talk',
    ]);
    expect(store.domains.map((domain) => domain.domain)).toEqual(['https://go.example.com']);
    expect(store.campaigns.map((campaign) => campaign.id)).toEqual([1, 2]);
    expect(store.channels.map((channel) => channel.id)).toEqual([1, 2]);
    expect(store.bioPages.map((page) => page.id)).toEqual([1, 2]);
    expect(store.qrCodes.map((code) => code.id)).toEqual([1, 2]);
  });

  it('reset reseeds the same store object, so references held by tests stay valid', async () => {
    const { store } = ctx.server;
    await call(ctx.server, 'DELETE', '/api/channel/1/delete');
    ctx.server.reset();
    expect(ctx.server.store).toBe(store);
    expect(store.channel(1)?.name).toBe('Work');
  });

  it('never reuses an id after a delete', async () => {
    await call(ctx.server, 'DELETE', '/api/channel/2/delete');
    const reply = await call(ctx.server, 'POST', '/api/channel/add', { body: { name: 'New' } });
    expect(reply.json.id).toBe(3);
  });

  describe('with seed: false', () => {
    let server: ReferenceServer | undefined;
    afterEach(async () => {
      await server?.close();
    });

    it('starts with empty lists but keeps the account', async () => {
      server = await startReferenceServer({ seed: false, apiKey: 'other-key' });
      expect(server.apiKey).toBe('other-key');
      expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
      const links = await call(server, 'GET', '/api/urls');
      expect(links.json.data).toEqual({
        result: 0,
        perpage: 15,
        currentpage: 1,
        nextpage: null,
        maxpage: 1,
        urls: [],
      });
      expect((await call(server, 'GET', '/api/account')).json.data.username).toBe('demo');
      const added = await call(server, 'POST', '/api/url/add', { body: { url: 'https://example.net' } });
      expect(added.json.id).toBe(1);
    });
  });
});
