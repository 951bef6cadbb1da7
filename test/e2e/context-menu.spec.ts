/**
 * "Shorten link" from the page's real context menu: the short URL of the link's target lands on the
 * clipboard without any page of the extension opening; a server failure is told by a notification
 * and the toolbar badge, and leaves the clipboard alone.
 *
 * On a link the extension has two items (Shorten link, Shorten with options…), so Chromium groups
 * them in a submenu named after the extension, just above Inspect: Up Up selects the submenu, Right
 * opens it on its first item, Shorten link.
 */
import type { WebWorker } from 'puppeteer-core';
import { describe, expect } from 'vitest';
import { xdotool } from './desktop';
import {
  badgeText,
  recordedNotifications,
  recordNotifications,
  shownNotificationIds,
  waitForMenuItem,
} from './extension-state';
import { test } from './fixtures';
import {
  clearClipboard,
  type ExtensionBrowser,
  isPopupTarget,
  pickContextMenuItem,
  readClipboard,
  rightClickAt,
  screenPointOf,
  writeClipboard,
} from './harness';
import { apiRequests, type ReferenceServer } from './reference-server';

const ADD = 'POST /api/url/add';
/** The target of `#docs-link` on the sample page. */
const DOCS_URL = 'https://example.com/docs/getting-started?ref=sample';
const SHORTEN_LINK_KEYS = ['Up', 'Up', 'Right', 'Return'];
/** The id entrypoints/background/menus.ts gives the Shorten link item. */
const SHORTEN_LINK_ITEM = 'shorten-link';

/** Right-clicks a link (`#docs-link` on the sample page) and chooses Shortlink › Shorten link. */
async function shortenDocsLink(
  ext: ExtensionBrowser,
  pageUrl: string,
  selector = '#docs-link',
): Promise<WebWorker> {
  const worker = await ext.serviceWorker();
  await waitForMenuItem(worker, SHORTEN_LINK_ITEM);
  await recordNotifications(worker);
  const page = await ext.browser.newPage();
  await page.goto(pageUrl);
  // xdotool's `mousemove --sync` waits for the pointer to move: it must not already be on the link,
  // as it is after an earlier test right-clicked the same spot.
  const away = await screenPointOf(page, 'h1');
  await xdotool('mousemove', '--sync', String(away.x), String(away.y));
  const menu = await rightClickAt(page, selector);
  await pickContextMenuItem(SHORTEN_LINK_KEYS, menu);
  return worker;
}

describe('Shorten link in the context menu', () => {
  test("copies the short URL of the link's target", async ({
    configuredExt: ext,
    referenceServer: server,
    site,
  }) => {
    await clearClipboard();
    const worker = await shortenDocsLink(ext, site.url('/'));

    await expect.poll(readClipboard, { timeout: 10_000 }).not.toBe('');
    const adds = apiRequests(server, ADD);
    expect(adds.map((r) => r.body)).toEqual([{ url: DOCS_URL, status: 'private' }]);
    expect(adds[0]?.headers.authorization).toBe(`Bearer ${server.apiKey}`);
    const created = server.store.links.find((link) => link.longurl === DOCS_URL);
    expect(created, 'the link the server created').toBeDefined();
    expect(await readClipboard()).toBe(created && server.store.shortUrl(created));
    await expect
      .poll(() => recordedNotifications(worker), { timeout: 5_000 })
      .toEqual([expect.objectContaining({ message: expect.stringContaining(await readClipboard()) })]);
    // It happened in the background: no popup or form window opened.
    expect(ext.browser.targets().filter(isPopupTarget)).toEqual([]);
  });

  test('queues the link when the server fails, says so by notification and badge, and leaves the clipboard alone', async ({
    configuredExt: ext,
    referenceServer: server,
    site,
  }) => {
    server.setFault({ kind: 'status', status: 500, match: ADD });
    await writeClipboard('copied earlier');
    const worker = await shortenDocsLink(ext, site.url('/'));

    await expect
      .poll(() => recordedNotifications(worker), { timeout: 10_000 })
      .toEqual([
        {
          id: expect.any(String),
          title: 'Link queued',
          // A 500 may have made the link: the entry looks on the server first, and says so.
          message: 'No clear answer from the server. The link waits in the queue and will not be made twice.',
        },
      ]);
    const [notification] = await recordedNotifications(worker);
    expect(await shownNotificationIds(worker)).toContain(notification?.id);
    // The number of links waiting in the queue.
    expect(await badgeText(worker)).toBe('1');
    expect(apiRequests(server, ADD).map((r) => r.body)).toEqual([{ url: DOCS_URL, status: 'private' }]);
    expect(await readClipboard()).toBe('copied earlier');
  });
});

describe('Shorten link in a copy format that shows a title', () => {
  test.override({ configOverrides: { behaviour: { copyFormat: 'markdown' } } });

  /** The short URL the server made for the docs link, once the clipboard has changed. */
  async function docsShortUrl(server: ReferenceServer): Promise<string | undefined> {
    await expect.poll(readClipboard, { timeout: 10_000 }).not.toBe('');
    const created = server.store.links.find((link) => link.longurl === DOCS_URL);
    return created && server.store.shortUrl(created);
  }

  test("titles the copy with the link's text, read from the page (Chromium gives none)", async ({
    configuredExt: ext,
    referenceServer: server,
    site,
  }) => {
    await clearClipboard();
    await shortenDocsLink(ext, site.url('/'));

    const shortUrl = await docsShortUrl(server);
    expect(shortUrl, 'the link the server created').toBeDefined();
    expect(await readClipboard()).toBe(`[the getting-started guide](${shortUrl})`);
  });

  test('takes the text of the link right-clicked among links to the same address', async ({
    configuredExt: ext,
    referenceServer: server,
    site,
  }) => {
    site.setPage(
      '/two-links',
      `<!doctype html><html><head><title>Two links</title></head><body style="font-size: 20px">
       <h1>Two links</h1>
       <p>Read <a id="first" href="${DOCS_URL}">the first mention</a>.</p>
       <p>Or read <a id="second" href="${DOCS_URL}"><span>the  second</span>
         mention</a> again.</p></body></html>`,
    );
    await clearClipboard();
    await shortenDocsLink(ext, site.url('/two-links'), '#second');

    const shortUrl = await docsShortUrl(server);
    expect(shortUrl, 'the link the server created').toBeDefined();
    expect(await readClipboard()).toBe(`[the second mention](${shortUrl})`);
  });
});
