/**
 * The popup, opened for real with the action shortcut over a page of the local site: what the server
 * receives when the user shortens, what lands on the clipboard, the offer to reuse an earlier link,
 * the Recent list drawn from the local cache, and the states before a link can be made.
 */
import type { Page } from 'puppeteer-core';
import { describe, expect } from 'vitest';
import { sleep } from './desktop';
import { test } from './fixtures';
import {
  clearClipboard,
  type ExtensionBrowser,
  isPopupTarget,
  openPopup,
  readClipboard,
  screenshot,
} from './harness';
import { apiRequests, type ReferenceServer } from './reference-server';

const ADD = 'POST /api/url/add';
const SHORT_URL = 'input[aria-label="Short URL"]';
const DUPLICATE = 'section[aria-label="Shortened before"]';
/** Long enough for a refresh the popup starts on opening to reach the server, had it sent one. */
const SETTLE_MS = 1_000;

/** Opens a tab on `url`, then the popup over it, and waits until `drawn` (the form) is there. */
async function popupOver(
  ext: ExtensionBrowser,
  url: string,
  drawn = '#long-url',
): Promise<{ page: Page; popup: Page }> {
  const page = await ext.browser.newPage();
  await page.goto(url);
  const popup = await openPopup(page);
  await popup.waitForSelector(drawn, { timeout: 10_000 });
  return { page, popup };
}

/**
 * Waits until the refresh the popup starts on opening has answered: the campaigns it fetches (the
 * seeded "Newsletter" is id 2) are choices in the form. Its requests are then all on the server's log.
 */
async function waitForRefresh(popup: Page): Promise<void> {
  await popup.waitForSelector('#campaign option[value="2"]', { timeout: 10_000 });
}

/** The value of an input or select in the popup. */
function fieldValue(popup: Page, selector: string): Promise<string> {
  return popup.$eval(selector, (el) => (el as HTMLInputElement).value);
}

/** Waits for the created (or reused) short URL to be shown and returns it. */
async function shownShortUrl(popup: Page): Promise<string> {
  await popup.waitForSelector(SHORT_URL, { timeout: 10_000 });
  return fieldValue(popup, SHORT_URL);
}

/** Closes the popup (as clicking elsewhere does) and waits until it is gone. */
async function closePopup(ext: ExtensionBrowser, popup: Page): Promise<void> {
  await popup.close();
  await expect.poll(() => ext.browser.targets().some(isPopupTarget), { timeout: 5_000 }).toBe(false);
}

/** The short URL the reference server gives a link with this alias. */
const shortUrlFor = (server: ReferenceServer, alias: string) => `${server.url}/${alias}`;

describe('the popup over a web page', () => {
  test('shortens the page with alias, campaign, channel and expiry on Enter, and copies the short URL', async ({
    configuredExt: ext,
    referenceServer: server,
    site,
  }) => {
    const pageUrl = site.url('/');
    const { popup } = await popupOver(ext, pageUrl);
    expect(await fieldValue(popup, '#long-url')).toBe(pageUrl);
    await clearClipboard();

    await waitForRefresh(popup);
    await popup.select('#campaign', '2');
    await popup.select('#channel', '1');
    // Focus (not a click, which lands on whichever segment is under the pointer) starts at the first
    // segment. The segments follow the browser's locale; Chromium here runs in en-US (month/day/year).
    await popup.focus('#expiry');
    await popup.keyboard.type('12312030');
    await popup.keyboard.press('Tab');
    await popup.keyboard.type('1159PM');
    expect(await fieldValue(popup, '#expiry'), 'the Expiry field after typing 12/31/2030 11:59 PM').toBe(
      '2030-12-31T23:59',
    );
    await popup.type('#alias', 'spring-news');
    await popup.keyboard.press('Enter');

    const shortUrl = await shownShortUrl(popup);
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
    await popup.click('section[aria-label="Short link"] button');
    await expect.poll(readClipboard, { timeout: 5_000 }).toBe(shortUrl);
    expect(apiRequests(server, ADD)).toHaveLength(1);
  });

  test('refuses an alias with a space at the field, focused, before any request; a refusal focuses the alert', async ({
    configuredExt: ext,
    referenceServer: server,
    site,
  }) => {
    const { popup } = await popupOver(ext, site.url('/'));
    await waitForRefresh(popup);
    await popup.type('#alias', 'frühling 2024');
    await popup.click('button[type="submit"]');

    await popup.waitForSelector('#alias[aria-invalid="true"]', { timeout: 5_000 });
    expect(await popup.$eval('#alias-error', (el) => el.textContent)).toBe(
      'An alias cannot contain spaces, /, ? or #.',
    );
    expect(await popup.evaluate(() => document.activeElement?.id)).toBe('alias');
    await screenshot(popup, 'popup-alias-invalid-en');
    await sleep(SETTLE_MS);
    expect(apiRequests(server, ADD)).toEqual([]);

    // An alias the server refuses (reserved there): its message, with the focus the disabled
    // Shorten button lost.
    await popup.click('#alias', { count: 3 });
    await popup.keyboard.type('api');
    await popup.click('button[type="submit"]');
    await popup.waitForSelector('.alert[role="alert"]', { timeout: 10_000 });
    expect(await popup.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert');
    expect(await fieldValue(popup, '#alias')).toBe('api');
  });

  test('offers the earlier short URL when reopened on the same page: copy it, or create another', async ({
    configuredExt: ext,
    referenceServer: server,
    site,
  }) => {
    const pageUrl = site.url('/');
    let { popup } = await popupOver(ext, pageUrl);
    await waitForRefresh(popup);
    // The Long URL field, holding the page's URL, has the focus: Enter shortens the page as it is.
    expect(await popup.evaluate(() => document.activeElement?.id)).toBe('long-url');
    await popup.keyboard.press('Enter');
    const first = await shownShortUrl(popup);
    await closePopup(ext, popup);

    const before = server.requests.length;
    ({ popup } = await popupOver(ext, pageUrl));
    const offer = await popup.waitForSelector(DUPLICATE, { timeout: 10_000 });
    expect(await offer?.evaluate((el) => el.textContent)).toContain(first);
    await clearClipboard();
    await popup.locator('button::-p-text(Copy existing)').click();
    expect(await shownShortUrl(popup)).toBe(first);
    await expect.poll(readClipboard, { timeout: 5_000 }).toBe(first);
    await sleep(SETTLE_MS);
    expect(server.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    await closePopup(ext, popup);

    ({ popup } = await popupOver(ext, pageUrl));
    await popup.waitForSelector(DUPLICATE, { timeout: 10_000 });
    await clearClipboard();
    await popup.locator('button::-p-text(Create new anyway)').click();
    const second = await shownShortUrl(popup);
    expect(second).not.toBe(first);
    // The clicked button went away with the offer: focus is on the new link's Copy button.
    expect(await popup.evaluate(() => document.activeElement?.textContent)).toBe('Copy');
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
    let { popup } = await popupOver(ext, pageUrl);
    await waitForRefresh(popup);
    await popup.type('#alias', 'recent-check');
    await popup.keyboard.press('Enter');
    const shortUrl = await shownShortUrl(popup);

    // The rows of whichever popup is open now (`popup` is reassigned when it is reopened).
    const rows = () => popup.$$eval('.links li', (items) => items.map((li) => li.textContent ?? ''));
    await expect.poll(async () => (await rows())[0], { timeout: 5_000 }).toContain(shortUrl);
    expect((await rows())[0]).toContain('Sample article');
    // Seeded links are listed too; the search narrows the list down to the new one.
    expect((await rows()).length).toBeGreaterThan(1);
    await popup.type('input[aria-label="Search recent links"]', 'recent-check');
    await expect.poll(rows, { timeout: 5_000 }).toHaveLength(1);
    expect((await rows())[0]).toContain(shortUrl);
    await popup.type('input[aria-label="Search recent links"]', ' nothing-like-this');
    await expect.poll(rows, { timeout: 5_000 }).toHaveLength(0);
    expect(await popup.$eval('.recent', (el) => el.textContent)).toContain('No recent link matches.');
    await closePopup(ext, popup);

    // Links and choices were fetched moments ago: a reopened popup draws them from the cache alone.
    const before = server.requests.length;
    ({ popup } = await popupOver(ext, pageUrl));
    await expect.poll(async () => (await rows()).join('\n'), { timeout: 5_000 }).toContain(shortUrl);
    expect(await popup.$$eval('#campaign option', (options) => options.length)).toBe(3);
    await sleep(SETTLE_MS);
    expect(server.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  test("says a browser page can't be shortened and lets the user paste a URL instead", async ({
    configuredExt: ext,
    referenceServer: server,
  }) => {
    const expectCantShorten = async (popup: Page, url: string) => {
      const notice = await popup.waitForSelector('.notice', { timeout: 5_000 });
      expect(await notice?.evaluate((el) => el.textContent), url).toMatch(/can't be shortened/);
      expect(await fieldValue(popup, '#long-url'), url).toBe('');
    };
    const internal = await popupOver(ext, 'chrome://version/');
    await expectCantShorten(internal.popup, 'chrome://version/');
    await closePopup(ext, internal.popup);

    const { popup } = await popupOver(ext, 'about:blank');
    await expectCantShorten(popup, 'about:blank');
    await popup.type('#long-url', 'https://example.com/pasted');
    await popup.keyboard.press('Enter');
    await shownShortUrl(popup);
    expect(apiRequests(server, ADD).map((r) => (r.body as { url?: string }).url)).toEqual([
      'https://example.com/pasted',
    ]);
  });

  test('asks to connect a server first when nothing is set up, and opens Options', async ({ ext, site }) => {
    const { popup } = await popupOver(ext, site.url('/'), '.connect');
    expect(await popup.$eval('h1', (el) => el.textContent)).toBe('Connect your server first');
    const isOptions = (url: string) => url === `chrome-extension://${ext.extensionId}/options.html`;
    const opened = ext.browser.waitForTarget((t) => isOptions(t.url()), { timeout: 5_000 });
    await popup.locator('button::-p-text(Open Options)').click();
    expect(isOptions((await opened).url())).toBe(true);
  });
});
