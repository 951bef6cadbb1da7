import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '@/entrypoints/background';
import { REMEMBER_MS } from '@/entrypoints/background/create-link';
import { LINKS_TTL_MS, LISTS_TTL_MS } from '@/entrypoints/background/links';
import {
  expiringLinks,
  getCachedLinks,
  getCachedLists,
  putCachedLinks,
  putCachedLists,
} from '@/lib/links/cache';
import {
  cachedLink,
  type FakeServer,
  fakeServer,
  seedProfile,
  sendFromPopup,
  settle,
  startBackground,
  stubBrowserApis,
} from './helpers';

let server: FakeServer;

beforeEach(() => {
  stubBrowserApis();
  server = fakeServer();
  startBackground(server);
});

const adds = () => server.calls.filter((c) => c.method === 'POST' && c.path === '/api/url/add');

describe('shorten', () => {
  it('creates the link and puts it at the front of the cache with the page title', async () => {
    const profile = await seedProfile();
    // Dated in the future, as a server whose clock or time zone runs ahead of ours would.
    await putCachedLinks(
      profile.id,
      [cachedLink(1, 'https://old.example/', '2999-01-01 00:00:00')],
      Date.now(),
    );

    const reply = await sendFromPopup('shorten', {
      requestId: 'req-1',
      input: { url: 'https://news.example/story', custom: 'story' },
      pageTitle: 'A story',
    });

    expect(reply).toMatchObject({
      ok: true,
      data: {
        link: { shortUrl: 'https://sho.rt/story', alias: 'story', longUrl: 'https://news.example/story' },
      },
    });
    expect(adds()[0]?.body).toMatchObject({ url: 'https://news.example/story', custom: 'story' });
    const { links } = await getCachedLinks(profile.id);
    expect(links.map((l) => [l.longUrl, l.title])).toEqual([
      ['https://news.example/story', 'A story'],
      ['https://old.example/', ''],
    ]);
  });

  it('joins the same create asked for again while it is under way: one request, one link', async () => {
    await seedProfile();
    let release: () => void = () => undefined;
    server.state.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Two callers that know nothing of each other (the popup and the outage queue, say), the same link.
    const input = { url: 'https://news.example/story', custom: 'story' };
    const first = sendFromPopup('shorten', { requestId: 'popup', input });
    await vi.waitFor(() => expect(adds()).toHaveLength(1));
    const second = sendFromPopup('shorten', {
      requestId: 'another',
      input: { custom: 'story', url: input.url },
    });
    // Turns of the event loop, not time: the second reaches the create under way however slow the machine.
    await settle();
    release();
    const replies = await Promise.all([first, second]);
    expect(replies.map((r) => r.ok && r.data.link.shortUrl)).toEqual([
      'https://sho.rt/story',
      'https://sho.rt/story',
    ]);
    expect(adds()).toHaveLength(1);
  });

  it('refuses a text over its limit whatever the page sent, and sends nothing', async () => {
    await seedProfile();
    const reply = await sendFromPopup('shorten', {
      requestId: 'long',
      input: { url: 'https://news.example/story', description: 'x'.repeat(56_000) },
    });
    expect(reply).toMatchObject({
      ok: false,
      error: {
        kind: 'validation',
        message: 'The field “description” is longer than 1000 characters. Shorten it and try again.',
      },
    });
    expect(adds()).toEqual([]);
  });

  it('creates one link for a double click (same requestId in flight)', async () => {
    await seedProfile();
    let open!: () => void;
    server.state.gate = new Promise((resolve) => {
      open = resolve;
    });
    const request = { requestId: 'double', input: { url: 'https://a.example/' } };
    const first = sendFromPopup('shorten', request);
    const second = sendFromPopup('shorten', request);
    open();
    const [a, b] = await Promise.all([first, second]);

    expect(adds()).toHaveLength(1);
    expect(a).toEqual(b);
    expect(a.ok).toBe(true);
  });

  it('returns the completed result for a repeated requestId, also after a service-worker restart', async () => {
    await seedProfile();
    const request = { requestId: 'again', input: { url: 'https://a.example/' } };
    const first = await sendFromPopup('shorten', request);
    const second = await sendFromPopup('shorten', request);

    // A restarted worker has lost its memory; storage.session still knows the answer.
    fakeBrowser.runtime.onMessage.removeAllListeners();
    stubBrowserApis();
    background.main();
    const third = await sendFromPopup('shorten', request);

    expect(adds()).toHaveLength(1);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
  });

  it('creates a second link for a new requestId, and again after 10 minutes', async () => {
    await seedProfile();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await sendFromPopup('shorten', { requestId: 'one', input: { url: 'https://a.example/' } });
      await sendFromPopup('shorten', { requestId: 'two', input: { url: 'https://a.example/' } });
      expect(adds()).toHaveLength(2);
      vi.setSystemTime(Date.now() + 10 * 60_000 + 1);
      await sendFromPopup('shorten', { requestId: 'one', input: { url: 'https://a.example/' } });
      expect(adds()).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets a failed request be retried with the same requestId', async () => {
    await seedProfile();
    server.state.fail = { status: 500, body: { error: 1, message: 'Database down' } };
    const request = { requestId: 'retry', input: { url: 'https://a.example/' } };
    const failed = await sendFromPopup('shorten', request);
    expect(failed).toMatchObject({ ok: false, error: { kind: 'server' } });

    server.state.fail = null;
    const retried = await sendFromPopup('shorten', request);
    expect(retried.ok).toBe(true);
    expect(adds()).toHaveLength(2);
  });
});

describe('a create whose answer never came', () => {
  const gets = () => server.calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/urls'));
  const request = (requestId: string, custom?: string) => ({
    requestId,
    input: { url: 'https://a.example/post', ...(custom ? { custom } : {}) },
  });

  it('says the link may exist, then finds it among the newest links instead of making it twice', async () => {
    await seedProfile();
    server.state.lose = 'network';
    const failed = await sendFromPopup('shorten', request('lost'));
    expect(failed).toMatchObject({
      ok: false,
      error: { kind: 'network', message: expect.stringContaining('may have been made all the same') },
    });
    expect(server.state.links).toHaveLength(1);

    server.state.lose = null;
    const retried = await sendFromPopup('shorten', request('lost'));
    expect(retried).toMatchObject({ ok: true, data: { link: { id: 500, shortUrl: 'https://sho.rt/a500' } } });
    expect(adds()).toHaveLength(1);
    expect(gets()).toHaveLength(1);
    expect(server.state.links).toHaveLength(1);

    // Found, it is forgotten: the next create of the same address makes a new link at once.
    await sendFromPopup('shorten', request('next'));
    expect(adds()).toHaveLength(2);
    expect(gets()).toHaveLength(1);
  });

  it.each([
    ['an answer that is not the API’s JSON', { status: 200, body: 'OK' }],
    ['a 502 page', { status: 502, body: 'Bad gateway' }],
  ])('treats %s the same way', async (_, lost) => {
    await seedProfile();
    server.state.lose = lost;
    expect(await sendFromPopup('shorten', request('lost'))).toMatchObject({ ok: false });
    server.state.lose = null;
    expect(await sendFromPopup('shorten', request('lost'))).toMatchObject({
      ok: true,
      data: { link: { id: 500 } },
    });
    expect(adds()).toHaveLength(1);
  });

  it('creates after looking when nothing was made, and never takes a link known before for it', async () => {
    const profile = await seedProfile();
    // The address was shortened before: that link is on the server and in the cache.
    server.state.links.push({
      id: 12,
      alias: 'c12',
      shorturl: 'https://sho.rt/c12',
      longurl: 'https://a.example/post',
      title: '',
      date: '2024-05-01 10:00:00',
    });
    await putCachedLinks(profile.id, [cachedLink(12, 'https://a.example/post')], Date.now());
    server.state.fail = 'network';
    expect(await sendFromPopup('shorten', request('down'))).toMatchObject({ ok: false });

    server.state.fail = null;
    const retried = await sendFromPopup('shorten', request('down'));
    expect(retried).toMatchObject({ ok: true, data: { link: { id: 500 } } });
    expect(gets()).toHaveLength(1);
    expect(adds()).toHaveLength(2);
  });

  it('matches the alias asked for', async () => {
    await seedProfile();
    server.state.links.push({
      id: 40,
      alias: 'other',
      shorturl: 'https://sho.rt/other',
      longurl: 'https://a.example/post',
      title: '',
      date: '2030-01-01 00:00:00',
    });
    server.state.lose = 'network';
    await sendFromPopup('shorten', request('alias', 'launch'));
    server.state.lose = null;
    const retried = await sendFromPopup('shorten', request('alias', 'launch'));
    expect(retried).toMatchObject({ ok: true, data: { link: { shortUrl: 'https://sho.rt/launch' } } });
    expect(adds()).toHaveLength(1);
  });

  it('says nothing was sent when the server cannot be reached at all, and still looks first on the retry', async () => {
    await seedProfile();
    server.state.fail = 'network';
    const failed = await sendFromPopup('shorten', request('down'));
    expect(failed).toMatchObject({
      ok: false,
      error: { kind: 'network', message: expect.stringContaining('https://sho.rt: nothing was sent') },
    });
    expect(failed.ok || failed.error.message).not.toContain('may have been made');
    // The probe: a plain HEAD of the origin, without the key.
    expect(server.calls.at(-1)).toMatchObject({ method: 'HEAD', path: '/' });
    expect(server.fetch.mock.calls.at(-1)?.[1]?.headers).toBeUndefined();

    server.state.fail = null;
    const retried = await sendFromPopup('shorten', request('down'));
    expect(retried.ok).toBe(true);
    expect(gets()).toHaveLength(1);
  });

  it('does not look after a clear refusal: the server said it made nothing', async () => {
    await seedProfile();
    server.state.fail = { status: 400, body: { error: 1, message: 'That alias is taken.' } };
    const failed = await sendFromPopup('shorten', request('refused'));
    expect(failed).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(failed.ok || failed.error.message).not.toContain('may have been made');
    server.state.fail = null;
    await sendFromPopup('shorten', request('refused'));
    expect(gets()).toHaveLength(0);
    expect(adds()).toHaveLength(2);
  });

  it('applies to the management page’s creates too, which also reach the cache at once', async () => {
    const profile = await seedProfile();
    const create = () =>
      sendFromPopup('api', { method: 'addLink', args: [{ url: 'https://a.example/post', custom: 'm' }] });
    server.state.lose = 'network';
    expect(await create()).toMatchObject({
      ok: false,
      error: { kind: 'network', message: expect.stringContaining('may have been made all the same') },
    });
    server.state.lose = null;
    expect(await create()).toEqual({ ok: true, data: { id: 500, shortUrl: 'https://sho.rt/m' } });
    expect(adds()).toHaveLength(1);
    expect((await getCachedLinks(profile.id)).links.map((l) => l.shortUrl)).toContain('https://sho.rt/m');
  });

  it('keeps the expiry a create sent with the cached link, for "expiring soon"', async () => {
    const profile = await seedProfile();
    const made = await sendFromPopup('api', {
      method: 'addLink',
      args: [{ url: 'https://a.example/soon', expiry: '2030-06-13 18:30:00' }],
    });
    expect(made.ok).toBe(true);
    expect(await expiringLinks(profile.id, '2030-06-10 00:00:00', '2030-06-17 00:00:00')).toMatchObject([
      { longUrl: 'https://a.example/soon', expiry: '2030-06-13 18:30:00' },
    ]);
  });

  it('puts the links the management page lists into the cache, with their edits', async () => {
    const profile = await seedProfile();
    await putCachedLinks(profile.id, [{ ...cachedLink(3, 'https://a.example/3'), title: 'Old title' }]);
    server.state.links = [3, 4].map((id) => ({
      id,
      alias: `c${id}`,
      shorturl: `https://sho.rt/c${id}`,
      longurl: `https://a.example/${id}`,
      title: `Listed ${id}`,
      date: '2024-05-01 10:00:00',
    }));
    expect(await sendFromPopup('api', { method: 'listLinks', args: [{ limit: 15 }] })).toMatchObject({
      ok: true,
    });
    const { links } = await getCachedLinks(profile.id);
    expect(links.map((l) => [l.id, l.title]).sort()).toEqual([
      [3, 'Listed 3'],
      [4, 'Listed 4'],
    ]);
  });

  it('lets the client judge a management page’s malformed create', async () => {
    await seedProfile();
    const reply = await sendFromPopup('api', { method: 'addLink', args: [{ url: 42 }] });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(adds()).toHaveLength(0);
  });

  it('titles the link found as a link made now is titled, not with the server’s title', async () => {
    await seedProfile();
    const titled = { ...request('titled'), pageTitle: 'A post' };
    server.state.lose = 'network';
    await sendFromPopup('shorten', titled);
    server.state.lose = null;
    server.state.links[0]!.title = 'a.example';
    const retried = await sendFromPopup('shorten', titled);
    expect(retried).toMatchObject({ ok: true, data: { link: { id: 500, title: 'A post' } } });
  });

  const serverLink = (id: number, date: string, alias = `c${id}`) => ({
    id,
    alias,
    shorturl: `https://sho.rt/${alias}`,
    longurl: 'https://a.example/post',
    title: '',
    date,
  });

  it('never takes an older link for the lost one, even with an empty cache', async () => {
    await seedProfile();
    // Made long ago, perhaps on another device: the cache never saw it.
    server.state.links.push(serverLink(12, '2024-05-01 10:00:00'));
    server.state.fail = 'network';
    await sendFromPopup('shorten', request('empty-cache'));
    server.state.fail = null;
    const retried = await sendFromPopup('shorten', request('empty-cache'));
    expect(retried).toMatchObject({ ok: true, data: { link: { id: 500 } } });
    expect(adds()).toHaveLength(2);
  });

  it('never takes a link older than the newest one known when the create failed', async () => {
    const profile = await seedProfile();
    await putCachedLinks(profile.id, [cachedLink(30, 'https://other.example/')], Date.now());
    // Same address, dated today, but with an id from before the failure: not the lost link.
    server.state.links.push(serverLink(20, '2030-01-01 00:00:00'));
    server.state.fail = 'network';
    await sendFromPopup('shorten', request('older-id'));
    server.state.fail = null;
    expect(await sendFromPopup('shorten', request('older-id'))).toMatchObject({
      ok: true,
      data: { link: { id: 500 } },
    });
  });

  it('looks only for the link asked for: other options make another link', async () => {
    await seedProfile();
    const withPassword = { requestId: 'pw', input: { url: 'https://a.example/post', password: 'secret' } };
    server.state.lose = 'network';
    await sendFromPopup('shorten', withPassword);
    server.state.lose = null;
    // Asked again without the password: not handed the protected link, nor looked for.
    await sendFromPopup('shorten', request('no-password'));
    expect(gets()).toHaveLength(0);
    expect(adds()).toHaveLength(2);
    // Asked again as before: found.
    expect(await sendFromPopup('shorten', withPassword)).toMatchObject({
      ok: true,
      data: { link: { id: 500 } },
    });
    expect(adds()).toHaveLength(2);
  });

  it('matches the branded domain asked for', async () => {
    await seedProfile();
    const branded = {
      requestId: 'dom',
      input: { url: 'https://a.example/post', domain: 'https://go.example' },
    };
    server.state.lose = 'network';
    await sendFromPopup('shorten', branded);
    server.state.lose = null;
    // The fake server ignores the domain: the link it made is on sho.rt, so it is not this one.
    expect(await sendFromPopup('shorten', branded)).toMatchObject({ ok: true, data: { link: { id: 501 } } });
  });

  it('treats a rate-limit message with a 5xx as uncertain: only a 429 says nothing was done', async () => {
    await seedProfile();
    server.state.fail = { status: 503, body: { error: 1, message: 'Rate limit exceeded.' } };
    const failed = await sendFromPopup('shorten', request('rate-5xx'));
    expect(failed).toMatchObject({
      ok: false,
      error: { kind: 'rate_limited', message: expect.stringContaining('may have been made') },
    });
  });

  it('fetches the newest links once for many lost creates retried together', async () => {
    await seedProfile();
    server.state.fail = 'network';
    const urls = ['https://a.example/1', 'https://a.example/2', 'https://a.example/3'];
    for (const url of urls) await sendFromPopup('shorten', { requestId: url, input: { url } });
    server.state.fail = null;
    for (const url of urls) await sendFromPopup('shorten', { requestId: url, input: { url } });
    expect(gets()).toHaveLength(1);
    expect(server.state.links).toHaveLength(3);
  });

  it('stops looking after ten minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await seedProfile();
      server.state.lose = 'network';
      await sendFromPopup('shorten', request('late'));
      server.state.lose = null;
      vi.setSystemTime(Date.now() + REMEMBER_MS);
      await sendFromPopup('shorten', request('late'));
      expect(gets()).toHaveLength(0);
      expect(adds()).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a create the server answers with a link it had made before', () => {
  const serverHas = (id: number, longurl: string) =>
    server.state.links.push({
      id,
      alias: `c${id}`,
      shorturl: `https://sho.rt/c${id}`,
      longurl,
      title: 'Launch',
      date: '2024-05-01 10:00:00',
    });

  it('says so when its id is in the cache, and keeps the cached link as it was', async () => {
    const profile = await seedProfile();
    await putCachedLinks(profile.id, [cachedLink(7, 'https://a.example/launch')], Date.now());
    serverHas(7, 'https://a.example/launch');
    server.state.existing = true;

    // "Create new anyway": no reuse, so the request goes out.
    const reply = await sendFromPopup('shorten', {
      requestId: 'r1',
      input: { url: 'https://a.example/launch' },
    });

    expect(adds()).toHaveLength(1);
    expect(reply).toEqual({
      ok: true,
      data: { link: cachedLink(7, 'https://a.example/launch'), existing: true },
    });
    expect((await getCachedLinks(profile.id)).links).toEqual([cachedLink(7, 'https://a.example/launch')]);
  });

  it('says so when its id is older than every link known before, though not cached', async () => {
    const profile = await seedProfile();
    await putCachedLinks(profile.id, [cachedLink(120, 'https://other.example/')], Date.now());
    serverHas(7, 'https://a.example/launch');
    server.state.existing = true;

    const reply = await sendFromPopup('shorten', {
      requestId: 'r2',
      input: { url: 'https://a.example/launch' },
    });
    expect(reply).toMatchObject({
      ok: true,
      data: { link: { id: 7, shortUrl: 'https://sho.rt/c7' }, existing: true },
    });
    // Asked again with the same attempt id, the answer says the same.
    expect(
      await sendFromPopup('shorten', { requestId: 'r2', input: { url: 'https://a.example/launch' } }),
    ).toEqual(reply);
  });

  it('says nothing of the kind for a new link, or when nothing was known to compare with', async () => {
    const profile = await seedProfile();
    const fresh = await sendFromPopup('shorten', { requestId: 'r3', input: { url: 'https://b.example/' } });
    expect(fresh.ok && fresh.data.existing).toBeUndefined();

    await putCachedLinks(profile.id, [cachedLink(120, 'https://other.example/')], Date.now());
    const newer = await sendFromPopup('shorten', { requestId: 'r4', input: { url: 'https://c.example/' } });
    expect(newer).toMatchObject({ ok: true, data: { link: { id: 501 } } });
    expect(newer.ok && newer.data.existing).toBeUndefined();
  });
});

describe('refresh', () => {
  it('sends nothing when the cache is warm', async () => {
    const profile = await seedProfile();
    const now = Date.now();
    await putCachedLinks(profile.id, [cachedLink(1, 'https://a.example/')], now - LINKS_TTL_MS + 10_000);
    await putCachedLists(profile.id, { fetchedAt: now - LISTS_TTL_MS + 10_000, campaigns: [], channels: [] });

    const reply = await sendFromPopup('refresh', {});

    expect(reply).toEqual({ ok: true, data: { links: null, lists: null } });
    expect(server.calls).toEqual([]);
  });

  it('fetches recent links and the first page of choices when the cache is cold', async () => {
    const profile = await seedProfile();
    server.state.links.push({
      id: 41,
      alias: 'x',
      shorturl: 'https://sho.rt/x',
      longurl: 'https://x.example/',
      title: 'X',
      date: '2030-02-02 02:02:02',
    });

    const reply = await sendFromPopup('refresh', {});

    expect(server.calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual([
      'GET /api/campaigns?limit=100',
      'GET /api/channels?limit=100',
      'GET /api/urls?limit=50&order=date',
    ]);
    expect(reply).toMatchObject({
      ok: true,
      data: {
        links: [{ id: 41, shortUrl: 'https://sho.rt/x', title: 'X' }],
        lists: { campaigns: [{ id: 7, name: 'Spring' }], channels: [{ id: 9, name: 'Blog' }] },
      },
    });
    expect((await getCachedLinks(profile.id)).links.map((l) => l.id)).toEqual([41]);
    expect((await getCachedLists(profile.id)).campaigns).toEqual([{ id: 7, name: 'Spring' }]);
  });

  it('refetches only what is stale: links after 5 minutes, choices after 10', async () => {
    const profile = await seedProfile();
    const now = Date.now();
    await putCachedLinks(profile.id, [], now - LINKS_TTL_MS - 1);
    await putCachedLists(profile.id, { fetchedAt: now - LINKS_TTL_MS - 1, campaigns: [], channels: [] });

    const reply = await sendFromPopup('refresh', {});

    expect(server.calls.map((c) => c.path)).toEqual(['/api/urls?limit=50&order=date']);
    expect(reply).toMatchObject({ ok: true, data: { lists: null } });
  });

  it('refetches a warm cache when forced', async () => {
    const profile = await seedProfile();
    await putCachedLinks(profile.id, [], Date.now());
    await putCachedLists(profile.id, { fetchedAt: Date.now(), campaigns: [], channels: [] });

    await sendFromPopup('refresh', { force: true });

    expect(server.calls).toHaveLength(3);
  });

  it('shares one round of requests between two refreshes at once', async () => {
    await seedProfile();
    await Promise.all([sendFromPopup('refresh', {}), sendFromPopup('refresh', {})]);
    expect(server.calls).toHaveLength(3);
  });
});
