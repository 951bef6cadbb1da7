/**
 * Where the API key may go: only to its own profile's server, never to storage.sync, never to the
 * console, never into an answer to a page; through a full flow including every kind of failure.
 */
import { promisifyRequest } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { dataArgumentCount, isApiMethod } from '@/entrypoints/background/api-message';
import { MENU } from '@/entrypoints/background/menus';
import { redactSecrets } from '@/entrypoints/background/redact';
import { createClient } from '@/lib/api/client';
import { getCachedLinks } from '@/lib/links/cache';
import type { MessageType, RequestOf } from '@/lib/messaging/protocol';
import { defaultSettings } from '@/lib/settings/schema';
import { apiKeysItem, settingsItem } from '@/lib/storage/items';
import {
  type FakeServer,
  fakeServer,
  GOOD_KEY,
  queuedRows,
  SERVER,
  seedProfile,
  sendFromPopup,
  startBackground,
  stubBrowserApis,
} from './helpers';

let server: FakeServer;
let stubs: ReturnType<typeof stubBrowserApis>;

beforeEach(() => {
  stubs = stubBrowserApis();
  server = fakeServer();
  startBackground(server);
});

afterEach(() => {
  vi.useRealTimers();
});

/** Every request sent: where to, and with which Authorization header. */
function sent(): { origin: string; url: string; auth: string | null; credentials: unknown }[] {
  return server.fetch.mock.calls.map(([input, init]) => ({
    origin: new URL(String(input)).origin,
    url: String(input),
    auth: new Headers(init?.headers).get('Authorization'),
    credentials: init?.credentials,
  }));
}

describe('the key goes only to its own server', () => {
  it('whatever an api message asks, requests go to the active profile’s origin, without cookies', async () => {
    await seedProfile();
    const evil = 'https://evil.example';
    const attempts: RequestOf<'api'>[] = [
      { method: 'findLinkByShortUrl', args: [`${evil}/abc`] },
      { method: 'getLink', args: [1, { baseUrl: evil, url: evil }] },
      { method: 'listLinks', args: [{ q: evil, baseUrl: evil, url: evil, page: 1 }] },
      { method: 'addLink', args: [{ url: `${evil}/x`, domain: evil }] },
      { method: 'updateLink', args: [5, { url: evil }] },
      { method: 'addDomain', args: [{ domain: evil }] },
      { method: 'getAccount', args: [{ signal: evil }] },
    ];
    for (const payload of attempts) await sendFromPopup('api', payload);

    expect(sent().length).toBeGreaterThanOrEqual(attempts.length);
    for (const request of sent()) {
      expect(request.origin).toBe(SERVER);
      expect(request.credentials).toBe('omit');
    }
  });

  it('drops whatever a page passes where a method takes its options (a signal cannot cross messaging)', async () => {
    await seedProfile();
    const reply = await sendFromPopup('api', {
      method: 'getAccount',
      args: [{ signal: 'https://evil.example' }],
    });
    expect(reply).toMatchObject({ ok: true, data: { username: 'ann' } });
    // The table of data arguments matches the client: each method's last parameter is its options.
    const client = createClient({ baseUrl: SERVER, apiKey: GOOD_KEY });
    const methods = Object.keys(client).filter(isApiMethod);
    expect(methods.length).toBeGreaterThan(20);
    for (const method of methods) {
      expect([method, dataArgumentCount(method)]).toEqual([method, client[method].length - 1]);
    }
  });

  it('refuses members of the client that are not API methods (no way to read the base URL or key)', async () => {
    await seedProfile();
    for (const method of ['baseUrl', 'rateLimit', 'constructor', '__proto__']) {
      const reply = await sendFromPopup('api', { method, args: [] } as unknown as RequestOf<'api'>);
      expect(reply).toMatchObject({ ok: false, error: { kind: 'bad_message' } });
    }
    expect(sent()).toEqual([]);
  });

  it('shortens a URL of another shortener on the profile’s server, never asking that one', async () => {
    await seedProfile();
    await sendFromPopup('shorten', {
      requestId: 'r',
      input: { url: 'https://other-shortener.example/abc', domain: 'https://other-shortener.example' },
    });
    expect(sent().map((r) => r.origin)).toEqual([SERVER]);
  });

  it('sends each profile’s key to that profile’s server only', async () => {
    const other = { id: 'other', name: 'Other', serverUrl: 'https://other.example', defaults: undefined };
    const work = await seedProfile();
    await fakeBrowser.storage.local.set({
      [settingsItem.key]: {
        ...defaultSettings(),
        activeProfileId: work.id,
        profiles: [work, { ...other, defaults: work.defaults }],
      },
      [apiKeysItem.key]: { [work.id]: GOOD_KEY, other: 'other-key-5678' },
    });
    await sendFromPopup('getAccount', {});
    await sendFromPopup('getAccount', { profileId: 'other' });
    await sendFromPopup('api', { method: 'listLinks', args: [] });

    expect(sent().map((r) => [r.origin, r.auth])).toEqual([
      [SERVER, `Bearer ${GOOD_KEY}`],
      ['https://other.example', 'Bearer other-key-5678'],
      [SERVER, `Bearer ${GOOD_KEY}`],
    ]);
  });
});

describe('no request to a server whose host the user has not granted', () => {
  /** The browser answers as if the user never allowed SERVER's host (e.g. a profile from a file). */
  function withoutAccess() {
    stubs.permissions.contains.mockImplementation(
      async ({ origins }) => !(origins ?? []).includes(`${SERVER}/*`),
    );
  }

  it('refuses every request of the popup, the management page and Options, sending nothing', async () => {
    await seedProfile();
    withoutAccess();
    const replies = [
      await sendFromPopup('shorten', { requestId: 'r1', input: { url: 'https://blog.example/post' } }),
      await sendFromPopup('api', { method: 'listLinks', args: [{ page: 1 }] }),
      await sendFromPopup('api', { method: 'addLink', args: [{ url: 'https://blog.example/a' }] }),
      await sendFromPopup('getAccount', {}),
    ];
    for (const reply of replies) {
      expect(reply).toEqual({
        ok: false,
        error: {
          kind: 'permission_denied',
          message:
            'Shortlink has no access to https://sho.rt, so nothing was sent. Open Options and press Grant access beside this server, then try again.',
        },
      });
    }
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('says from the menu what to allow, queues nothing and sends nothing', async () => {
    await seedProfile();
    withoutAccess();
    await stubs.contextMenus.onClicked.trigger(
      { menuItemId: MENU.link, linkUrl: 'https://target.example/a' },
      { id: 3, url: 'https://blog.example/post', title: 'A post' },
    );
    expect(Object.values(fakeBrowser.notifications.getAllCreateOptions()).map((n) => n.message)).toEqual([
      'Shortlink may not contact your server. Open Options and press Grant access beside it.',
    ]);
    expect(await queuedRows()).toEqual([]);
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('sends nothing once the user removes access that was used before', async () => {
    await seedProfile();
    expect((await sendFromPopup('getAccount', {})).ok).toBe(true);
    const asked = stubs.permissions.contains.mock.calls.length;
    // Granted before: asked once, remembered for the check just before the request leaves.
    expect((await sendFromPopup('getAccount', {})).ok).toBe(true);
    expect(stubs.permissions.contains.mock.calls.length).toBe(asked);

    withoutAccess();
    await stubs.permissions.onRemoved.trigger({ origins: [`${SERVER}/*`] });
    server.fetch.mockClear();
    expect(await sendFromPopup('getAccount', {})).toMatchObject({
      ok: false,
      error: { kind: 'permission_denied' },
    });
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('sends once access is granted', async () => {
    await seedProfile();
    withoutAccess();
    expect((await sendFromPopup('getAccount', {})).ok).toBe(false);
    stubs.permissions.contains.mockResolvedValue(true);
    expect(await sendFromPopup('getAccount', {})).toMatchObject({ ok: true, data: { username: 'ann' } });
  });
});

describe('only web addresses are shortened, whoever asks', () => {
  const NOT_WEB = [
    'javascript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'chrome://settings/passwords',
  ];

  it.each(NOT_WEB)(
    'refuses %s from shorten, queueCreate and the api’s addLink: nothing stored, nothing sent',
    async (url) => {
      const profile = await seedProfile();
      const before = await fakeBrowser.storage.local.get(null);
      const replies = [
        await sendFromPopup('shorten', { requestId: 'r1', input: { url } }),
        await sendFromPopup('queueCreate', {
          input: { url },
          error: { kind: 'network', message: 'The server did not answer.' },
        }),
        await sendFromPopup('api', { method: 'addLink', args: [{ url }] }),
      ];
      for (const reply of replies) expect(reply).toMatchObject({ ok: false, error: { kind: 'validation' } });
      expect(server.fetch).not.toHaveBeenCalled();
      expect(await queuedRows()).toEqual([]);
      expect(await fakeBrowser.storage.local.get(null)).toEqual(before);
      expect((await getCachedLinks(profile.id)).links).toEqual([]);
    },
  );
});

describe('the key stays out of sync storage, the console and every answer', () => {
  const CONSOLE = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;

  function text(value: unknown): string {
    if (value instanceof Error) return `${value.name} ${value.message} ${value.stack ?? ''}`;
    try {
      return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
    } catch {
      return String(value);
    }
  }

  it('holds through a full flow with failures of every kind', async () => {
    const printed: string[] = [];
    for (const level of CONSOLE) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        printed.push(args.map(text).join(' '));
      });
    }
    const syncSet = vi.spyOn(fakeBrowser.storage.sync, 'set');
    const answers: unknown[] = [];
    const send = async <K extends MessageType>(type: K, payload: RequestOf<K>) => {
      answers.push(await sendFromPopup(type, payload));
    };
    const echo = `Invalid request for key ${GOOD_KEY}`;
    // A generous plan, so this many requests do not wait for the rate-limit window.
    server.state.headers = { 'X-RateLimit-Limit': '1000', 'X-RateLimit-Remaining': '900' };

    // Set up through Options: a wrong key, then the right one.
    await send('saveProfile', { profile: { name: 'Work', serverUrl: SERVER }, apiKey: 'wrong-key-999' });
    await send('saveProfile', { profile: { name: 'Work', serverUrl: SERVER }, apiKey: GOOD_KEY });
    await send('getAccount', {});
    await send('refresh', { force: true });
    await send('shorten', { requestId: 'ok', input: { url: 'https://a.example/' } });
    await send('api', { method: 'listLinks', args: [{ limit: 5 }] });
    await send('api', { method: 'getLink', args: [{ toString: GOOD_KEY }] });

    // The server fails in every way, some of them quoting the key back.
    const failures: FakeServer['state']['fail'][] = [
      { status: 500, body: { error: 1, message: echo } },
      { status: 400, body: { error: 1, message: echo } },
      { status: 401, body: { error: 1, message: echo } },
      { status: 200, body: { error: 1, message: echo } },
      { status: 502, body: { error: 1, message: echo } },
      'network',
    ];
    for (const [i, fail] of failures.entries()) {
      server.state.fail = fail;
      await send('shorten', { requestId: `fail-${i}`, input: { url: 'https://b.example/' } });
      await send('refresh', { force: true });
      await send('api', { method: 'listCampaigns', args: [] });
      await stubs.contextMenus.onClicked.trigger(
        { menuItemId: MENU.link, linkUrl: 'https://c.example/' },
        undefined,
      );
    }
    server.fetch.mockImplementationOnce(
      async () => new Response(`<html>${GOOD_KEY}</html>`, { status: 500 }),
    );
    await send('getAccount', {});
    server.state.fail = null;
    // A server that puts the key into its data.
    server.fetch.mockImplementationOnce(
      async () =>
        new Response(
          JSON.stringify({
            error: 0,
            data: { id: 1, email: 'a@b.c', username: 'ann', avatar: `https://sho.rt/a.png?key=${GOOD_KEY}` },
          }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
    );
    await send('getAccount', {});
    // A refusal for the rate limit, quoting the key, sent again once and refused again.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    server.state.fail = {
      status: 429,
      body: { error: 1, message: echo },
      headers: { 'X-RateLimit-Limit': '30', 'X-RateLimit-Remaining': '0', 'Retry-After': '1' },
    };
    const limited = send('shorten', { requestId: 'limited', input: { url: 'https://d.example/' } });
    // The clock moves until the answer comes, however many windows the limiter waits: the pipeline's
    // IndexedDB reads run as real tasks between the fake timers.
    let settled = false;
    void limited.finally(() => {
      settled = true;
    });
    for (let waited = 0; !settled && waited < 600_000; waited += 5_000) {
      await vi.advanceTimersByTimeAsync(5_000);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await limited;
    vi.useRealTimers();
    server.state.fail = null;
    // An unexpected failure inside the extension.
    vi.spyOn(fakeBrowser.storage.local, 'get').mockRejectedValueOnce(new Error('disk full'));
    await send('refresh', {});
    vi.mocked(fakeBrowser.storage.local.get).mockRestore();
    const profileId = (answers[1] as { data: { profile: { id: string } } }).data.profile.id;
    await send('deleteProfile', { id: profileId });

    expect(answers.length).toBeGreaterThan(25);
    expect(answers.some((a) => JSON.stringify(a).includes('••••'))).toBe(true);
    for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(GOOD_KEY);
    expect(printed.length).toBeGreaterThan(0);
    for (const line of printed) expect(line).not.toContain(GOOD_KEY);
    expect(syncSet).not.toHaveBeenCalled();
    expect(await fakeBrowser.storage.sync.get(null)).toEqual({});
    const notifications = Object.values(fakeBrowser.notifications.getAllCreateOptions());
    expect(notifications.length).toBeGreaterThan(0);
    expect(JSON.stringify(notifications)).not.toContain(GOOD_KEY);
    expect(JSON.stringify(await fakeBrowser.storage.session.get(null))).not.toContain(GOOD_KEY);
    const db = await promisifyRequest(indexedDB.open('shortlink-links'));
    const tx = db.transaction(['links', 'meta']);
    const cached = await Promise.all(
      ['links', 'meta'].map((name) => promisifyRequest(tx.objectStore(name).getAll())),
    );
    db.close();
    expect(JSON.stringify(cached)).not.toContain(GOOD_KEY);
  });
});

describe('redactSecrets', () => {
  it('replaces keys anywhere in plain data, and leaves data without them as it is', () => {
    const data = { a: [`x${GOOD_KEY}y`, 1, null], b: { c: GOOD_KEY } };
    expect(redactSecrets(data, [GOOD_KEY])).toEqual({ a: ['x••••y', 1, null], b: { c: '••••' } });
    const clean = { a: 'nothing here' };
    expect(redactSecrets(clean, [GOOD_KEY])).toBe(clean);
  });

  it('finds keys with characters JSON escapes, and ignores keys too short to be secrets', () => {
    expect(redactSecrets({ a: 'k"e\\y-1234!' }, ['k"e\\y-1234!'])).toEqual({ a: '••••' });
    expect(redactSecrets({ a: 'abc' }, ['abc'])).toEqual({ a: 'abc' });
    // A stored key of 4 to 7 characters is still a key: 4 is the shortest looked for.
    expect(redactSecrets({ a: 'key=k3y7!', b: ['ab12'] }, ['k3y7!', 'ab12'])).toEqual({
      a: 'key=••••',
      b: ['••••'],
    });
  });
});
