/**
 * The menu and the keyboard shortcut copy in the chosen copy format, clean the address as the
 * behaviour settings say (tracking parameters, the page's canonical URL), and shorten what is left.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SHORTEN_PAGE_COMMAND } from '@/entrypoints/background/commands';
import { MENU } from '@/entrypoints/background/menus';
import { putCachedLinks } from '@/lib/cache';
import { type Behaviour, SETTINGS_KEY, type Settings } from '@/lib/settings';
import {
  cachedLink,
  type FakeServer,
  fakeServer,
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

async function setBehaviour(patch: Partial<Behaviour>): Promise<void> {
  const stored = (await fakeBrowser.storage.local.get(SETTINGS_KEY))[SETTINGS_KEY] as Settings;
  await fakeBrowser.storage.local.set({
    [SETTINGS_KEY]: { ...stored, behaviour: { ...stored.behaviour, ...patch } },
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

describe('copy format', () => {
  it.each([
    ['plain', 'https://sho.rt/a500', null],
    ['markdown', '[A \\[good\\] post](https://sho.rt/a500)', null],
    ['titled', 'A [good] post — https://sho.rt/a500', null],
    [
      'html',
      '<a href="https://sho.rt/a500">A [good] post</a>',
      '<a href="https://sho.rt/a500">A [good] post</a>',
    ],
  ] as const)('the page menu copies %s, titled with the tab’s title', async (format, text, html) => {
    await seedProfile();
    await setBehaviour({ copyFormat: format });
    await clickPage();
    expect(stubs.copied).toEqual([text]);
    expect(stubs.copiedHtml).toEqual([html]);
    // The notification still names the short URL itself, whatever the clipboard holds.
    expect(Object.values(fakeBrowser.notifications.getAllCreateOptions())[0]?.message).toBe(
      'Short URL copied: https://sho.rt/a500',
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

  it('prefers the title a reused link already has', async () => {
    const profile = await seedProfile();
    await setBehaviour({ copyFormat: 'titled' });
    await putCachedLinks(profile.id, [{ ...cachedLink(12, 'https://a.example/x'), title: 'Saved title' }]);
    await clickLink('https://a.example/x', 'link text');
    expect(server.calls).toEqual([]);
    expect(stubs.copied).toEqual(['Saved title — https://sho.rt/c12']);
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
