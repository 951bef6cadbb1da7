/**
 * The menu and the keyboard shortcut copy in the chosen copy format, clean the address as the
 * behaviour settings say (tracking parameters, the page's canonical URL), and shorten what is left.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SHORTEN_PAGE_COMMAND } from '@/entrypoints/background/commands';
import { MENU } from '@/entrypoints/background/menus';
import { getCachedLinks, linksForUrl, putCachedLinks } from '@/lib/links/cache';
import type { Behaviour, Settings } from '@/lib/settings/schema';
import { settingsItem } from '@/lib/storage/items';
import {
  cachedLink,
  type FakeServer,
  fakeServer,
  seedProfile,
  startBackground,
  stubBrowserApis,
} from './helpers';

// The cache's writes, held where a test says: the copy must not wait for them.
const cacheWrites = vi.hoisted(() => ({ held: null as Promise<void> | null }));
vi.mock('@/lib/links/cache', async (original) => {
  const cache = await original<typeof import('@/lib/links/cache')>();
  return {
    ...cache,
    linksForUrl: vi.fn(cache.linksForUrl),
    putCachedLinks: async (...args: Parameters<typeof cache.putCachedLinks>) => {
      await cacheWrites.held;
      return cache.putCachedLinks(...args);
    },
  };
});

let server: FakeServer;
let stubs: ReturnType<typeof stubBrowserApis>;

beforeEach(() => {
  stubs = stubBrowserApis();
  server = fakeServer();
  startBackground(server);
});

async function setBehaviour(patch: Partial<Behaviour>): Promise<void> {
  const stored = (await fakeBrowser.storage.local.get(settingsItem.key))[settingsItem.key] as Settings;
  await fakeBrowser.storage.local.set({
    [settingsItem.key]: { ...stored, behaviour: { ...stored.behaviour, ...patch } },
  });
}

const TAB = { id: 4, url: 'https://blog.example/post?utm_source=news&id=7', title: 'A [good] post' };
const added = () =>
  server.calls.filter((c) => c.path === '/api/url/add').map((c) => (c.body as { url: string }).url);
const clickPage = () =>
  stubs.contextMenus.onClicked.trigger({ menuItemId: MENU.page, pageUrl: TAB.url }, TAB);
const clickLink = (linkUrl: string, linkText?: string) =>
  stubs.contextMenus.onClicked.trigger({ menuItemId: MENU.link, linkUrl, linkText, pageUrl: TAB.url }, TAB);
const command = () => stubs.commands.onCommand.trigger(SHORTEN_PAGE_COMMAND, TAB);

describe('the copy', () => {
  it('is made once the server answers, not after the cache keeps the link; the action ends once it does', async () => {
    const profile = await seedProfile();
    const { promise, resolve: release } = Promise.withResolvers<void>();
    cacheWrites.held = promise;
    let ended = false;
    const action = command().then(() => {
      ended = true;
    });

    await vi.waitFor(() => expect(stubs.copied).toEqual(['https://sho.rt/a500']));
    expect(ended).toBe(false);
    expect((await getCachedLinks(profile.id)).links).toEqual([]);
    cacheWrites.held = null;
    release();
    await action;
    expect((await getCachedLinks(profile.id)).links.map((link) => link.shortUrl)).toEqual([
      'https://sho.rt/a500',
    ]);
  });
});

describe('the reads before a create', () => {
  it('reads the address’s cached links once, for the reuse and the mark both', async () => {
    await seedProfile();
    vi.mocked(linksForUrl).mockClear();
    await command();
    expect(added()).toHaveLength(1);
    expect(linksForUrl).toHaveBeenCalledOnce();
  });
});

describe('copy format', () => {
  it.each([
    ['plain', 'https://sho.rt/a500', null, 'Short URL copied: https://sho.rt/a500'],
    [
      'markdown',
      '[A \\[good\\] post](https://sho.rt/a500)',
      null,
      'Short URL copied as Markdown link: https://sho.rt/a500',
    ],
    [
      'titled',
      'A [good] post — https://sho.rt/a500',
      null,
      'Short URL copied as Title and URL: https://sho.rt/a500',
    ],
    [
      'html',
      '<a href="https://sho.rt/a500">A [good] post</a>',
      '<a href="https://sho.rt/a500">A [good] post</a>',
      'Short URL copied as HTML link: https://sho.rt/a500',
    ],
  ] as const)('the page menu copies %s, titled with the tab’s title', async (format, text, html, notice) => {
    await seedProfile();
    await setBehaviour({ copyFormat: format });
    await clickPage();
    expect(stubs.copied).toEqual([text]);
    expect(stubs.copiedHtml).toEqual([html]);
    // The notification names the short URL itself, and the format when the clipboard holds more.
    expect(Object.values(fakeBrowser.notifications.getAllCreateOptions())[0]?.message).toBe(notice);
  });

  it('names the format in the notification of a reused link too', async () => {
    const profile = await seedProfile();
    await setBehaviour({ copyFormat: 'markdown' });
    await putCachedLinks(profile.id, [cachedLink(12, TAB.url)]);
    await clickPage();
    expect(server.calls.filter((c) => c.path === '/api/url/add')).toEqual([]);
    expect(Object.values(fakeBrowser.notifications.getAllCreateOptions())[0]?.message).toBe(
      'Short URL copied as Markdown link: https://sho.rt/c12\n' +
        'Reused: you shortened this address before.',
    );
  });

  it('the shortcut copies in the format too, as text/plain and text/html for HTML', async () => {
    await seedProfile();
    await setBehaviour({ copyFormat: 'html' });
    await command();
    expect(stubs.copied).toEqual(['<a href="https://sho.rt/a500">A [good] post</a>']);
    expect(stubs.copiedHtml).toEqual(['<a href="https://sho.rt/a500">A [good] post</a>']);
  });

  it('titles a link with its text (Firefox gives it), else with its URL', async () => {
    await seedProfile();
    await setBehaviour({ copyFormat: 'markdown' });
    await clickLink('https://a.example/x', ' The docs ');
    await clickLink('https://b.example/y');
    expect(stubs.copied).toEqual([
      '[The docs](https://sho.rt/a500)',
      '[https://sho.rt/a501](https://sho.rt/a501)',
    ]);
  });

  it('titles a page with its tab’s title, also when its reused link has another', async () => {
    const profile = await seedProfile();
    await setBehaviour({ copyFormat: 'titled' });
    await putCachedLinks(profile.id, [{ ...cachedLink(12, TAB.url), title: 'Server title' }]);
    await clickPage();
    expect(server.calls).toEqual([]);
    expect(stubs.copied).toEqual(['A [good] post — https://sho.rt/c12']);
  });

  it('titles a link with the title its reused short link has, before the link’s text', async () => {
    const profile = await seedProfile();
    await setBehaviour({ copyFormat: 'titled' });
    await putCachedLinks(profile.id, [{ ...cachedLink(12, 'https://a.example/x'), title: 'Saved title' }]);
    await clickLink('https://a.example/x', 'link text');
    expect(server.calls).toEqual([]);
    expect(stubs.copied).toEqual(['Saved title — https://sho.rt/c12']);
  });
});

describe('a link’s text read from the page (Chrome gives none with the click)', () => {
  const LINK = 'https://a.example/x?utm_source=mail';
  const clickInFrame = (frameId: number) =>
    stubs.contextMenus.onClicked.trigger({ menuItemId: MENU.link, linkUrl: LINK, frameId }, TAB);

  /** Lets executeScript run the injected function on this page, as the browser would in the tab. */
  function tabShows(html: string): void {
    document.body.innerHTML = html;
    stubs.scripting.executeScript.mockImplementation(async (options) => {
      const { func, args } = options as unknown as { func: (...a: unknown[]) => unknown; args: unknown[] };
      return [{ frameId: 0, result: func(...args) as string | null }];
    });
  }

  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('titles the copy with the clicked link’s text, read from the clicked frame', async () => {
    await seedProfile();
    await setBehaviour({ copyFormat: 'markdown', stripTracking: true });
    tabShows(`<a href="${LINK}"> the  getting-started
      guide </a>`);
    await clickInFrame(2);
    expect(stubs.scripting.executeScript).toHaveBeenCalledWith(
      expect.objectContaining({ target: { tabId: TAB.id, frameIds: [2] }, args: [LINK, 200] }),
    );
    // The cleaned address is shortened; the page is searched for the address as clicked.
    expect(added()).toEqual(['https://a.example/x']);
    expect(stubs.copied).toEqual(['[the getting-started guide](https://sho.rt/a500)']);
  });

  it('uses an image’s alt for an image link, in the titled and HTML formats too', async () => {
    await seedProfile();
    tabShows(`<a href="${LINK}"><img src="logo.png" alt="Example <docs>"></a>`);
    await setBehaviour({ copyFormat: 'titled' });
    await clickInFrame(0);
    await setBehaviour({ copyFormat: 'html' });
    await clickInFrame(0);
    expect(stubs.copied).toEqual([
      'Example <docs> — https://sho.rt/a500',
      '<a href="https://sho.rt/a500">Example &lt;docs&gt;</a>',
    ]);
  });

  it('falls back to the URL when the page has no text for the link', async () => {
    await seedProfile();
    await setBehaviour({ copyFormat: 'markdown' });
    tabShows('<a href="https://elsewhere.example/">Elsewhere</a>');
    await clickInFrame(0);
    expect(stubs.scripting.executeScript).toHaveBeenCalled();
    expect(stubs.copied).toEqual(['[https://sho.rt/a500](https://sho.rt/a500)']);
  });

  it('falls back to the URL when the page cannot be read, and still copies', async () => {
    await seedProfile();
    await setBehaviour({ copyFormat: 'markdown' });
    // No canonical entry for the tab: the fake executeScript rejects, as on a PDF or store page.
    await clickInFrame(0);
    expect(stubs.scripting.executeScript).toHaveBeenCalled();
    expect(stubs.copied).toEqual(['[https://sho.rt/a500](https://sho.rt/a500)']);
    expect(Object.values(fakeBrowser.notifications.getAllCreateOptions())[0]?.message).toBe(
      'Short URL copied as Markdown link: https://sho.rt/a500',
    );
  });

  it('reads nothing for the plain format, nor when the click gave the text (Firefox)', async () => {
    await seedProfile();
    tabShows(`<a href="${LINK}">Page text</a>`);
    await clickInFrame(0);
    await setBehaviour({ copyFormat: 'markdown' });
    await clickLink('https://b.example/y', 'Firefox text');
    expect(stubs.scripting.executeScript).not.toHaveBeenCalled();
    expect(stubs.copied).toEqual(['https://sho.rt/a500', '[Firefox text](https://sho.rt/a501)']);
  });

  it('reads in parallel with the shortening, not before it', async () => {
    await seedProfile();
    await setBehaviour({ copyFormat: 'markdown' });
    let answer: (value: { frameId: number; result: string | null }[]) => void = () => undefined;
    stubs.scripting.executeScript.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const clicked = clickInFrame(0);
    // The server is asked while the page has not answered yet.
    await vi.waitFor(() => expect(added()).toEqual(['https://a.example/x?utm_source=mail']));
    expect(stubs.copied).toEqual([]);
    answer([{ frameId: 0, result: 'Late text' }]);
    await clicked;
    expect(stubs.copied).toEqual(['[Late text](https://sho.rt/a500)']);
  });
});

describe('tracking parameters', () => {
  it('are kept when the setting is off', async () => {
    await seedProfile();
    await clickLink('https://a.example/x?utm_medium=mail&q=1&fbclid=abc');
    expect(added()).toEqual(['https://a.example/x?utm_medium=mail&q=1&fbclid=abc']);
  });

  it('are removed from links, pages and the shortcut’s page before shortening', async () => {
    await seedProfile();
    await setBehaviour({ stripTracking: true });
    await clickLink('https://a.example/x?utm_medium=mail&q=1&fbclid=abc#top');
    await clickPage();
    expect(added()).toEqual(['https://a.example/x?q=1#top', 'https://blog.example/post?id=7']);
    // The shortcut on the same page finds the cleaned address just shortened: no second link.
    await command();
    expect(added()).toHaveLength(2);
    expect(stubs.copied).toEqual(['https://sho.rt/a500', 'https://sho.rt/a501', 'https://sho.rt/a501']);
  });

  it('let a cleaned address reuse the link made for it before', async () => {
    const profile = await seedProfile();
    await setBehaviour({ stripTracking: true });
    await putCachedLinks(profile.id, [cachedLink(12, 'https://a.example/x')]);
    await clickLink('https://a.example/x?gclid=1');
    expect(server.calls).toEqual([]);
    expect(stubs.copied).toEqual(['https://sho.rt/c12']);
  });
});

describe('canonical URL', () => {
  it('is not read when the setting is off', async () => {
    await seedProfile();
    stubs.canonicals.set(TAB.id, 'https://blog.example/canonical');
    await clickPage();
    expect(stubs.scripting.executeScript).not.toHaveBeenCalled();
    expect(added()).toEqual([TAB.url]);
  });

  it('replaces the page’s address from the menu and the shortcut, then is cleaned', async () => {
    await seedProfile();
    await setBehaviour({ preferCanonical: true, stripTracking: true });
    stubs.canonicals.set(TAB.id, 'https://blog.example/canonical?utm_campaign=x');
    await clickPage();
    expect(stubs.scripting.executeScript).toHaveBeenCalledWith(
      expect.objectContaining({ target: { tabId: TAB.id } }),
    );
    expect(added()).toEqual(['https://blog.example/canonical']);
    await command();
    expect(added()).toHaveLength(1);
    expect(stubs.copied).toEqual(['https://sho.rt/a500', 'https://sho.rt/a500']);
  });

  it('is never used for a link: a link has no page of its own to read', async () => {
    await seedProfile();
    await setBehaviour({ preferCanonical: true });
    stubs.canonicals.set(TAB.id, 'https://blog.example/canonical');
    await clickLink('https://a.example/x');
    expect(stubs.scripting.executeScript).not.toHaveBeenCalled();
    expect(added()).toEqual(['https://a.example/x']);
  });

  it.each([
    ['none declared', null],
    ['not http(s)', 'javascript:alert(1)'],
    ['relative', '/canonical'],
    ['garbled', 'https://'],
    ['on another site', 'https://attacker.example/landing'],
  ])('falls back to the tab’s address when %s', async (_, canonical) => {
    await seedProfile();
    await setBehaviour({ preferCanonical: true });
    stubs.canonicals.set(TAB.id, canonical);
    await clickPage();
    expect(added()).toEqual([TAB.url]);
  });

  it('falls back to the tab’s address when the page cannot be read', async () => {
    await seedProfile();
    await setBehaviour({ preferCanonical: true });
    // No entry: executeScript rejects, as on a browser page or without the activeTab grant.
    await command();
    expect(stubs.scripting.executeScript).toHaveBeenCalled();
    expect(added()).toEqual([TAB.url]);
    expect(stubs.copied).toEqual(['https://sho.rt/a500']);
  });
});

describe('redirect wrappers', () => {
  const SAFE_LINK =
    'https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fnews.example%2Fstory%3Futm_source%3Dmail&data=05%7C02%7C&reserved=0';
  const notification = () => Object.values(fakeBrowser.notifications.getAllCreateOptions())[0];

  it('shortens the address a link from the menu wraps, and the notification names the wrapper', async () => {
    await seedProfile();
    await setBehaviour({ stripTracking: true });
    await clickLink(SAFE_LINK);
    expect(added()).toEqual(['https://news.example/story']);
    expect(stubs.copied).toEqual(['https://sho.rt/a500']);
    expect(notification()).toMatchObject({
      title: 'Unwrapped from Outlook Safe Links',
      message: 'Short URL copied: https://sho.rt/a500',
    });
  });

  it('unwraps a tab left on a Google redirect page, from the shortcut', async () => {
    await seedProfile();
    const tab = { id: 5, url: 'https://www.google.com/url?q=https://docs.example/a&sa=D', title: 'Redirect' };
    await stubs.commands.onCommand.trigger(SHORTEN_PAGE_COMMAND, tab);
    expect(added()).toEqual(['https://docs.example/a']);
    expect(notification()?.title).toBe('Unwrapped from Google');
  });

  it('shortens the wrapper itself when the setting is off', async () => {
    await seedProfile();
    await setBehaviour({ unwrapRedirects: false });
    await clickLink(SAFE_LINK);
    expect(added()).toEqual([SAFE_LINK]);
    expect(notification()?.title).toBe('Shortlink');
  });

  it('reuses the link made before for the wrapped address, without a request', async () => {
    const profile = await seedProfile();
    await putCachedLinks(profile.id, [cachedLink(12, 'https://news.example/story?utm_source=mail')]);
    await clickLink(SAFE_LINK);
    expect(server.calls).toEqual([]);
    expect(stubs.copied).toEqual(['https://sho.rt/c12']);
  });
});

describe('a link the server had made before', () => {
  it('is copied, and the notification says the server returned an existing link', async () => {
    const profile = await seedProfile();
    await putCachedLinks(profile.id, [cachedLink(120, 'https://other.example/')], Date.now());
    server.state.links.push({
      id: 7,
      alias: 'c7',
      shorturl: 'https://sho.rt/c7',
      longurl: 'https://a.example/x',
      title: '',
      date: '2024-05-01 10:00:00',
    });
    server.state.existing = true;
    await setBehaviour({ copyFormat: 'markdown' });

    await clickLink('https://a.example/x', 'A link');

    expect(stubs.copied).toEqual(['[A link](https://sho.rt/c7)']);
    expect(Object.values(fakeBrowser.notifications.getAllCreateOptions())[0]?.message).toBe(
      'Short URL copied as Markdown link: https://sho.rt/c7\nYour server returned an existing link.',
    );
  });
});
