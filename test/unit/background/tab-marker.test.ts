/**
 * The tab marker: a tab whose page has links in the active profile's cache shows their count in its
 * badge and says so in its tooltip, from the cache alone. The toolbar button's per-tab state is kept
 * as Chrome keeps it (a tab's own text, else the global one); every wait is on a condition.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { showQueueCount } from '@/entrypoints/background/notify';
import { createTabMarker, type TabMarker } from '@/entrypoints/background/tab-marker';
import { clearProfileCache, putCachedLinks } from '@/lib/links/cache';
import {
  type Behaviour,
  defaultSettings,
  emptyDefaults,
  type Profile,
  type Settings,
} from '@/lib/settings/schema';
import { settingsItem } from '@/lib/storage/items';
import { cachedLink, fakeEvent } from './helpers';

const PAGE = 'https://blog.example/post';

/** Waits for a condition, with room for a machine busy with other work. */
const until = (check: () => void) => vi.waitFor(check, { timeout: 5_000 });
const OTHER = 'https://other.example/';

/** The toolbar button as Chrome keeps it: each tab's own text and title over the global ones. */
function stubAction() {
  const texts = new Map<number | undefined, string>();
  const titles = new Map<number | undefined, string>();
  const action = {
    setBadgeText: vi.fn(async ({ tabId, text }: { tabId?: number; text?: string | null }) => {
      if (text === null || text === undefined) texts.delete(tabId);
      else texts.set(tabId, text);
    }),
    setBadgeBackgroundColor: vi.fn(async (_: { tabId?: number; color: string }) => undefined),
    setTitle: vi.fn(async ({ tabId, title }: { tabId?: number; title: string }) => {
      titles.set(tabId, title);
    }),
    getTitle: vi.fn(async (_: { tabId?: number }) => 'Shortlink'),
  };
  Object.assign(fakeBrowser.action, action);
  return {
    action,
    /** The badge a tab shows: its own text, else the global one. */
    badge: (tabId: number) => texts.get(tabId) ?? texts.get(undefined) ?? '',
    /** Whether the tab has a text of its own. */
    ownBadge: (tabId: number) => texts.has(tabId),
    title: (tabId: number) => titles.get(tabId) ?? 'Shortlink',
  };
}

/** Open tabs the test navigates; tabs.query answers with them (without their URLs when `tabs` is not granted). */
function stubTabs() {
  const open = new Map<number, string>();
  const permission = { granted: true };
  Object.assign(fakeBrowser.tabs, {
    query: vi.fn(async () => [...open].map(([id, url]) => (permission.granted ? { id, url } : { id }))),
  });
  const onAdded = fakeEvent<[{ permissions?: string[] }]>();
  const onRemoved = fakeEvent<[{ permissions?: string[] }]>();
  Object.assign(fakeBrowser.permissions, {
    contains: vi.fn(async ({ permissions }: { permissions?: string[] }) =>
      permissions?.includes('tabs') ? permission.granted : true,
    ),
    onAdded,
    onRemoved,
  });
  return {
    permission,
    onAdded,
    onRemoved,
    /** The tab loads `url`: the address change, then the end of its load. */
    async go(tabId: number, url: string) {
      open.set(tabId, url);
      const tab = { id: tabId, ...(permission.granted ? { url } : {}) };
      await fakeBrowser.tabs.onUpdated.trigger(
        tabId,
        permission.granted ? { url } : {},
        tab as unknown as Parameters<typeof fakeBrowser.tabs.onUpdated.trigger>[2],
      );
      await fakeBrowser.tabs.onUpdated.trigger(
        tabId,
        { status: 'complete' },
        tab as unknown as Parameters<typeof fakeBrowser.tabs.onUpdated.trigger>[2],
      );
    },
  };
}

let counter = 0;
function profile(name: string): Profile {
  return { id: `${name}-${++counter}`, name, serverUrl: 'https://sho.rt', defaults: emptyDefaults() };
}

async function saveSettings(settings: Settings) {
  await fakeBrowser.storage.local.set({ [settingsItem.key]: settings });
}

let work: Profile;
let home: Profile;
let settings: Settings;
let action: ReturnType<typeof stubAction>;
let tabs: ReturnType<typeof stubTabs>;
let marker: TabMarker;
const fetch = vi.fn();

async function behave(patch: Partial<Behaviour>) {
  settings = { ...settings, behaviour: { ...settings.behaviour, ...patch } };
  await saveSettings(settings);
}

beforeEach(async () => {
  work = profile('work');
  home = profile('home');
  settings = {
    ...defaultSettings(),
    profiles: [work, home],
    activeProfileId: work.id,
    behaviour: { ...defaultSettings().behaviour, markPages: true },
  };
  await saveSettings(settings);
  await putCachedLinks(work.id, [cachedLink(1, PAGE), cachedLink(2, `${PAGE}/`), cachedLink(3, OTHER)]);
  await putCachedLinks(home.id, [cachedLink(4, PAGE)]);
  action = stubAction();
  tabs = stubTabs();
  vi.stubGlobal('fetch', fetch);
  marker = createTabMarker({ startDelayMs: 0 });
  marker.register();
});

afterEach(async () => {
  await showQueueCount(0);
  await clearProfileCache(work.id);
  await clearProfileCache(home.id);
  vi.unstubAllGlobals();
});

describe('the tab marker', () => {
  it('shows the count of the page’s links in the tab’s badge and tooltip, without a request', async () => {
    await tabs.go(1, `${PAGE}#comments`);
    await tabs.go(2, 'https://never.example/');

    await until(() => expect(action.badge(1)).toBe('2'));
    expect(action.title(1)).toBe('2 short links for this page');
    expect(action.badge(2)).toBe('');
    expect(action.title(2)).toBe('Shortlink');
    expect(action.action.setBadgeBackgroundColor).toHaveBeenCalledWith({ tabId: 1, color: '#2563eb' });
    await tabs.go(3, OTHER);
    await until(() => expect(action.title(3)).toBe('1 short link for this page'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('counts the address as the popup would shorten it: tracking parameters off when that is on', async () => {
    await tabs.go(1, `${PAGE}?utm_source=news`);
    await marker.markTab(1, `${PAGE}?utm_source=news`);
    expect(action.badge(1)).toBe('');

    await behave({ stripTracking: true });
    await until(() => expect(action.badge(1)).toBe('2'));
  });

  it('clears a tab that navigates to a page without links, and leaves pages that are no web page alone', async () => {
    await tabs.go(1, PAGE);
    await until(() => expect(action.badge(1)).toBe('2'));
    await tabs.go(1, 'https://never.example/');
    await until(() => expect(action.ownBadge(1)).toBe(false));
    expect(action.title(1)).toBe('Shortlink');
    await marker.markTab(1, 'chrome://settings/');
    expect(action.ownBadge(1)).toBe(false);
  });

  it('counts a link made for the page as soon as it is in the cache', async () => {
    await tabs.go(1, PAGE);
    await until(() => expect(action.badge(1)).toBe('2'));
    await putCachedLinks(work.id, [cachedLink(5, PAGE)]);
    await until(() => expect(action.badge(1)).toBe('3'));
    expect(action.title(1)).toBe('3 short links for this page');
  });

  it('gives way to the queue’s count while links wait in it, then marks again', async () => {
    await tabs.go(1, PAGE);
    await until(() => expect(action.badge(1)).toBe('2'));

    await showQueueCount(4);
    await until(() => expect(action.ownBadge(1)).toBe(false));
    // The tab shows the global badge: the queue's count.
    expect(action.badge(1)).toBe('4');
    await tabs.go(2, PAGE);
    await marker.markTab(2, PAGE);
    expect(action.ownBadge(2)).toBe(false);

    await showQueueCount(0);
    await until(() => expect(action.badge(2)).toBe('2'));
    expect(action.badge(1)).toBe('2');
  });

  it('clears every tab when the setting is turned off, and marks them again when it is on', async () => {
    await tabs.go(1, PAGE);
    await tabs.go(2, OTHER);
    await until(() => expect([action.badge(1), action.badge(2)]).toEqual(['2', '1']));

    await behave({ markPages: false });
    await until(() => expect([action.ownBadge(1), action.ownBadge(2)]).toEqual([false, false]));
    await tabs.go(3, PAGE);
    await marker.markTab(3, PAGE);
    expect(action.ownBadge(3)).toBe(false);

    await behave({ markPages: true });
    await until(() => expect([action.badge(1), action.badge(2), action.badge(3)]).toEqual(['2', '1', '2']));
  });

  it('counts the links of the profile switched to', async () => {
    await tabs.go(1, PAGE);
    await tabs.go(2, OTHER);
    await until(() => expect(action.badge(1)).toBe('2'));

    settings = { ...settings, activeProfileId: home.id };
    await saveSettings(settings);
    await until(() => expect([action.badge(1), action.ownBadge(2)]).toEqual(['1', false]));
  });

  it('stops when the tabs permission is removed, and clears every tab', async () => {
    await tabs.go(1, PAGE);
    await until(() => expect(action.badge(1)).toBe('2'));

    tabs.permission.granted = false;
    await tabs.onRemoved.trigger({ permissions: ['tabs'] });
    await until(() => expect(action.ownBadge(1)).toBe(false));
    await tabs.go(2, PAGE);
    await marker.markTab(2, PAGE);
    expect(action.ownBadge(2)).toBe(false);

    tabs.permission.granted = true;
    await tabs.onAdded.trigger({ permissions: ['tabs'] });
    await until(() => expect(action.badge(2)).toBe('2'));
  });

  it('reads the settings once for many navigations, and again only after they changed', async () => {
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    for (let i = 0; i < 5; i++) await tabs.go(i + 1, PAGE);
    await until(() => expect(action.badge(5)).toBe('2'));
    const reads = () => get.mock.calls.filter(([keys]) => JSON.stringify(keys).includes(settingsItem.key));
    expect(reads()).toHaveLength(1);

    await behave({ copyFormat: 'markdown' });
    await tabs.go(6, PAGE);
    await until(() => expect(action.badge(6)).toBe('2'));
    // A change that does not touch marking keeps what was read.
    expect(reads()).toHaveLength(1);
  });
});

describe('a stopped worker', () => {
  it('is not woken by navigations while marking is off: it listens to tabs only while on', async () => {
    await until(() => expect(fakeBrowser.tabs.onUpdated.hasListeners()).toBe(true));
    await tabs.go(2, PAGE);
    await until(() => expect(action.badge(2)).toBe('2'));
    await behave({ markPages: false });
    await until(() => expect(fakeBrowser.tabs.onUpdated.hasListeners()).toBe(false));
    await until(() => expect(action.badge(2)).toBeFalsy());
    await behave({ markPages: true });
    await until(() => expect(fakeBrowser.tabs.onUpdated.hasListeners()).toBe(true));
    // Turned on, it marks the tabs already open.
    await until(() => expect(action.badge(2)).toBe('2'));
  });
});
