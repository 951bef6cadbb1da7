/**
 * What the service worker answers without its lazy part (entrypoints/background/lazy-part.ts), which
 * Chrome loads from a script of its own only when it is needed: a popup opening with a warm cache, a
 * menu click on a link shortened before, and a start with current settings. Anything that talks to
 * the server, or changes a profile, does load it.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MENU } from '@/entrypoints/background/menus';
import { putCachedLinks, putCachedLists } from '@/lib/links/cache';
import { SETTINGS_KEY } from '@/lib/settings/settings';
import {
  cachedLink,
  type FakeServer,
  fakeServer,
  GOOD_KEY,
  SERVER,
  seedProfile,
  sendFromPopup,
  startBackground,
  stubBrowserApis,
} from './helpers';

const loads = vi.hoisted(() => ({ count: 0 }));

vi.mock('@/entrypoints/background/load-lazy-part', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/entrypoints/background/load-lazy-part')>();
  return {
    ...real,
    loadLazyPart: () => {
      loads.count++;
      return real.loadLazyPart();
    },
  };
});

let server: FakeServer;
let stubs: ReturnType<typeof stubBrowserApis>;

beforeEach(() => {
  loads.count = 0;
  stubs = stubBrowserApis();
  server = fakeServer();
  startBackground(server);
});

async function warmCache(profileId: string): Promise<void> {
  const now = Date.now();
  await putCachedLinks(profileId, [cachedLink(12, 'https://blog.example/post/')], now);
  await putCachedLists(profileId, { fetchedAt: now, campaigns: [], channels: [] });
}

describe('without the lazy part', () => {
  it('answers a refresh within the cache’s time-to-live', async () => {
    await warmCache((await seedProfile()).id);
    expect(await sendFromPopup('refresh', {})).toEqual({ ok: true, data: { links: null, lists: null } });
    expect(await sendFromPopup('refresh', { force: false })).toMatchObject({ ok: true });
    expect(server.calls).toEqual([]);
    expect(loads.count).toBe(0);
  });

  it('copies the short URL of a menu click on a link shortened before', async () => {
    await warmCache((await seedProfile()).id);
    await stubs.contextMenus.onClicked.trigger(
      { menuItemId: MENU.page, pageUrl: 'https://blog.example/post' },
      { url: 'https://blog.example/post', title: 'A post' },
    );
    expect(stubs.copied).toEqual(['https://sho.rt/c12']);
    expect(loads.count).toBe(0);
  });

  it('answers not_configured before any profile exists', async () => {
    expect(await sendFromPopup('refresh', {})).toMatchObject({
      ok: false,
      error: { kind: 'not_configured' },
    });
    expect(loads.count).toBe(0);
  });
});

describe('with the lazy part', () => {
  it('shortens a new URL', async () => {
    await warmCache((await seedProfile()).id);
    const reply = await sendFromPopup('shorten', { requestId: 'r1', input: { url: 'https://new.example/' } });
    expect(reply).toMatchObject({ ok: true, data: { link: { shortUrl: `${SERVER}/a500` } } });
    expect(loads.count).toBeGreaterThan(0);
  });

  it('refreshes a stale cache, and checks a refresh payload that pages do not send', async () => {
    await seedProfile();
    expect(await sendFromPopup('refresh', {})).toMatchObject({ ok: true });
    expect(server.calls.length).toBeGreaterThan(0);
    const before = loads.count;
    expect(before).toBeGreaterThan(0);
    const odd = await sendFromPopup('refresh', { force: 'yes' } as never);
    expect(odd).toMatchObject({
      ok: false,
      error: { kind: 'bad_message', message: /refresh: force: expected boolean/ },
    });
    expect(loads.count).toBeGreaterThan(before);
  });

  it('switches the active profile (settings are saved through their zod schema)', async () => {
    const profile = await seedProfile();
    expect(await sendFromPopup('setActiveProfile', { id: profile.id })).toEqual({ ok: true, data: null });
    expect(loads.count).toBeGreaterThan(0);
  });

  it('migrates settings stored by an older release, and only then', async () => {
    await fakeBrowser.storage.local.set({ [SETTINGS_KEY]: { serverUrl: SERVER, apiKey: GOOD_KEY } });
    await fakeBrowser.runtime.onStartup.trigger();
    expect(await sendFromPopup('refresh', {})).toMatchObject({ ok: true });
    const stored = (await fakeBrowser.storage.local.get(SETTINGS_KEY))[SETTINGS_KEY];
    expect(stored).toMatchObject({ version: 1, profiles: [{ serverUrl: SERVER }] });
    expect(loads.count).toBeGreaterThan(0);
  });
});
