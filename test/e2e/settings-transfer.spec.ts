/**
 * Settings export and import in real Chromium: the file Options downloads (read from the download
 * folder), then, after the settings were changed, the same file imported back through the file picker
 * and its preview, and the settings and key as they were.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { describe, expect, onTestFinished } from 'vitest';
import { API_KEYS_KEY } from '@/lib/settings/api-keys';
import { SETTINGS_KEY, type Settings } from '@/lib/settings/settings';
import { E2E_PROFILE_ID } from './configure';
import { readStorage } from './extension-state';
import { test } from './fixtures';
import { allowPermissionDialog, type ExtensionBrowser, screenshot } from './harness';

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

/** Sends the browser's downloads to `dir` without asking. */
async function downloadTo(ext: ExtensionBrowser, dir: string): Promise<void> {
  const session = await ext.browser.target().createCDPSession();
  await session.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir });
}

/** A profile's defaults as an exported file writes them when none were set. */
const FILE_DEFAULTS = { campaignId: null, channelId: null, expiryDays: null, domain: '', status: 'private' };

/**
 * Opens Options and picks `file`, written to a temporary folder, with the import file picker;
 * resolves with the page once the import preview shows.
 */
async function previewImport(ext: ExtensionBrowser, file: unknown): Promise<Page> {
  const dir = mkdtempSync(join(tmpdir(), 'shortlink-import-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'shortlink-settings-2026-11-21.json');
  writeFileSync(path, JSON.stringify(file));
  const page = await ext.extensionPage('options.html');
  const input = (await page.waitForSelector('#import-file', {
    timeout: 10_000,
  })) as ElementHandle<HTMLInputElement>;
  await input.uploadFile(path);
  await page.waitForSelector('#import-preview-heading', { timeout: 10_000 });
  return page;
}

const textOf = (page: Page, selector: string) => page.$eval(selector, (el) => el.textContent ?? '');

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
    const dir = mkdtempSync(join(tmpdir(), 'shortlink-downloads-'));
    try {
      await downloadTo(ext, dir);
      const worker = await ext.serviceWorker();
      const original = await readStorage(worker, 'local');

      const page = await ext.extensionPage('options.html');
      await page.waitForSelector('#export-include-keys', { timeout: 10_000 });
      await page.click('#export-include-keys');
      await page.locator('button::-p-text(Export settings)').click();
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
      await page.waitForFunction(() => document.body.textContent?.includes('to your downloads.'));

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
        API_KEYS_KEY,
        SETTINGS_KEY,
      );
      await page.select('#behaviour-copy-format', 'plain');
      await page.click('#behaviour-strip-tracking');
      for (let tries = 0; ; tries++) {
        const { behaviour } = (await readStorage(worker, 'local'))[SETTINGS_KEY] as Settings;
        if (behaviour.copyFormat === 'plain' && !behaviour.stripTracking) break;
        if (tries > 50) throw new Error('The page did not save the changed behaviour');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const changed = (await readStorage(worker, 'local'))[SETTINGS_KEY] as Settings;
      expect(changed.profiles[0]!.defaults.expiryDays).toBeNull();

      const input = (await page.waitForSelector('#import-file')) as ElementHandle<HTMLInputElement>;
      await input!.uploadFile(path);
      await page.waitForSelector('#import-preview-heading', { timeout: 10_000 });
      const preview = await textOf(page, '.preview');
      expect(preview).toContain('It has 1 profile:');
      expect(preview).toMatch(/replaces the saved one\s*with API key/);
      await page.locator('.preview button::-p-text(Import)').click();
      await page.waitForFunction(() => document.body.textContent?.includes('Settings imported.'), {
        timeout: 10_000,
      });

      const restored = await readStorage(worker, 'local');
      expect(restored[SETTINGS_KEY]).toEqual(original[SETTINGS_KEY]);
      expect(restored[API_KEYS_KEY]).toEqual(original[API_KEYS_KEY]);
      // The page follows: the switches show the imported values again.
      expect(await page.$eval('#behaviour-copy-format', (el) => (el as HTMLSelectElement).value)).toBe(
        'markdown',
      );
      expect(await page.$eval('#behaviour-strip-tracking', (el) => (el as HTMLInputElement).checked)).toBe(
        true,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('imports into a fresh install, then Grant access asks for the server and the profile works', async ({
    ext,
    referenceServer: server,
  }) => {
    const page = await previewImport(ext, {
      format: 'shortlink-settings',
      version: 1,
      activeProfileId: 'from-file',
      profiles: [
        {
          id: 'from-file',
          name: 'Imported',
          serverUrl: server.url,
          defaults: FILE_DEFAULTS,
        },
      ],
      behaviour: { autoCopy: true, notifications: true },
      apiKeys: { 'from-file': server.apiKey },
    });
    expect(await textOf(page, '.preview')).toMatch(
      /Imported\s*http:\/\/127\.0\.0\.1:\d+\s*new\s*with API key/,
    );
    await page.locator('.preview button::-p-text(Import)').click();

    const origin = new URL(server.url).origin;
    const grant = await page.waitForSelector(`button[aria-label="Grant access to ${origin}"]`, {
      timeout: 10_000,
    });
    expect(await textOf(page, '.profiles')).toContain('No access');
    await allowPermissionDialog(
      async () => {
        await grant!.click();
        await page.waitForFunction(() => !document.querySelector('.profiles .badge.warn'), {
          timeout: 15_000,
        });
      },
      { page },
    );
    const worker = await ext.serviceWorker();
    const granted = await worker.evaluate(
      (pattern) =>
        (
          globalThis as unknown as {
            chrome: { permissions: { contains(p: { origins: string[] }): Promise<boolean> } };
          }
        ).chrome.permissions.contains({ origins: [pattern] }),
      `http://${new URL(server.url).hostname}/*`,
    );
    expect(granted).toBe(true);
    // The imported key works: Options shows the account it belongs to.
    await page.waitForSelector('section[aria-label="Account"]', { timeout: 15_000 });
    expect(await textOf(page, 'section[aria-label="Account"]')).toContain('Connected as demo');
  });

  test('keeps the active profile when the file’s comes without a key, and says on Options where that key goes', async ({
    configuredExt: ext,
  }) => {
    // An export without keys whose active profile is new to this browser.
    const page = await previewImport(ext, {
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
    const preview = await textOf(page, '.preview');
    expect(preview).toContain('“Second” comes without an API key in this file');
    expect(preview).toContain('Active profile after the import: Reference server.');
    await page.locator('.preview button::-p-text(Import)').click();
    await page.waitForSelector('button[aria-label="Use Second"]', { timeout: 10_000 });

    const stored = await readStorage(await ext.serviceWorker(), 'local');
    expect((stored[SETTINGS_KEY] as Settings).activeProfileId).toBe(E2E_PROFILE_ID);

    // Made active by hand, it says on this page what to do, and takes the user to the key field.
    await page.locator('button[aria-label="Use Second"]').click();
    const note = await page.waitForSelector('p.alert ::-p-text(has no API key yet)', { timeout: 15_000 });
    const text = await note!.evaluate((el) => el.closest('p')?.textContent ?? '');
    expect(text).toContain('“Second” has no API key yet. Enter its API key above and save.');
    expect(await textOf(page, 'main')).not.toContain('in Options');
    await screenshot(page, 'options-active-no-key');
    await page.locator('a::-p-text(Go to the API key field)').click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('api-key');
  });

  test('reads a settings file dropped on the drop zone, and a file dropped beside it does not replace the page', async ({
    configuredExt: ext,
  }) => {
    const page = await ext.extensionPage('options.html');
    await page.waitForSelector('.dropzone', { timeout: 10_000 });
    const content = JSON.stringify({ format: 'shortlink-settings', version: 99 });
    const dropOn = (selector: string) =>
      page.evaluate(
        (selector, content) => {
          const target = document.querySelector(selector)!;
          const data = new DataTransfer();
          data.items.add(new File([content], 'dropped.json', { type: 'application/json' }));
          target.dispatchEvent(
            new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: data }),
          );
          const drop = new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data });
          target.dispatchEvent(drop);
          return drop.defaultPrevented;
        },
        selector,
        content,
      );
    expect(await dropOn('h1')).toBe(true);
    expect(await page.$('#import-error')).toBeNull();
    expect(await dropOn('.dropzone')).toBe(true);
    await page.waitForSelector('#import-error', { timeout: 5_000 });
    expect(await textOf(page, '#import-error')).toContain('newer version of Shortlink (settings version 99');
  });

  test('leaves the key out of the file unless asked', async ({
    configuredExt: ext,
    referenceServer: server,
  }) => {
    const dir = mkdtempSync(join(tmpdir(), 'shortlink-downloads-'));
    try {
      await downloadTo(ext, dir);
      const page = await ext.extensionPage('options.html');
      await page.waitForSelector('#export-include-keys', { timeout: 10_000 });
      await page.locator('button::-p-text(Export settings)').click();
      const text = readFileSync(await downloadedFile(dir), 'utf8');
      expect(text).not.toContain(server.apiKey);
      expect(JSON.parse(text)).not.toHaveProperty('apiKeys');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
