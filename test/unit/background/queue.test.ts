/**
 * The outage queue (entrypoints/background/jobs/queue.ts) through the background's own wiring: what
 * queues and what does not, the badge and the alarm, tries with backoff, exactly once after a lost
 * answer or a worker stopped mid-send, profiles, the limit, the popup's messages and the "made"
 * notification.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { getCachedLinks, putCachedLinks } from '@/lib/links/cache';
import { defaultSettings, emptyDefaults, type Profile } from '@/lib/settings/schema';
import {
  apiKeysItem,
  draftsItem,
  getItem,
  type JobRow,
  lastFailureItem,
  queueJobItem,
  setItem,
  settingsItem,
} from '@/lib/storage/items';
import { loadSettings, saveSettings } from '@/lib/storage/settings';
import { LIST_LIMITS } from '@/lib/text-limits';
import {
  cachedLink,
  type FakeServer,
  fakeServer,
  GOOD_KEY,
  restartWorker,
  SERVER,
  seedProfile,
  sendFromPopup,
  settle,
  startBackground,
  stubBrowserApis,
} from './helpers';

let server: FakeServer;
let stubs: ReturnType<typeof stubBrowserApis>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(2031, 0, 15, 9, 30, 0) });
  stubs = stubBrowserApis();
  server = fakeServer();
  startBackground(server);
});

afterEach(() => {
  vi.useRealTimers();
});

const adds = () => server.calls.filter((c) => c.method === 'POST' && c.path === '/api/url/add');
const tab = { id: 3, url: 'https://blog.example/post', title: 'A post' };
const shortenLink = (url: string) =>
  stubs.contextMenus.onClicked.trigger({ menuItemId: 'shorten-link', linkUrl: url }, tab);
const queued = async () => (await getItem(queueJobItem))?.rows ?? [];
const notifications = () => Object.values(fakeBrowser.notifications.getAllCreateOptions());
const madeNotification = () =>
  fakeBrowser.notifications.getAllCreateOptions()['shortlink-queue-made']?.message;
const badge = () => fakeBrowser.action.getBadgeText({});
const fireAlarm = () =>
  fakeBrowser.alarms.onAlarm.trigger({
    name: 'queue-retry',
    scheduledTime: Date.now(),
    persistAcrossSessions: true,
  });
const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

describe('what queues', () => {
  it('queues a menu create the server could not make, with its profile, options and time', async () => {
    const profile = await seedProfile({ campaignId: 7 });
    server.state.fail = 'network';
    await shortenLink('https://x.example/a');
    expect(await queued()).toEqual([
      expect.objectContaining({
        profileId: profile.id,
        input: expect.objectContaining({ url: 'https://x.example/a', campaign: 7 }),
        source: 'menu',
        askedAt: Date.now(),
        attempts: 0,
        nextTryAt: Date.now() + 30_000,
        state: 'pending',
        error: expect.objectContaining({ kind: 'network' }),
        uncertain: true,
      }),
    ]);
    expect(await badge()).toBe('1');
    expect(await fakeBrowser.alarms.get('queue-retry')).toMatchObject({ scheduledTime: Date.now() + 30_000 });
    expect(notifications().map((n) => n.title)).toEqual(['Link queued']);
  });

  it.each([
    ['a 5xx', { status: 503, body: { error: 1, message: 'Down for maintenance' } }],
    ['an unreadable answer', { status: 200, body: { nothing: 'useful' } }],
  ])('queues after %s', async (_, reply) => {
    await seedProfile();
    server.state.fail = reply;
    await shortenLink('https://x.example/a');
    expect(await queued()).toHaveLength(1);
  });

  it('never queues a refusal of the input, or a refused key', async () => {
    await seedProfile();
    server.state.fail = { status: 400, body: { error: 1, message: 'That alias is taken.' } };
    await shortenLink('https://x.example/a');
    expect(notifications().map((n) => n.message)).toEqual([
      expect.stringMatching(/server refused this link/),
    ]);
    expect((await getItem(lastFailureItem))?.message).toMatch(/alias is taken/);
    server.state.fail = null;
    server.state.key = 'rotated';
    await shortenLink('https://x.example/b');
    expect(notifications().map((n) => n.message)).toEqual([expect.stringMatching(/refused the API key/)]);
    expect(await queued()).toEqual([]);
  });

  it('queues a link asked for twice while the server is down once', async () => {
    await seedProfile();
    server.state.fail = 'network';
    await shortenLink('https://x.example/a');
    await shortenLink('https://x.example/a#again');
    await shortenLink('https://x.example/b');
    expect((await queued()).map((e) => e.input.url)).toEqual(['https://x.example/a', 'https://x.example/b']);
  });

  it('queues the shortcut’s create as the shortcut’s', async () => {
    await seedProfile();
    server.state.fail = 'network';
    Object.assign(fakeBrowser.tabs, { query: vi.fn(async () => [{ ...tab, active: true }]) });
    await stubs.commands.onCommand.trigger('shorten-page', tab);
    expect((await queued()).map((e) => [e.source, e.input.url, e.title])).toEqual([
      ['shortcut', tab.url, tab.title],
    ]);
  });

  it(`refuses a create past ${LIST_LIMITS.queue} waiting, saying so, and drops none`, async () => {
    const profile = await seedProfile();
    const full: JobRow[] = Array.from({ length: LIST_LIMITS.queue }, (_, i) => ({
      id: `e${i}`,
      profileId: profile.id,
      input: { url: `https://x.example/${i}` },
      title: '',
      label: '',
      source: 'menu',
      askedAt: Date.now(),
      attempts: 1,
      nextTryAt: Date.now() + 60_000,
      state: 'pending',
      uncertain: false,
      mark: null,
    }));
    const job = {
      id: 'queue',
      kind: 'queue',
      profileId: '',
      createdAt: 0,
      state: 'running',
      waitUntil: null,
      limit: 0,
    };
    await fakeBrowser.storage.local.set({ [queueJobItem.key]: { ...job, rows: full } });
    server.state.fail = 'network';
    await shortenLink('https://x.example/one-too-many');
    expect(await queued()).toHaveLength(LIST_LIMITS.queue);
    expect(notifications().at(-1)?.message).toMatch(
      /^500 links already wait in the queue, so this one was not made/,
    );
    expect((await getItem(lastFailureItem))?.message).toMatch(
      /^500 links already wait for the server.*neither made nor queued/,
    );
  });
});

describe('tries', () => {
  it('tries on the alarm with backoff, then makes the link once, announces it and clears the badge', async () => {
    const profile = await seedProfile();
    server.state.fail = 'network';
    await shortenLink('https://x.example/a');
    const [entry] = await queued();

    // Not due yet: the alarm of another moment sends nothing.
    await fireAlarm();
    expect(server.calls.filter((c) => c.path === '/api/url/add')).toHaveLength(1);

    advance(30_000);
    await fireAlarm();
    expect(await queued()).toEqual([
      expect.objectContaining({
        id: entry?.id,
        attempts: 1,
        nextTryAt: Date.now() + 60_000,
        state: 'pending',
      }),
    ]);
    advance(60_000);
    await fireAlarm();
    expect((await queued())[0]).toMatchObject({ attempts: 2, nextTryAt: Date.now() + 120_000 });

    server.state.fail = null;
    advance(120_000);
    await fireAlarm();
    expect(await queued()).toEqual([]);
    // The failed tries only looked for the link (the first one may have reached the server); one more POST made it.
    expect(adds()).toHaveLength(2);
    expect(server.state.links).toHaveLength(1);
    expect(await badge()).toBe('');
    expect(await fakeBrowser.alarms.get('queue-retry')).toBeUndefined();
    expect(madeNotification()).toBe('The queued link was made: https://sho.rt/a500\nClick to copy.');
    expect((await getCachedLinks(profile.id)).links.map((l) => l.shortUrl)).toEqual(['https://sho.rt/a500']);

    await fakeBrowser.notifications.onClicked.trigger('shortlink-queue-made');
    expect(stubs.copied).toEqual(['https://sho.rt/a500']);
  });

  it('announces several in one notification, whose click copies the list in the copy format', async () => {
    await seedProfile();
    const settings = await loadSettings();
    await saveSettings({ ...settings, behaviour: { ...settings.behaviour, copyFormat: 'markdown' } });
    server.state.fail = 'network';
    await shortenLink('https://x.example/a');
    await shortenLink('https://x.example/b');
    expect(await badge()).toBe('2');
    server.state.fail = null;
    advance(30_000);
    await fireAlarm();
    expect(madeNotification()).toBe('2 queued links were made.\nClick to copy.');
    await fakeBrowser.notifications.onClicked.trigger('shortlink-queue-made');
    expect(stubs.copied).toEqual([
      '[https://sho.rt/a500](https://sho.rt/a500)\n[https://sho.rt/a501](https://sho.rt/a501)',
    ]);
  });

  it('after one failure in a round, the other entries of that server wait with it instead of each trying', async () => {
    await seedProfile();
    server.state.fail = 'network';
    for (const path of ['a', 'b', 'c']) await shortenLink(`https://x.example/${path}`);
    advance(30_000);
    await fireAlarm();
    // Only the first entry was tried (it looked for a link its lost try made, and failed).
    expect((await queued()).map((e) => e.attempts)).toEqual([1, 0, 0]);
    expect((await queued()).map((e) => e.nextTryAt)).toEqual(Array(3).fill(Date.now() + 60_000));
  });

  it('tries at once when the browser is back online, and when another request to the server succeeds', async () => {
    await seedProfile();
    server.state.fail = 'network';
    await shortenLink('https://x.example/a');
    server.state.fail = null;
    globalThis.dispatchEvent(new Event('online'));
    await vi.waitFor(async () => expect(await queued()).toEqual([]));

    server.state.fail = 'network';
    await shortenLink('https://x.example/b');
    server.state.fail = null;
    // The popup opening: its refresh is answered, so the server is back.
    await sendFromPopup('refresh', { force: true });
    await vi.waitFor(async () => expect(await queued()).toEqual([]));
    expect(adds().map((c) => (c.body as { url: string }).url)).toEqual([
      'https://x.example/a',
      'https://x.example/a',
      'https://x.example/b',
      'https://x.example/b',
    ]);
  });

  it('fails for good a create the server refuses on retry, and Retry now tries it again', async () => {
    await seedProfile();
    server.state.fail = 'network';
    await shortenLink('https://x.example/a');
    server.state.fail = { status: 400, body: { error: 1, message: 'This URL is blocked.' } };
    advance(30_000);
    await fireAlarm();
    const [entry] = await queued();
    expect(entry).toMatchObject({ state: 'failed', error: { kind: 'validation' } });
    expect(await badge()).toBe('1');
    expect(await fakeBrowser.alarms.get('queue-retry')).toBeUndefined();

    server.state.fail = null;
    expect(await sendFromPopup('queueRetry', { id: entry!.id })).toEqual({ ok: true, data: null });
    await vi.waitFor(async () => expect(await queued()).toEqual([]));
  });
});

describe('exactly once', () => {
  it('makes no second link when the first try’s answer was lost after the server made it', async () => {
    await seedProfile();
    server.state.lose = 'network';
    await shortenLink('https://x.example/a');
    expect(server.state.links).toHaveLength(1);
    expect((await queued())[0]).toMatchObject({ uncertain: true });
    server.state.lose = null;
    // Past the ten minutes the uncertain-create rule of a click remembers: the entry's own mark counts.
    advance(11 * 60_000);
    await fireAlarm();
    expect(await queued()).toEqual([]);
    expect(adds()).toHaveLength(1);
    expect(server.state.links).toHaveLength(1);
    expect(madeNotification()).toMatch(/^The queued link was made: https:\/\/sho\.rt\/a500/);
  });

  it('drops the popup’s draft of a queued create once the link is made, and no other draft', async () => {
    await seedProfile();
    const page = 'https://x.example/a';
    const draft = (url: string) => ({
      profileId: 'p',
      state: {
        form: { url, alias: '', campaignId: '', channelId: '', expiry: '' },
        more: null,
        moreOpen: false,
      },
      request: null,
      at: Date.now(),
    });
    await setItem(draftsItem, {
      [page]: draft(page),
      'https://other.example/': draft('https://other.example/'),
    });
    const error = { kind: 'rate_limited' as const, message: 'Too many requests.' };
    await sendFromPopup('queueCreate', { input: { url: page }, error, draftUrl: page });
    // Waiting: the draft stays, so the popup still shows what was typed.
    expect(Object.keys(await getItem(draftsItem))).toEqual([page, 'https://other.example/']);
    advance(30_000);
    await fireAlarm();
    expect(await queued()).toEqual([]);
    expect(Object.keys(await getItem(draftsItem))).toEqual(['https://other.example/']);
  });

  it('makes no second link when a queued try’s answer was lost', async () => {
    await seedProfile();
    // Refused by the server's rate limit: certain that nothing was made, so the try sends at once.
    const error = { kind: 'rate_limited' as const, message: 'Too many requests.' };
    await sendFromPopup('queueCreate', { input: { url: 'https://x.example/a' }, error });
    const original = server.fetch.getMockImplementation()!;
    server.fetch.mockImplementation(async (input, init) => {
      const answer = await original(input, init);
      if (init?.method === 'POST') throw new TypeError('Failed to fetch');
      return answer;
    });
    advance(30_000);
    await fireAlarm();
    expect(server.state.links).toHaveLength(1);
    expect((await queued())[0]).toMatchObject({ state: 'pending', uncertain: true });
    server.fetch.mockImplementation(original);
    advance(11 * 60_000);
    await fireAlarm();
    expect(await queued()).toEqual([]);
    expect(server.state.links).toHaveLength(1);
  });

  it('makes no second link when the worker stopped while the request was under way', async () => {
    await seedProfile();
    const error = { kind: 'rate_limited' as const, message: 'Too many requests.' };
    await sendFromPopup('queueCreate', { input: { url: 'https://x.example/a' }, error });
    // The server makes the link, but the worker stops before the answer arrives: it never does.
    const original = server.fetch.getMockImplementation()!;
    server.fetch.mockImplementation(async (input, init) => {
      await original(input, init);
      return new Promise<Response>(() => {});
    });
    advance(30_000);
    void fireAlarm();
    await vi.waitFor(() => expect(server.state.links).toHaveLength(1));
    expect((await queued())[0]?.state).toBe('sending');
    server.fetch.mockImplementation(original);
    stubs = await restartWorker();
    // Not at once: the stopped worker's request may still be on its way to the server.
    expect((await queued())[0]).toMatchObject({
      state: 'pending',
      uncertain: true,
      nextTryAt: Date.now() + 30_000,
    });
    advance(30_000);
    await fireAlarm();
    expect(await queued()).toEqual([]);
    expect(server.state.links).toHaveLength(1);
    expect(adds()).toHaveLength(1);
  });

  it('sends, rather than resolves, a create queued beside a link known before (Create new anyway)', async () => {
    const profile = await seedProfile();
    await putCachedLinks(profile.id, [cachedLink(7, 'https://x.example/a')]);
    const error = { kind: 'network' as const, message: 'Could not reach the server.' };
    await sendFromPopup('queueCreate', { input: { url: 'https://x.example/a' }, error });
    advance(30_000);
    await fireAlarm();
    expect(await queued()).toEqual([]);
    expect(adds()).toHaveLength(1);
    expect((await getCachedLinks(profile.id)).links.map((l) => l.id)).toEqual([500, 7]);
  });

  it('joins a menu click to the try under way for the same create: one request', async () => {
    await seedProfile();
    const error = { kind: 'rate_limited' as const, message: 'Too many requests.' };
    // The create a menu click makes: the address with the profile's defaults.
    await sendFromPopup('queueCreate', { input: { url: 'https://x.example/a', status: 'private' }, error });
    let release = () => {};
    server.state.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    advance(30_000);
    const tried = fireAlarm();
    await vi.waitFor(() => expect(adds()).toHaveLength(1));
    server.state.gate = null;
    const clicked = shortenLink('https://x.example/a');
    await settle();
    release();
    await Promise.all([tried, clicked]);
    expect(adds()).toHaveLength(1);
    expect(stubs.copied).toEqual(['https://sho.rt/a500']);
  });

  it('joins the popup’s Shorten of the same create to the try under way: one request', async () => {
    await seedProfile();
    const error = { kind: 'rate_limited' as const, message: 'Too many requests.' };
    const input = { url: 'https://x.example/typed', custom: 'mine' };
    await sendFromPopup('queueCreate', { input, error });
    let release = () => {};
    server.state.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    advance(30_000);
    const tried = fireAlarm();
    await vi.waitFor(() => expect(adds()).toHaveLength(1));
    server.state.gate = null;
    const shortened = sendFromPopup('shorten', { requestId: 'r-join', input });
    await settle();
    release();
    const [reply] = await Promise.all([shortened, tried]);
    expect(reply).toMatchObject({ ok: true, data: { link: { shortUrl: 'https://sho.rt/mine' } } });
    expect(adds()).toHaveLength(1);
  });

  it('resolves, without a request, an entry whose address got a link meanwhile', async () => {
    await seedProfile();
    server.state.fail = 'network';
    await shortenLink('https://x.example/a');
    server.state.fail = null;
    // The user made it in the popup meanwhile.
    const made = await sendFromPopup('shorten', { requestId: 'r1', input: { url: 'https://x.example/a' } });
    expect(made.ok).toBe(true);
    const posts = adds().length;
    advance(30_000);
    await fireAlarm();
    expect(await queued()).toEqual([]);
    expect(adds()).toHaveLength(posts);
  });
});

describe('profiles', () => {
  const OTHER = 'https://other.example';

  async function twoProfiles(): Promise<[Profile, Profile]> {
    // Fresh ids: the IndexedDB cache outlives each test.
    const work = { id: crypto.randomUUID(), name: 'Work', serverUrl: SERVER, defaults: emptyDefaults() };
    const home = { id: crypto.randomUUID(), name: 'Home', serverUrl: OTHER, defaults: emptyDefaults() };
    await fakeBrowser.storage.local.set({
      [settingsItem.key]: { ...defaultSettings(), profiles: [work, home], activeProfileId: work.id },
      [apiKeysItem.key]: { [work.id]: GOOD_KEY, [home.id]: GOOD_KEY },
    });
    return [work, home];
  }

  it('sends an entry to the profile it was asked on, even after a switch', async () => {
    const [work, home] = await twoProfiles();
    server.state.fail = 'network';
    await shortenLink('https://x.example/a');
    expect(await sendFromPopup('setActiveProfile', { id: home.id })).toEqual({ ok: true, data: null });
    server.state.fail = null;
    advance(30_000);
    await fireAlarm();
    expect(await queued()).toEqual([]);
    const hosts = server.fetch.mock.calls.map(([url]) => new URL(String(url)).origin);
    expect(hosts.every((origin) => origin === SERVER)).toBe(true);
    expect((await getCachedLinks(work.id)).links).toHaveLength(1);
    expect((await getCachedLinks(home.id)).links).toHaveLength(0);
  });

  it('shows an entry whose profile was deleted as failed, and never sends it elsewhere', async () => {
    const [work, home] = await twoProfiles();
    server.state.fail = 'network';
    await shortenLink('https://x.example/deleted');
    await sendFromPopup('setActiveProfile', { id: home.id });
    expect((await sendFromPopup('deleteProfile', { id: work.id })).ok).toBe(true);
    server.state.fail = null;
    const calls = server.calls.length;
    advance(30_000);
    await fireAlarm();
    expect(server.calls).toHaveLength(calls);
    expect(await queued()).toEqual([
      expect.objectContaining({ state: 'failed', error: expect.objectContaining({ kind: 'not_found' }) }),
    ]);
  });
});

describe('the popup’s messages', () => {
  it('queues a failed create of the active profile, and cancels it', async () => {
    const profile = await seedProfile();
    const input = { url: 'https://x.example/typed', custom: 'mine' };
    const error = { kind: 'timeout' as const, message: 'The server did not answer in time.' };
    expect(await sendFromPopup('queueCreate', { input, pageTitle: 'Typed', error })).toEqual({
      ok: true,
      data: null,
    });
    const [entry] = await queued();
    expect(entry).toMatchObject({
      profileId: profile.id,
      input,
      title: 'Typed',
      source: 'popup',
      uncertain: true,
    });
    expect(await sendFromPopup('queueCancel', { id: entry!.id })).toEqual({ ok: true, data: null });
    expect(await queued()).toEqual([]);
    expect(await badge()).toBe('');
  });

  it('refuses to queue a failure of the input', async () => {
    await seedProfile();
    const reply = await sendFromPopup('queueCreate', {
      input: { url: 'https://x.example/' },
      error: { kind: 'validation', message: 'That alias is taken.' },
    });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'bad_message' } });
    expect(await queued()).toEqual([]);
  });
});

describe('a worker start', () => {
  it('shows the count again and tries what is due', async () => {
    await seedProfile();
    server.state.fail = 'network';
    await shortenLink('https://x.example/a');
    await shortenLink('https://x.example/b');
    stubs = await restartWorker();
    expect(await badge()).toBe('2');
    server.state.fail = null;
    advance(30_000);
    stubs = await restartWorker();
    await vi.waitFor(async () => expect(await queued()).toEqual([]));
    expect(await badge()).toBe('');
  });
});

describe('a link password', () => {
  const PASSWORD = 'open-sesame-42';
  const rateLimited = { kind: 'rate_limited' as const, message: 'Too many requests.' };
  const queueWithPassword = () =>
    sendFromPopup('queueCreate', {
      input: { url: 'https://x.example/secret', password: PASSWORD },
      error: rateLimited,
    });
  const sentPasswords = () => adds().map((call) => (call.body as { password?: string }).password);
  /** Closes and opens the browser: storage.session is gone, storage.local stays. */
  const restartBrowser = async () => {
    await fakeBrowser.storage.session.clear();
    stubs = await restartWorker();
  };

  it('stays in storage.session only, and goes with the create when it is sent', async () => {
    await seedProfile();
    expect((await queueWithPassword()).ok).toBe(true);
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(PASSWORD);
    const [row] = await queued();
    expect(row).toMatchObject({ input: { url: 'https://x.example/secret' }, password: 'session' });
    expect(row!.input).not.toHaveProperty('password');

    advance(30_000);
    await fireAlarm();
    expect(sentPasswords()).toEqual([PASSWORD]);
    expect(await queued()).toEqual([]);
    expect(JSON.stringify(await fakeBrowser.storage.session.get(null))).not.toContain(PASSWORD);
  });

  it('survives a stopped worker, as the rest of the session does', async () => {
    await seedProfile();
    await queueWithPassword();
    stubs = await restartWorker();
    advance(30_000);
    await fireAlarm();
    expect(sentPasswords()).toEqual([PASSWORD]);
  });

  it('lost with a browser restart, is asked for again, and the link is never sent without it', async () => {
    await seedProfile();
    await queueWithPassword();
    await restartBrowser();
    const [row] = await queued();
    expect(row).toMatchObject({
      state: 'failed',
      password: 'lost',
      error: {
        message:
          'Not sent: its link password was kept in memory only, and the browser has closed since. Type it again to send it.',
      },
    });
    advance(60 * 60_000);
    await fireAlarm();
    await sendFromPopup('queueRetry', { id: row!.id });
    await settle();
    expect(adds()).toEqual([]);

    await sendFromPopup('queueRetry', { id: row!.id, password: PASSWORD });
    await vi.waitFor(async () => expect(await queued()).toEqual([]));
    expect(sentPasswords()).toEqual([PASSWORD]);
  });

  it('is never sent unprotected when it is gone before the worker noticed', async () => {
    await seedProfile();
    await queueWithPassword();
    await fakeBrowser.storage.session.clear();
    advance(30_000);
    await fireAlarm();
    expect(adds()).toEqual([]);
    expect((await queued())[0]).toMatchObject({ state: 'failed', password: 'lost' });
  });

  it('is forgotten with a cancelled entry', async () => {
    await seedProfile();
    await queueWithPassword();
    const [row] = await queued();
    await sendFromPopup('queueCancel', { id: row!.id });
    expect(JSON.stringify(await fakeBrowser.storage.session.get(null))).not.toContain(PASSWORD);
  });
});
