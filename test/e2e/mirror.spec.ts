/**
 * The local copy of every link (the mirror) in the real extension: a server that holds well over ten
 * pages of links before the profile is saved; *Sync now* in Options copies them all, and the popup's
 * search, the address-bar keyword and the management page's search then find one of the oldest links
 * without asking the server.
 */
import { describe, expect } from 'vitest';
import { createLink } from '../server/store';
import { configureExtension } from './configure';
import { test } from './fixtures';
import { AddressBar } from './pages/address-bar';
import { ManagePage } from './pages/manage';
import { OptionsPage } from './pages/options';
import { PopupPage } from './pages/popup';

const LINKS = 1_250;

describe('the local copy of every link', () => {
  test('copies every page of the server’s links; the popup, the keyword and the management page find the oldest one offline', async ({
    ext,
    referenceServer: server,
    site,
  }) => {
    // A plan with room for the whole sync in one window, so the spec does not wait a minute per 10 pages.
    server.setRateLimit(3_000);
    const base = Date.UTC(2029, 0, 1);
    server.store.links = Array.from({ length: LINKS }, (_, i) =>
      createLink({
        id: 10_000 + i,
        alias: i === 0 ? 'oldest-mirrored' : `m${i}`,
        longurl: `https://archive.example/${i}`,
        title: i === 0 ? 'The oldest mirrored page' : `Archived ${i}`,
        date: new Date(base + i * 60_000).toISOString().replace('T', ' ').slice(0, 19),
      }),
    );
    await configureExtension(await ext.serviceWorker(), {
      serverUrl: server.url,
      apiKey: server.apiKey,
      behaviour: { mirror: true },
    });

    const options = await OptionsPage.open(ext);
    await expect.poll(() => options.mirrorText(), { timeout: 10_000 }).toContain('Sync now');
    await options.syncMirrorNow();
    await expect
      .poll(() => options.mirrorText(), { timeout: 45_000, interval: 500 })
      .toMatch(/Up to date as of/);
    expect(await options.mirrorText()).toContain(`${LINKS.toLocaleString('en')} links`);
    const pages = server.requests.filter(
      (r) => r.method === 'GET' && r.path === '/api/urls' && r.query.limit === '100',
    );
    expect(pages.map((r) => r.query.page)).toEqual(
      Array.from({ length: Math.ceil(LINKS / 100) }, (_, i) => String(i + 1)),
    );

    const popup = await PopupPage.over(ext, site.url('/'));
    await popup.waitForRefresh();
    const before = server.requests.length;
    await popup.searchRecent('oldest-mirrored');
    await expect.poll(() => popup.recentRows(), { timeout: 5_000 }).toHaveLength(1);
    expect((await popup.recentRows())[0]).toContain('The oldest mirrored page');
    expect(server.requests.slice(before).filter((r) => r.path === '/api/urls')).toEqual([]);

    // The address-bar keyword, a word of its title: the oldest link is what Enter copies.
    const oldest = server.store.links.find((link) => link.alias === 'oldest-mirrored')!;
    const oldestShortUrl = server.store.shortUrl(oldest);
    const worker = await ext.serviceWorker();
    const tab = await ext.browser.newPage();
    await tab.goto(site.url('/'));
    const bar = await AddressBar.watch(tab, worker);
    const { rows } = await bar.type('oldest', oldestShortUrl);
    expect(rows).toEqual([oldestShortUrl]);

    // The management page filters the mirror as the user types: no `q` search reaches the server.
    const manage = await ManagePage.open(ext, 'links');
    await manage.waitForRows();
    await manage.fill('Search links', 'oldest mirrored');
    await manage.waitForRowCount(1);
    await manage.waitForFirstRow('The oldest mirrored page');
    expect(server.requests.slice(before).filter((r) => r.query.q !== undefined)).toEqual([]);
  });
});
