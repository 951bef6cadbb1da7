/**
 * The side panel in real Chromium: opened from the popup's header beside a page, it follows the tab
 * the user switches to (after they allowed it to read tab addresses), keeps a draft per page across
 * switches, shortens and copies; the page's context menu and its shortcut open it too; at the panel's narrowest width, 320 px, the
 * form and the management page it leads to never scroll sideways.
 */
import { describe, expect } from 'vitest';
import { ungrantedUrl } from './build';
import { test } from './fixtures';
import {
  allowPermissionDialog,
  clearClipboard,
  focusBrowserWindow,
  isSidePanelTarget,
  pickContextMenuItem,
  pressShortcut,
  readClipboard,
  rightClickAt,
} from './harness';
import { type PageServer, samplePage } from './page-server';
import { PopupPage } from './pages/popup';
import { SidePanelPage } from './pages/side-panel';
import { apiRequests } from './reference-server';

const ADD = 'POST /api/url/add';

function servePagesAB(site: PageServer): void {
  site.setPage('/a', samplePage('Page A'));
  site.setPage('/b', samplePage('Page B'));
}

describe('the side panel beside a page', () => {
  test('opens from the popup, follows a tab switch with each page its own draft, then shortens and copies', {
    timeout: 90_000,
  }, async ({ configuredExt: ext, referenceServer: server, site }) => {
    servePagesAB(site);
    const popup = await PopupPage.over(ext, site.url('/a'));
    const panel = await SidePanelPage.openFrom(popup);
    const tabA = popup.tab;
    // The popup's click granted activeTab for page A: the panel reads it without more permissions.
    await panel.waitForUrl(site.url('/a'));
    await panel.type('alias', 'draft-a');

    const tabB = await ext.browser.newPage();
    // On localhost: the e2e build has a host grant for 127.0.0.1, which would let the panel read it.
    const pageB = ungrantedUrl(site.url('/b'));
    await tabB.goto(pageB);
    // Tab B was never granted: the panel asks to read tab addresses, and follows once allowed.
    await panel.waitForAllowTabs();
    expect(await panel.value('alias'), 'the form of an unreadable tab').toBe('');
    // Chromium's dialog leaves the panel's document focused: nothing to wait for but its showing.
    await allowPermissionDialog(async () => {
      await panel.allowTabs();
      await panel.waitForUrl(pageB);
    });
    expect(await panel.value('alias'), "page B's form").toBe('');
    await panel.type('alias', 'draft-b');

    await tabA.bringToFront();
    await panel.waitForUrl(site.url('/a'));
    expect(await panel.value('alias'), "page A's draft, back").toBe('draft-a');

    await clearClipboard();
    await panel.focus('alias');
    await panel.press('Enter');
    expect(await panel.shortUrl()).toBe(`${server.url}/draft-a`);
    await expect.poll(readClipboard, { timeout: 5_000 }).toBe(`${server.url}/draft-a`);
    expect(apiRequests(server, ADD).map((r) => r.body)).toEqual([
      { url: site.url('/a'), custom: 'draft-a', status: 'private' },
    ]);

    await tabB.bringToFront();
    await panel.waitForUrl(pageB);
    expect(await panel.value('alias'), "page B's draft, back").toBe('draft-b');
    // Navigating the tab is another page too.
    await tabB.goto(site.url('/'));
    await panel.waitForUrl(site.url('/'));
    expect(await panel.value('alias')).toBe('');
    // The link made for page A is in the recent list, drawn from the cache.
    expect((await panel.recentRows()).join(' ')).toContain(`${server.url}/draft-a`);
    expect(apiRequests(server, ADD)).toHaveLength(1);
    // Each page draws from the cache; its refresh reached the server once (popup and panel together),
    // not once per tab switch: the 30-a-minute limit is for the user's own requests.
    const listReads = server.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/api/urls'));
    expect(listReads).toHaveLength(1);
  });

  test("opens from the page's context menu, in the click (a user gesture, Chrome 116+)", async ({
    configuredExt: ext,
    site,
  }) => {
    const page = await ext.browser.newPage();
    await page.goto(site.url('/'));
    await focusBrowserWindow(page);
    const opened = ext.browser.waitForTarget(isSidePanelTarget, { timeout: 10_000 });
    const menu = await rightClickAt(page, 'h1');
    // On a page the extension's three items sit in its submenu above View page source and Inspect; the
    // third opens the panel.
    await pickContextMenuItem(['Up', 'Up', 'Up', 'Right', 'Down', 'Down', 'Return'], menu);
    const panel = await (await opened).asPage();
    // The menu click grants activeTab: the panel reads the page it was opened over.
    await panel.waitForFunction(
      (url) => document.querySelector<HTMLInputElement>('#long-url')?.value === url,
      { timeout: 10_000 },
      site.url('/'),
    );
  });

  test('opens with its shortcut', async ({ configuredExt: ext, site }) => {
    await ext.bindCommand('open-side-panel', 'Alt+Shift+L');
    const page = await ext.browser.newPage();
    await page.goto(site.url('/'));
    const opened = ext.browser.waitForTarget(isSidePanelTarget, { timeout: 10_000 });
    await pressShortcut(page, 'alt+shift+l');
    const panel = await (await opened).asPage();
    // The shortcut grants activeTab, as the toolbar button does: the panel reads the page.
    await panel.waitForFunction(
      (url) => document.querySelector<HTMLInputElement>('#long-url')?.value === url,
      { timeout: 10_000 },
      site.url('/'),
    );
  });
});

describe('the side panel at its narrowest width, 320 px', () => {
  test('the form, after a shorten, and the management page in the panel never scroll sideways', async ({
    configuredExt: ext,
    site,
  }) => {
    const panel = await SidePanelPage.inTab(ext, 320);
    expect(await panel.overflow(), 'the form').toBe(0);
    // The page the panel opened in is its own: paste a URL instead, with the keyboard alone.
    await panel.focus('longUrl');
    await panel.typeKeys(`${site.url('/a-long-path/with/many/segments/so-that-it-is-wider-than-the-panel')}`);
    await panel.press('Enter');
    await panel.shortUrl();
    expect(await panel.overflow(), 'after a shorten').toBe(0);

    const manage = await panel.openManage();
    await manage.waitForSelector('main h1', { timeout: 10_000 });
    expect(await panel.overflow(), 'the management page').toBe(0);
    await panel.backToShorten();
    expect(await panel.overflow(), 'back on the form').toBe(0);
  });
});
