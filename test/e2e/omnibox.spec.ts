/**
 * The address bar's keyword `sl` in real Chromium, typed with real key presses: `sl <url>` shortens
 * and copies (one link, however often it is entered), a picked suggestion's short URL is copied (or,
 * with Alt+Enter, its long URL opened), and `sl` alone shortens the current tab.
 */
import { describe, expect } from 'vitest';
import { recordedNotifications, recordNotifications } from './extension-state';
import { test } from './fixtures';
import { clearClipboard, readClipboard } from './harness';
import { AddressBar } from './pages/address-bar';
import { apiRequests } from './reference-server';

describe('the address-bar keyword', () => {
  test('sl <url> shortens the address once and copies it; typing sends nothing', async ({
    configuredExt: ext,
    referenceServer: server,
    site,
  }) => {
    const worker = await ext.serviceWorker();
    await recordNotifications(worker);
    const page = await ext.browser.newPage();
    await page.goto(site.url('/'));
    const bar = await AddressBar.watch(page, worker);
    // `&` and `'` must reach Chromium's XML rows escaped, or it refuses them.
    const target = site.url("/articles/omnibox?id=1&tab='notes'");
    const requestsBefore = server.requests.length;

    await clearClipboard();
    await bar.type(target, target.replace(/&/g, '&#38;').replace(/'/g, '&#39;'));
    // Each keystroke was answered from the cache alone.
    expect(server.requests.length).toBe(requestsBefore);
    await bar.pick();

    await expect.poll(readClipboard, { timeout: 10_000 }).not.toBe('');
    const adds = apiRequests(server, 'POST /api/url/add');
    expect(adds.map((r) => (r.body as { url: string }).url)).toEqual([target]);
    const created = server.store.links.find((link) => link.longurl === target);
    const shortUrl = created && server.store.shortUrl(created);
    expect(await readClipboard()).toBe(shortUrl);
    await expect
      .poll(() => recordedNotifications(worker), { timeout: 5_000 })
      .toEqual([expect.objectContaining({ message: `Short URL copied: ${shortUrl}` })]);

    // The same address again: the link made before is copied, nothing is created.
    await clearClipboard();
    await bar.type(target, target.replace(/&/g, '&#38;').replace(/'/g, '&#39;'));
    await bar.pick();
    await expect.poll(readClipboard, { timeout: 10_000 }).toBe(shortUrl);
    expect(apiRequests(server, 'POST /api/url/add')).toHaveLength(1);
  });

  test("a picked suggestion's short URL is copied; Alt+Enter opens its long URL", async ({
    configuredExt: ext,
    referenceServer: server,
    site,
  }) => {
    const worker = await ext.serviceWorker();
    const page = await ext.browser.newPage();
    await page.goto(site.url('/'));
    const bar = await AddressBar.watch(page, worker);
    const alpha = site.url('/launch/alpha-plan');
    const beta = site.url('/launch/beta-plan');
    for (const url of [alpha, beta]) {
      await clearClipboard();
      await bar.type(url, url);
      await bar.pick();
      await expect.poll(readClipboard, { timeout: 10_000 }).not.toBe('');
    }
    const shortUrlOf = (url: string) => {
      const link = server.store.links.find((l) => l.longurl === url);
      return link && server.store.shortUrl(link);
    };
    const posts = apiRequests(server, 'POST /api/url/add').length;

    // Both match; the newest (beta) is the first suggestion, alpha the second.
    await clearClipboard();
    const { rows } = await bar.type('launch plan', shortUrlOf(beta));
    expect(rows).toEqual([shortUrlOf(beta), shortUrlOf(alpha)]);
    await bar.pick(2);

    await expect.poll(readClipboard, { timeout: 10_000 }).toBe(shortUrlOf(alpha));
    expect(apiRequests(server, 'POST /api/url/add')).toHaveLength(posts);

    // Alt+Enter on the same row opens its long URL in a new tab instead.
    await bar.type('launch plan', shortUrlOf(beta));
    await bar.pick(2, { newTab: true });
    const opened = await ext.browser.waitForTarget((t) => t.url() === alpha, { timeout: 10_000 });
    expect(opened.type()).toBe('page');
    expect(apiRequests(server, 'POST /api/url/add')).toHaveLength(posts);
  });

  test('sl with nothing after it and Enter shortens the current tab', async ({
    configuredExt: ext,
    referenceServer: server,
    site,
  }) => {
    const worker = await ext.serviceWorker();
    const page = await ext.browser.newPage();
    const pageUrl = site.url('/');
    await page.goto(pageUrl);
    const bar = await AddressBar.watch(page, worker);
    await clearClipboard();

    // Chromium tells the extension nothing for `sl` and one space (keyword mode, empty): Enter there
    // reaches no extension. One more space starts the keyword's input, blank, which Enter then sends.
    await bar.type(' ', 'shorten the current tab');
    await bar.pick();

    await expect.poll(readClipboard, { timeout: 10_000 }).not.toBe('');
    const adds = apiRequests(server, 'POST /api/url/add');
    expect(adds.map((r) => (r.body as { url: string }).url)).toEqual([pageUrl]);
    const created = server.store.links.find((link) => link.longurl === pageUrl);
    expect(await readClipboard()).toBe(created && server.store.shortUrl(created));
  });
});
