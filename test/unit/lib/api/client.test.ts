// @vitest-environment node
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, type RateLimitInfo, type ShortenerClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { deafFetch, fakeFetch, hangingFetch, json, raw } from './fake-fetch';

const BASE = 'https://sho.rt';
const KEY = 'k3y-Secret-123';
const NOW = 1_700_000_000_000;

function clientWith(fetch: typeof globalThis.fetch, extra: Partial<Parameters<typeof createClient>[0]> = {}) {
  return createClient({ baseUrl: `${BASE}/api/`, apiKey: KEY, fetch, now: () => NOW, ...extra });
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the call resolved');
}

const paging = { result: 1, perpage: 10, currentpage: 1, nextpage: null, maxpage: 1 };
const page1 = { total: 1, perPage: 10, currentPage: 1, nextPage: null, maxPage: 1 };

const detailAnswer = {
  error: 0,
  id: 9,
  details: {
    id: 9,
    shorturl: 'https://sho.rt/abc',
    longurl: 'https://example.com/',
    title: 'Example',
    description: '',
    location: [],
    device: [],
    expiry: null,
    date: '2024-01-01 10:00:00',
  },
  data: {
    clicks: 4,
    uniqueClicks: 3,
    topCountries: 1,
    topReferrers: 1,
    topBrowsers: 1,
    topOs: 1,
    socialCount: {},
  },
};
const detail = {
  id: 9,
  details: {
    shortUrl: 'https://sho.rt/abc',
    longUrl: 'https://example.com/',
    title: 'Example',
    description: '',
    location: {},
    device: {},
    expiry: null,
    date: '2024-01-01 10:00:00',
  },
  stats: {
    clicks: 4,
    uniqueClicks: 3,
    topCountries: 1,
    topReferrers: 1,
    topBrowsers: 1,
    topOs: 1,
    socialCount: {},
  },
};

interface EndpointCase {
  name: string;
  run: (client: ShortenerClient) => Promise<unknown>;
  method: string;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  reply: unknown;
  result: unknown;
}

const linkInput = {
  url: 'https://example.com/long',
  custom: 'promo',
  type: 'frame',
  password: 'pw',
  domain: 'https://go.sho.rt',
  expiry: '2030-01-01 12:00:00',
  geotarget: [{ location: 'Canada', link: 'https://example.ca' }],
  devicetarget: [{ device: 'iPhone', link: 'https://example.com/ios' }],
  languagetarget: [{ language: 'fr', link: 'https://example.fr' }],
  metatitle: 'T',
  metadescription: 'D',
  metaimage: 'https://example.com/i.jpg',
  description: 'note',
  pixels: [4],
  channel: 5,
  campaign: 6,
  deeplink: { auto: true, apple: 'https://apps.apple.example/x', google: 'https://play.example/x' },
  status: 'public' as const,
  parameters: [{ name: 'utm_medium', value: 'ext' }],
};

const cases: EndpointCase[] = [
  {
    name: 'getAccount',
    run: (c) => c.getAccount(),
    method: 'GET',
    path: '/api/account',
    reply: { error: 0, data: { id: 1, email: 'me@sho.rt', username: 'me', status: 'pro', extra: 1 } },
    result: {
      id: 1,
      email: 'me@sho.rt',
      username: 'me',
      avatar: '',
      status: 'pro',
      expires: '',
      registered: '',
    },
  },
  {
    name: 'updateAccount',
    run: (c) => c.updateAccount({ email: ' new@sho.rt ', password: '' }),
    method: 'PUT',
    path: '/api/account/update',
    body: { email: 'new@sho.rt' },
    reply: { error: 0, message: 'Account has been updated.' },
    result: { message: 'Account has been updated.' },
  },
  {
    name: 'listDomains',
    run: (c) => c.listDomains({ limit: 10, page: 2 }),
    method: 'GET',
    path: '/api/domains',
    query: { limit: '10', page: '2' },
    reply: {
      error: '0',
      data: { ...paging, currentpage: 2, maxpage: 2, domains: [{ id: '3', domain: 'https://go.sho.rt' }] },
    },
    result: {
      ...page1,
      currentPage: 2,
      maxPage: 2,
      items: [{ id: 3, domain: 'https://go.sho.rt', redirectroot: '', redirect404: '' }],
    },
  },
  {
    name: 'addDomain',
    run: (c) =>
      c.addDomain({ domain: 'https://go.sho.rt', redirectroot: '', redirect404: 'https://sho.rt/404' }),
    method: 'POST',
    path: '/api/domain/add',
    body: { domain: 'https://go.sho.rt', redirect404: 'https://sho.rt/404' },
    reply: { error: 0, id: 3 },
    result: { id: 3 },
  },
  {
    name: 'updateDomain',
    run: (c) => c.updateDomain(3, { redirectroot: 'https://sho.rt' }),
    method: 'PUT',
    path: '/api/domain/3/update',
    body: { redirectroot: 'https://sho.rt' },
    reply: { error: 0, message: 'Domain has been updated.' },
    result: { message: 'Domain has been updated.' },
  },
  {
    name: 'deleteDomain',
    run: (c) => c.deleteDomain(3),
    method: 'DELETE',
    path: '/api/domain/3/delete',
    reply: { error: 0, message: 'Domain has been deleted.' },
    result: { message: 'Domain has been deleted.' },
  },
  {
    name: 'listSplash',
    run: (c) => c.listSplash(),
    method: 'GET',
    path: '/api/splash',
    query: {},
    reply: {
      error: '0',
      data: { ...paging, splash: [{ id: 1, name: 'Promo', date: '2024-01-01 00:00:00' }] },
    },
    result: { ...page1, items: [{ id: 1, name: 'Promo', date: '2024-01-01 00:00:00' }] },
  },
  {
    name: 'listOverlays',
    run: (c) => c.listOverlays({ limit: 5 }),
    method: 'GET',
    path: '/api/overlay',
    query: { limit: '5' },
    reply: { error: '0', data: { ...paging, cta: [{ id: 2, type: 'message', name: 'Hi', date: 'd' }] } },
    result: { ...page1, items: [{ id: 2, type: 'message', name: 'Hi', date: 'd' }] },
  },
  {
    name: 'listCampaigns',
    run: (c) => c.listCampaigns({ page: 1 }),
    method: 'GET',
    path: '/api/campaigns',
    query: { page: '1' },
    reply: {
      error: '0',
      data: {
        ...paging,
        result: 2,
        campaigns: [
          { id: 1, name: 'Spring', public: false, rotator: false, list: 'https://sho.rt/u/me/1' },
          {
            id: 2,
            domain: 'Summer',
            public: '1',
            rotator: 'https://sho.rt/r/summer',
            list: 'https://sho.rt/u/me/2',
          },
        ],
      },
    },
    result: {
      ...page1,
      total: 2,
      items: [
        { id: 1, name: 'Spring', public: false, rotator: null, list: 'https://sho.rt/u/me/1' },
        {
          id: 2,
          name: 'Summer',
          public: true,
          rotator: 'https://sho.rt/r/summer',
          list: 'https://sho.rt/u/me/2',
        },
      ],
    },
  },
  {
    name: 'addCampaign',
    run: (c) => c.addCampaign({ name: 'Spring', slug: 'spring', public: true }),
    method: 'POST',
    path: '/api/campaign/add',
    body: { name: 'Spring', slug: 'spring', public: true },
    reply: { error: 0, id: 4, domain: 'Spring', public: true, rotator: 'https://sho.rt/r/spring', list: 'l' },
    result: { id: 4, name: 'Spring', public: true, rotator: 'https://sho.rt/r/spring', list: 'l' },
  },
  {
    name: 'assignLinkToCampaign',
    run: (c) => c.assignLinkToCampaign(4, 9),
    method: 'POST',
    path: '/api/campaign/4/assign/9',
    reply: { error: 0, message: 'Link successfully added to the campaign.' },
    result: { message: 'Link successfully added to the campaign.' },
  },
  {
    name: 'updateCampaign',
    run: (c) => c.updateCampaign(4, { name: 'Summer', slug: '', public: false }),
    method: 'PUT',
    path: '/api/campaign/4/update',
    body: { name: 'Summer', public: false },
    reply: { error: 0, domain: 'Summer', public: 0, rotator: false, list: 'l' },
    result: { id: 4, name: 'Summer', public: false, rotator: null, list: 'l' },
  },
  {
    name: 'deleteCampaign',
    run: (c) => c.deleteCampaign(4),
    method: 'DELETE',
    path: '/api/campaign/4/delete',
    reply: { error: 0, message: 'Campaign has been deleted.' },
    result: { message: 'Campaign has been deleted.' },
  },
  {
    name: 'listChannels',
    run: (c) => c.listChannels(),
    method: 'GET',
    path: '/api/channels',
    query: {},
    reply: {
      error: '0',
      data: {
        ...paging,
        channels: [{ id: 5, name: 'Read', description: 'd', color: '#112233', starred: 1 }],
      },
    },
    result: { ...page1, items: [{ id: 5, name: 'Read', description: 'd', color: '#112233', starred: true }] },
  },
  {
    name: 'listChannelItems',
    run: (c) => c.listChannelItems(5, { limit: 20, page: 3 }),
    method: 'GET',
    path: '/api/channel/5',
    query: { limit: '20', page: '3' },
    reply: {
      error: '0',
      data: {
        ...paging,
        items: [
          { type: 'links', id: 9, title: 'T', preview: 'p', link: 'https://sho.rt/abc', date: '2024-01-01' },
        ],
      },
    },
    result: {
      ...page1,
      items: [
        { type: 'links', id: 9, title: 'T', preview: 'p', link: 'https://sho.rt/abc', date: '2024-01-01' },
      ],
    },
  },
  {
    name: 'addChannel',
    run: (c) => c.addChannel({ name: 'Read', description: '', color: '#112233', starred: true }),
    method: 'POST',
    path: '/api/channel/add',
    body: { name: 'Read', color: '#112233', starred: true },
    reply: { error: 0, id: 5, name: 'Read', description: '', color: '#112233', starred: true },
    result: { id: 5, name: 'Read', description: '', color: '#112233', starred: true },
  },
  {
    name: 'assignToChannel',
    run: (c) => c.assignToChannel(5, 'bio', 2),
    method: 'POST',
    path: '/api/channel/5/assign/bio/2',
    reply: { error: 0, message: 'Item successfully added to the channel.' },
    result: { message: 'Item successfully added to the channel.' },
  },
  {
    name: 'updateChannel',
    run: (c) => c.updateChannel(5, { starred: false }),
    method: 'PUT',
    path: '/api/channel/5/update',
    body: { starred: false },
    reply: { error: 0, message: 'Channel has been updated.' },
    result: { message: 'Channel has been updated.' },
  },
  {
    name: 'deleteChannel',
    run: (c) => c.deleteChannel(5),
    method: 'DELETE',
    path: '/api/channel/5/delete',
    reply: { error: 0, message: 'Channel has been deleted.' },
    result: { message: 'Channel has been deleted.' },
  },
  {
    name: 'listLinks',
    run: (c) => c.listLinks({ limit: 50, page: 1, order: 'click', q: ' news ' }),
    method: 'GET',
    path: '/api/urls',
    query: { limit: '50', page: '1', order: 'click', q: 'news' },
    reply: {
      error: '0',
      data: {
        ...paging,
        urls: [
          {
            id: 9,
            alias: 'abc',
            shorturl: 'https://sho.rt/abc',
            longurl: 'https://example.com/',
            clicks: '4',
            title: 'Example',
            description: 'd',
            date: '2024-01-01 10:00:00',
          },
        ],
      },
    },
    result: {
      ...page1,
      items: [
        {
          id: 9,
          alias: 'abc',
          shortUrl: 'https://sho.rt/abc',
          longUrl: 'https://example.com/',
          clicks: 4,
          title: 'Example',
          description: 'd',
          date: '2024-01-01 10:00:00',
        },
      ],
    },
  },
  {
    name: 'findLinkByShortUrl',
    run: (c) => c.findLinkByShortUrl('https://sho.rt/abc'),
    method: 'GET',
    path: '/api/urls',
    query: { short: 'https://sho.rt/abc' },
    reply: detailAnswer,
    result: detail,
  },
  {
    name: 'getLink',
    run: (c) => c.getLink(9),
    method: 'GET',
    path: '/api/url/9',
    reply: detailAnswer,
    result: detail,
  },
  {
    name: 'addLink',
    run: (c) => c.addLink(linkInput),
    method: 'POST',
    path: '/api/url/add',
    body: linkInput,
    reply: { error: 0, id: 9, shorturl: 'https://sho.rt/promo' },
    result: { id: 9, shortUrl: 'https://sho.rt/promo' },
  },
  {
    name: 'updateLink',
    run: (c) => c.updateLink(9, { url: 'https://example.com/new', custom: '', metatitle: 'New' }),
    method: 'PUT',
    path: '/api/url/9/update',
    body: { url: 'https://example.com/new', metatitle: 'New' },
    reply: { error: 0, message: 'Link has been updated.' },
    result: { message: 'Link has been updated.', shortUrl: null },
  },
];

describe('endpoints', () => {
  it.each(cases)('$name sends $method $path and normalises the answer', async (c) => {
    const { fetch, calls } = fakeFetch(json(c.reply));
    expect(await c.run(clientWith(fetch))).toEqual(c.result);

    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.method).toBe(c.method);
    expect(call?.url.origin).toBe(BASE);
    expect(call?.url.pathname).toBe(c.path);
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual(c.query ?? {});
    expect(call?.body).toEqual(c.body);
    expect(call?.headers.get('Authorization')).toBe(`Bearer ${KEY}`);
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(call?.headers.get('Accept')).toBe('application/json');
    expect(call?.init.credentials).toBe('omit');
    expect(call?.init.cache).toBe('no-store');
  });

  it('covers every client method', () => {
    const methods = Object.keys(clientWith(fakeFetch().fetch)).filter(
      (k) => k !== 'baseUrl' && k !== 'rateLimit',
    );
    expect(cases.map((c) => c.name).sort()).toEqual(methods.sort());
  });

  it('keeps a sub-path of the server URL', async () => {
    const { fetch, calls } = fakeFetch(json({ error: 0, data: { id: 1 } }));
    await createClient({ baseUrl: 'https://example.com/short/', apiKey: KEY, fetch }).getAccount();
    expect(calls[0]?.url.href).toBe('https://example.com/short/api/account');
  });

  it('reads the key from a function for every request', async () => {
    const keys = ['first', 'second'];
    const { fetch, calls } = fakeFetch(json({ error: 0, data: { id: 1 } }));
    const client = createClient({ baseUrl: BASE, apiKey: async () => keys.shift() ?? '', fetch });
    await client.getAccount();
    await client.getAccount();
    expect(calls.map((c) => c.headers.get('Authorization'))).toEqual(['Bearer first', 'Bearer second']);
  });

  it('binds the global fetch when none is injected', async () => {
    const global = vi.fn(function (this: unknown) {
      expect(this).toBe(globalThis);
      return Promise.resolve(json({ error: 0, data: { id: 1 } }));
    });
    vi.stubGlobal('fetch', global);
    try {
      await createClient({ baseUrl: BASE, apiKey: KEY }).getAccount();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(global).toHaveBeenCalledOnce();
  });
});

describe('findLinkByShortUrl without a match', () => {
  it.each([
    ['error 1 "not found"', json({ error: 1, message: 'Link not found.' })],
    ['error 1 "does not exist"', json({ error: 1, message: 'This URL does not exist.' })],
    ['HTTP 404', json({ error: 1, message: 'Nothing here' }, 404)],
    ['empty data array', json({ error: 0, data: [] })],
    ['no data', json({ error: 0 })],
    ['empty list', json({ error: '0', data: { ...paging, result: 0, urls: [] } })],
  ])('returns null on %s', async (_label, reply) => {
    expect(await clientWith(fakeFetch(reply).fetch).findLinkByShortUrl('https://sho.rt/nope')).toBeNull();
  });

  it('finds the link in a plain list from a server that ignores `short`', async () => {
    const list = json({
      error: '0',
      data: {
        ...paging,
        result: 2,
        urls: [
          { id: 8, shorturl: 'https://sho.rt/x' },
          { id: 9, shorturl: 'https://sho.rt/abc/' },
        ],
      },
    });
    const { fetch, calls } = fakeFetch(list, json(detailAnswer));
    expect(await clientWith(fetch).findLinkByShortUrl('https://sho.rt/abc')).toEqual(detail);
    expect(calls[1]?.url.pathname).toBe('/api/url/9');
  });

  it('returns null when the plain list does not contain it', async () => {
    const list = json({ error: '0', data: { ...paging, urls: [{ id: 8, shorturl: 'https://sho.rt/x' }] } });
    expect(await clientWith(fakeFetch(list).fetch).findLinkByShortUrl('https://sho.rt/abc')).toBeNull();
  });

  it('still reports a refused key and a wrong server URL', async () => {
    const refused = fakeFetch(json({ error: 1, message: 'Invalid API key.' })).fetch;
    expect((await rejection(clientWith(refused).findLinkByShortUrl('https://sho.rt/a'))).kind).toBe(
      'unauthorized',
    );
    const html = fakeFetch(raw('<html>Not Found</html>', 404)).fetch;
    expect((await rejection(clientWith(html).findLinkByShortUrl('https://sho.rt/a'))).kind).toBe(
      'invalid_response',
    );
  });

  it('rejects an empty short URL without sending', async () => {
    const { fetch, calls } = fakeFetch();
    expect((await rejection(clientWith(fetch).findLinkByShortUrl('  '))).kind).toBe('validation');
    expect(calls).toHaveLength(0);
  });
});

describe('input validation', () => {
  it.each([0, -3, 1.5, Number.NaN, Number.POSITIVE_INFINITY])(
    'rejects the path id %s without sending',
    async (id) => {
      const { fetch, calls } = fakeFetch();
      const client = clientWith(fetch);
      for (const call of [
        client.getLink(id),
        client.deleteDomain(id),
        client.updateCampaign(id, { name: 'x' }),
        client.assignLinkToCampaign(1, id),
        client.listChannelItems(id),
        client.assignToChannel(id, 'links', 1),
      ]) {
        expect((await rejection(call)).kind).toBe('validation');
      }
      expect(calls).toHaveLength(0);
    },
  );

  it('rejects an unknown channel item type', async () => {
    const { fetch, calls } = fakeFetch();
    const error = await rejection(clientWith(fetch).assignToChannel(1, 'pages' as 'links', 2));
    expect(error.kind).toBe('validation');
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['a link without url', (c: ShortenerClient) => c.addLink({ url: ' ' }), 'Enter the long URL to shorten.'],
    ['a bad page size', (c: ShortenerClient) => c.listLinks({ limit: 0 }), 'limit'],
    ['a domain without scheme', (c: ShortenerClient) => c.addDomain({ domain: 'go.sho.rt' }), 'scheme'],
    ['a bad colour', (c: ShortenerClient) => c.updateChannel(1, { color: 'blue' }), 'HEX'],
    [
      'a campaign update without name',
      (c: ShortenerClient) => c.updateCampaign(1, { name: '' }),
      'campaign name',
    ],
  ])('rejects %s without sending', async (_label, run, message) => {
    const { fetch, calls } = fakeFetch();
    const error = await rejection(run(clientWith(fetch)));
    expect(error.kind).toBe('validation');
    expect(error.message).toContain(message);
    expect(calls).toHaveLength(0);
  });

  it('rejects every call when the server URL is invalid, with the reason', async () => {
    const { fetch, calls } = fakeFetch();
    const client = createClient({ baseUrl: 'http://sho.rt', apiKey: KEY, fetch });
    expect(client.baseUrl).toBe('');
    const error = await rejection(client.getAccount());
    expect(error).toMatchObject({
      kind: 'validation',
      message: 'Use https:// — only localhost may use http://.',
    });
    // Even an invalid input reports the server URL first: it is what the user must fix.
    expect((await rejection(client.getLink(-1))).message).toBe(error.message);
    expect((await rejection(client.addLink({ url: '' }))).message).toBe(error.message);
    expect(calls).toHaveLength(0);
  });

  it('exposes the normalised server URL', () => {
    expect(clientWith(fakeFetch().fetch).baseUrl).toBe(BASE);
  });
});

describe('the API key', () => {
  it('is required before anything is sent', async () => {
    const { fetch, calls } = fakeFetch();
    const error = await rejection(createClient({ baseUrl: BASE, apiKey: '  ', fetch }).getAccount());
    expect(error).toMatchObject({
      kind: 'unauthorized',
      message: 'No API key is set. Add the key in Options.',
    });
    expect(calls).toHaveLength(0);
  });

  it('is trimmed, and refused when it holds characters a header cannot carry', async () => {
    const { fetch, calls } = fakeFetch(json({ error: 0, data: { id: 1 } }));
    await createClient({ baseUrl: BASE, apiKey: ` ${KEY}\n`, fetch }).getAccount();
    expect(calls[0]?.headers.get('Authorization')).toBe(`Bearer ${KEY}`);
    const bad = await rejection(createClient({ baseUrl: BASE, apiKey: 'two words', fetch }).getAccount());
    expect(bad.kind).toBe('unauthorized');
    expect(calls).toHaveLength(1);
  });

  it('is masked when the server quotes it back', async () => {
    const { fetch } = fakeFetch(json({ error: 1, message: `Unknown account for ${KEY}` }, 400));
    const error = await rejection(clientWith(fetch).getAccount());
    expect(error.message).not.toContain(KEY);
    expect(error.message).toContain('••••');
  });

  it('is masked before a long server message is cut, so no prefix of it is left at the cut', async () => {
    // The key starts 5 characters before the 300th: cut first, "k3y-S" would stay, unmasked.
    const { fetch } = fakeFetch(json({ error: 1, message: `${'x'.repeat(295)}${KEY} and more` }, 400));
    const error = await rejection(clientWith(fetch).getAccount());
    expect(error.message).not.toContain(KEY.slice(0, 5));
    expect(error.message).toContain('x••••');
  });

  it('never appears in network or timeout errors', async () => {
    const offline = await rejection(clientWith(fakeFetch(new TypeError(`failed ${KEY}`)).fetch).getAccount());
    const slow = await rejection(clientWith(hangingFetch(), { timeoutMs: 10 }).getAccount());
    for (const error of [offline, slow]) expect(JSON.stringify(error.toJSON())).not.toContain(KEY);
  });
});

describe('network errors and retries', () => {
  it('reports a failed fetch as network, naming the server', async () => {
    const error = await rejection(clientWith(fakeFetch(new TypeError('Failed to fetch')).fetch).getAccount());
    expect(error).toMatchObject({
      kind: 'network',
      message: 'Could not reach https://sho.rt. Check the server URL and your connection.',
    });
  });

  it('retries a GET once after a network error', async () => {
    const { fetch, calls } = fakeFetch(new TypeError('reset'), json({ error: 0, data: { id: 1 } }));
    expect((await clientWith(fetch).getAccount()).id).toBe(1);
    expect(calls).toHaveLength(2);
  });

  it('gives up on a GET after the second network error', async () => {
    const { fetch, calls } = fakeFetch(new TypeError('down'));
    expect((await rejection(clientWith(fetch).listLinks())).kind).toBe('network');
    expect(calls).toHaveLength(2);
  });

  it.each([
    ['POST', (c: ShortenerClient) => c.addLink({ url: 'https://example.com' })],
    ['PUT', (c: ShortenerClient) => c.updateChannel(1, { name: 'x' })],
    ['DELETE', (c: ShortenerClient) => c.deleteDomain(1)],
    ['POST without body', (c: ShortenerClient) => c.assignLinkToCampaign(1, 2)],
  ])('never retries a %s', async (_label, run) => {
    const { fetch, calls } = fakeFetch(
      new TypeError('reset'),
      json({ error: 0, id: 1, shorturl: 'x', message: '' }),
    );
    expect((await rejection(run(clientWith(fetch)))).kind).toBe('network');
    expect(calls).toHaveLength(1);
  });

  it('does not retry a GET that the server answered with an error', async () => {
    const { fetch, calls } = fakeFetch(json({ error: 1, message: 'Oops' }, 500));
    expect((await rejection(clientWith(fetch).getAccount())).kind).toBe('server');
    expect(calls).toHaveLength(1);
  });

  it('reaches a real server through the real fetch', async () => {
    let seen: IncomingHttpHeaders = {};
    const server = createServer((request, response) => {
      seen = request.headers;
      response.writeHead(200, {
        'Content-Type': 'application/json',
        'X-RateLimit-Limit': '30',
        'X-RateLimit-Remaining': '7',
      });
      response.end(JSON.stringify({ error: 0, data: { id: 4, email: 'me@local' } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const client = createClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: KEY });
      expect((await client.getAccount()).email).toBe('me@local');
      expect(seen.authorization).toBe(`Bearer ${KEY}`);
      expect(client.rateLimit).toMatchObject({ limit: 30, remaining: 7 });
    } finally {
      server.close();
    }
  });

  it('reports a closed port as network', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const error = await rejection(
      createClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: KEY }).getAccount(),
    );
    expect(error.kind).toBe('network');
  });
});

describe('timeout and abort', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('times out, aborts the fetch and names the server', async () => {
    let signal: AbortSignal | undefined;
    const fetch: typeof globalThis.fetch = (_input, init) => {
      signal = init?.signal ?? undefined;
      return hangingFetch()(_input, init);
    };
    const error = await rejection(clientWith(fetch, { timeoutMs: 20 }).getAccount());
    expect(error).toMatchObject({
      kind: 'timeout',
      message: 'https://sho.rt did not answer within 20 ms. Try again later.',
    });
    expect(signal?.aborted).toBe(true);
  });

  it('says seconds for the default timeout and gives up even if fetch ignores its signal', async () => {
    vi.useFakeTimers();
    const pending = rejection(clientWith(deafFetch()).addLink({ url: 'https://example.com' }));
    await vi.advanceTimersByTimeAsync(15_000);
    const error = await pending;
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain('within 15 seconds');
  });

  it('does not retry a GET that timed out', async () => {
    const { fetch, calls } = fakeFetch(() => new Promise<Response>(() => {}));
    expect((await rejection(clientWith(fetch, { timeoutMs: 10 }).getAccount())).kind).toBe('timeout');
    expect(calls).toHaveLength(1);
  });

  it('times out while the body is still arriving', async () => {
    const stalled = new Response(new ReadableStream({ start: () => {} }), { status: 200 });
    const { fetch } = fakeFetch(() => stalled);
    expect((await rejection(clientWith(fetch, { timeoutMs: 20 }).getAccount())).kind).toBe('timeout');
  });

  it("rejects with the caller's abort, not as a timeout", async () => {
    const controller = new AbortController();
    const pending = clientWith(hangingFetch()).getAccount({ signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it("passes the caller's own abort reason through, even past a deaf fetch", async () => {
    const controller = new AbortController();
    const reason = new Error('user closed the popup');
    const pending = clientWith(deafFetch()).listLinks({}, { signal: controller.signal });
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const { fetch, calls } = fakeFetch(json({ error: 0, data: { id: 1 } }));
    await expect(clientWith(fetch).getAccount({ signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(calls).toHaveLength(0);
  });
});

describe('rate limit', () => {
  const limitHeaders = {
    'X-RateLimit-Limit': '30',
    'X-RateLimit-Remaining': '29',
    'X-RateLimit-Reset': '60',
  };

  it('is read from a successful answer and reported', async () => {
    const seen: RateLimitInfo[] = [];
    const { fetch } = fakeFetch(json({ error: 0, data: { id: 1 } }, 200, limitHeaders));
    const client = clientWith(fetch, { onRateLimit: (info) => seen.push(info) });
    expect(client.rateLimit).toBeNull();
    await client.getAccount();
    const expected = { limit: 30, remaining: 29, resetAt: NOW + 60_000, seenAt: NOW };
    expect(client.rateLimit).toEqual(expected);
    expect(seen).toEqual([expected]);
  });

  it('is read from a failed answer too', async () => {
    const { fetch } = fakeFetch(
      json({ error: 1, message: 'Bad alias' }, 400, { ...limitHeaders, 'X-RateLimit-Remaining': '3' }),
    );
    const client = clientWith(fetch);
    await rejection(client.addLink({ url: 'https://example.com' }));
    expect(client.rateLimit?.remaining).toBe(3);
  });

  it('keeps the last value when an answer has no headers', async () => {
    const { fetch } = fakeFetch(
      json({ error: 0, data: { id: 1 } }, 200, limitHeaders),
      json({ error: 0, data: { id: 1 } }),
    );
    const client = clientWith(fetch);
    await client.getAccount();
    await client.getAccount();
    expect(client.rateLimit?.remaining).toBe(29);
  });

  it('turns 429 into rate_limited with retryAt', async () => {
    const { fetch, calls } = fakeFetch(
      json({ error: 1, message: 'Too many requests' }, 429, {
        'X-RateLimit-Limit': '30',
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Reset': String(NOW / 1000 + 42),
      }),
    );
    const client = clientWith(fetch);
    const error = await rejection(client.listLinks());
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429, retryAt: NOW + 42_000 });
    expect(client.rateLimit).toEqual({ limit: 30, remaining: 0, resetAt: NOW + 42_000, seenAt: NOW });
    expect(calls).toHaveLength(1);
  });
});
