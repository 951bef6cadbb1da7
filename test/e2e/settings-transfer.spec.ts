/**
 * Settings export and import in real Chromium: the file Options downloads (read from the download
 * folder), then, after the settings were changed, the same file imported back through the file picker
 * and its preview, and the settings and key as they were.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, onTestFinished } from 'vitest';
import type { Settings } from '@/lib/settings/schema';
import { apiKeysItem, settingsItem } from '@/lib/storage/items';
import { ungrantedUrl } from './build';
import { E2E_PROFILE_ID } from './configure';
import { hasHostAccess, readStorage } from './extension-state';
import { test } from './fixtures';
import { allowPermissionDialog, type ExtensionBrowser, screenshot } from './harness';
import { OptionsPage } from './pages/options';

/** Resolves with the one finished download in `dir`, polling until it appears. */
async function downloadedFile(dir: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const done = readdirSync(dir).filter((name) => name.endsWith('.json'));
    if (done.length === 1) return join(dir, done[0]!);
    if (Date.now() > deadline)
      throw new Error(`No download in ${dir}: ${readdirSync(dir).join(', ') || 'empty'}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Sends the browser's downloads to a new folder, without asking, and returns it; removed after the test. */
async function downloadsFolder(ext: ExtensionBrowser): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'shortlink-downloads-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const session = await ext.browser.target().createCDPSession();
  await session.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir });
  return dir;
}

/** A profile's defaults as an exported file writes them when none were set. */
const FILE_DEFAULTS = { campaignId: null, channelId: null, expiryDays: null, domain: '', status: 'private' };

/**
 * Opens Options and picks `file`, written to a temporary folder, with the import file picker;
 * resolves with the page once the import preview shows.
 */
async function previewImport(ext: ExtensionBrowser, file: unknown): Promise<OptionsPage> {
  const dir = mkdtempSync(join(tmpdir(), 'shortlink-import-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'shortlink-settings-2026-11-21.json');
  writeFileSync(path, JSON.stringify(file));
  const options = await OptionsPage.open(ext);
  await options.chooseImportFile(path);
  return options;
}

describe('settings import and export', () => {
  test.override({
    configOverrides: {
      name: 'Reference server',
      defaults: { expiryDays: 30, status: 'public' },
      behaviour: { copyFormat: 'markdown', stripTracking: true, notifications: false },
    },
  });

  test('exports the settings with the key, and importing the file restores them after changes', async ({
    configuredExt: ext,
    referenceServer: server,
  }) => {
    const dir = await downloadsFolder(ext);
    const worker = await ext.serviceWorker();
    const original = await readStorage(worker, 'local');

    const options = await OptionsPage.open(ext);
    await options.includeKeysInExport();
    await options.exportSettings();
    const path = await downloadedFile(dir);
    expect(path).toMatch(/shortlink-settings-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(readFileSync(path, 'utf8'));
    expect(file).toMatchObject({
      format: 'shortlink-settings',
      version: 1,
      activeProfileId: E2E_PROFILE_ID,
      profiles: [{ name: 'Reference server', serverUrl: server.url, defaults: { expiryDays: 30 } }],
      behaviour: { copyFormat: 'markdown', stripTracking: true, notifications: false },
      apiKeys: { [E2E_PROFILE_ID]: server.apiKey },
    });
    await options.waitForExported();

    // Changed afterwards: the defaults and the key in storage, two behaviour settings on the page.
    await worker.evaluate(
      async (keysKey, settingsKey) => {
        const { chrome } = globalThis as unknown as {
          chrome: {
            storage: {
              local: { get(k: string): Promise<Record<string, unknown>>; set(i: object): Promise<void> };
            };
          };
        };
        const { [settingsKey]: settings } = (await chrome.storage.local.get(settingsKey)) as Record<
          string,
          Settings
        >;
        settings!.profiles[0]!.defaults.expiryDays = null;
        await chrome.storage.local.set({
          [settingsKey]: settings,
          [keysKey]: { 'e2e-profile': 'some-other-key' },
        });
      },
      apiKeysItem.key,
      settingsItem.key,
    );
    await options.chooseCopyFormat('plain');
    await options.toggleStripTracking();
    for (let tries = 0; ; tries++) {
      const { behaviour } = (await readStorage(worker, 'local'))[settingsItem.key] as Settings;
      if (behaviour.copyFormat === 'plain' && !behaviour.stripTracking) break;
      if (tries > 50) throw new Error('The page did not save the changed behaviour');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const changed = (await readStorage(worker, 'local'))[settingsItem.key] as Settings;
    expect(changed.profiles[0]!.defaults.expiryDays).toBeNull();

    await options.chooseImportFile(path);
    const preview = await options.importPreview();
    expect(preview).toContain('It has 1 profile:');
    expect(preview).toMatch(/replaces the saved one\s*with API key/);
    await options.confirmImport();
    await options.waitForImported();

    const restored = await readStorage(worker, 'local');
    expect(restored[settingsItem.key]).toEqual(original[settingsItem.key]);
    expect(restored[apiKeysItem.key]).toEqual(original[apiKeysItem.key]);
    // The page follows: the switches show the imported values again.
    expect(await options.copyFormat()).toBe('markdown');
    expect(await options.stripTracking()).toBe(true);
  });

  test('imports into a fresh install without making an ungranted server active; Grant access asks for it, and then the profile works', async ({
    ext,
    referenceServer: server,
  }) => {
    const options = await previewImport(ext, {
      format: 'shortlink-settings',
      version: 1,
      activeProfileId: 'from-file',
      profiles: [
        {
          id: 'from-file',
          name: 'Imported',
          serverUrl: ungrantedUrl(server.url),
          defaults: FILE_DEFAULTS,
        },
      ],
      behaviour: { autoCopy: true, notifications: true },
      apiKeys: { 'from-file': server.apiKey },
    });
    const origin = new URL(ungrantedUrl(server.url)).origin;
    const preview = await options.importPreview();
    expect(preview).toMatch(/Imported\s*http:\/\/localhost:\d+\s*new\s*with API key/);
    expect(preview).toContain('Shortlink may not reach these servers yet');
    expect(preview).toContain(origin);
    await options.confirmImport();

    const grant = await options.grantAccessButton(origin);
    expect(await options.profilesText()).toContain('No access');
    const worker = await ext.serviceWorker();
    expect((await readStorage(worker, 'local'))[settingsItem.key]).toMatchObject({ activeProfileId: null });
    await allowPermissionDialog(
      async () => {
        await grant.click();
        await options.waitUntilAllAccessible(15_000);
      },
      { page: options.page },
    );
    const granted = await hasHostAccess(worker, origin);
    expect(granted).toBe(true);
    // The file could not make it active before access was granted; now the user can use it.
    await options.useProfile('Imported');
    // The imported key works: Options shows the account it belongs to.
    expect(await options.account()).toContain('Connected as demo');
  });

  test('keeps the active profile when the file’s comes without a key, and says on Options where that key goes', async ({
    configuredExt: ext,
  }) => {
    // An export without keys whose active profile is new to this browser.
    const options = await previewImport(ext, {
      format: 'shortlink-settings',
      version: 1,
      activeProfileId: 'second',
      profiles: [
        {
          id: 'second',
          name: 'Second',
          serverUrl: 'https://second.example',
          defaults: FILE_DEFAULTS,
        },
      ],
      behaviour: { autoCopy: true, notifications: true },
    });
    const preview = await options.importPreview();
    expect(preview).toContain('“Second” comes without an API key in this file');
    expect(preview).toContain('Active profile after the import: Reference server.');
    await options.confirmImport();
    await options.waitForUseButton('Second');

    const stored = await readStorage(await ext.serviceWorker(), 'local');
    expect((stored[settingsItem.key] as Settings).activeProfileId).toBe(E2E_PROFILE_ID);

    // Made active by hand, it says on this page what to do, and takes the user to the key field.
    await options.useProfile('Second');
    const text = await options.waitForNoKeyNote();
    expect(text).toContain('“Second” has no API key yet. Enter its API key above and save.');
    expect(await options.mainText()).not.toContain('in Options');
    await screenshot(options.page, 'options-active-no-key');
    await options.goToKeyField();
    expect(await options.focusedId()).toBe('api-key');
  });

  test('reads a settings file dropped on the drop zone, and a file dropped beside it does not replace the page', async ({
    configuredExt: ext,
  }) => {
    const options = await OptionsPage.open(ext);
    const content = JSON.stringify({ format: 'shortlink-settings', version: 99 });
    expect(await options.dropFile('heading', content)).toBe(true);
    expect(await options.importError()).toBeNull();
    expect(await options.dropFile('dropzone', content)).toBe(true);
    expect(await options.waitForImportError()).toContain('newer version of Shortlink (settings version 99');
  });

  test('leaves the key out of the file unless asked', async ({
    configuredExt: ext,
    referenceServer: server,
  }) => {
    const dir = await downloadsFolder(ext);
    const options = await OptionsPage.open(ext);
    await options.waitForExport();
    await options.exportSettings();
    const text = readFileSync(await downloadedFile(dir), 'utf8');
    expect(text).not.toContain(server.apiKey);
    expect(JSON.parse(text)).not.toHaveProperty('apiKeys');
  });
});
