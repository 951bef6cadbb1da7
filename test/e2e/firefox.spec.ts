/**
 * The Firefox build in a real Firefox (Debian's ESR): where Firefox differs from Chrome — a background
 * page instead of a service worker and offscreen document, so the shortcut and the context menu copy
 * from the background page itself; `menus` grouping several items in a submenu; the popup's page and
 * its clipboard; the address bar's keyword, whose rows are plain text; the sidebar (Firefox's side
 * panel) — the everyday flows still work end to end against the reference server.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildExtension, extPathOf } from './build';
import { type FirefoxExtension, launchFirefox } from './firefox';
import { type PageServer, samplePage, startPageServer } from './page-server';
import { apiRequests, type ReferenceServer, startReference } from './reference-server';
import { requireFirefox } from './system';

const BUILD_DIR = `firefox-mv3-e2e-${process.pid}`;

describe('in Firefox', () => {
  let firefox: FirefoxExtension;
  let server: ReferenceServer;
  let site: PageServer;

  beforeAll(async () => {
    requireFirefox();
    [server, site] = await Promise.all([
      startReference(),
      startPageServer({ '/': samplePage(), '/article': samplePage('An article') }),
      buildExtension(BUILD_DIR, 'firefox'),
    ]).then(([s, p]) => [s, p] as const);
    firefox = await launchFirefox(extPathOf(BUILD_DIR));
  }, 180_000);

  afterAll(async () => {
    await firefox?.close();
    await Promise.all([server?.close(), site?.close()]);
    rmSync(extPathOf(BUILD_DIR), { recursive: true, force: true });
  });

  /** The short URL the reference server made for `longUrl`. */
  const shortUrlOf = (longUrl: string) => {
    const link = server.store.links.find((l) => l.longurl === longUrl);
    return link && server.store.shortUrl(link);
  };

  /** Waits until the server has made a link for `longUrl` and that link is on the clipboard. */
  async function expectCopied(longUrl: string): Promise<void> {
    await expect.poll(() => shortUrlOf(longUrl), { timeout: 10_000 }).toBeDefined();
    await expect.poll(() => firefox.readClipboard(), { timeout: 5_000 }).toBe(shortUrlOf(longUrl));
  }

  it('connects a server in Options: checks the key, shows the account', async () => {
    const options = await firefox.extensionPage('options.html');
    await options.waitForSelector('#server-url');
    await options.type('#server-url', server.url);
    await options.type('#api-key', server.apiKey);
    // Firefox grants the optional host permission here without its prompt (see firefox.ts).
    await options.locator('form button[type="submit"]').click();
    await options.waitForSelector('section[aria-label="Account"]', { timeout: 15_000 });

    const check = apiRequests(server, 'GET /api/account').at(-1);
    expect(check?.headers.authorization).toBe(`Bearer ${server.apiKey}`);
    expect(await options.$eval('#api-key', (el) => (el as HTMLInputElement).value)).toBe('');
  });

  it('shortens a page from the popup and copies the short URL', async () => {
    const longUrl = site.url('/');
    const popup = await firefox.extensionPage(`popup.html?url=${encodeURIComponent(longUrl)}`);
    await popup.waitForSelector('form button[type="submit"]:not([disabled])');
    await popup.click('form button[type="submit"]');

    await expectCopied(longUrl);
    expect(apiRequests(server, 'POST /api/url/add').map((r) => r.body)).toEqual([
      { url: longUrl, status: 'private' },
    ]);
    expect(await popup.evaluate(() => document.body.textContent)).toContain(shortUrlOf(longUrl));
  });

  it('shortens the current page with Alt+Shift+S, copying from the background page', async () => {
    const longUrl = site.url('/article');
    const page = await firefox.browser.newPage();
    await page.goto(longUrl);

    await firefox.pressShortcut('Alt+Shift+S');

    await expectCopied(longUrl);
    expect(apiRequests(server, 'POST /api/url/add').at(-1)?.body).toEqual({
      url: longUrl,
      status: 'private',
    });
    await page.close();
  });

  it('shortens a link from its context menu', async () => {
    const page = await firefox.browser.newPage();
    await page.goto(site.url('/'));
    const longUrl = site.url('/other');

    await page.click('#local-link', { button: 'right' });
    await firefox.pickContextMenuItem('Shorten link');

    await expectCopied(longUrl);
    expect(apiRequests(server, 'POST /api/url/add').at(-1)?.body).toEqual({
      url: longUrl,
      status: 'private',
    });
    await page.close();
  });

  /**
   * Types `sl <text>` into Firefox's address bar through its own UI code (a headless Firefox takes no
   * key presses there) and waits for its rows; returns each row's content and text.
   */
  async function typeKeyword(text: string): Promise<{ content: string; title: string }[]> {
    return firefox.chrome(`
      gURLBar.focus();
      gURLBar.search(${JSON.stringify(`sl ${text}`)});
      await gURLBar.lastQueryContextPromise;
      return gURLBar.view.visibleResults.map((r) => ({ content: r.payload.content ?? '', title: r.payload.title ?? '' }));`);
  }

  it('shortens an address typed after the keyword sl, then suggests it in plain text and copies it when picked', async () => {
    const longUrl = site.url('/article?from=keyword');
    // The first row: the keyword and the text. Firefox titles it with the text the extension set while
    // answering the keystroke before: its name at first, then the one text saying what Enter does.
    const firstRow = (text: string) => ({
      content: `sl ${text}`,
      title:
        'Enter copies the first link found, shortens a web address, or, with nothing typed, shortens the current tab.',
    });
    const rows = await typeKeyword(longUrl);
    expect(rows[0]?.content).toBe(`sl ${longUrl}`);

    // Enter on the first row, as the address bar does it.
    await firefox.chrome('gURLBar.handleCommand(); return true;');

    await expectCopied(longUrl);
    expect(
      apiRequests(server, 'POST /api/url/add').filter((r) => (r.body as { url: string }).url === longUrl),
    ).toHaveLength(1);

    const posts = apiRequests(server, 'POST /api/url/add').length;
    await typeKeyword('keyword');
    // The extension's rows arrive after the query's first results.
    const rowsNow = () =>
      firefox.chrome<{ content: string; title: string }[]>(
        'return gURLBar.view.visibleResults.map((r) => ({ content: r.payload.content ?? "", title: r.payload.title ?? "" }));',
      );
    const shortUrl = shortUrlOf(longUrl)!;
    // Plain text: Firefox shows a description's markup as it is. Its rows' content starts with the keyword.
    expect((await rowsNow())[0]).toEqual(firstRow('keyword'));
    await expect.poll(rowsNow, { timeout: 5_000 }).toContainEqual({
      content: `sl ${shortUrl}`,
      title: `${shortUrl.split('/').pop()} — ${shortUrl} ${longUrl}`,
    });
    expect(apiRequests(server, 'POST /api/url/add')).toHaveLength(posts);

    // Enter on that row copies its short URL (the clipboard holds something else first).
    await firefox.chrome(`
      Cc['@mozilla.org/widget/clipboardhelper;1'].getService(Ci.nsIClipboardHelper).copyString('before');
      const wanted = ${JSON.stringify(`sl ${shortUrl}`)};
      gURLBar.view.selectedRowIndex = gURLBar.view.visibleResults.findIndex((r) => r.payload.content === wanted);
      gURLBar.handleCommand();
      return true;`);
    await expect.poll(() => firefox.readClipboard(), { timeout: 5_000 }).toBe(shortUrl);
    expect(apiRequests(server, 'POST /api/url/add')).toHaveLength(posts);
  });

  it('shortens the current tab on Enter after the keyword alone', async () => {
    const longUrl = site.url('/article?tab=current');
    const page = await firefox.browser.newPage();
    await page.goto(longUrl);
    await page.bringToFront();

    await typeKeyword('');
    await firefox.chrome('gURLBar.handleCommand(); return true;');

    await expectCopied(longUrl);
    await page.close();
  });
  it('opens the sidebar with Alt+Shift+L beside the page it shows, shortens that page there, and follows a tab switch', async () => {
    const longUrl = site.url('/sidebar');
    site.setPage('/sidebar', samplePage('Docked'));
    const page = await firefox.browser.newPage();
    await page.goto(longUrl);

    await firefox.pressShortcut('Alt+Shift+L');

    // The shortcut grants activeTab, as the toolbar button does: the sidebar reads the tab's address.
    const longUrlField = () => firefox.sidebar<string>(`return document.querySelector('#long-url')?.value;`);
    await expect.poll(longUrlField, { timeout: 10_000 }).toBe(longUrl);
    await firefox.sidebar(`
      const alias = document.querySelector('#alias');
      alias.value = 'docked';
      alias.dispatchEvent(new content.Event('input', { bubbles: true }));
      document.querySelector('form.shorten button[type="submit"]').click();`);

    await expectCopied(longUrl);
    expect(apiRequests(server, 'POST /api/url/add').at(-1)?.body).toEqual({
      url: longUrl,
      custom: 'docked',
      status: 'private',
    });
    await expect
      .poll(() =>
        firefox.sidebar<string>(`return document.querySelector('input[aria-label="Short URL"]')?.value;`),
      )
      .toBe(`${server.url}/docked`);

    // It follows the tab switched to. The site shares the server's host (127.0.0.1), to which Options
    // was granted access: that lets it read this tab's address without the `tabs` permission.
    const other = await firefox.browser.newPage();
    await other.goto(site.url('/article'));
    await expect.poll(longUrlField, { timeout: 10_000 }).toBe(site.url('/article'));
    await other.close();
    await page.close();
  });

  it("opens the sidebar from the popup's header", async () => {
    await firefox.chrome(`(window.SidebarController ?? window.SidebarUI).hide(); return true;`);
    expect(await firefox.sidebar(`return document.location.pathname;`)).toBeNull();
    const popup = await firefox.extensionPage(`popup.html?url=${encodeURIComponent(site.url('/'))}`);
    await popup.locator('button[aria-label="Open in side panel"]').click();
    await expect
      .poll(() => firefox.sidebar(`return document.location.pathname;`), { timeout: 10_000 })
      .toBe('/sidepanel.html');
  });
});
