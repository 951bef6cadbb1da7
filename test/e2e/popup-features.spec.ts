/**
 * The popup's newer parts, opened for real over pages of the local site: the start URL cleaned of
 * tracking parameters and replaced by the page's canonical URL (read from the tab after the form is
 * drawn), copying in the format of the settings and once in another, and "Shorten all tabs" from its
 * button, asking for the tabs permission in the click.
 */
import type { Page } from 'puppeteer-core';
import { describe, expect } from 'vitest';
import { test } from './fixtures';
import {
  allowPermissionDialog,
  clearClipboard,
  type ExtensionBrowser,
  isPopupTarget,
  openPopup,
  readClipboard,
  readClipboardHtml,
  screenshot,
} from './harness';
import { samplePage } from './page-server';
import { apiRequests } from './reference-server';

const SHORT_URL = 'input[aria-label="Short URL"]';
const ADD = 'POST /api/url/add';

/** A page declaring `canonical` (relative or absolute) as its canonical URL. */
function canonicalPage(title: string, canonical: string): string {
  return samplePage(title).replace('</head>', `<link rel="canonical" href="${canonical}"></head>`);
}

/** Opens a tab on `url`, then the popup over it, and waits for the form. */
async function popupOver(ext: ExtensionBrowser, url: string): Promise<Page> {
  const page = await ext.browser.newPage();
  await page.goto(url);
  const popup = await openPopup(page);
  await popup.waitForSelector('#long-url', { timeout: 10_000 });
  return popup;
}

const longUrl = (popup: Page) => popup.$eval('#long-url', (el) => (el as HTMLInputElement).value);
const text = (popup: Page, selector: string) =>
  popup.$eval(selector, (el) => el.textContent ?? '').catch(() => null);

describe('the start URL, cleaned and canonical', () => {
  test.override({ configOverrides: { behaviour: { stripTracking: true, preferCanonical: true } } });

  test('starts without tracking parameters, then takes the canonical URL; Undo steps back to the cleaned, then the raw tab URL', async ({
    configuredExt: ext,
    site,
  }) => {
    site.setPage('/article', canonicalPage('Article', '/articles/7?utm_medium=feed'));
    const tabUrl = site.url('/article?id=7&utm_source=news&fbclid=abc');
    const popup = await popupOver(ext, tabUrl);

    await expect.poll(() => longUrl(popup), { timeout: 5_000 }).toBe(site.url('/articles/7'));
    expect(await text(popup, '.notice')).toContain('Using the page’s canonical URL');
    await screenshot(popup, 'popup-canonical-en');

    // Tracking parameters stay removed: Undo of the canonical URL gives the cleaned tab URL.
    await popup.click('.notice button');
    expect(await longUrl(popup)).toBe(site.url('/article?id=7'));
    expect(await text(popup, '.notice')).toContain('Tracking parameters removed');
    await popup.click('.notice button');
    expect(await longUrl(popup)).toBe(tabUrl);
    expect(await text(popup, '.notice')).toBeNull();
  });

  test('keeps the cleaned tab URL on a page without a canonical URL', async ({
    configuredExt: ext,
    site,
  }) => {
    const popup = await popupOver(ext, site.url('/?utm_campaign=spring'));
    expect(await longUrl(popup)).toBe(site.url('/'));
    expect(await text(popup, '.notice')).toContain('Tracking parameters removed');
    // Long enough for the page's answer, had it declared one.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await longUrl(popup)).toBe(site.url('/'));
  });
});

describe('copy formats', () => {
  test.override({ configOverrides: { behaviour: { copyFormat: 'markdown' } } });

  test('copies in the settings’ format, and once as HTML (markup and rich text) from "Copy as…"', async ({
    configuredExt: ext,
    referenceServer: server,
    site,
  }) => {
    site.setPage('/fish', samplePage('Fish & chips'));
    const popup = await popupOver(ext, site.url('/fish'));
    await clearClipboard();
    await popup.click('form.shorten button[type="submit"]');
    await popup.waitForSelector(SHORT_URL, { timeout: 10_000 });
    const shortUrl = await popup.$eval(SHORT_URL, (el) => (el as HTMLInputElement).value);
    expect(apiRequests(server, ADD)).toHaveLength(1);

    await expect.poll(readClipboard, { timeout: 5_000 }).toBe(`[Fish & chips](${shortUrl})`);
    expect(await text(popup, '.result .ok')).toBe('✓ Copied as Markdown link');

    await popup.select('select[aria-label="Copy as…"]', 'html');
    const markup = `<a href="${shortUrl}">Fish &amp; chips</a>`;
    await expect.poll(readClipboard, { timeout: 5_000 }).toBe(markup);
    expect(await readClipboardHtml()).toContain(markup);
    expect(await text(popup, '.result .ok')).toBe('✓ Copied as HTML link');
    await screenshot(popup, 'popup-result-en');
  });
});

describe('Shorten all tabs from the popup', () => {
  test('asks for the tabs permission; the popup opened next goes on, shows the result and copies the list', {
    timeout: 120_000,
  }, async ({ configuredExt: ext, referenceServer: server, site }) => {
    site.setPage('/a', samplePage('Page A'));
    site.setPage('/b', samplePage('Page B'));
    await (await ext.browser.newPage()).goto(site.url('/a'));
    const page = await ext.browser.newPage();
    await page.goto(site.url('/b'));
    let popup = await openPopup(page);
    await popup.waitForSelector('button.all-tabs', { timeout: 10_000 });
    await clearClipboard();

    // Chromium closes the popup as its permission dialog opens (no page to wait on, then).
    await allowPermissionDialog(() => popup.click('button.all-tabs'));
    await expect.poll(() => ext.browser.targets().some(isPopupTarget), { timeout: 5_000 }).toBe(false);

    popup = await openPopup(page);
    const report = '.card[role="status"]';
    await popup.waitForFunction(
      (selector) => /copied/.test(document.querySelector(selector)?.textContent ?? ''),
      {
        timeout: 30_000,
      },
      report,
    );
    expect(await text(popup, report)).toContain('2 links copied to the clipboard.');
    const added = apiRequests(server, ADD).map((request) => (request.body as { url: string }).url);
    expect(added.sort()).toEqual([site.url('/a'), site.url('/b')]);
    // One short URL a line, in the plain format of the settings.
    const lines = (await readClipboard()).split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.startsWith(`${server.url}/`), line).toBe(true);
    await screenshot(popup, 'popup-all-tabs-en');

    // The request was taken up once: the next popup starts nothing.
    await popup.close();
    popup = await openPopup(page);
    await popup.waitForSelector('#long-url', { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await text(popup, report)).toBeNull();
    expect(apiRequests(server, ADD)).toHaveLength(2);
  });
});
