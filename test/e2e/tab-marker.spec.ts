/**
 * The tab marker in the real extension: a server that holds well over ten pages of links before the
 * profile is saved; once the local copy has them all and *Mark pages that have a short link* is on
 * (its `tabs` permission allowed in Chromium's dialog), a tab opened at one of the OLDEST links' page
 * shows their count in its badge and tooltip, and the popup there lists them, with no request about
 * them (counted at the reference server).
 */
import type { WebWorker } from 'puppeteer-core';
import { describe, expect } from 'vitest';
import { createLink } from '../server/store';
import { configureExtension } from './configure';
import { test } from './fixtures';
import { allowPermissionDialog } from './harness';
import { samplePage } from './page-server';
import { OptionsPage } from './pages/options';
import { PopupPage } from './pages/popup';

const LINKS = 1_200;

/** What the spec reads in the worker, of Chromium's own `chrome`. */
interface WorkerGlobal {
  chrome: {
    tabs: { query(q: { url: string }): Promise<{ id?: number }[]> };
    action: {
      getBadgeText(d: { tabId: number }): Promise<string>;
      getTitle(d: { tabId: number }): Promise<string>;
    };
  };
}

/** The toolbar button's badge text and tooltip on the tab at `url`, as the worker reads them. */
function markOf(worker: WebWorker, url: string): Promise<[string, string] | null> {
  return worker.evaluate(async (url) => {
    const { chrome } = globalThis as unknown as WorkerGlobal;
    const [tab] = await chrome.tabs.query({ url });
    if (tab?.id === undefined) return null;
    return [
      await chrome.action.getBadgeText({ tabId: tab.id }),
      await chrome.action.getTitle({ tabId: tab.id }),
    ] as [string, string];
  }, url);
}

describe('the tab marker', () => {
  test('marks a tab at one of the oldest links’ pages, and its popup lists them, with no request', {
    timeout: 120_000,
  }, async ({ ext, referenceServer: server, site }) => {
    // A plan with room for the whole sync in one window, so the spec does not wait a minute per 10 pages.
    server.setRateLimit(3_000);
    site.setPage('/oldest', samplePage('The oldest page'));
    const oldest = site.url('/oldest');
    const base = Date.UTC(2029, 0, 1);
    server.store.links = Array.from({ length: LINKS }, (_, i) =>
      createLink({
        id: 20_000 + i,
        alias: i < 2 ? `oldest-${i}` : `m${i}`,
        // The two oldest links lead to one page, the second with a fragment: the same page.
        longurl: i === 0 ? oldest : i === 1 ? `${oldest}#top` : `https://archive.example/${i}`,
        title: `Archived ${i}`,
        date: new Date(base + i * 60_000).toISOString().replace('T', ' ').slice(0, 19),
      }),
    );
    const worker = await ext.serviceWorker();
    await configureExtension(worker, {
      serverUrl: server.url,
      apiKey: server.apiKey,
      behaviour: { mirror: true },
    });
    const options = await OptionsPage.open(ext);
    await options.syncMirrorToEnd();
    await allowPermissionDialog(
      async () => {
        await options.toggleMarkPages();
        await expect.poll(() => options.markPages(), { timeout: 15_000 }).toBe(true);
      },
      { page: options.page },
    );

    const before = server.requests.length;
    const tab = await ext.browser.newPage();
    await tab.goto(oldest);
    await expect
      .poll(() => markOf(worker, oldest), { timeout: 10_000 })
      .toEqual(['2', '2 short links for this page']);
    expect(server.requests.slice(before), 'requests for the marked page').toEqual([]);

    const popup = await PopupPage.openOn(tab);
    await popup.waitForRefresh();
    const text = await popup.page.$eval('main', (main) => main.textContent ?? '');
    expect(text).toContain('This page has 2 short links:');
    expect(text).toContain(`${server.url}/oldest-0`);
    expect(text).toContain(`${server.url}/oldest-1`);
    // The popup's refresh reads the newest page, as on any opening; nothing asks about this page's links.
    const asked = server.requests.slice(before);
    expect(asked.filter((r) => r.method !== 'GET' || r.path !== '/api/urls')).toEqual([]);
    expect(asked.filter((r) => (r.query.page ?? '1') !== '1')).toEqual([]);

    // The tab goes on to a page without links: its own badge and tooltip go.
    await popup.close();
    await tab.goto(site.url('/'));
    await expect.poll(() => markOf(worker, site.url('/')), { timeout: 10_000 }).toEqual(['', 'Shortlink']);
  });
});
