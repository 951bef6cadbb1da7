/**
 * Connecting a server on the Options page of a fresh install: the host-permission dialog, the check
 * of the key against the server, where the key is stored, and what the user sees when the key is
 * wrong or the permission is refused.
 */
import type { Page } from 'puppeteer-core';
import { describe, expect } from 'vitest';
import { readStorage } from './extension-state';
import { test } from './fixtures';
import { allowPermissionDialog, denyPermissionDialog, type ExtensionBrowser } from './harness';

/** Opens Options of an unconfigured extension, types the server URL and key, and returns the page. */
async function fillServerForm(ext: ExtensionBrowser, serverUrl: string, apiKey: string): Promise<Page> {
  const page = await ext.extensionPage('options.html');
  await page.waitForSelector('#server-url', { timeout: 10_000 });
  await page.type('#server-url', serverUrl);
  await page.type('#api-key', apiKey);
  return page;
}

/** Clicks Save and resolves once the page shows an outcome: the account, or an alert. */
async function clickSave(page: Page): Promise<void> {
  await page.locator('button[type="submit"]::-p-text(Save)').click();
  await page.waitForSelector('section[aria-label="Account"], [role="alert"]', { timeout: 15_000 });
}

const fieldValue = (page: Page, selector: string) =>
  page.$eval(selector, (el) => (el as HTMLInputElement).value);

describe('connecting a server in Options', () => {
  test('asks for access to the server, checks the key, shows the account and keeps the key local', async ({
    ext,
    referenceServer: server,
  }) => {
    const page = await fillServerForm(ext, server.url, server.apiKey);
    await allowPermissionDialog(() => clickSave(page), { page });

    const account = await page.$eval('section[aria-label="Account"]', (el) => el.textContent ?? '');
    expect(account).toContain('Connected as demo');
    expect(account).toContain('demo@example.com');
    const check = server.requests.find((r) => r.method === 'GET' && r.path === '/api/account');
    expect(check?.headers.authorization).toBe(`Bearer ${server.apiKey}`);
    // The key never comes back to the page once saved.
    expect(await fieldValue(page, '#api-key')).toBe('');
    expect(await fieldValue(page, '#server-url')).toBe(server.url);

    const worker = await ext.serviceWorker();
    const local = await readStorage(worker, 'local');
    expect(Object.values((local.apiKeys ?? {}) as Record<string, string>)).toEqual([server.apiKey]);
    expect(local.settings).toMatchObject({ profiles: [{ serverUrl: server.url }] });
    const sync = await readStorage(worker, 'sync');
    expect(JSON.stringify(sync)).not.toContain(server.apiKey);
    const granted = await worker.evaluate(
      (origin) =>
        (
          globalThis as unknown as {
            chrome: { permissions: { contains(p: { origins: string[] }): Promise<boolean> } };
          }
        ).chrome.permissions.contains({ origins: [origin] }),
      // Host permissions are per host: the port is not part of the pattern.
      `http://${new URL(server.url).hostname}/*`,
    );
    expect(granted).toBe(true);
  });

  test('says the server refused a wrong key, and saves nothing', async ({ ext, referenceServer: server }) => {
    const page = await fillServerForm(ext, server.url, 'not-the-key');
    await allowPermissionDialog(() => clickSave(page), { page });

    const alert = await page.$eval('[role="alert"]', (el) => el.textContent ?? '');
    expect(alert).toContain('did not accept this API key');
    expect(await page.$('section[aria-label="Account"]')).toBeNull();
    expect(server.requests.map((r) => `${r.method} ${r.path} ${r.headers.authorization}`)).toEqual([
      'GET /api/account Bearer not-the-key',
    ]);
    const local = await readStorage(await ext.serviceWorker(), 'local');
    expect(local.apiKeys).toBeUndefined();
    expect(local.settings).toBeUndefined();
  });

  test('explains that access was refused and keeps what the user typed', async ({
    ext,
    referenceServer: server,
  }) => {
    const page = await fillServerForm(ext, server.url, server.apiKey);
    await denyPermissionDialog(() => clickSave(page), { page });

    const alert = await page.$eval('[role="alert"]', (el) => el.textContent ?? '');
    expect(alert).toContain(`needs access to ${server.url}`);
    expect(await fieldValue(page, '#server-url')).toBe(server.url);
    expect(await fieldValue(page, '#api-key')).toBe(server.apiKey);
    expect(server.requests).toEqual([]);
    const local = await readStorage(await ext.serviceWorker(), 'local');
    expect(local.apiKeys).toBeUndefined();
    expect(local.settings).toBeUndefined();
  });
});
