/**
 * The `shorten-page` keyboard command: with the page focused, its shortcut shortens the page's address
 * and copies the short URL, without opening the popup or any other page of the extension.
 */
import { describe, expect } from 'vitest';
import { recordedNotifications, recordNotifications } from './extension-state';
import { test } from './fixtures';
import { clearClipboard, isPopupTarget, pressShortcut, readClipboard } from './harness';
import { apiRequests } from './reference-server';

/** What the manifest suggests; extensions loaded from the command line get it only once bound. */
const SHORTCUT = 'Alt+Shift+S';

describe('the shorten-page shortcut', () => {
  test('copies a short URL of the current page without opening the popup', async ({
    configuredExt: ext,
    referenceServer: server,
    site,
  }) => {
    await ext.bindCommand('shorten-page', SHORTCUT);
    const worker = await ext.serviceWorker();
    await recordNotifications(worker);
    const pageUrl = site.url('/');
    const page = await ext.browser.newPage();
    await page.goto(pageUrl);
    await clearClipboard();

    await pressShortcut(page, SHORTCUT.toLowerCase());

    await expect.poll(readClipboard, { timeout: 10_000 }).not.toBe('');
    const adds = apiRequests(server, 'POST /api/url/add');
    expect(adds.map((r) => r.body)).toEqual([{ url: pageUrl, status: 'private' }]);
    const created = server.store.links.find((link) => link.longurl === pageUrl);
    expect(created, 'the link the server created').toBeDefined();
    expect(await readClipboard()).toBe(created && server.store.shortUrl(created));
    await expect
      .poll(() => recordedNotifications(worker), { timeout: 5_000 })
      .toEqual([expect.objectContaining({ message: expect.stringContaining(await readClipboard()) })]);
    expect(ext.browser.targets().filter(isPopupTarget)).toEqual([]);
  });
});

describe('the shorten-page shortcut with URL hygiene and a copy format', () => {
  test.override({
    configOverrides: { behaviour: { preferCanonical: true, stripTracking: true, copyFormat: 'markdown' } },
  });

  test("shortens the page's canonical URL without tracking parameters and copies Markdown", async ({
    configuredExt: ext,
    referenceServer: server,
    site,
  }) => {
    const canonical = site.url('/articles/spring?id=4');
    site.setPage(
      '/amp/spring',
      `<!doctype html><html><head><title>Spring [notes]</title>
       <link rel="canonical" href="/articles/spring?id=4&amp;utm_source=amp"></head><body>Spring</body></html>`,
    );
    await ext.bindCommand('shorten-page', SHORTCUT);
    const page = await ext.browser.newPage();
    await page.goto(site.url('/amp/spring?utm_medium=social'));
    await clearClipboard();

    await pressShortcut(page, SHORTCUT.toLowerCase());

    await expect.poll(readClipboard, { timeout: 10_000 }).not.toBe('');
    // Read through the activeTab grant of the shortcut; the relative href is resolved by the page.
    const adds = apiRequests(server, 'POST /api/url/add');
    expect(adds.map((r) => r.body)).toEqual([{ url: canonical, status: 'private' }]);
    const created = server.store.links.find((link) => link.longurl === canonical);
    expect(await readClipboard()).toBe(`[Spring \\[notes\\]](${created && server.store.shortUrl(created)})`);
  });
});
