/**
 * Where the API key goes, with the built extension in real Chromium and two reference servers: the
 * configured one, and a second one on another port (another origin) that records everything it
 * receives. The key only ever goes to the configured origin — also when the page, or the link, being
 * shortened is on the second server, when the configured server redirects to the second one, and when
 * the user moves the profile to the second server — and it is never in storage.sync, never in the
 * console of any page or of the service worker, and never shown in full once saved.
 */
import { readFileSync } from 'node:fs';
import type { Page, Target } from 'puppeteer-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { shippedManifestPath } from './build';
import { chooseShortenLink } from './context-menu-pick';
import { readStorage, recordedNotifications, recordNotifications, waitForMenuItem } from './extension-state';
import { test } from './fixtures';
import { EXT_PATH, type ExtensionBrowser } from './harness';
import { WAIT } from './pages/extension-page';
import { ManagePage } from './pages/manage';
import { OptionsPage } from './pages/options';
import { PopupPage } from './pages/popup';
import { apiRequests, type ReferenceServer, startReference } from './reference-server';

const ADD = 'POST /api/url/add';
const FIRST_KEY = 'first-server-secret-7f3a9c2e';
const SECOND_KEY = 'second-server-secret-b41d07aa';

async function startServer(apiKey: string): Promise<ReferenceServer> {
  const server = await startReference({ apiKey });
  onTestFinished(() => server.close());
  return server;
}

/**
 * Records, from now on, what every page, popup and service worker of the browser writes to its
 * console or log (as the DevTools protocol reports it, arguments included), and what it throws.
 */
async function recordConsoles(ext: ExtensionBrowser): Promise<string[]> {
  const records: string[] = [];
  const attach = async (target: Target) => {
    if (!['page', 'service_worker', 'other'].includes(target.type())) return;
    const session = await target.createCDPSession().catch(() => undefined);
    if (!session) return;
    const where = target.url();
    session.on('Runtime.consoleAPICalled', (event) => records.push(`${where} ${JSON.stringify(event.args)}`));
    session.on('Runtime.exceptionThrown', (event) => records.push(`${where} ${JSON.stringify(event)}`));
    session.on('Log.entryAdded', (event) => records.push(`${where} ${JSON.stringify(event.entry)}`));
    // Enabling reports the messages logged before, too.
    await Promise.all([session.send('Runtime.enable'), session.send('Log.enable')]).catch(() => undefined);
  };
  ext.browser.on('targetcreated', (target: Target) => void attach(target));
  await Promise.all(ext.browser.targets().map(attach));
  return records;
}

/** Everything a page shows or holds in its markup and fields. */
function pageContents(page: Page): Promise<string> {
  return page.evaluate(() =>
    [
      document.documentElement.outerHTML,
      ...[...document.querySelectorAll('input, textarea')].map((el) => (el as HTMLInputElement).value),
    ].join('\n'),
  );
}

/** Requests that carried an Authorization header, as "METHOD /path header". */
const authorized = (server: ReferenceServer) =>
  server.requests
    .filter((r) => r.headers.authorization !== undefined)
    .map((r) => `${r.method} ${r.path} ${r.headers.authorization}`);

/** API requests a server received, as "METHOD /path". */
const apiPaths = (server: ReferenceServer) =>
  server.requests.filter((r) => r.path.startsWith('/api/')).map((r) => `${r.method} ${r.path}`);

describe('what the extension may reach', () => {
  it('asks for no host up front, only optionally for the servers a user saves, and runs no content script', () => {
    const manifest = JSON.parse(readFileSync(shippedManifestPath(EXT_PATH), 'utf8'));
    expect(manifest.content_scripts).toBeUndefined();
    expect(manifest.host_permissions).toBeUndefined();
    expect(manifest.permissions.sort()).toEqual(
      [
        'activeTab',
        'alarms',
        'clipboardWrite',
        'contextMenus',
        'notifications',
        'offscreen',
        'scripting',
        // The side panel: a place to show the extension's own page, no access to any site.
        'sidePanel',
        'storage',
      ].sort(),
    );
    // Reading other tabs' addresses ("shorten all tabs", the side panel following tabs) is asked for
    // when the user wants it.
    expect(manifest.optional_permissions).toEqual(['tabs']);
    expect(manifest.optional_host_permissions).not.toContain('<all_urls>');
    expect(manifest.optional_host_permissions).not.toContain('*://*/*');
    expect(manifest.web_accessible_resources).toBeUndefined();
    expect(manifest.externally_connectable).toBeUndefined();
  });
});

describe('the API key', () => {
  test('goes only to the configured origin, and is never synced, logged or shown', {
    timeout: 180_000,
  }, async ({ ext, site }) => {
    const first = await startServer(FIRST_KEY);
    const second = await startServer(SECOND_KEY);
    const consoles = await recordConsoles(ext);
    const worker = await ext.serviceWorker();

    // The recorder hears the service worker and the extension's pages (else its silence would prove nothing).
    await worker.evaluate(() => console.log('console-probe-worker'));

    // Options, as a user connects the first server.
    const options = await OptionsPage.open(ext);
    await options.page.evaluate(() => console.info('console-probe-page'));
    await options.enterServer(first.url, FIRST_KEY);
    // The e2e build has 127.0.0.1 granted (build.ts): Save asks the browser for nothing more.
    await options.save();
    expect(await options.account()).toContain('Connected as demo');
    expect(await pageContents(options.page), 'the options page after saving').not.toContain(FIRST_KEY);
    expect(await options.value('apiKey')).toBe('');
    // The extension holds access to that server's host only (Chrome's host patterns have no port).
    const granted = await worker.evaluate(() =>
      (
        globalThis as unknown as { chrome: { permissions: { getAll(): Promise<{ origins?: string[] }> } } }
      ).chrome.permissions.getAll(),
    );
    expect(granted.origins).toEqual([`http://${new URL(first.url).hostname}/*`]);

    // (a) A page on the second server, shortened in the popup: its URL goes to the first server.
    const onSecond = await ext.browser.newPage();
    await onSecond.goto(`${second.url}/article`);
    let popup = await PopupPage.openOn(onSecond);
    expect(await popup.value('longUrl')).toBe(`${second.url}/article`);
    await popup.shorten();
    expect(await popup.shortUrl()).toMatch(new RegExp(`^${first.url}/`));

    // …and a link to the second server, shortened from the context menu.
    site.setPage(
      '/links',
      `<!doctype html><title>Links</title><h1>Links</h1><p><a id="second-link" href="${second.url}/linked">on the second server</a></p>`,
    );
    const links = await ext.browser.newPage();
    await links.goto(site.url('/links'));
    await waitForMenuItem(worker, 'shorten-link');
    await recordNotifications(worker);
    await chooseShortenLink(worker, links, '#second-link');
    await expect
      .poll(() => recordedNotifications(worker), WAIT)
      .toEqual([expect.objectContaining({ message: expect.stringContaining('Short URL copied') })]);
    expect(
      apiRequests(first, ADD).map((r) => [(r.body as { url: string }).url, r.headers.authorization]),
    ).toEqual([
      [`${second.url}/article`, `Bearer ${FIRST_KEY}`],
      [`${second.url}/linked`, `Bearer ${FIRST_KEY}`],
    ]);
    // The second server saw the browser visit its page (and ask for a favicon), nothing of the extension's.
    expect(second.requests.map((r) => r.path)).toContain('/article');
    expect(apiPaths(second)).toEqual([]);
    expect(authorized(second)).toEqual([]);

    // (b) The first server redirects to the second: the extension does not follow, and says why.
    first.setFault({ kind: 'redirect', status: 307, location: `${second.url}/api/url/add`, match: ADD });
    const article = await ext.browser.newPage();
    await article.goto(site.url('/'));
    popup = await PopupPage.openOn(article);
    await popup.set('alias', 'redirected');
    await popup.shorten();
    const said = await popup.alert();
    expect(said).toContain(`${first.url} answered with a redirect`);
    expect(said).toContain('your API key only goes to the server you saved');
    expect(await popup.value('alias')).toBe('redirected');
    first.setFault({ kind: 'redirect', location: `${second.url}/api/urls`, match: 'GET /api/urls' });
    const manage = await ManagePage.open(ext, 'links');
    expect(await manage.alert()).toContain('answered with a redirect');
    first.setFault(null);
    expect(apiRequests(first, ADD).filter((r) => r.status === 307)).toHaveLength(1);
    expect(apiPaths(second)).toEqual([]);
    expect(authorized(second)).toEqual([]);

    // (c) The profile moves to the second server. Without a new key, the saved one is not sent there.
    const beforeMove = first.requests.length;
    await options.page.bringToFront();
    await options.set('serverUrl', second.url);
    await options.pressSave();
    expect(await options.alert(15_000)).toContain(`Enter the API key for ${second.url}`);
    expect(authorized(second)).toEqual([]);
    // With the second server's key it is saved (the e2e build holds access to 127.0.0.1, build.ts).
    await options.type('apiKey', SECOND_KEY);
    await options.pressSave();
    await expect
      .poll(async () => JSON.stringify((await readStorage(worker, 'local')).settings), { timeout: 15_000 })
      .toContain(second.url);
    // The background stores the profile before Options hears back and empties the key field: the
    // page is read once it has, not in between.
    await expect.poll(() => options.value('apiKey'), { timeout: 15_000 }).toBe('');
    // The key is checked first; then Options fills its lists, all with the second key.
    expect(authorized(second)[0]).toBe(`GET /api/account Bearer ${SECOND_KEY}`);
    expect(authorized(second).every((line) => line.endsWith(` Bearer ${SECOND_KEY}`))).toBe(true);
    expect(await pageContents(options.page), 'the options page after saving the second key').not.toContain(
      SECOND_KEY,
    );

    // Shortening now goes to the second server, with its own key.
    popup = await PopupPage.openOn(article);
    await popup.set('alias', 'moved');
    await popup.shorten();
    await popup.waitForShortUrl(`${second.url}/moved`);
    expect(apiRequests(second, ADD).map((r) => r.headers.authorization)).toEqual([`Bearer ${SECOND_KEY}`]);
    expect(first.requests.slice(beforeMove)).toEqual([]);

    // Throughout: the second server never saw the first key, nor the first server the second.
    expect(second.requests.filter((r) => JSON.stringify(r).includes(FIRST_KEY))).toEqual([]);
    expect(first.requests.filter((r) => JSON.stringify(r).includes(SECOND_KEY))).toEqual([]);
    // Keys live in storage.local only, the first one gone with the move.
    expect(JSON.stringify(await readStorage(worker, 'sync'))).toBe('{}');
    const local = await readStorage(worker, 'local');
    expect(Object.values(local.apiKeys as Record<string, string>)).toEqual([SECOND_KEY]);
    expect(JSON.stringify(await readStorage(worker, 'session'))).not.toMatch(/server-secret/);
    // Nothing that was logged anywhere carries a key; the probes show the recorder heard it all.
    expect(consoles.some((line) => line.includes('console-probe-worker'))).toBe(true);
    expect(consoles.some((line) => line.includes('console-probe-page'))).toBe(true);
    expect(consoles.filter((line) => line.includes(FIRST_KEY) || line.includes(SECOND_KEY))).toEqual([]);
  });
});
