// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { call, useServer } from './helpers';

const ctx = useServer();

const aliases = (reply: { json: { data: { urls: { alias: string }[] } } }) =>
  reply.json.data.urls.map((link) => link.alias);

describe('GET /api/urls', () => {
  it('lists links newest first in the paged shape with error "0"', async () => {
    const reply = await call(ctx.server, 'GET', '/api/urls');
    expect(reply.status).toBe(200);
    expect(reply.json.error).toBe('0');
    expect(reply.json.data).toMatchObject({
      result: 6,
      perpage: 15,
      currentpage: 1,
      nextpage: null,
      maxpage: 1,
    });
    expect(aliases(reply)).toEqual(['gh', 'launch', 'docs', 'survey', 'talk', 'spring-sale']);
    expect(reply.json.data.urls[1]).toEqual({
      id: 2,
      alias: 'launch',
      shorturl: 'https://go.example.com/launch',
      longurl: 'https://example.com/blog/product-launch',
      clicks: 342,
      title: 'Product launch',
      description: 'Announcement post',
      date: '2026-10-14 17:05:00',
    });
  });

  it('orders by clicks with order=click', async () => {
    const reply = await call(ctx.server, 'GET', '/api/urls?order=click');
    expect(aliases(reply)).toEqual(['talk', 'launch', 'docs', 'spring-sale', 'gh', 'survey']);
  });

  it('pages with limit and page; nextpage is null on the last page', async () => {
    const first = await call(ctx.server, 'GET', '/api/urls?limit=4&page=1');
    expect(first.json.data).toMatchObject({ result: 6, perpage: 4, currentpage: 1, nextpage: 2, maxpage: 2 });
    expect(first.json.data.urls).toHaveLength(4);
    const last = await call(ctx.server, 'GET', '/api/urls?limit=4&page=2');
    expect(last.json.data).toMatchObject({
      result: 6,
      perpage: 4,
      currentpage: 2,
      nextpage: null,
      maxpage: 2,
    });
    expect(aliases(last)).toEqual(['talk', 'spring-sale']);
    const beyond = await call(ctx.server, 'GET', '/api/urls?limit=4&page=9');
    expect(beyond.json.data).toMatchObject({
      result: 6,
      currentpage: 9,
      nextpage: null,
      maxpage: 2,
      urls: [],
    });
  });

  it('caps limit at 100', async () => {
    const reply = await call(ctx.server, 'GET', '/api/urls?limit=500');
    expect(reply.json.data.perpage).toBe(100);
  });

  it.each(['limit=0', 'limit=abc', 'page=0', 'page=-1', 'order=alias'])(
    'rejects %s with 400',
    async (query) => {
      const reply = await call(ctx.server, 'GET', `/api/urls?${query}`);
      expect(reply.status).toBe(400);
      expect(reply.json).toEqual({ error: 1, message: expect.any(String) });
    },
  );

  it('searches alias, long URL, title and description with q, case-insensitively', async () => {
    expect(aliases(await call(ctx.server, 'GET', '/api/urls?q=MDN'))).toEqual(['docs']);
    expect(aliases(await call(ctx.server, 'GET', '/api/urls?q=youtube'))).toEqual(['talk']);
    expect(aliases(await call(ctx.server, 'GET', '/api/urls?q=source%20code'))).toEqual(['gh']);
    expect(aliases(await call(ctx.server, 'GET', '/api/urls?q=spring-'))).toEqual(['spring-sale']);
    const none = await call(ctx.server, 'GET', '/api/urls?q=nothing-matches');
    expect(none.json.data).toMatchObject({ result: 0, maxpage: 1, nextpage: null, urls: [] });
  });

  it('short= returns the single-link response for a full short URL or an alias', async () => {
    const byUrl = await call(
      ctx.server,
      'GET',
      `/api/urls?short=${encodeURIComponent('https://go.example.com/launch')}`,
    );
    expect(byUrl.status).toBe(200);
    expect(byUrl.json).toMatchObject({
      error: 0,
      id: 2,
      details: { shorturl: 'https://go.example.com/launch' },
    });
    const byAlias = await call(ctx.server, 'GET', '/api/urls?short=docs&limit=1&q=zzz');
    expect(byAlias.json).toMatchObject({ error: 0, id: 1 });
  });

  it('short= without a match is a 404', async () => {
    const reply = await call(ctx.server, 'GET', '/api/urls?short=missing');
    expect(reply.status).toBe(404);
    expect(reply.json).toEqual({ error: 1, message: 'Link not found.' });
  });
});

describe('GET /api/url/:id', () => {
  it('returns details and statistics', async () => {
    const reply = await call(ctx.server, 'GET', '/api/url/3');
    expect(reply.json).toEqual({
      error: 0,
      id: 3,
      details: {
        id: 3,
        shorturl: `${ctx.server.url}/spring-sale`,
        longurl: 'https://shop.example.com/sale?utm_source=newsletter',
        title: 'Spring sale',
        description: 'Newsletter offer with targeting',
        location: {
          'united states': 'https://shop.example.com/us/sale',
          germany: 'https://shop.example.com/de/sale',
        },
        device: {
          iphone: 'https://apps.apple.com/app/id0000000000',
          android: 'https://play.google.com/store/apps/details?id=com.example.shop',
        },
        expiry: '2030-12-31 23:59:59',
        date: '2026-04-20 08:00:00',
      },
      data: {
        clicks: 57,
        uniqueClicks: 43,
        topCountries: 5,
        topReferrers: 4,
        topBrowsers: 3,
        topOs: 3,
        socialCount: { facebook: 11, twitter: 5, linkedin: 2 },
      },
    });
  });

  it('has a null expiry and empty targets when none are set', async () => {
    const reply = await call(ctx.server, 'GET', '/api/url/1');
    expect(reply.json.details).toMatchObject({ expiry: null, location: {}, device: {} });
  });

  it.each(['99', 'abc'])('is a 404 for id %s', async (id) => {
    const reply = await call(ctx.server, 'GET', `/api/url/${id}`);
    expect(reply.status).toBe(404);
    expect(reply.json).toEqual({ error: 1, message: 'Link not found.' });
  });
});

describe('POST /api/url/add', () => {
  it('shortens with a random 6-character alias on the server URL', async () => {
    const reply = await call(ctx.server, 'POST', '/api/url/add', {
      body: { url: 'https://example.net/page' },
    });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ error: 0, id: 7, shorturl: expect.stringMatching(/\/[A-Za-z0-9]{6}$/) });
    expect(reply.json.shorturl.startsWith(`${ctx.server.url}/`)).toBe(true);
    const link = ctx.server.store.link(7);
    expect(link).toMatchObject({
      longurl: 'https://example.net/page',
      status: 'private',
      clicks: 0,
      type: 'direct',
    });
    expect(link?.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const list = await call(ctx.server, 'GET', '/api/urls');
    expect(list.json.data.result).toBe(7);
    expect(list.json.data.urls[0].id).toBe(7);
  });

  it('stores every field of the spec', async () => {
    const body = {
      url: 'https://example.net/app',
      custom: 'my-app',
      type: 'splash',
      password: 'pw',
      domain: 'https://go.example.com',
      expiry: '2031-01-02 03:04:05',
      geotarget: [{ location: 'Canada', link: 'https://example.ca' }],
      devicetarget: [{ device: 'iPad', link: 'https://example.net/ipad' }],
      languagetarget: [{ language: 'fr', link: 'https://example.net/fr' }],
      metatitle: 'App',
      metadescription: 'The app',
      metaimage: 'https://example.net/card.png',
      description: 'Note',
      pixels: [1, 2],
      channel: 2,
      campaign: 1,
      deeplink: { auto: false, apple: 'https://apps.apple.com/app/id1', google: 'https://play.google.com/x' },
      status: 'public',
      parameters: [{ name: 'utm_source', value: 'ext' }],
    };
    const reply = await call(ctx.server, 'POST', '/api/url/add', { body });
    expect(reply.json).toEqual({ error: 0, id: 7, shorturl: 'https://go.example.com/my-app' });
    expect(ctx.server.store.link(7)).toMatchObject({
      alias: 'my-app',
      domain: 'https://go.example.com',
      longurl: body.url,
      title: 'App',
      description: 'Note',
      type: 'splash',
      password: 'pw',
      expiry: body.expiry,
      geotarget: body.geotarget,
      devicetarget: body.devicetarget,
      languagetarget: body.languagetarget,
      metatitle: 'App',
      metadescription: 'The app',
      metaimage: body.metaimage,
      pixels: [1, 2],
      campaign: 1,
      deeplink: body.deeplink,
      status: 'public',
      parameters: body.parameters,
    });
    expect(ctx.server.store.assignments).toContainEqual({ channelId: 2, type: 'links', itemId: 7 });
    const detail = await call(ctx.server, 'GET', '/api/url/7');
    expect(detail.json.details).toMatchObject({
      location: { canada: 'https://example.ca' },
      device: { ipad: body.devicetarget[0]?.link },
    });
  });

  it('accepts the id of a splash page or overlay as type', async () => {
    const reply = await call(ctx.server, 'POST', '/api/url/add', {
      body: { url: 'https://example.net', type: 1 },
    });
    expect(reply.json.error).toBe(0);
  });

  it.each([
    [{}, /url field is required/],
    [{ url: 'example.com' }, /valid http or https URL/],
    [{ url: 'javascript:alert(1)' }, /valid http or https URL/],
    [{ url: 'https://x.test', custom: 'docs' }, /^That alias is already taken\.$/],
    [{ url: 'https://x.test', custom: 'bad alias!' }, /custom alias must be/],
    [{ url: 'https://x.test', custom: 'api' }, /reserved/],
    [{ url: 'https://x.test', type: 'popup' }, /type must be/],
    [{ url: 'https://x.test', type: 9 }, /type must be/],
    [{ url: 'https://x.test', domain: 'https://other.example.com' }, /one of your branded domains/],
    [{ url: 'https://x.test', expiry: '2030-12-31' }, /YYYY-MM-DD HH:MM:SS/],
    [{ url: 'https://x.test', expiry: '2030-02-30 10:00:00' }, /YYYY-MM-DD HH:MM:SS/],
    [{ url: 'https://x.test', geotarget: { location: 'x' } }, /geotarget field must be an array/],
    [{ url: 'https://x.test', geotarget: [{ location: 'X', link: 'nope' }] }, /geotarget\[0\]\.link/],
    [{ url: 'https://x.test', devicetarget: [{ link: 'https://x.test' }] }, /devicetarget\[0\]\.device/],
    [
      { url: 'https://x.test', languagetarget: [{ language: 'French', link: 'https://x.test' }] },
      /language code/,
    ],
    [{ url: 'https://x.test', metaimage: 'https://x.test/card.gif' }, /\.jpg or \.png/],
    [{ url: 'https://x.test', pixels: [1, 'two'] }, /pixels/],
    [{ url: 'https://x.test', channel: 99 }, /no channel with id 99/],
    [{ url: 'https://x.test', campaign: 99 }, /no campaign with id 99/],
    [{ url: 'https://x.test', campaign: '1' }, /campaign field must be a positive integer/],
    [{ url: 'https://x.test', deeplink: { auto: 'yes' } }, /deeplink\.auto/],
    [{ url: 'https://x.test', status: 'hidden' }, /status must be public or private/],
    [{ url: 'https://x.test', parameters: [{ name: 'a' }] }, /parameters\[0\]\.value/],
  ])('rejects %j with 400', async (body, message) => {
    const reply = await call(ctx.server, 'POST', '/api/url/add', { body });
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({ error: 1, message: expect.stringMatching(message) });
    expect(ctx.server.store.links).toHaveLength(6);
  });

  it('does not use up an id on a rejected request', async () => {
    await call(ctx.server, 'POST', '/api/url/add', { body: { url: 'https://x.test', status: 'hidden' } });
    const reply = await call(ctx.server, 'POST', '/api/url/add', { body: { url: 'https://x.test' } });
    expect(reply.json.id).toBe(7);
  });
});

describe('PUT /api/url/:id/update', () => {
  it('updates the sent fields and answers with the short URL under "short"', async () => {
    const reply = await call(ctx.server, 'PUT', '/api/url/1/update', {
      body: { url: 'https://developer.mozilla.org/', custom: 'mdn', expiry: '2032-05-06 07:08:09' },
    });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ error: 0, message: 'Link updated.', short: `${ctx.server.url}/mdn` });
    expect(ctx.server.store.link(1)).toMatchObject({
      alias: 'mdn',
      longurl: 'https://developer.mozilla.org/',
      expiry: '2032-05-06 07:08:09',
      title: 'HTTP | MDN',
      description: 'Reference for the team',
      campaign: 1,
    });
  });

  it('keeps its own alias and clears the expiry with null', async () => {
    const reply = await call(ctx.server, 'PUT', '/api/url/3/update', {
      body: { url: 'https://shop.example.com/sale', custom: 'spring-sale', expiry: null },
    });
    expect(reply.json.short).toBe(`${ctx.server.url}/spring-sale`);
    expect(ctx.server.store.link(3)?.expiry).toBeNull();
  });

  it('moves the link to a branded domain and to another channel', async () => {
    const reply = await call(ctx.server, 'PUT', '/api/url/1/update', {
      body: { url: 'https://example.com', domain: 'https://go.example.com', channel: 2 },
    });
    expect(reply.json.short).toBe('https://go.example.com/docs');
    const links = ctx.server.store.assignments.filter(
      (entry) => entry.type === 'links' && entry.itemId === 1,
    );
    expect(links).toEqual([{ channelId: 2, type: 'links', itemId: 1 }]);
  });

  it('ignores status and description, which the spec does not list for update', async () => {
    await call(ctx.server, 'PUT', '/api/url/1/update', {
      body: { url: 'https://example.com', status: 'private', description: 'changed' },
    });
    expect(ctx.server.store.link(1)).toMatchObject({
      status: 'public',
      description: 'Reference for the team',
    });
  });

  it.each([
    [{}, 400, /url field is required/],
    [{ url: 'https://x.test', custom: 'launch' }, 400, /^That alias is already taken\.$/],
  ])('rejects %j', async (body, status, message) => {
    const reply = await call(ctx.server, 'PUT', '/api/url/1/update', { body });
    expect(reply.status).toBe(status);
    expect(reply.json).toEqual({ error: 1, message: expect.stringMatching(message) });
    expect(ctx.server.store.link(1)?.alias).toBe('docs');
  });

  it('is a 404 for an unknown link', async () => {
    const reply = await call(ctx.server, 'PUT', '/api/url/99/update', { body: { url: 'https://x.test' } });
    expect(reply.status).toBe(404);
    expect(reply.json).toEqual({ error: 1, message: 'Link not found.' });
  });
});
