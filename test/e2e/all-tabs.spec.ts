/**
 * "Shorten all tabs" through the real background: refused without the optional `tabs` permission,
 * then, once the user allowed it, every web tab of the window is shortened once (cleaned of tracking
 * parameters), the run goes on after the page that asked has closed, and the list lands on the
 * clipboard in the copy format (HTML: as text and as text/html) with a notification. From the real
 * popup, which Chromium closes as its permission dialog opens, Allow alone is enough: the background
 * starts the run when the permission is granted.
 */
import type { Page, WebWorker } from 'puppeteer-core';
import { describe, expect } from 'vitest';
import { type AllTabsResult, allTabsProgressOf } from '@/lib/jobs/all-tabs';
import type { Result } from '@/lib/messaging/protocol';
import { listJobItem } from '@/lib/storage/items';
import { readStorage, recordedNotifications, recordNotifications } from './extension-state';
import { test } from './fixtures';
import {
  allowPermissionDialog,
  clearClipboard,
  type ExtensionBrowser,
  readClipboard,
  readClipboardHtml,
} from './harness';
import { type PageServer, samplePage } from './page-server';
import { PopupPage, popupIsOpen, waitUntilPopupClosed } from './pages/popup';
import { apiRequests } from './reference-server';

type PageChrome = {
  runtime: { sendMessage(message: unknown): Promise<unknown> };
  windows: { getCurrent(): Promise<{ id: number }> };
  permissions: { request(p: { permissions: string[] }): Promise<boolean> };
};
type PageGlobal = { chrome: PageChrome };

/** Sends `shortenAllTabs` for the page's own window, as the popup does; resolves to the reply. */
function shortenAllTabs(page: Page): Promise<Result<AllTabsResult>> {
  return page.evaluate(async () => {
    const { chrome } = globalThis as unknown as PageGlobal;
    const { id } = await chrome.windows.getCurrent();
    return chrome.runtime.sendMessage({ type: 'shortenAllTabs', payload: { windowId: id } });
  }) as Promise<Result<AllTabsResult>>;
}

/** Serves "Page A" at /a and "Page B" at /b, and records the extension's notifications from now on. */
async function servePagesAB(ext: ExtensionBrowser, site: PageServer): Promise<WebWorker> {
  site.setPage('/a', samplePage('Page A'));
  site.setPage('/b', samplePage('Page B'));
  const worker = await ext.serviceWorker();
  await recordNotifications(worker);
  return worker;
}

describe('shorten all tabs of a window', () => {
  test.override({ configOverrides: { behaviour: { stripTracking: true, copyFormat: 'html' } } });

  test('asks for the tabs permission, then shortens each web tab once and copies the list', {
    timeout: 120_000,
  }, async ({ configuredExt: ext, referenceServer: server, site }) => {
    const worker = await servePagesAB(ext, site);
    for (const path of ['/a?utm_source=news', '/b', '/a']) {
      const tab = await ext.browser.newPage();
      await tab.goto(site.url(path));
    }
    // Any page of the extension may ask; Options is one that sends nothing on its own.
    const page = await ext.extensionPage('options.html');

    const refused = await shortenAllTabs(page);
    expect(refused).toMatchObject({ ok: false, error: { kind: 'permission_denied' } });
    expect(refused.ok || refused.error.message).toMatch(/may not read the addresses of your tabs/);
    expect(apiRequests(server, 'POST /api/url/add')).toEqual([]);

    await page.evaluate(() => {
      const button = document.createElement('button');
      button.id = 'e2e-grant-tabs';
      button.textContent = 'Allow';
      button.addEventListener('click', () => {
        void (globalThis as unknown as PageGlobal).chrome.permissions
          .request({ permissions: ['tabs'] })
          .then((granted) => button.setAttribute('data-granted', String(granted)));
      });
      document.body.prepend(button);
    });
    const granted = await allowPermissionDialog(
      async () => {
        await page.click('#e2e-grant-tabs');
        const answer = await page.waitForSelector('#e2e-grant-tabs[data-granted]', { timeout: 15_000 });
        return answer?.evaluate((button) => button.getAttribute('data-granted'));
      },
      { page },
    );
    expect(granted).toBe('true');

    await clearClipboard();
    // The page that asked closes at once, as a popup does when the user clicks elsewhere.
    void shortenAllTabs(page).catch(() => undefined);
    await expect
      .poll(() => apiRequests(server, 'POST /api/url/add').length, { timeout: 10_000 })
      .toBeGreaterThan(0);
    await page.close();

    const finished = async () => {
      const job = listJobItem.read((await readStorage(worker, 'session'))[listJobItem.key]);
      return job && allTabsProgressOf(job).result;
    };
    await expect.poll(finished, { timeout: 20_000 }).toBeDefined();
    const result = (await finished()) as AllTabsResult;

    const adds = apiRequests(server, 'POST /api/url/add').map((r) => (r.body as { url: string }).url);
    expect(adds).toEqual([site.url('/a'), site.url('/b')]);
    expect(result.failures).toEqual([]);
    const short = (url: string) => {
      const link = server.store.links.find((l) => l.longurl === url);
      return link && server.store.shortUrl(link);
    };
    const lines = [
      `<a href="${short(site.url('/a'))}">Page A</a>`,
      `<a href="${short(site.url('/b'))}">Page B</a>`,
    ];
    expect(result.links.map((l) => l.title)).toEqual(['Page A', 'Page B']);
    await expect.poll(readClipboard, { timeout: 10_000 }).toBe(lines.join('\n'));
    expect(await readClipboardHtml()).toContain(lines[0]);
    expect(await readClipboardHtml()).toContain('<br>');
    await expect
      .poll(() => recordedNotifications(worker), { timeout: 5_000 })
      .toEqual([
        expect.objectContaining({
          message: 'Copied the short links of 2 tabs as HTML link, one line per tab.',
        }),
      ]);
  });

  test('from the popup: Allow in the permission dialog shortens and copies, with nothing reopened', {
    timeout: 120_000,
  }, async ({ configuredExt: ext, referenceServer: server, site }) => {
    const worker = await servePagesAB(ext, site);
    await (await ext.browser.newPage()).goto(site.url('/a'));
    const page = await ext.browser.newPage();
    await page.goto(site.url('/b'));
    const popup = await PopupPage.openOn(page, 'allTabs');
    await clearClipboard();

    // Chromium closes the popup as its dialog opens: the popup cannot send anything after Allow.
    await allowPermissionDialog(() => popup.shortenAllTabs());
    await waitUntilPopupClosed(ext.browser);

    const added = () =>
      apiRequests(server, 'POST /api/url/add')
        .map((r) => (r.body as { url: string }).url)
        .sort();
    await expect.poll(added, { timeout: 20_000 }).toEqual([site.url('/a'), site.url('/b')]);
    const short = (url: string) => {
      const link = server.store.links.find((l) => l.longurl === url);
      return link && server.store.shortUrl(link);
    };
    const lines = [
      `<a href="${short(site.url('/a'))}">Page A</a>`,
      `<a href="${short(site.url('/b'))}">Page B</a>`,
    ];
    await expect.poll(readClipboard, { timeout: 10_000 }).toBe(lines.join('\n'));
    await expect
      .poll(() => recordedNotifications(worker), { timeout: 5_000 })
      .toEqual([
        expect.objectContaining({
          message: 'Copied the short links of 2 tabs as HTML link, one line per tab.',
        }),
      ]);
    // Still no popup: the run needed none.
    expect(popupIsOpen(ext.browser)).toBe(false);
  });
});
