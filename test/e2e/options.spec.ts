/**
 * Connecting a server on the Options page of a fresh install: the host-permission dialog, the check
 * of the key against the server, where the key is stored, and what the user sees (and where the
 * keyboard focus goes) when the key is wrong, the server unreachable or the permission refused. Also:
 * the profile list fits a phone-sized window in every language.
 */
import type { WebWorker } from 'puppeteer-core';
import { describe, expect } from 'vitest';
import { defaultSettings, emptyDefaults, type Settings } from '@/lib/settings/schema';
import { apiKeysItem, settingsItem } from '@/lib/storage/items';
import { ungrantedUrl } from './build';
import { configureExtension, E2E_PROFILE_ID } from './configure';
import { hasHostAccess, readStorage, writeLocalStorage } from './extension-state';
import { test } from './fixtures';
import { allowPermissionDialog, denyPermissionDialog, type ExtensionBrowser, screenshot } from './harness';
import { OptionsPage } from './pages/options';

/** Opens Options of an unconfigured extension and types the server URL and key. */
async function optionsWithServer(
  ext: ExtensionBrowser,
  serverUrl: string,
  apiKey: string,
): Promise<OptionsPage> {
  const options = await OptionsPage.open(ext);
  await options.enterServer(serverUrl, apiKey);
  return options;
}

describe('connecting a server in Options', () => {
  test('asks for access to the server, checks the key, shows the account and keeps the key local', async ({
    ext,
    referenceServer: server,
  }) => {
    const url = ungrantedUrl(server.url);
    const options = await optionsWithServer(ext, url, server.apiKey);
    await allowPermissionDialog(() => options.save(), { page: options.page });

    const account = await options.account();
    expect(account).toContain('Connected as demo');
    expect(account).toContain('demo@example.com');
    const check = server.requests.find((r) => r.method === 'GET' && r.path === '/api/account');
    expect(check?.headers.authorization).toBe(`Bearer ${server.apiKey}`);
    // The key never comes back to the page once saved.
    expect(await options.value('apiKey')).toBe('');
    expect(await options.value('serverUrl')).toBe(url);

    const worker = await ext.serviceWorker();
    const local = await readStorage(worker, 'local');
    expect(Object.values((local.apiKeys ?? {}) as Record<string, string>)).toEqual([server.apiKey]);
    expect(local.settings).toMatchObject({ profiles: [{ serverUrl: url }] });
    const sync = await readStorage(worker, 'sync');
    expect(JSON.stringify(sync)).not.toContain(server.apiKey);
    const granted = await hasHostAccess(worker, url);
    expect(granted).toBe(true);
  });

  test('says the server refused a wrong key, and saves nothing', async ({ ext, referenceServer: server }) => {
    const options = await optionsWithServer(ext, ungrantedUrl(server.url), 'not-the-key');
    await allowPermissionDialog(() => options.save(), { page: options.page });

    // Said at the key field, which has the focus, with what was typed kept for correcting it.
    const error = await options.fieldError('apiKey');
    expect(error).toContain('did not accept this API key');
    expect(await options.attribute('apiKey', 'aria-describedby')).toBe('api-key-error');
    expect(await options.waitForFocus('api-key')).toBe('api-key');
    expect(await options.value('apiKey')).toBe('not-the-key');
    expect(await options.hasAccount()).toBe(false);
    expect(server.requests.map((r) => `${r.method} ${r.path} ${r.headers.authorization}`)).toEqual([
      'GET /api/account Bearer not-the-key',
    ]);
    const local = await readStorage(await ext.serviceWorker(), 'local');
    expect(local.apiKeys).toBeUndefined();
    expect(local.settings).toBeUndefined();
  });

  test('ties an invalid URL to its field and focuses it, asking for nothing', async ({ ext }) => {
    const options = await optionsWithServer(ext, 'not a url', 'some-key');
    await options.save();

    expect(await options.waitForFocus('server-url')).toBe('server-url');
    const aria = [
      await options.attribute('serverUrl', 'aria-invalid'),
      await options.attribute('serverUrl', 'aria-describedby'),
    ];
    expect(aria).toEqual(['true', 'server-url-error']);
    expect(await options.fieldError('serverUrl')).toContain('https://');
  });

  test('explains that access was refused and keeps what the user typed', async ({
    ext,
    referenceServer: server,
  }) => {
    const url = ungrantedUrl(server.url);
    const options = await optionsWithServer(ext, url, server.apiKey);
    await denyPermissionDialog(() => options.save(), { page: options.page });

    const alert = await options.alert();
    expect(alert).toContain(`needs access to ${url}`);
    // Save was disabled while the browser asked; focus is on the message, not lost to the page.
    expect(await options.waitForFocus('profile-failure')).toBe('profile-failure');
    expect(await options.value('serverUrl')).toBe(url);
    expect(await options.value('apiKey')).toBe(server.apiKey);
    expect(server.requests).toEqual([]);
    const local = await readStorage(await ext.serviceWorker(), 'local');
    expect(local.apiKeys).toBeUndefined();
    expect(local.settings).toBeUndefined();
  });
});

/** Writes `settings`, with a key for each profile, from inside the service worker. */
async function seedSettings(worker: WebWorker, settings: Settings): Promise<void> {
  const keys = Object.fromEntries(settings.profiles.map((p) => [p.id, `key-of-${p.id}`]));
  await writeLocalStorage(worker, { [settingsItem.key]: settings, [apiKeysItem.key]: keys });
}

describe('access of profiles on the same host', () => {
  test('an allowed prompt of a failed save clears “No access” of another profile on that host at once', async ({
    ext,
    referenceServer: server,
  }) => {
    // The configured profile is on localhost, which has no host permission yet.
    await configureExtension(await ext.serviceWorker(), {
      serverUrl: ungrantedUrl(server.url),
      apiKey: server.apiKey,
    });
    const options = await OptionsPage.open(ext);
    await options.waitForNoAccess();
    await options.addProfile();
    expect(await options.waitForFocus('server-url')).toBe('server-url');
    await options.type('serverUrl', 'http://localhost:1');
    await options.type('apiKey', 'some-key');

    await allowPermissionDialog(() => options.save(), { page: options.page });

    expect(await options.fieldError('serverUrl')).toContain('http://localhost:1');
    expect(await options.waitForFocus('server-url')).toBe('server-url');
    await options.waitUntilAllAccessible();
    expect(await options.hasPrimaryAction(E2E_PROFILE_ID)).toBe(false);
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
    const options = await OptionsPage.open(ext);
    await options.usePhoneWidth();
    await options.waitForProfileActions('p-work');

    expect(await options.overflow()).toBe(0);
    // Every control lies inside the window, none cut off at its right edge.
    expect(await options.controlsOutsideWindow()).toEqual([]);
    await options.askToDeleteProfile('p-work');
    expect(await options.overflow()).toBe(0);
    await screenshot(options.page, `options-360-${language}`);
    await options.press('Escape');
    await options.waitForFocusOnDelete('p-work');
  });
});
