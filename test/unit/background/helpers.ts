/**
 * Test environment of the background: stubs for the browser APIs fakeBrowser leaves unimplemented
 * (context menus, commands, the address bar's omnibox, permissions and their onAdded, offscreen, openPopup), a stand-in offscreen document, and
 * a small in-memory API server behind an injected fetch that records every request.
 */
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '@/entrypoints/background';
import { toApiDateTime } from '@/lib/dates';
import type { CachedLink } from '@/lib/links/cache';
import { isCopyRequest } from '@/lib/messaging/offscreen-copy';
import type { MessageType, RequestOf, ResponseOf, Result } from '@/lib/messaging/protocol';
import { defaultSettings, emptyDefaults, type LinkDefaults, type Profile } from '@/lib/settings/schema';
import { apiKeysItem, getItem, type JobRow, queueJobItem, settingsItem } from '@/lib/storage/items';
import { fakeI18n } from '../i18n/fake-i18n';

export const GOOD_KEY = 'good-key-1234';
export const SERVER = 'https://sho.rt';

/** An event that tests can fire, like fakeBrowser's own. */
export function fakeEvent<A extends unknown[]>() {
  const listeners: ((...args: A) => unknown)[] = [];
  return {
    addListener: (l: (...args: A) => unknown) => void listeners.push(l),
    removeListener: (l: (...args: A) => unknown) => void listeners.splice(listeners.indexOf(l), 1),
    hasListener: (l: (...args: A) => unknown) => listeners.includes(l),
    hasListeners: () => listeners.length > 0,
    trigger: (...args: A) => Promise.all(listeners.map((l) => l(...args))),
  };
}

interface Recorded {
  method: string;
  /** Path and query, e.g. `/api/urls?limit=50&order=date`. */
  path: string;
  body: unknown;
}

interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** An in-memory API server: links, campaigns, channels and an account, one valid key. */
export function fakeServer() {
  const calls: Recorded[] = [];
  let nextId = 500;
  const state = {
    key: GOOD_KEY,
    links: [] as {
      id: number;
      alias: string;
      shorturl: string;
      longurl: string;
      title: string;
      date: string;
    }[],
    campaigns: [{ id: 7, name: 'Spring' }],
    channels: [{ id: 9, name: 'Blog', description: '', color: '#112233', starred: false }],
    /** When set, every request gets this answer (or throws, for a network failure). */
    fail: null as Reply | 'network' | null,
    /** When set, each request is carried out, then its answer is lost this way (a dropped connection). */
    lose: null as Reply | 'network' | null,
    /** Delays every answer until this promise settles. */
    gate: null as Promise<void> | null,
    /** Headers added to every answer, e.g. X-RateLimit-*. */
    headers: {} as Record<string, string>,
    /** When set, a create of a long URL it has is answered with that link, as deduplicating servers do. */
    existing: false,
  };

  const json = ({ status, body, headers }: Reply) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...state.headers, ...headers },
    });

  function route(method: string, url: URL, body: Record<string, unknown>): Reply {
    const page = (key: string, items: unknown[]) => ({
      status: 200,
      body: {
        error: '0',
        data: { result: items.length, perpage: 100, currentpage: 1, nextpage: 0, maxpage: 1, [key]: items },
      },
    });
    const path = url.pathname;
    if (method === 'GET' && path === '/api/account') {
      return {
        status: 200,
        body: {
          error: 0,
          data: {
            id: 1,
            email: 'a@b.c',
            username: 'ann',
            avatar: '',
            status: 'pro',
            expires: '',
            registered: '',
          },
        },
      };
    }
    if (method === 'POST' && path === '/api/url/add') {
      const known = state.existing ? state.links.find((link) => link.longurl === body.url) : undefined;
      if (known) return { status: 200, body: { error: 0, id: known.id, shorturl: known.shorturl } };
      const id = nextId++;
      const alias = typeof body.custom === 'string' ? body.custom : `a${id}`;
      const shorturl = `${SERVER}/${alias}`;
      state.links.unshift({
        id,
        alias,
        shorturl,
        longurl: String(body.url),
        title: '',
        // Dated now, as a server does (in its zone; here the test's own).
        date: toApiDateTime(new Date()),
      });
      return { status: 200, body: { error: 0, id, shorturl } };
    }
    const assign = /^\/api\/(campaign|channel)\/(\d+)\/assign\/(?:links\/)?(\d+)$/.exec(path);
    const update = /^\/api\/url\/(\d+)\/update$/.exec(path);
    const link = (id: string | undefined) => state.links.find((l) => l.id === Number(id));
    if (method === 'POST' && assign) {
      if (!link(assign[3])) return { status: 404, body: { error: 1, message: 'Link not found.' } };
      return { status: 200, body: { error: 0, message: 'Link has been assigned.' } };
    }
    if (method === 'PUT' && update) {
      const known = link(update[1]);
      if (!known) return { status: 404, body: { error: 1, message: 'Link not found.' } };
      if (typeof body.url === 'string') known.longurl = body.url;
      return { status: 200, body: { error: 0, id: known.id, short: known.shorturl } };
    }
    if (method === 'GET' && path === '/api/urls') return page('urls', state.links);
    if (method === 'GET' && path === '/api/campaigns') return page('campaigns', state.campaigns);
    if (method === 'GET' && path === '/api/channels') return page('channels', state.channels);
    return { status: 404, body: { error: 1, message: 'Not found' } };
  }

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    calls.push({ method, path: url.pathname + url.search, body: init?.body ? body : undefined });
    if (state.gate) await state.gate;
    if (state.fail === 'network') throw new TypeError('Failed to fetch');
    if (state.fail) return json(state.fail);
    const auth = new Headers(init?.headers).get('Authorization');
    if (auth !== `Bearer ${state.key}`)
      return json({ status: 401, body: { error: 1, message: 'Invalid API key.' } });
    const reply = route(method, url, body);
    if (state.lose === 'network') throw new TypeError('Failed to fetch');
    return json(state.lose ?? reply);
  });

  return { fetch, calls, state };
}

export type FakeServer = ReturnType<typeof fakeServer>;

/**
 * Stubs what fakeBrowser does not implement; returns the stubs and what the "offscreen document"
 * copied (`copied`: text/plain; `copiedHtml`: the text/html flavour, or null when there was none).
 */
export function stubBrowserApis() {
  const copied: string[] = [];
  const copiedHtml: (string | null)[] = [];
  const clipboard = { works: true };
  let offscreenOpen = false;
  const contextMenus = {
    create: vi.fn(),
    removeAll: vi.fn(async () => undefined),
    onClicked: fakeEvent<[Record<string, unknown>, Record<string, unknown> | undefined]>(),
  };
  const commands = { onCommand: fakeEvent<[string, Record<string, unknown> | undefined]>() };
  const omnibox = {
    setDefaultSuggestion: vi.fn(async (_: { description: string }) => undefined),
    onInputStarted: fakeEvent<[]>(),
    onInputCancelled: fakeEvent<[]>(),
    onInputChanged: fakeEvent<[string, (rows: { content: string; description: string }[]) => void]>(),
    onInputEntered: fakeEvent<[string, string]>(),
  };
  const permissions = {
    contains: vi.fn(async (_: { origins?: string[]; permissions?: string[] }) => true),
    onAdded: fakeEvent<[{ origins?: string[]; permissions?: string[] }]>(),
    onRemoved: fakeEvent<[{ origins?: string[]; permissions?: string[] }]>(),
  };
  // The page's canonical URL each tab declares, read by scripting.executeScript (null: none).
  const canonicals = new Map<number, string | null>();
  const scripting = {
    executeScript: vi.fn(async ({ target }: { target: { tabId: number } }) => {
      if (!canonicals.has(target.tabId)) throw new Error('Cannot access contents of the page.');
      return [{ frameId: 0, result: canonicals.get(target.tabId) ?? null }];
    }),
  };
  const offscreen = {
    createDocument: vi.fn(async () => {
      offscreenOpen = true;
    }),
  };
  const getContexts = vi.fn(async () => (offscreenOpen ? [{ contextType: 'OFFSCREEN_DOCUMENT' }] : []));
  const openPopup = vi.fn(async () => undefined);

  Object.assign(fakeBrowser.contextMenus, contextMenus);
  Object.assign(fakeBrowser.commands, commands);
  Object.assign(fakeBrowser.permissions, permissions);
  Object.assign(fakeBrowser, { scripting, omnibox });
  Object.assign(fakeBrowser.offscreen, offscreen);
  Object.assign(fakeBrowser.runtime, { getContexts, openOptionsPage: vi.fn(async () => undefined) });
  Object.assign(fakeBrowser.action, { openPopup });

  // Stands in for entrypoints/offscreen: answers copy requests only, like the real page.
  fakeBrowser.runtime.onMessage.addListener(
    (message: unknown, _sender: unknown, sendResponse: (r: unknown) => void) => {
      if (!isCopyRequest(message)) return undefined;
      if (clipboard.works) {
        copied.push(message.text);
        copiedHtml.push(message.html ?? null);
      }
      sendResponse({ ok: clipboard.works });
      return true;
    },
  );

  return {
    contextMenus,
    commands,
    omnibox,
    permissions,
    scripting,
    canonicals,
    offscreen,
    getContexts,
    openPopup,
    copied,
    copiedHtml,
    clipboard,
  };
}

/** Runs the background's main with the fake server behind fetch. */
export function startBackground(server: FakeServer): void {
  vi.stubGlobal('fetch', server.fetch);
  background.main();
}

/** A message from the extension's own popup, as the browser would deliver it; returns the reply. */
export async function sendFromPopup<K extends MessageType>(
  type: K,
  payload: RequestOf<K>,
  sender: { id?: string; url?: string } = {
    id: fakeBrowser.runtime.id,
    url: fakeBrowser.runtime.getURL('/popup.html'),
  },
): Promise<Result<ResponseOf<K>>> {
  return (await deliver({ type, payload }, sender)) as Result<ResponseOf<K>>;
}

/** Delivers any message with any sender to the listeners; returns the first defined answer. */
export async function deliver(message: unknown, sender: { id?: string; url?: string }): Promise<unknown> {
  const answers = await fakeBrowser.runtime.onMessage.trigger(message, sender, () => undefined);
  return answers.find((a: unknown) => a !== undefined && a !== true);
}

/** Saves a profile with the good key directly in storage, as a finished Options page would have. */
export async function seedProfile(
  defaults: Partial<LinkDefaults> = {},
  { serverUrl = SERVER, apiKey = GOOD_KEY }: { serverUrl?: string; apiKey?: string } = {},
): Promise<Profile> {
  const profile: Profile = {
    id: crypto.randomUUID(),
    name: 'Work',
    serverUrl,
    defaults: { ...emptyDefaults(), ...defaults },
  };
  await fakeBrowser.storage.local.set({
    [settingsItem.key]: { ...defaultSettings(), profiles: [profile], activeProfileId: profile.id },
    [apiKeysItem.key]: { [profile.id]: apiKey },
  });
  return profile;
}

/** A cached link as a refresh would have stored it. */
export function cachedLink(id: number, longUrl: string, date = '2024-05-01 10:00:00'): CachedLink {
  return {
    id,
    alias: `c${id}`,
    shortUrl: `${SERVER}/c${id}`,
    longUrl,
    title: '',
    description: '',
    clicks: 3,
    date,
  };
}

/**
 * Stops the "worker" and starts a new one over the same storage (and the same IndexedDB cache): the
 * listeners and alarms are gone, storage.local and storage.session stay. Returns the new stubs.
 */
export async function restartWorker(): Promise<ReturnType<typeof stubBrowserApis>> {
  const local = await fakeBrowser.storage.local.get(null);
  const session = await fakeBrowser.storage.session.get(null);
  fakeBrowser.reset();
  Object.assign(fakeBrowser, { i18n: fakeI18n });
  await fakeBrowser.storage.local.set(local);
  await fakeBrowser.storage.session.set(session);
  const stubs = stubBrowserApis();
  background.main();
  await settle();
  return stubs;
}

/** Lets queued promise callbacks and I/O-free timers run. */
export async function settle(times = 20): Promise<void> {
  for (let i = 0; i < times; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

/** The outage queue's rows, as stored. */
export async function queuedRows(): Promise<JobRow[]> {
  return (await getItem(queueJobItem))?.rows ?? [];
}
