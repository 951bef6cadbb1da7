import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MENU } from '@/entrypoints/background/menus';
import { SETUP_NOTIFICATION_ID } from '@/entrypoints/background/notify';
import { getCachedLinks, putCachedLinks } from '@/lib/links/cache';
import { retryHint } from '@/lib/present/time';
import { getItem, lastFailureItem, pendingShortenItem } from '@/lib/storage/items';
import { loadSettings, saveSettings } from '@/lib/storage/settings';
import {
  cachedLink,
  type FakeServer,
  fakeServer,
  queuedRows,
  seedProfile,
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

const adds = () => server.calls.filter((c) => c.method === 'POST' && c.path === '/api/url/add');
const tab = { id: 3, url: 'https://blog.example/post', title: 'A post' };
const click = (info: Record<string, unknown>) => stubs.contextMenus.onClicked.trigger(info, tab);
const notifications = () => fakeBrowser.notifications.getAllCreateOptions();
const notificationTexts = () => Object.values(notifications()).map((n) => `${n.title}: ${n.message}`);

/** Lets real I/O callbacks (setImmediate) run until `done` holds, with timers faked. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((resolve) => setImmediate(resolve));
  expect(done()).toBe(true);
}

describe('menu items', () => {
  it.each([
    ['install', () => fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' })],
    ['browser start (Firefox forgets menus on restart)', () => fakeBrowser.runtime.onStartup.trigger()],
  ])('are created on %s', async (_, fire) => {
    expect(stubs.contextMenus.create).not.toHaveBeenCalled();
    await fire();
    await vi.waitFor(() => expect(stubs.contextMenus.create).toHaveBeenCalledTimes(5));

    expect(stubs.contextMenus.removeAll).toHaveBeenCalled();
    expect(stubs.contextMenus.create.mock.calls.map(([item]) => item)).toEqual([
      { id: MENU.link, title: 'Shorten link', contexts: ['link'] },
      { id: MENU.page, title: 'Shorten page URL', contexts: ['page'] },
      { id: MENU.selection, title: 'Shorten selected URL', contexts: ['selection'] },
      { id: MENU.withOptions, title: 'Shorten with options…', contexts: ['link', 'page', 'selection'] },
      { id: MENU.sidePanel, title: 'Open in side panel', contexts: ['page'] },
    ]);
  });

  it('leave out "Open in side panel" where the browser has no side panel', async () => {
    const { open } = fakeBrowser.sidePanel;
    Object.assign(fakeBrowser.sidePanel, { open: undefined });
    try {
      await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
      await vi.waitFor(() => expect(stubs.contextMenus.create).toHaveBeenCalledTimes(4));
    } finally {
      Object.assign(fakeBrowser.sidePanel, { open });
    }
    expect(stubs.contextMenus.create.mock.calls.map(([item]) => item.id)).not.toContain(MENU.sidePanel);
  });
});

describe('"Open in side panel" from the menu', () => {
  it("opens the panel in the clicked page's window, at once", async () => {
    const open = vi.spyOn(fakeBrowser.sidePanel, 'open').mockResolvedValue(undefined);
    const clicked = stubs.contextMenus.onClicked.trigger(
      { menuItemId: MENU.sidePanel, pageUrl: tab.url },
      { ...tab, windowId: 8 },
    );
    // Called while the click is handled, before anything is awaited: Chrome needs the user's gesture.
    expect(open).toHaveBeenCalledWith({ windowId: 8 });
    await clicked;
    expect(adds()).toEqual([]);
    expect(notificationTexts()).toEqual([]);
  });

  it('says so, and how else to open it, when the browser refuses', async () => {
    vi.spyOn(fakeBrowser.sidePanel, 'open').mockRejectedValue(new Error('No user gesture'));
    await click({ menuItemId: MENU.sidePanel, pageUrl: tab.url });
    expect(notificationTexts()).toEqual([
      expect.stringMatching(/^Could not open Shortlink: The browser did not open the side panel\. /),
    ]);
  });
});

describe('shorten and copy from a menu', () => {
  it('shortens the link target with the profile defaults, copies it and confirms', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2031, 0, 15, 9, 30, 0) });
    try {
      await seedProfile({
        campaignId: 7,
        channelId: 9,
        expiryDays: 7,
        domain: 'https://go.example',
        status: 'public',
      });
      await click({ menuItemId: MENU.link, linkUrl: 'https://target.example/a?b=1', pageUrl: tab.url });
    } finally {
      vi.useRealTimers();
    }

    expect(adds()).toHaveLength(1);
    expect(adds()[0]?.body).toEqual({
      url: 'https://target.example/a?b=1',
      campaign: 7,
      channel: 9,
      expiry: '2031-01-22 09:30:00',
      domain: 'https://go.example',
      status: 'public',
    });
    expect(stubs.offscreen.createDocument).toHaveBeenCalledWith({
      url: 'offscreen.html',
      reasons: ['CLIPBOARD'],
      justification: 'Copy the short URL to the clipboard',
    });
    expect(stubs.copied).toEqual(['https://sho.rt/a500']);
    expect(notificationTexts()).toEqual(['Shortlink: Short URL copied: https://sho.rt/a500']);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('✓');
  });

  it('shortens the page URL with the tab title as the cached title', async () => {
    const profile = await seedProfile();
    await click({ menuItemId: MENU.page, pageUrl: tab.url });

    expect(adds()[0]?.body).toMatchObject({ url: tab.url });
    expect((await getCachedLinks(profile.id)).links[0]).toMatchObject({ longUrl: tab.url, title: 'A post' });
  });

  it('copies the existing short URL of a URL shortened before, without a request', async () => {
    const profile = await seedProfile();
    await putCachedLinks(profile.id, [cachedLink(12, 'https://blog.example/post/')], Date.now());

    await click({ menuItemId: MENU.page, pageUrl: tab.url });

    expect(server.calls).toEqual([]);
    expect(stubs.copied).toEqual(['https://sho.rt/c12']);
    expect(notificationTexts()[0]).toMatch(/^Shortlink: Short URL copied: https:\/\/sho\.rt\/c12\n.*before/);
  });

  it('makes one link when the same URL is clicked twice quickly', async () => {
    await seedProfile();
    await Promise.all([
      click({ menuItemId: MENU.link, linkUrl: 'https://x.example/' }),
      click({ menuItemId: MENU.link, linkUrl: 'https://x.example/' }),
    ]);
    expect(adds()).toHaveLength(1);
    expect(stubs.copied).toEqual(['https://sho.rt/a500', 'https://sho.rt/a500']);
  });

  it('reuses the offscreen document for the next copy', async () => {
    await seedProfile();
    await click({ menuItemId: MENU.link, linkUrl: 'https://x.example/' });
    await click({ menuItemId: MENU.link, linkUrl: 'https://y.example/' });
    expect(stubs.offscreen.createDocument).toHaveBeenCalledTimes(1);
    expect(stubs.copied).toHaveLength(2);
  });

  it('shortens a selected URL, and explains when the selection is not one', async () => {
    await seedProfile();
    await click({ menuItemId: MENU.selection, selectionText: '  https://sel.example/x  ' });
    expect(adds()[0]?.body).toMatchObject({ url: 'https://sel.example/x' });

    await click({ menuItemId: MENU.selection, selectionText: 'just some words' });
    expect(adds()).toHaveLength(1);
    expect(notificationTexts()[0]).toMatch(/not a web address/);
  });

  it.each([
    ['the full stop of a sentence', 'https://example.com/path/page.', 'https://example.com/path/page'],
    ['parentheses', '(https://example.com/paren)', 'https://example.com/paren'],
    ['a www. address', 'www.example.org/doc', 'https://www.example.org/doc'],
  ])('shortens the URL a selection means, without %s', async (_, selectionText, url) => {
    await seedProfile();
    await click({ menuItemId: MENU.selection, selectionText });
    expect(adds().map((c) => c.body)).toEqual([expect.objectContaining({ url })]);
    expect(notificationTexts()).toEqual([`Shortlink: Short URL copied: https://sho.rt/a500`]);
  });

  it('shows the badge but no notification when notifications are off', async () => {
    await seedProfile();
    const settings = await loadSettings();
    await saveSettings({ ...settings, behaviour: { ...settings.behaviour, notifications: false } });

    await click({ menuItemId: MENU.link, linkUrl: 'https://x.example/' });

    expect(stubs.copied).toEqual(['https://sho.rt/a500']);
    expect(notifications()).toEqual({});
    expect(await fakeBrowser.action.getBadgeText({})).toBe('✓');
  });
});

describe('failures', () => {
  it('tells the user to set up a server when there is none, and opens Options on click', async () => {
    await click({ menuItemId: MENU.link, linkUrl: 'https://x.example/' });

    expect(server.calls).toEqual([]);
    expect(notifications()[SETUP_NOTIFICATION_ID]?.message).toBe(
      'Shortlink has no server yet. Click here to add it in Options.',
    );
    expect(await fakeBrowser.action.getBadgeText({})).toBe('!');

    await fakeBrowser.notifications.onClicked.trigger(SETUP_NOTIFICATION_ID);
    expect(fakeBrowser.runtime.openOptionsPage).toHaveBeenCalled();
  });

  it('waits out a rate-limit refusal, sends the create once more, then says when to retry', async () => {
    await seedProfile();
    server.state.fail = {
      status: 429,
      body: { error: 1, message: 'Rate limit exceeded' },
      headers: { 'X-RateLimit-Limit': '30', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '40' },
    };
    // setImmediate stays real: fake-indexeddb (the cache) runs on it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    try {
      const clicked = click({ menuItemId: MENU.link, linkUrl: 'https://x.example/' });
      await until(() => adds().length === 1);
      await vi.advanceTimersByTimeAsync(39_000);
      expect(adds()).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(2_000);
      await clicked;

      // A 429 means "refused, not done": sent again once, never a third time.
      expect(adds()).toHaveLength(2);
      expect(stubs.copied).toEqual([]);
      // Still refused after the wait the limiter may hold: the create waits in the queue instead.
      expect(notificationTexts()).toEqual([
        'Link queued: The server’s request limit is used up. The link waits in the queue and is made later.',
      ]);
      const queued = await queuedRows();
      expect(queued).toEqual([
        expect.objectContaining({
          source: 'menu',
          state: 'pending',
          input: expect.objectContaining({ url: 'https://x.example/' }),
          error: expect.objectContaining({ kind: 'rate_limited' }),
        }),
      ]);
      // The queue list says when from the entry's next try, which waits out the server's window.
      expect(retryHint(queued[0]?.nextTryAt, Date.now())).toMatch(/Try again in 40 seconds/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('explains an unreachable server, and queues the link', async () => {
    await seedProfile();
    server.state.fail = 'network';
    await click({ menuItemId: MENU.link, linkUrl: 'https://x.example/' });
    expect(notificationTexts()).toEqual([
      'Link queued: The server could not be reached. The link waits in the queue and is made when the server answers.',
    ]);
    // The whole message is the queued entry's, which the popup's queue list shows.
    // (The entry still looks on the server first before it is sent again: the probe only words the message.)
    expect(await queuedRows()).toEqual([
      expect.objectContaining({
        error: expect.objectContaining({
          message:
            'Shortlink could not reach https://sho.rt: nothing was sent. Check the server URL and your connection, then try again.',
        }),
      }),
    ]);
  });

  it('says the link may exist when the connection dropped after the request went out, and queues it', async () => {
    await seedProfile();
    server.state.lose = 'network';
    await click({ menuItemId: MENU.link, linkUrl: 'https://x.example/' });
    expect(notificationTexts()).toEqual([
      'Link queued: No clear answer from the server. The link waits in the queue and will not be made twice.',
    ]);
    expect(await queuedRows()).toHaveLength(1);
  });

  it('copies the link a lost answer made when clicked again, instead of making a second one', async () => {
    await seedProfile();
    server.state.lose = 'network';
    await click({ menuItemId: MENU.link, linkUrl: 'https://x.example/' });
    expect(stubs.copied).toEqual([]);
    server.state.lose = null;
    await click({ menuItemId: MENU.link, linkUrl: 'https://x.example/' });
    expect(stubs.copied).toEqual(['https://sho.rt/a500']);
    expect(server.calls.filter((c) => c.path === '/api/url/add')).toHaveLength(1);
  });

  it('passes on a rejected key', async () => {
    await seedProfile();
    server.state.key = 'rotated';
    await click({ menuItemId: MENU.link, linkUrl: 'https://x.example/' });
    expect(notificationTexts()[0]).toMatch(/refused the API key/);
  });

  it('says the link was made when only the copy failed', async () => {
    await seedProfile();
    stubs.clipboard.works = false;
    await click({ menuItemId: MENU.link, linkUrl: 'https://x.example/' });
    expect(notificationTexts()).toEqual([
      'Short URL created: https://sho.rt/a500: It could not be copied: copy it from the recent links in the Shortlink popup.',
    ]);
    expect((await getItem(lastFailureItem))?.message).toMatch(/could not be copied/);
  });

  it('refuses a link that is not http(s)', async () => {
    await seedProfile();
    await click({ menuItemId: MENU.link, linkUrl: 'mailto:someone@example.com' });
    expect(server.calls).toEqual([]);
    expect(notificationTexts()[0]).toMatch(/does not lead to a web page/);
  });
});

describe('shorten with options', () => {
  it('leaves the URL for the popup and opens it', async () => {
    await click({ menuItemId: MENU.withOptions, linkUrl: 'https://x.example/', pageUrl: tab.url });

    expect(stubs.openPopup).toHaveBeenCalled();
    const pending = (await fakeBrowser.storage.session.get(pendingShortenItem.key))[pendingShortenItem.key];
    expect(pending).toEqual({ url: 'https://x.example/', at: expect.any(Number) });
  });

  /** The URL left for the popup's form, if any. */
  async function pendingUrl(): Promise<string | undefined> {
    const stored = await fakeBrowser.storage.session.get(pendingShortenItem.key);
    return (stored[pendingShortenItem.key] as { url: string } | undefined)?.url;
  }

  it('opens the form on the URL a selection means', async () => {
    await click({
      menuItemId: MENU.withOptions,
      selectionText: ' (https://en.wikipedia.org/wiki/Foo_(bar)). ',
    });

    expect(stubs.openPopup).toHaveBeenCalled();
    expect(await pendingUrl()).toBe('https://en.wikipedia.org/wiki/Foo_(bar)');
  });

  it('takes the link, not the selected text around it, when both are clicked', async () => {
    await click({
      menuItemId: MENU.withOptions,
      linkUrl: 'https://x.example/',
      selectionText: 'https://other.example/',
      pageUrl: tab.url,
    });
    expect(await pendingUrl()).toBe('https://x.example/');
  });

  it('explains a selection that is not a URL, and opens nothing', async () => {
    await click({ menuItemId: MENU.withOptions, selectionText: 'just some words', pageUrl: tab.url });

    expect(stubs.openPopup).not.toHaveBeenCalled();
    expect(await pendingUrl()).toBeUndefined();
    expect(notificationTexts()).toEqual([
      expect.stringMatching(/^Nothing to shorten: The selected text is not a web address/),
    ]);
  });

  it('opens the form in a small window when the popup cannot be opened', async () => {
    stubs.openPopup.mockRejectedValue(new Error('No active browser window'));
    const create = vi.spyOn(fakeBrowser.windows, 'create');

    await click({ menuItemId: MENU.withOptions, pageUrl: 'https://page.example/a b' });

    expect(create).toHaveBeenCalledWith({
      type: 'popup',
      width: 420,
      height: 600,
      url: `chrome-extension://${fakeBrowser.runtime.id}/popup.html?url=${encodeURIComponent('https://page.example/a b')}`,
    });
    expect(await fakeBrowser.storage.session.get(pendingShortenItem.key)).toEqual({});
  });
});
