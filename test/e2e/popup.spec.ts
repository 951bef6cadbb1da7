/**
 * The popup, opened for real with the action shortcut over a page of the local site: what the server
 * receives when the user shortens, what lands on the clipboard, the offer to reuse an earlier link,
 * the Recent list drawn from the local cache, and the states before a link can be made.
 */
import { describe, expect } from 'vitest';
import { test } from './fixtures';
import { clearClipboard, readClipboard, screenshot } from './harness';
import { PopupPage } from './pages/popup';
import { apiRequests, type ReferenceServer, waitForQuiet } from './reference-server';

const ADD = 'POST /api/url/add';

/** The short URL the reference server gives a link with this alias. */
const shortUrlFor = (server: ReferenceServer, alias: string) => `${server.url}/${alias}`;

describe('the popup over a web page', () => {
  test('shortens the page with alias, campaign, channel and expiry on Enter, and copies the short URL', async ({
    configuredExt: ext,
    referenceServer: server,
    site,
  }) => {
    const pageUrl = site.url('/');
    const popup = await PopupPage.over(ext, pageUrl);
    expect(await popup.value('longUrl')).toBe(pageUrl);
    await clearClipboard();

    await popup.waitForRefresh();
    await popup.select('campaign', '2');
    await popup.select('channel', '1');
    // Focus (not a click, which lands on whichever segment is under the pointer) starts at the first
    // segment. The segments follow the browser's locale; Chromium here runs in en-US (month/day/year).
    await popup.focus('expiry');
    await popup.typeKeys('12312030');
    await popup.press('Tab');
    await popup.typeKeys('1159PM');
    expect(await popup.value('expiry'), 'the Expiry field after typing 12/31/2030 11:59 PM').toBe(
      '2030-12-31T23:59',
    );
    await popup.type('alias', 'spring-news');
    await popup.press('Enter');

    const shortUrl = await popup.shortUrl();
    expect(shortUrl).toBe(shortUrlFor(server, 'spring-news'));
    const adds = apiRequests(server, ADD);
    expect(adds).toHaveLength(1);
    expect(adds[0]?.body).toEqual({
      url: pageUrl,
      custom: 'spring-news',
      campaign: 2,
      channel: 1,
      expiry: '2030-12-31 23:59:00',
      status: 'private',
    });
    expect(adds[0]?.headers.authorization).toBe(`Bearer ${server.apiKey}`);
    expect(adds[0]?.headers['content-type']).toMatch(/^application\/json/);
    await expect.poll(readClipboard, { timeout: 5_000 }).toBe(shortUrl);

    // Copy puts it there again, e.g. after the user copied something else.
    await clearClipboard();
    await popup.copy();
    await expect.poll(readClipboard, { timeout: 5_000 }).toBe(shortUrl);
    expect(apiRequests(server, ADD)).toHaveLength(1);
  });

  test('refuses an alias with a space at the field, focused, before any request; a refusal focuses the alert', async ({
    configuredExt: ext,
    referenceServer: server,
    site,
  }) => {
    const popup = await PopupPage.over(ext, site.url('/'));
    await popup.waitForRefresh();
    await popup.type('alias', 'frühling 2024');
    await popup.shorten();

    expect(await popup.waitForFieldError('alias')).toBe('An alias cannot contain spaces, /, ? or #.');
    expect(await popup.focusedId()).toBe('alias');
    await screenshot(popup.page, 'popup-alias-invalid-en');
    await waitForQuiet(server);
    expect(apiRequests(server, ADD)).toEqual([]);

    // An alias the server refuses (reserved there): its message, with the focus the disabled
    // Shorten button lost.
    await popup.selectAllOf('alias');
    await popup.typeKeys('api');
    await popup.shorten();
    await popup.alert();
    expect(await popup.focusedRole()).toBe('alert');
    expect(await popup.value('alias')).toBe('api');
  });

  test('offers the earlier short URL when reopened on the same page: copy it, or create another', async ({
    configuredExt: ext,
    referenceServer: server,
    site,
  }) => {
    const pageUrl = site.url('/');
    let popup = await PopupPage.over(ext, pageUrl);
    await popup.waitForRefresh();
    // The Long URL field, holding the page's URL, has the focus: Enter shortens the page as it is.
    expect(await popup.focusedId()).toBe('long-url');
    await popup.press('Enter');
    const first = await popup.shortUrl();
    await popup.close();

    const before = server.requests.length;
    popup = await PopupPage.over(ext, pageUrl);
    expect(await popup.waitForEarlierLink()).toContain(first);
    await clearClipboard();
    await popup.copyExisting();
    expect(await popup.shortUrl()).toBe(first);
    await expect.poll(readClipboard, { timeout: 5_000 }).toBe(first);
    await waitForQuiet(server);
    expect(server.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    await popup.close();

    popup = await PopupPage.over(ext, pageUrl);
    await popup.waitForEarlierLink();
    await clearClipboard();
    await popup.createNewAnyway();
    const second = await popup.shortUrl();
    expect(second).not.toBe(first);
    // The clicked button went away with the offer: focus is on the new link's Copy button.
    expect(await popup.focusedText()).toBe('Copy');
    await expect.poll(readClipboard, { timeout: 5_000 }).toBe(second);
    const adds = apiRequests(server, ADD);
    expect(adds.map((r) => (r.body as { url?: string }).url)).toEqual([pageUrl, pageUrl]);
  });

  test('lists the new link under Recent, filters it by search, and reopens from the cache without a request', async ({
    configuredExt: ext,
    referenceServer: server,
    site,
  }) => {
    const pageUrl = site.url('/');
    let popup = await PopupPage.over(ext, pageUrl);
    await popup.waitForRefresh();
    await popup.type('alias', 'recent-check');
    await popup.press('Enter');
    const shortUrl = await popup.shortUrl();

    // The rows of whichever popup is open now (`popup` is reassigned when it is reopened).
    const rows = () => popup.recentRows();
    await expect.poll(async () => (await rows())[0], { timeout: 5_000 }).toContain(shortUrl);
    expect((await rows())[0]).toContain('Sample article');
    // Seeded links are listed too; the search narrows the list down to the new one.
    expect((await rows()).length).toBeGreaterThan(1);
    await popup.searchRecent('recent-check');
    await expect.poll(rows, { timeout: 5_000 }).toHaveLength(1);
    expect((await rows())[0]).toContain(shortUrl);
    await popup.searchRecent(' nothing-like-this');
    await expect.poll(rows, { timeout: 5_000 }).toHaveLength(0);
    expect(await popup.recentText()).toContain('No recent link matches.');
    await popup.close();

    // Links and choices were fetched moments ago: a reopened popup draws them from the cache alone.
    const before = server.requests.length;
    popup = await PopupPage.over(ext, pageUrl);
    await expect.poll(async () => (await rows()).join('\n'), { timeout: 5_000 }).toContain(shortUrl);
    expect(await popup.campaignChoices()).toBe(3);
    await waitForQuiet(server);
    expect(server.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  test("says a browser page can't be shortened and lets the user paste a URL instead", async ({
    configuredExt: ext,
    referenceServer: server,
  }) => {
    const expectCantShorten = async (popup: PopupPage, url: string) => {
      expect(await popup.waitForNotice(), url).toMatch(/can't be shortened/);
      expect(await popup.value('longUrl'), url).toBe('');
    };
    const internal = await PopupPage.over(ext, 'chrome://version/');
    await expectCantShorten(internal, 'chrome://version/');
    await internal.close();

    const popup = await PopupPage.over(ext, 'about:blank');
    await expectCantShorten(popup, 'about:blank');
    await popup.type('longUrl', 'https://example.com/pasted');
    await popup.press('Enter');
    await popup.shortUrl();
    expect(apiRequests(server, ADD).map((r) => (r.body as { url?: string }).url)).toEqual([
      'https://example.com/pasted',
    ]);
  });

  test('asks to connect a server first when nothing is set up, and opens Options', async ({ ext, site }) => {
    const popup = await PopupPage.over(ext, site.url('/'), 'connect');
    expect(await popup.heading()).toBe('Connect your server first');
    const isOptions = (url: string) => url === `chrome-extension://${ext.extensionId}/options.html`;
    const opened = ext.browser.waitForTarget((t) => isOptions(t.url()), { timeout: 5_000 });
    await popup.openOptions();
    expect(isOptions((await opened).url())).toBe(true);
  });
});
