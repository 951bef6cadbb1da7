// @vitest-environment node
/**
 * Every client method against the reference server over real HTTP on loopback, plus each error kind
 * produced by a real misbehaving server rather than a fake fetch.
 */
import { describe, expect, it } from 'vitest';
import { createClient, type ShortenerClient } from '@/lib/api/client';
import type { ApiErrorKind } from '@/lib/api/errors';
import { useServer } from '../server/helpers';

const ref = useServer();

function client(options: { apiKey?: string; timeoutMs?: number } = {}): ShortenerClient {
  return createClient({
    baseUrl: ref.server.url,
    apiKey: options.apiKey ?? ref.server.apiKey,
    timeoutMs: options.timeoutMs ?? 5000,
  });
}

async function failureKind(promise: Promise<unknown>): Promise<ApiErrorKind> {
  try {
    await promise;
  } catch (error) {
    return (error as { kind: ApiErrorKind }).kind;
  }
  throw new Error('expected the call to fail');
}

describe('account', () => {
  it('reads the account', async () => {
    const account = await client().getAccount();
    expect(account).toMatchObject({ id: 1, username: 'demo', email: 'demo@example.com', status: 'pro' });
  });

  it('updates the email and the server stores it', async () => {
    await client().updateAccount({ email: 'new@example.com' });
    expect((await client().getAccount()).email).toBe('new@example.com');
  });
});

describe('branded domains', () => {
  it('lists, adds, updates and deletes', async () => {
    const c = client();
    const before = await c.listDomains();
    expect(before.items.map((d) => d.domain)).toContain('https://go.example.com');
    const { id } = await c.addDomain({
      domain: 'https://l.example.org',
      redirectroot: 'https://example.org',
    });
    await c.updateDomain(id, { redirect404: 'https://example.org/404' });
    const added = (await c.listDomains({ limit: 100 })).items.find((d) => d.id === id);
    expect(added).toMatchObject({
      redirectroot: 'https://example.org',
      redirect404: 'https://example.org/404',
    });
    await c.deleteDomain(id);
    expect((await c.listDomains({ limit: 100 })).items.some((d) => d.id === id)).toBe(false);
  });
});

describe('splash pages and overlays', () => {
  it('lists both read-only collections', async () => {
    expect((await client().listSplash()).items.length).toBeGreaterThan(0);
    expect((await client().listOverlays()).items[0]).toMatchObject({ id: 1, type: 'message' });
  });
});

describe('campaigns', () => {
  it('accepts the name under `domain` in the list', async () => {
    const names = (await client().listCampaigns()).items.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['Spring launch', 'Newsletter']));
  });

  it('adds, updates, assigns a link and deletes', async () => {
    const c = client();
    const created = await c.addCampaign({ name: 'Autumn', slug: 'autumn', public: true });
    expect(created.name).toBe('Autumn');
    expect(created.rotator).toMatch(/autumn$/);
    const updated = await c.updateCampaign(created.id, { name: 'Autumn 2', public: false });
    expect(updated).toMatchObject({ id: created.id, name: 'Autumn 2', public: false });
    await c.assignLinkToCampaign(created.id, 1);
    expect(ref.server.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/api/campaign/${created.id}/assign/1`,
    });
    await c.deleteCampaign(created.id);
    expect((await c.listCampaigns({ limit: 100 })).items.some((x) => x.id === created.id)).toBe(false);
  });

  it('a campaign without a slug has no rotator', async () => {
    expect((await client().addCampaign({ name: 'Plain' })).rotator).toBeNull();
  });
});

describe('channels', () => {
  it('lists channels and the items of one, paged', async () => {
    const c = client();
    expect((await c.listChannels()).items.map((x) => x.name)).toEqual(
      expect.arrayContaining(['Work', 'Personal']),
    );
    const first = await c.listChannelItems(1, { limit: 2, page: 1 });
    expect(first.items).toHaveLength(2);
    expect(first.nextPage).toBe(2);
    const types = new Set(
      [...first.items, ...(await c.listChannelItems(1, { limit: 2, page: 2 })).items].map((i) => i.type),
    );
    expect(types).toEqual(new Set(['links', 'bio', 'qr']));
  });

  it('adds, assigns each item type, updates and deletes', async () => {
    const c = client();
    const channel = await c.addChannel({
      name: 'Clients',
      description: 'Client work',
      color: '#112233',
      starred: true,
    });
    expect(channel).toMatchObject({ name: 'Clients', color: '#112233', starred: true });
    await c.assignToChannel(channel.id, 'links', 2);
    await c.assignToChannel(channel.id, 'bio', 2);
    await c.assignToChannel(channel.id, 'qr', 2);
    expect((await c.listChannelItems(channel.id)).total).toBe(3);
    await c.updateChannel(channel.id, { starred: false });
    expect((await c.listChannels({ limit: 100 })).items.find((x) => x.id === channel.id)?.starred).toBe(
      false,
    );
    await c.deleteChannel(channel.id);
    expect(await failureKind(c.listChannelItems(channel.id))).toBe('not_found');
  });
});

describe('links', () => {
  it('lists with limit, page, order and keyword search', async () => {
    const c = client();
    const page1 = await c.listLinks({ limit: 4, page: 1, order: 'click' });
    expect(page1).toMatchObject({ total: 6, perPage: 4, currentPage: 1, nextPage: 2, maxPage: 2 });
    expect(page1.items[0]?.alias).toBe('talk');
    const page2 = await c.listLinks({ limit: 4, page: 2 });
    expect(page2.items).toHaveLength(2);
    expect(page2.nextPage).toBeNull();
    const found = await c.listLinks({ q: 'survey' });
    expect(found.items.map((l) => l.alias)).toEqual(['survey']);
  });

  it('finds a link by its short URL, and returns null when none matches', async () => {
    const c = client();
    const docs = (await c.listLinks({ q: 'docs' })).items[0]!;
    const detail = await c.findLinkByShortUrl(docs.shortUrl);
    expect(detail?.id).toBe(docs.id);
    expect(await c.findLinkByShortUrl(`${ref.server.url}/no-such-alias`)).toBeNull();
  });

  it('gets one link with details and statistics', async () => {
    const detail = await client().getLink(3);
    expect(detail.details.location).toEqual(expect.any(Object));
    expect(Object.keys(detail.details.location).length).toBeGreaterThan(0);
    expect(detail.details.expiry).toEqual(expect.any(String));
    expect(detail.stats.clicks).toBe(57);
  });

  it('adds a link with every field of the spec and the server receives each', async () => {
    const c = client();
    const input = {
      url: 'https://example.com/everything',
      custom: 'everything',
      type: 'splash',
      password: 'secret',
      domain: 'https://go.example.com',
      expiry: '2099-12-31 23:59:00',
      geotarget: [{ location: 'Canada', link: 'https://example.ca' }],
      devicetarget: [{ device: 'iPhone', link: 'https://example.com/ios' }],
      languagetarget: [{ language: 'fr', link: 'https://example.com/fr' }],
      metatitle: 'Title',
      metadescription: 'Description',
      metaimage: 'https://example.com/image.png',
      description: 'A note',
      pixels: [1, 2],
      channel: 2,
      campaign: 1,
      deeplink: { auto: true },
      status: 'public' as const,
      parameters: [{ name: 'utm_source', value: 'ext' }],
    };
    const created = await c.addLink(input);
    expect(created.shortUrl).toBe('https://go.example.com/everything');
    const sent = ref.server.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/api/url/add');
    expect(sent.body).toMatchObject({ ...input, deeplink: { auto: true } });
    expect(sent.headers.authorization).toBe(`Bearer ${ref.server.apiKey}`);
  });

  it('updates a link', async () => {
    const c = client();
    const result = await c.updateLink(1, { url: 'https://example.com/updated', metatitle: 'New' });
    expect(result.shortUrl).toMatch(/docs$/);
    expect((await c.getLink(1)).details.longUrl).toBe('https://example.com/updated');
  });
});

describe('errors from a real server', () => {
  it('a wrong key is unauthorized', async () => {
    expect(await failureKind(client({ apiKey: 'wrong' }).getAccount())).toBe('unauthorized');
  });

  it('a duplicate alias is a validation error carrying the server message', async () => {
    const c = client();
    await expect(c.addLink({ url: 'https://example.com/a', custom: 'docs' })).rejects.toMatchObject({
      kind: 'validation',
      message: expect.stringContaining('already taken'),
    });
  });

  it('an unknown id is not_found', async () => {
    expect(await failureKind(client().getLink(999))).toBe('not_found');
  });

  it('over the rate limit is rate_limited with a retry time', async () => {
    ref.server.setRateLimit(2);
    const c = client();
    await c.getAccount();
    await c.getAccount();
    await expect(c.getAccount()).rejects.toMatchObject({ kind: 'rate_limited', retryAt: expect.any(Number) });
    expect(c.rateLimit).toMatchObject({ limit: 2, remaining: 0 });
  });

  it.each([
    [{ kind: 'html500' } as const, 'server'],
    [{ kind: 'truncated' } as const, 'invalid_response'],
    [{ kind: 'error1', message: 'Nope' } as const, 'validation'],
    [{ kind: 'status', status: 500, json: true } as const, 'server'],
    [{ kind: 'status', status: 403, json: true } as const, 'validation'],
    [{ kind: 'drop' } as const, 'network'],
  ])('fault %o becomes %s', async (fault, kind) => {
    ref.server.setFault(fault);
    expect(await failureKind(client().getAccount())).toBe(kind);
  });

  it('a slow server is a timeout', async () => {
    ref.server.setFault({ kind: 'slow', delayMs: 1500 });
    expect(await failureKind(client({ timeoutMs: 300 }).getAccount())).toBe('timeout');
  });

  it('a dropped connection on a create is never sent twice', async () => {
    ref.server.setFault({ kind: 'drop', match: 'POST /api/url/add' });
    expect(await failureKind(client().addLink({ url: 'https://example.com/once' }))).toBe('network');
    expect(ref.server.requests.filter((r) => r.path === '/api/url/add')).toHaveLength(1);
  });

  it('a dropped GET is retried once and then succeeds', async () => {
    ref.server.setFault({ kind: 'drop', times: 1 });
    expect((await client().getAccount()).username).toBe('demo');
    expect(ref.server.requests.filter((r) => r.path === '/api/account')).toHaveLength(2);
  });
});
