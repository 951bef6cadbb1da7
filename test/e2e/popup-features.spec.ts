/**
 * The popup's newer parts, opened for real over pages of the local site: the start URL cleaned of
 * tracking parameters and replaced by the page's canonical URL (read from the tab after the form is
 * drawn), copying in the format of the settings and once in another, and "Shorten all tabs" from its
 * button, asking for the tabs permission in the click.
 */
import { describe, expect } from 'vitest';
import { createLink } from '../server/store';
import { test } from './fixtures';
import {
  allowPermissionDialog,
  clearClipboard,
  readClipboard,
  readClipboardHtml,
  screenshot,
} from './harness';
import { samplePage } from './page-server';
import { PopupPage, waitUntilPopupClosed } from './pages/popup';
import { apiRequests, waitForQuiet } from './reference-server';

const ADD = 'POST /api/url/add';

/** A page declaring `canonical` (relative or absolute) as its canonical URL. */
function canonicalPage(title: string, canonical: string): string {
  return samplePage(title).replace('</head>', `<link rel="canonical" href="${canonical}"></head>`);
}

describe('the start URL, cleaned and canonical', () => {
  test.override({ configOverrides: { behaviour: { stripTracking: true, preferCanonical: true } } });

  test('starts without tracking parameters, then takes the canonical URL; Undo steps back to the cleaned, then the raw tab URL', async ({
    configuredExt: ext,
    site,
  }) => {
    site.setPage('/article', canonicalPage('Article', '/articles/7?utm_medium=feed'));
    const tabUrl = site.url('/article?id=7&utm_source=news&fbclid=abc');
    const popup = await PopupPage.over(ext, tabUrl);

    await expect.poll(() => popup.value('longUrl'), { timeout: 5_000 }).toBe(site.url('/articles/7'));
    expect(await popup.notice()).toContain('Using the page’s canonical URL');
    await screenshot(popup.page, 'popup-canonical-en');

    // Tracking parameters stay removed: Undo of the canonical URL gives the cleaned tab URL.
    await popup.undoNotice();
    expect(await popup.value('longUrl')).toBe(site.url('/article?id=7'));
    expect(await popup.notice()).toContain('Tracking parameters removed');
    await popup.undoNotice();
    expect(await popup.value('longUrl')).toBe(tabUrl);
    expect(await popup.notice()).toBeNull();
  });

  test('keeps the cleaned tab URL on a page without a canonical URL', async ({
    configuredExt: ext,
    site,
  }) => {
    const popup = await PopupPage.over(ext, site.url('/?utm_campaign=spring'));
    expect(await popup.value('longUrl')).toBe(site.url('/'));
    expect(await popup.notice()).toContain('Tracking parameters removed');
    // Long enough for the page's answer, had it declared one.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await popup.value('longUrl')).toBe(site.url('/'));
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
    const popup = await PopupPage.over(ext, site.url('/fish'));
    await clearClipboard();
    await popup.shorten();
    const shortUrl = await popup.shortUrl();
    expect(apiRequests(server, ADD)).toHaveLength(1);

    await expect.poll(readClipboard, { timeout: 5_000 }).toBe(`[Fish & chips](${shortUrl})`);
    expect(await popup.resultMessage()).toBe('✓ Copied as Markdown link');

    await popup.copyAs('html');
    const markup = `<a href="${shortUrl}">Fish &amp; chips</a>`;
    await expect.poll(readClipboard, { timeout: 5_000 }).toBe(markup);
    expect(await readClipboardHtml()).toContain(markup);
    expect(await popup.resultMessage()).toBe('✓ Copied as HTML link');
    await screenshot(popup.page, 'popup-result-en');
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
    let popup = await PopupPage.openOn(page, 'allTabs');
    await clearClipboard();

    // Chromium closes the popup as its permission dialog opens (no page to wait on, then).
    await allowPermissionDialog(() => popup.shortenAllTabs());
    await waitUntilPopupClosed(ext.browser);

    popup = await PopupPage.openOn(page, 'opened');
    await popup.waitForAllTabsReport(/copied/);
    expect(await popup.allTabsReport()).toContain('2 links copied to the clipboard.');
    const added = apiRequests(server, ADD).map((request) => (request.body as { url: string }).url);
    expect(added.sort()).toEqual([site.url('/a'), site.url('/b')]);
    // One short URL a line, in the plain format of the settings.
    const lines = (await readClipboard()).split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.startsWith(`${server.url}/`), line).toBe(true);
    await screenshot(popup.page, 'popup-all-tabs-en');

    // The request was taken up once: the next popup starts nothing.
    await popup.page.close();
    popup = await popup.reopen();
    await waitForQuiet(server);
    expect(await popup.allTabsReport()).toBeNull();
    expect(apiRequests(server, ADD)).toHaveLength(2);
  });
});

describe('the recent list', () => {
  test('uses the popup’s height: several rows whatever else is open, only the list scrolls, the header stays', async ({
    configuredExt: ext,
    referenceServer: server,
    site,
  }) => {
    for (let i = 0; i < 30; i++) {
      server.store.links.push(
        createLink({
          id: 1000 + i,
          alias: `row-${i}`,
          longurl: `https://example.com/articles/${i}`,
          title: `Article ${i}`,
          date: `2026-11-${String((i % 28) + 1).padStart(2, '0')} 10:00:00`,
        }),
      );
    }
    const popup = await PopupPage.over(ext, site.url('/'), 'refreshed');
    await expect
      .poll(async () => (await popup.recentLayout()).rowsInView, { timeout: 5_000 })
      .toBeGreaterThan(0);

    // Grown to the browser's limit; the form fits, and the list shows four rows and scrolls itself.
    const plain = await popup.recentLayout();
    expect(plain).toMatchObject({ height: 600, scrolls: false, headerInView: true });
    expect(plain.rowsInView).toBeGreaterThanOrEqual(4);
    await screenshot(popup.page, 'popup-recent-plain');

    // More options makes the popup scroll: the list keeps its rows below it, under the header.
    await popup.openMoreOptions();
    await popup.waitForMoreOptions();
    await popup.scrollTo('end');
    const more = await popup.recentLayout();
    expect(more).toMatchObject({ scrolls: true, headerInView: true });
    expect(more.rowsInView).toBeGreaterThanOrEqual(3);
    await screenshot(popup.page, 'popup-recent-more-options');
  });
});
