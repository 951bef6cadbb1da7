/**
 * `npm run screenshots`: renders the README's screenshots into docs/screenshots/ from a fresh build of
 * the extension, in real Chromium, against the reference server and its seeded data:
 *
 *   popup-shortened.png   the popup after shortening a page (alias, campaign, channel)
 *   popup-qr.png          the same result with its QR code shown (size, margin, copy and downloads)
 *   popup-duplicate.png   the popup reopened on that page, offering the short URL made before
 *   popup-dark.png        the same popup in the dark theme
 *   popup-existing.png    "Create new anyway" answered by a server that returned the link it had
 *   popup-share.png       the result's share links (Email, X, LinkedIn, Facebook, WhatsApp, …)
 *   popup-qr-branded.png  the result's QR code in brand colours with a centre logo
 *   popup-several.png     three URLs pasted at once: the list, a link made before offered for reuse
 *   popup-several-done.png   the list shortened: each row's short URL and Copy, the block copied
 *   popup-unwrapped.png   a pasted Outlook Safe Link, unwrapped, with Undo
 *   popup-de.png          the popup in German, with tracking parameters removed from the URL
 *   popup-ar.png, popup-ja.png   the popup in Arabic (right to left) and in Japanese, after a shorten
 *   options.png           Options with the server connected
 *   options-mirror.png    Options' card of the local copy of every link, after Sync now
 *   manage-links.png      the management page's list of links
 *   manage-link.png       one link's details and statistics
 *   clicks-chart.png      one link's clicks per day, from a month of seeded history, and Watch
 *   manage-expiring.png   the links list's links expiring within 7 days, with Extend
 *   popup-watched.png     the popup with its watched links and their new clicks
 *   sidepanel-<width>-<theme>.png  the side panel beside that page, 320 and 480 px wide, light and dark
 *   manage-bulk.png       Bulk create's preview of a pasted CSV fanned out by two UTM presets
 *   manage-bulk-results.png   the job finished: its counts and results
 *   manage-import.png     a Shlink export in Bulk create's preview: the old links, a domain matched,
 *                         an alias the server already has given a suffix
 *   manage-import-results.png   the import finished, with its redirect map to download
 *   manage-import-mapping.png   a file of unknown columns: the column-mapping step, guessed
 *   popup-page-links.png  the popup on a page with three links made before (two with UTM presets): each listed, with Copy
 *
 * `npm run screenshots -- bulk import` takes only the groups named (popup, anything, options,
 * manage, sidepanel, bulk, import, page-links, languages).
 *
 * Each PNG is cropped to its content. Needs Chromium and an X display; without DISPLAY it runs
 * itself again under Xvfb (scripts/with-display.sh). PORT (default 8787) is the reference server's
 * port, which appears in the short URLs; a free port is used when it is taken.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { toApiDateTime } from '../lib/dates';
import { encodeClickPoints } from '../lib/links/clicks';
import { ensureExtensionBuilt, ROOT } from '../test/e2e/build';
import { configureExtension } from '../test/e2e/configure';
import { readStorage, writeLocalStorage } from '../test/e2e/extension-state';
import {
  allowPermissionDialog,
  CHROMIUM_PATH,
  type ExtensionBrowser,
  isSidePanelTarget,
  launchBrowser,
  openPopup,
} from '../test/e2e/harness';
import { type PageServer, startPageServer } from '../test/e2e/page-server';
import { type ReferenceServer, startReference } from '../test/e2e/reference-server';
import { createLink } from '../test/server/store';

const OUT_DIR = join(ROOT, 'docs', 'screenshots');
/** The groups of shots asked for on the command line; none: all. */
const groups = process.argv.slice(2);
const wanted = (group: string) => groups.length === 0 || groups.includes(group);
const port = Number(process.env.PORT ?? 8787);

/** The page the popup shortens: served locally, shown under this address (see --host-resolver-rules). */
const ARTICLE_HOST = 'blog.example.com';
const ARTICLE_PATH = '/2026/naming-short-links';
const ARTICLE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>How we name our short links</title></head>
<body style="font: 16px/1.5 sans-serif; max-width: 40em; margin: 2em auto">
  <h1>How we name our short links</h1>
  <p>Short, readable aliases that say where a link goes.</p>
</body>
</html>`;

/** A second page, where links are pasted: a pasted draft there leaves the article's popup as it was. */
const WEEKLY_PATH = '/2026/links-of-the-week';
const WEEKLY = ARTICLE.replaceAll('How we name our short links', 'Links of the week');

/** A page shared three times before (two campaigns and a plain link): the popup lists them all. */
const LAUNCH_PATH = '/2026/launch-notes';
const LAUNCH = ARTICLE.replaceAll('How we name our short links', 'Launch notes');

/** Runs this script again through scripts/with-display.sh (Xvfb) and exits with its status. */
function rerunWithDisplay(): void {
  const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');
  const child = spawn(
    'bash',
    [join(ROOT, 'scripts', 'with-display.sh'), tsx, join(ROOT, 'scripts', 'screenshots.ts'), ...groups],
    { stdio: 'inherit' },
  );
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

/** Saves a PNG of `element` alone (its box, nothing around it) and prints where it went. */
async function capture(element: ElementHandle, name: string): Promise<void> {
  const path = join(OUT_DIR, `${name}.png`) as `${string}.png`;
  await element.screenshot({ path });
  console.log(`  ${relative(ROOT, path)}  (${Math.round(statSync(path).size / 1024)} KB)`);
}

/**
 * Saves a PNG of the top of `page` down to the bottom of `lastSelector`, plus a margin narrower than
 * the gap to the next card: long pages end where the part worth showing ends. Across the whole
 * width, or across `areaSelector`'s box when given.
 */
async function captureTop(
  page: Page,
  lastSelector: string,
  name: string,
  areaSelector?: string,
): Promise<void> {
  const last = await (await visible(page, lastSelector)).boundingBox();
  if (!last) throw new Error(`${lastSelector} has no box on ${page.url()}`);
  const area = areaSelector ? await (await visible(page, areaSelector)).boundingBox() : null;
  const x = area?.x ?? 0;
  const y = area?.y ?? 0;
  const width = area?.width ?? (await page.evaluate(() => document.documentElement.clientWidth));
  const path = join(OUT_DIR, `${name}.png`) as `${string}.png`;
  await page.screenshot({ path, clip: { x, y, width, height: Math.ceil(last.y + last.height + 12 - y) } });
  console.log(`  ${relative(ROOT, path)}  (${Math.round(statSync(path).size / 1024)} KB)`);
}

/** The element matching `selector`, once it is visible. */
async function visible(page: Page, selector: string): Promise<ElementHandle> {
  const element = await page.waitForSelector(selector, { visible: true, timeout: 15_000 });
  if (!element) throw new Error(`${selector} is not on ${page.url()}`);
  return element;
}

/** Waits until the page has no pending network requests and its fonts are ready. */
async function settled(page: Page): Promise<void> {
  await page.waitForNetworkIdle({ idleTime: 300, timeout: 15_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function popupShots(ext: ExtensionBrowser): Promise<void> {
  const tab = await ext.browser.newPage();
  await tab.goto(`http://${ARTICLE_HOST}${ARTICLE_PATH}`);

  let popup = await openPopup(tab);
  // The campaign and channel choices arrive with the popup's first refresh.
  await popup.waitForSelector('#campaign option[value="1"]', { timeout: 15_000 });
  await popup.type('#alias', 'naming-guide');
  await popup.select('#campaign', '1');
  await popup.select('#channel', '1');
  await popup.keyboard.press('Enter');
  await visible(popup, 'input[aria-label="Short URL"]');
  await popup.waitForFunction(() => document.querySelector('.result .ok')?.textContent?.includes('Copied'));
  // No caret or focus ring left in the Alias field.
  await popup.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await capture(await visible(popup, 'main.popup'), 'popup-shortened');
  await popup.click('section.result button[aria-expanded]');
  await visible(popup, '#result-qr svg');
  await popup.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await capture(await visible(popup, 'main.popup'), 'popup-qr');
  await popup.close();

  popup = await openPopup(tab);
  await visible(popup, 'section[aria-label="Shortened before"]');
  await settled(popup);
  await capture(await visible(popup, 'main.popup'), 'popup-duplicate');

  await popup.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
  await capture(await visible(popup, 'main.popup'), 'popup-dark');
  await popup.close();
  await tab.close();
}

/** Pastes `text` into the popup's Long URL field, as Ctrl+V does (a paste event with the text). */
async function pasteInto(popup: Page, text: string): Promise<void> {
  await popup.focus('#long-url');
  await popup.evaluate((pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    const field = document.querySelector<HTMLInputElement>('#long-url');
    // Over what the field holds, as after the popup selected it on opening.
    field?.select();
    field?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

/** Issue #23's popup: an existing link said so, Share, several URLs at once, and an unwrapped Safe Link. */
async function anythingShots(ext: ExtensionBrowser, server: ReferenceServer): Promise<void> {
  const tab = await ext.browser.newPage();
  await tab.goto(`http://${ARTICLE_HOST}${ARTICLE_PATH}`);

  // The article was shortened by popupShots: a server that deduplicates answers with that link.
  server.setFault({ kind: 'existing', match: 'POST /api/url/add' });
  let popup = await openPopup(tab);
  await visible(popup, 'section[aria-label="Shortened before"]');
  await popup.locator('button::-p-text(Create new anyway)').click();
  await visible(popup, '.result .existing');
  await popup.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await capture(await visible(popup, 'main.popup'), 'popup-existing');
  server.setFault(null);
  await popup.click('section.result button.share-toggle');
  await visible(popup, '#result-share');
  await popup.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await capture(await visible(popup, 'main.popup'), 'popup-share');
  await popup.click('section.result button.share-toggle');
  await popup.click('section.result button.qr-toggle');
  await visible(popup, '#result-qr svg');
  await popup.$$eval('#result-qr input[type="color"]', (inputs) =>
    ['#1d3557', '#fff3b0'].forEach((colour, at) => {
      const input = inputs[at] as HTMLInputElement;
      input.value = colour;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }),
  );
  const logo = (await popup.$('#qr-logo')) as ElementHandle<HTMLInputElement>;
  await logo.uploadFile(join(ROOT, 'public', 'icon', '128.png'));
  await visible(popup, '#result-qr svg image');
  await popup.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  // The code and its brand fields, scrolled to the top of the popup's window.
  await popup.evaluate(() => document.querySelector('#result-qr')?.scrollIntoView({ block: 'start' }));
  const branded = join(OUT_DIR, 'popup-qr-branded.png') as `${string}.png`;
  await popup.screenshot({ path: branded });
  console.log(`  ${relative(ROOT, branded)}  (${Math.round(statSync(branded).size / 1024)} KB)`);
  await popup.close();
  // The brand is the profile's: the management page's shots show the plain code.
  await writeLocalStorage(await ext.serviceWorker(), { qrBrands: {} });
  await tab.goto(`http://${ARTICLE_HOST}${WEEKLY_PATH}`);

  popup = await openPopup(tab);
  await popup.waitForSelector('#campaign option[value="1"]', { timeout: 15_000 });
  await pasteInto(
    popup,
    `This week's links:\nhttp://${ARTICLE_HOST}${ARTICLE_PATH}\nhttps://docs.example.com/guide/aliases, https://shop.example.com/spring-sale`,
  );
  await visible(popup, 'section.several');
  await popup.select('#campaign', '1');
  await popup.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await capture(await visible(popup, 'main.popup'), 'popup-several');
  await popup.click('form.shorten button[type="submit"]');
  await visible(popup, 'section.several > .row.small');
  await popup.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await capture(await visible(popup, 'main.popup'), 'popup-several-done');
  await popup.close();

  popup = await openPopup(tab);
  await popup.waitForSelector('#campaign option[value="1"]', { timeout: 15_000 });
  await pasteInto(
    popup,
    `https://eur01.safelinks.protection.outlook.com/?url=${encodeURIComponent('https://docs.example.com/guide/aliases?from=mail')}&data=05%7C02%7Cann%40example.com&reserved=0`,
  );
  await visible(popup, 'p.notice button');
  await popup.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await capture(await visible(popup, 'main.popup'), 'popup-unwrapped');
  await popup.close();
  await tab.close();
  // A fresh window of the same 30 requests: the other languages' popups refresh without a wait.
  server.setRateLimit(30);
}

/** The popup of a German browser on a link with tracking parameters, which it offers to remove. */
async function germanShot(extPath: string, server: ReferenceServer, hostRule: string): Promise<void> {
  const ext = await launchBrowser({ extPath, language: 'de', args: [hostRule] });
  try {
    await configureExtension(await ext.serviceWorker(), {
      serverUrl: server.url,
      apiKey: server.apiKey,
      name: 'Mein Kürzer',
      behaviour: { stripTracking: true },
    });
    const tab = await ext.browser.newPage();
    await tab.goto(`http://${ARTICLE_HOST}${ARTICLE_PATH}?utm_source=newsletter&utm_medium=email`);
    const popup = await openPopup(tab);
    await popup.waitForSelector('#campaign option[value="1"]', { timeout: 15_000 });
    await popup.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await capture(await visible(popup, 'main.popup'), 'popup-de');
  } finally {
    await ext.close();
  }
}

/**
 * The popup of an Arabic and of a Japanese browser after shortening the article (under an address of
 * its own, so that it is a new link, not the one made before): right to left, and CJK text.
 */
async function languageShots(extPath: string, server: ReferenceServer, hostRule: string): Promise<void> {
  // The shots before have spent this minute's 30 requests, and a popup's refresh on opening yields
  // to the rate limit rather than wait: it would show no campaigns.
  server.setRateLimit(300);
  for (const language of ['ar', 'ja']) {
    const ext = await launchBrowser({ extPath, language, args: [hostRule] });
    try {
      await configureExtension(await ext.serviceWorker(), {
        serverUrl: server.url,
        apiKey: server.apiKey,
        name: 'My shortener',
      });
      const tab = await ext.browser.newPage();
      await tab.goto(`http://${ARTICLE_HOST}${ARTICLE_PATH}?ref=${language}`);
      const popup = await openPopup(tab);
      await popup.waitForSelector('#campaign option[value="1"]', { timeout: 15_000 });
      await popup.type('#alias', `naming-${language}`);
      await popup.select('#campaign', '1');
      await popup.keyboard.press('Enter');
      await popup.waitForSelector('.result .ok:not(:empty)', { timeout: 15_000 });
      await settled(popup);
      await popup.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await capture(await visible(popup, 'main.popup'), `popup-${language}`);
    } finally {
      await ext.close();
    }
  }
}

async function optionsShot(ext: ExtensionBrowser): Promise<void> {
  const page = await ext.extensionPage('options.html');
  await page.setViewport({ width: 760, height: 900 });
  // The profile was written straight into storage, without the host access Options asks for when a
  // server is saved: grant it the way a user would, so the picture shows a working setup.
  const grant = 'button.primary[aria-label^="Grant access"]';
  if (await page.waitForSelector(grant, { timeout: 3_000 }).catch(() => null)) {
    await allowPermissionDialog(() => page.click(grant), { page });
    await page.waitForSelector(grant, { hidden: true, timeout: 10_000 });
  }
  // The account line appears once the key has been checked with the server.
  await visible(page, 'section[aria-label="Account"]');
  await page.waitForSelector('#default-campaign option[value="1"]', { timeout: 15_000 });
  await settled(page);
  await captureTop(page, 'section[aria-labelledby="behaviour-heading"]', 'options', 'main.options');
  // The local copy of the links, synced once with Sync now, so its card shows a count and a time.
  const mirror = await visible(page, 'section[aria-labelledby="mirror-heading"]');
  const [syncNow] = await mirror.$$('xpath/.//button[normalize-space()="Sync now"]');
  await syncNow?.click();
  await page.waitForFunction(
    () =>
      document
        .querySelector('section[aria-labelledby="mirror-heading"]')
        ?.textContent?.includes('Up to date as of'),
    { timeout: 15_000 },
  );
  await settled(page);
  await capture(mirror, 'options-mirror');
  await page.close();
}

/** The popup on a page with three links on the server: after its refresh it lists them all. Shot last: they join every list. */
async function pageLinksShot(ext: ExtensionBrowser, server: ReferenceServer): Promise<void> {
  const url = `http://${ARTICLE_HOST}${LAUNCH_PATH}`;
  const [first, second] = server.store.campaigns;
  const id = Math.max(0, ...server.store.links.map((link) => link.id)) + 1;
  // Newer than every seeded link, so the popup's refresh (the newest page) brings them.
  const latest = Math.max(
    Date.now(),
    ...server.store.links.map((link) => Date.parse(`${link.date.replace(' ', 'T')}Z`)),
  );
  const date = (minutesAgo: number) =>
    new Date(latest + 600 * 60_000 - minutesAgo * 60_000).toISOString().replace('T', ' ').slice(0, 19);
  server.store.links.push(
    createLink({ id, alias: 'launch', longurl: url, date: date(300), clicks: 7 }),
    createLink({
      id: id + 1,
      alias: 'launch-news',
      // Made with the Newsletter and X presets: the same page, listed with the preset's name.
      longurl: `${url}?utm_source=newsletter&utm_medium=email`,
      date: date(200),
      clicks: 42,
      campaign: second?.id ?? null,
    }),
    createLink({
      id: id + 2,
      alias: 'launch-x',
      longurl: `${url}?utm_source=x&utm_medium=social`,
      date: date(100),
      clicks: 128,
      campaign: first?.id ?? null,
    }),
  );
  const tab = await ext.browser.newPage();
  await tab.goto(url);
  // The links were made elsewhere just now: a forced refresh brings them before the popup opens on them.
  const asking = await ext.extensionPage('options.html');
  await asking.evaluate(() =>
    (
      globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }
    ).chrome.runtime.sendMessage({ type: 'refresh', payload: { force: true } }),
  );
  await asking.close();
  const popup = await openPopup(tab);
  await visible(popup, '.page-links li:nth-child(3)');
  await settled(popup);
  await capture(await visible(popup, 'main.popup'), 'popup-page-links');
  await popup.close();
  await tab.close();
}

async function manageShots(ext: ExtensionBrowser): Promise<void> {
  const page = await ext.extensionPage('manage.html#/links');
  await page.setViewport({ width: 1120, height: 760 });
  await visible(page, 'main table');
  await settled(page);
  await captureTop(page, 'main nav.pager', 'manage-links');

  // Link 3 of the seed has the most to show: targets, an expiry and statistics.
  await page.evaluate(() => {
    window.location.hash = '#/links/3';
  });
  await settled(page);
  await captureTop(page, 'section[aria-labelledby="stats-heading"]', 'manage-link');

  // A month of link 3's clicks, as the local copy's daily sweeps would have recorded them.
  const today = await page.evaluate(() => {
    const now = new Date();
    return Math.round(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) / 86_400_000);
  });
  const daily = [4, 9, 15, 7, 3, 22, 31, 12, 6, 2];
  const month: { day: number; clicks: number }[] = [];
  for (let i = 0, clicks = 120; i < 30; i++) {
    clicks += daily[i % daily.length]! + (i > 20 ? 10 : 0);
    month.push({ day: today - 30 + i, clicks });
  }
  const { settings } = await readStorage(await ext.serviceWorker(), 'local');
  const profileId = (settings as { activeProfileId: string }).activeProfileId;
  // Link 2 known to expire in 3 days, for the links list's "Expiring within 7 days".
  const expiry = toApiDateTime(new Date(Date.now() + 3 * 86_400_000));
  await page.evaluate(
    async (profileId, points, expiry) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('shortlink-links');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const transaction = db.transaction(['clicks', 'links'], 'readwrite');
      transaction.objectStore('clicks').put({ profileId, id: 3, points });
      const links = transaction.objectStore('links');
      const read = links.get([profileId, 2]);
      read.onsuccess = () => links.put({ ...read.result, expiry });
      await new Promise((resolve) => {
        transaction.oncomplete = resolve;
      });
      db.close();
    },
    profileId,
    encodeClickPoints(month),
    expiry,
  );
  await page.reload();
  await visible(page, '.clicks-chart svg');
  await settled(page);
  await capture(await visible(page, 'section[aria-labelledby="clicks-heading"]'), 'clicks-chart');

  await page.evaluate(() => {
    window.location.hash = '#/links';
  });
  await settled(page);
  await capture(await visible(page, 'section.expiring'), 'manage-expiring');
  await page.close();

  // After the links list, which showed them: their new clicks count from here.
  await writeLocalStorage(await ext.serviceWorker(), {
    [`link-watch:${profileId}`]: {
      watched: [3, 2],
      seen: [
        [3, 40],
        [2, 330],
      ],
    },
  });
  const tab = await ext.browser.newPage();
  await tab.goto(`http://${ARTICLE_HOST}${ARTICLE_PATH}`);
  const popup = await openPopup(tab);
  await visible(popup, 'section.watched .clicks-change');
  await settled(popup);
  await capture(await visible(popup, 'main.popup'), 'popup-watched');
  await popup.close();
  await tab.close();
}

/**
 * The real side panel, opened from the popup's header over the article shortened before (so it offers
 * that link again), at the panel's narrowest width and a roomier one, in both themes.
 */
async function sidePanelShots(ext: ExtensionBrowser): Promise<void> {
  const tab = await ext.browser.newPage();
  await tab.goto(`http://${ARTICLE_HOST}${ARTICLE_PATH}`);
  const popup = await openPopup(tab);
  const opened = ext.browser.waitForTarget(isSidePanelTarget, { timeout: 15_000 });
  await (await visible(popup, 'button[aria-label="Open in side panel"]')).click();
  const panel = await (await opened).asPage();
  await visible(panel, 'section[aria-label="Shortened before"]');
  await settled(panel);
  await panel.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (const width of [320, 480]) {
    await panel.setViewport({ width, height: 800 });
    for (const theme of ['light', 'dark'] as const) {
      await panel.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);
      // Laid out again at the new width (a scrollbar may come or go) before the picture is taken.
      await panel.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      await capture(await visible(panel, 'main.popup'), `sidepanel-${width}-${theme}`);
    }
  }
  await tab.close();
}

/** A CSV with a header, a duplicate, a link made before and a row with an unknown campaign. */
const BULK_CSV = [
  'url,title,campaign',
  'https://blog.example.com/2026/naming-short-links,Naming guide,',
  'https://blog.example.com/2026/spring-release,Spring release,',
  'https://blog.example.com/2026/spring-release/,Spring release,',
  'https://shop.example.com/sale?fbclid=abc,Sale,Autumn',
  'https://docs.example.com/api,API docs,',
].join('\n');

// A Shlink export (its web client's columns): `docs` is the reference server's already, for another
// address; go.example.com is its branded domain, s.example.com is not; `Spring launch` is a seeded
// campaign, `Onboarding` one the import makes.
const SHLINK_CSV = [
  'createdAt,domain,shortCode,shortUrl,longUrl,title,tags,visits',
  '2024-03-01T10:00:00+00:00,go.example.com,summer,https://go.example.com/summer,https://shop.example.com/summer,Summer sale,Spring launch|promo,418',
  '2024-03-02T11:30:00+00:00,s.example.com,docs,https://s.example.com/docs,https://docs.example.com/start,Getting started,Onboarding,96',
  '2024-04-09T08:15:00+00:00,s.example.com,careers,https://s.example.com/careers,https://example.com/jobs,Careers,,12',
].join('\n');

// A spreadsheet no known shortener wrote: Bulk create asks which column is what.
const UNKNOWN_CSV = [
  'Target page,Code,Note,Added,Hits',
  'https://shop.example.com/autumn/boots?size=all,boots,Autumn boots,1727776800,214',
  'https://docs.example.com/guides/install,install,,1728036000,37',
  'https://example.com/about/team,team,Team page,1728295200,5',
].join('\n');

/** Puts `csv` in Bulk create's text box, as a paste does. */
async function pasteBulk(page: Page, csv: string): Promise<void> {
  const text = await visible(page, '#bulk-text');
  await page.evaluate(
    (element, value) => {
      const area = element as HTMLTextAreaElement;
      area.value = value;
      area.dispatchEvent(new Event('input', { bubbles: true }));
    },
    text,
    csv,
  );
}

async function importShots(ext: ExtensionBrowser): Promise<void> {
  // The links list fills the profile's cached links, which the preview checks aliases against.
  const list = await ext.extensionPage('manage.html#/links');
  await visible(list, 'main table');
  await settled(list);
  await list.close();
  const page = await ext.extensionPage('manage.html#/bulk');
  await page.setViewport({ width: 1120, height: 900 });
  // The collision shows once the local copy of the links has its first sync: the page reads it on load.
  for (let attempt = 0; ; attempt++) {
    const newBatch = await page.$('button::-p-text(New batch)');
    if (newBatch) await newBatch.click();
    await pasteBulk(page, SHLINK_CSV);
    const found = await page
      .waitForSelector('#bulk-collisions', { visible: true, timeout: 3_000 })
      .catch(() => null);
    if (found) break;
    if (attempt === 10) throw new Error('The local copy of the links never had the seeded `docs`.');
    await page.reload();
  }
  await page.select('#bulk-collisions', 'suffix');
  await visible(page, '#bulk-format');
  await settled(page);
  await capture(await visible(page, '[aria-labelledby="bulk-preview-heading"]'), 'manage-import');

  await page.locator('button::-p-text(Start)').click();
  await visible(page, '#bulk-redirect-map');
  await capture(await visible(page, '[aria-labelledby="bulk-results-heading"]'), 'manage-import-results');

  await page.locator('button::-p-text(New batch)').click();
  await pasteBulk(page, UNKNOWN_CSV);
  await visible(page, '#bulk-mapping');
  await settled(page);
  await capture(await visible(page, '[aria-labelledby="bulk-preview-heading"]'), 'manage-import-mapping');
  await page.close();
}

async function bulkShots(ext: ExtensionBrowser): Promise<void> {
  const page = await ext.extensionPage('manage.html#/bulk');
  await page.setViewport({ width: 1120, height: 900 });
  await pasteBulk(page, BULK_CSV);
  for (const name of ['X', 'LinkedIn']) await page.locator(`label.checkbox::-p-text(${name})`).click();
  await visible(page, '#bulk-summary');
  await settled(page);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await captureTop(page, '[aria-labelledby="bulk-preview-heading"]', 'manage-bulk');

  await page.locator('button::-p-text(Start)').click();
  await page.waitForFunction(() => document.querySelector('#bulk-state')?.textContent === 'Finished.', {
    timeout: 30_000,
  });
  await captureTop(page, '[aria-labelledby="bulk-results-heading"]', 'manage-bulk-results');
  await page.close();
}

async function main(): Promise<void> {
  if (!existsSync(CHROMIUM_PATH)) {
    console.error(
      `Screenshots are taken in Chromium, and there is no Chromium at ${CHROMIUM_PATH}.\n` +
        'Install it (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROMIUM_PATH.',
    );
    process.exit(1);
  }
  if (!process.env.DISPLAY) {
    rerunWithDisplay();
    return;
  }
  mkdirSync(OUT_DIR, { recursive: true });
  console.log('Building the extension…');
  const extPath = await ensureExtensionBuilt({ force: true });

  let server: ReferenceServer | undefined;
  let site: PageServer | undefined;
  let ext: ExtensionBrowser | undefined;
  try {
    server = await startReference({ port }).catch((error: Error) => {
      console.warn(`Port ${port} is taken (${error.message}); using a free port instead.`);
      return startReference();
    });
    site = await startPageServer({ [ARTICLE_PATH]: ARTICLE, [WEEKLY_PATH]: WEEKLY, [LAUNCH_PATH]: LAUNCH });
    const sitePort = new URL(site.origin).port;
    // The article appears under a real-looking address instead of 127.0.0.1 and a random port.
    const hostRule = `--host-resolver-rules=MAP ${ARTICLE_HOST}:80 127.0.0.1:${sitePort}`;
    ext = await launchBrowser({ extPath, args: [hostRule] });
    await configureExtension(await ext.serviceWorker(), {
      serverUrl: server.url,
      apiKey: server.apiKey,
      name: 'My shortener',
      // The pictures show the local copy of the links as a user has it: on.
      behaviour: { mirror: true },
    });
    console.log(`Writing ${relative(ROOT, OUT_DIR)}/:`);
    if (wanted('popup')) await popupShots(ext);
    if (wanted('anything')) await anythingShots(ext, server);
    if (wanted('options')) await optionsShot(ext);
    if (wanted('manage')) await manageShots(ext);
    if (wanted('sidepanel')) await sidePanelShots(ext);
    if (wanted('bulk')) await bulkShots(ext);
    if (wanted('import')) await importShots(ext);
    if (wanted('page-links')) await pageLinksShot(ext, server);
    await ext.close();
    ext = undefined;
    if (wanted('languages')) {
      await germanShot(extPath, server, hostRule);
      await languageShots(extPath, server, hostRule);
    }
  } finally {
    await ext?.close();
    await site?.close();
    await server?.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
