/**
 * Self-test of the e2e harness. Against the WXT build: it loads, its id is found, the shortcut is
 * bound and opens the real popup, a native context menu opens and closes, and the service worker
 * seeds storage. Against a small fixture extension whose pages never change (fixtures/extension):
 * the popup sees the page's URL and copies it to the real clipboard, the keyboard picks its
 * context-menu item, and its host-permission request is allowed.
 * The last test checks the `referenceServer` fixture and is skipped while test/server/ is absent.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect } from 'vitest';
import { test } from './fixtures';
import {
  allowPermissionDialog,
  clearClipboard,
  closeContextMenu,
  openPopup,
  pickContextMenuItem,
  readClipboard,
  rightClickAt,
  screenshot,
} from './harness';
import { type PageServer, startPageServer } from './page-server';

const FIXTURE_EXTENSION = join(import.meta.dirname, 'fixtures', 'extension');

const TEST_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Harness test page</title></head>
<body>
  <h1>Harness test page</h1>
  <p><a id="link" href="/target?from=harness">A link to right-click</a></p>
  <script>
    window.contextMenuEvents = 0;
    addEventListener('contextmenu', () => { window.contextMenuEvents += 1; });
  </script>
</body>
</html>`;

type StorageArea = {
  set(items: Record<string, unknown>): Promise<void>;
  get(key: string): Promise<Record<string, unknown>>;
};
type ChromeGlobal = {
  chrome: {
    storage: { local: StorageArea };
    commands: { getAll(): Promise<{ name?: string; shortcut?: string }[]> };
    permissions: { contains(p: { origins: string[] }): Promise<boolean> };
  };
};

let server: PageServer;

beforeEach(async () => {
  server = await startPageServer({ '/page': TEST_PAGE, '/target': '<!doctype html><title>Target</title>' });
});

afterEach(async () => {
  await server.close();
});

describe('the built extension', () => {
  test('loads, and its action shortcut is bound to Alt+Shift+P', async ({ ext }) => {
    expect(ext.extensionId).toMatch(/^[a-p]{32}$/);
    const worker = await ext.serviceWorker();
    const commands = await worker.evaluate(() =>
      (globalThis as unknown as ChromeGlobal).chrome.commands.getAll(),
    );
    expect(commands).toContainEqual(
      expect.objectContaining({ name: '_execute_action', shortcut: 'Alt+Shift+P' }),
    );
  });

  test('opens its real popup with the shortcut over a page', async ({ ext }) => {
    const page = await ext.browser.newPage();
    await page.goto(server.url('/page'));

    const popup = await openPopup(page);
    expect(popup.url()).toBe(`chrome-extension://${ext.extensionId}/popup.html`);
    // What the popup shows belongs to its own specs; here it only has to render something.
    await popup.waitForFunction(() => (document.body.textContent ?? '').trim().length > 0, {
      timeout: 10_000,
    });
    await screenshot(popup, 'harness-real-popup');
  });

  test('right-clicking a link opens the native context menu and Escape closes it', async ({ ext }) => {
    const page = await ext.browser.newPage();
    await page.goto(server.url('/page'));

    const menu = await rightClickAt(page, '#link');
    const events = await page.evaluate(
      () => (window as unknown as { contextMenuEvents: number }).contextMenuEvents,
    );
    expect(events).toBe(1);
    await closeContextMenu(menu);
    // Escape only closed the menu: nothing was chosen, so the page is still there.
    expect(page.url()).toBe(server.url('/page'));
  });

  test('seeds storage from the service worker and reads it on an extension page', async ({ ext }) => {
    const worker = await ext.serviceWorker();
    await worker.evaluate(async () => {
      await (globalThis as unknown as ChromeGlobal).chrome.storage.local.set({
        'e2e:probe': { seeded: true },
      });
    });

    const page = await ext.extensionPage('popup.html');
    expect(page.url()).toBe(`chrome-extension://${ext.extensionId}/popup.html`);
    const stored = await page.evaluate(() =>
      (globalThis as unknown as ChromeGlobal).chrome.storage.local.get('e2e:probe'),
    );
    expect(stored).toEqual({ 'e2e:probe': { seeded: true } });
  });
});

describe('the fixture extension', () => {
  test.override({ launchOptions: { extPath: FIXTURE_EXTENSION } });

  test("gets the page's URL (activeTab) and copies it to the clipboard", async ({ ext }) => {
    const pageUrl = server.url('/page');
    const page = await ext.browser.newPage();
    await page.goto(pageUrl);
    await clearClipboard();
    expect(await readClipboard()).toBe('');

    const popup = await openPopup(page);
    await popup.waitForFunction(
      (url) => document.querySelector<HTMLInputElement>('input[aria-label="Long URL"]')?.value === url,
      { timeout: 5_000 },
      pageUrl,
    );
    expect(await popup.$eval('input[aria-label="Long URL"]', (el) => (el as HTMLInputElement).value)).toBe(
      pageUrl,
    );
    await screenshot(popup, 'harness-fixture-popup');

    await popup.locator('button::-p-text(Copy)').click();
    await expect.poll(readClipboard, { timeout: 5_000 }).toBe(pageUrl);
  });

  test('gets its context-menu item picked with the keyboard', async ({ ext }) => {
    const page = await ext.browser.newPage();
    await page.goto(server.url('/page'));

    const menu = await rightClickAt(page, '#link');
    await pickContextMenuItem(['Up', 'Up', 'Return'], menu);

    const worker = await ext.serviceWorker();
    const readClicked = () =>
      worker.evaluate(async () => {
        const stored = await (globalThis as unknown as ChromeGlobal).chrome.storage.local.get(
          'e2e:menu-clicked',
        );
        return stored['e2e:menu-clicked'];
      });
    await expect.poll(readClicked, { timeout: 5_000 }).toBe(server.url('/target?from=harness'));
  });

  test('answers a host-permission dialog with Allow', async ({ ext }) => {
    const page = await ext.extensionPage('request.html');
    const outcome = await allowPermissionDialog(
      async () => {
        await page.click('#request');
        const shown = await page.waitForFunction(() => document.getElementById('result')?.textContent, {
          timeout: 15_000,
        });
        return shown.jsonValue();
      },
      { page },
    );

    expect(outcome).toBe('true');
    const granted = await page.evaluate(() =>
      (globalThis as unknown as ChromeGlobal).chrome.permissions.contains({
        origins: ['http://127.0.0.1/*'],
      }),
    );
    expect(granted).toBe(true);
  });
});

describe('the referenceServer fixture', () => {
  test('starts the server on a free port', async ({ referenceServer }) => {
    const response = await fetch(`${referenceServer.url}/api/account`, {
      headers: { Authorization: `Bearer ${referenceServer.apiKey}` },
    });
    expect(response.status).toBe(200);
    expect(referenceServer.requests.map((r) => r.path)).toEqual(['/api/account']);
  });
});
