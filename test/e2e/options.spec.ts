/**
 * Connecting a server on the Options page of a fresh install: the host-permission dialog, the check
 * of the key against the server, where the key is stored, and what the user sees (and where the
 * keyboard focus goes) when the key is wrong, the server unreachable or the permission refused. Also:
 * the profile list fits a phone-sized window in every language.
 */
import type { Page, WebWorker } from 'puppeteer-core';
import { describe, expect } from 'vitest';
import { API_KEYS_KEY } from '@/lib/settings/api-keys';
import { defaultSettings, emptyDefaults, SETTINGS_KEY, type Settings } from '@/lib/settings/settings';
import { E2E_PROFILE_ID } from './configure';
import { readStorage } from './extension-state';
import { test } from './fixtures';
import { allowPermissionDialog, denyPermissionDialog, type ExtensionBrowser, screenshot } from './harness';

/** Opens Options of an unconfigured extension, types the server URL and key, and returns the page. */
async function fillServerForm(ext: ExtensionBrowser, serverUrl: string, apiKey: string): Promise<Page> {
  const page = await ext.extensionPage('options.html');
  await page.waitForSelector('#server-url', { timeout: 10_000 });
  await page.type('#server-url', serverUrl);
  await page.type('#api-key', apiKey);
  return page;
}

/** Clicks Save and resolves once the page shows an outcome: the account, an alert or a field's error. */
async function clickSave(page: Page): Promise<void> {
  await page.locator('button[type="submit"]::-p-text(Save)').click();
  await page.waitForSelector('section[aria-label="Account"], [role="alert"], .field-error', {
    timeout: 15_000,
  });
}

/** Waits until the element with this id has the keyboard focus; fails naming the one that has it. */
async function expectFocusOn(page: Page, id: string): Promise<void> {
  const reached = await page
    .waitForFunction((wanted) => document.activeElement?.id === wanted, { timeout: 5_000 }, id)
    .then(() => true)
    .catch(() => false);
  const focused = await page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName);
  expect(reached ? id : focused).toBe(id);
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

    // Said at the key field, which has the focus, with what was typed kept for correcting it.
    const error = await page.$eval('#api-key-error', (el) => el.textContent ?? '');
    expect(error).toContain('did not accept this API key');
    expect(await page.$eval('#api-key', (el) => el.getAttribute('aria-describedby'))).toBe('api-key-error');
    await expectFocusOn(page, 'api-key');
    expect(await fieldValue(page, '#api-key')).toBe('not-the-key');
    expect(await page.$('section[aria-label="Account"]')).toBeNull();
    expect(server.requests.map((r) => `${r.method} ${r.path} ${r.headers.authorization}`)).toEqual([
      'GET /api/account Bearer not-the-key',
    ]);
    const local = await readStorage(await ext.serviceWorker(), 'local');
    expect(local.apiKeys).toBeUndefined();
    expect(local.settings).toBeUndefined();
  });

  test('ties an invalid URL to its field and focuses it, asking for nothing', async ({ ext }) => {
    const page = await fillServerForm(ext, 'sho.rt', 'some-key');
    await clickSave(page);

    await expectFocusOn(page, 'server-url');
    const aria = await page.$eval('#server-url', (el) => [
      el.getAttribute('aria-invalid'),
      el.getAttribute('aria-describedby'),
    ]);
    expect(aria).toEqual(['true', 'server-url-error']);
    expect(await page.$eval('#server-url-error', (el) => el.textContent ?? '')).toContain('https://');
  });

  test('explains that access was refused and keeps what the user typed', async ({
    ext,
    referenceServer: server,
  }) => {
    const page = await fillServerForm(ext, server.url, server.apiKey);
    await denyPermissionDialog(() => clickSave(page), { page });

    const alert = await page.$eval('[role="alert"]', (el) => el.textContent ?? '');
    expect(alert).toContain(`needs access to ${server.url}`);
    // Save was disabled while the browser asked; focus is on the message, not lost to the page.
    await expectFocusOn(page, 'profile-failure');
    expect(await fieldValue(page, '#server-url')).toBe(server.url);
    expect(await fieldValue(page, '#api-key')).toBe(server.apiKey);
    expect(server.requests).toEqual([]);
    const local = await readStorage(await ext.serviceWorker(), 'local');
    expect(local.apiKeys).toBeUndefined();
    expect(local.settings).toBeUndefined();
  });
});

/** Writes `settings`, with a key for each profile, from inside the service worker. */
async function seedSettings(worker: WebWorker, settings: Settings): Promise<void> {
  const keys = Object.fromEntries(settings.profiles.map((p) => [p.id, `key-of-${p.id}`]));
  await worker.evaluate(
    async (items) => {
      const { chrome } = globalThis as unknown as {
        chrome: { storage: { local: { set(items: Record<string, unknown>): Promise<void> } } };
      };
      await chrome.storage.local.set(items);
    },
    { [SETTINGS_KEY]: settings, [API_KEYS_KEY]: keys },
  );
}

describe('access of profiles on the same host', () => {
  test('an allowed prompt of a failed save clears “No access” of another profile on that host at once', async ({
    configuredExt: ext,
  }) => {
    // The configured profile is on 127.0.0.1, which has no host permission yet.
    const page = await ext.extensionPage('options.html');
    await page.waitForSelector('.profiles .badge.warn', { timeout: 10_000 });
    await page.locator('button::-p-text(Add profile)').click();
    await expectFocusOn(page, 'server-url');
    await page.type('#server-url', 'http://127.0.0.1:1');
    await page.type('#api-key', 'some-key');

    await allowPermissionDialog(() => clickSave(page), { page });

    expect(await page.$eval('#server-url-error', (el) => el.textContent ?? '')).toContain(
      'http://127.0.0.1:1',
    );
    await expectFocusOn(page, 'server-url');
    await page.waitForFunction(() => !document.querySelector('.profiles .badge.warn'), { timeout: 10_000 });
    expect(await page.$(`#profile-row-${E2E_PROFILE_ID} button.primary`)).toBeNull();
  });
});

describe.each(['en', 'de', 'fr'])('Options in a phone-sized window, in %s', (language) => {
  test.override({ launchOptions: { language } });

  test('shows two profiles with all their buttons without scrolling sideways', async ({ ext }) => {
    const profile = (id: string, name: string, serverUrl: string) => ({
      id,
      name,
      serverUrl,
      defaults: emptyDefaults(),
    });
    // Neither server has host access: each row has Grant access, and the inactive one Use, Edit, Delete.
    await seedSettings(await ext.serviceWorker(), {
      ...defaultSettings(),
      activeProfileId: 'p-home',
      profiles: [
        profile('p-home', 'Home', 'https://home.example'),
        profile('p-work', 'Work server of the company', 'https://links.work.example'),
      ],
    });
    const page = await ext.extensionPage('options.html');
    await page.setViewport({ width: 360, height: 800 });
    await page.waitForSelector('#profile-use-p-work', { timeout: 10_000 });
    await page.waitForSelector('#profile-row-p-work button.primary', { timeout: 10_000 });

    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBe(0);
    // Every control lies inside the window, none cut off at its right edge.
    const outside = await page.evaluate(() =>
      [...document.querySelectorAll('button, a, input, select')]
        .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth)
        .map((el) => el.outerHTML.slice(0, 80)),
    );
    expect(outside).toEqual([]);
    await page.locator('#profile-delete-p-work').click();
    await page.waitForSelector('.profiles fieldset.confirm', { timeout: 5_000 });
    expect(await overflow()).toBe(0);
    await screenshot(page, `options-360-${language}`);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.activeElement?.id === 'profile-delete-p-work', {
      timeout: 5_000,
    });
  });
});
