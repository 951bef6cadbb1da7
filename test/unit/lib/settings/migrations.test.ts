import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createMigrations } from '@/entrypoints/background/migrations';
import { migrateSettings, SETTINGS_MIGRATIONS } from '@/lib/settings/migrations';
import {
  defaultBehaviour,
  defaultUtmPresets,
  emptyDefaults,
  SETTINGS_VERSION,
  settingsSchema,
} from '@/lib/settings/schema';
import { getApiKey } from '@/lib/storage/api-keys';
import { apiKeysItem, newerSettingsItem, settingsItem } from '@/lib/storage/items';
import { loadSettings, runSettingsMigrations, saveSettings } from '@/lib/storage/settings';
import {
  type FakeServer,
  fakeServer,
  sendFromPopup,
  startBackground,
  stubBrowserApis,
} from '../../background/helpers';

// From the project root, where vitest runs: import.meta.url is not a file URL under happy-dom.
const fixturePath = (version: number) => resolve('test/fixtures', `settings-v${version}.json`);
/** storage.local as a release of that settings version left it. */
const fixture = (version: number): Record<string, unknown> =>
  JSON.parse(readFileSync(fixturePath(version), 'utf8'));

const LEGACY_KEY = 'legacy-key-0123456789abcdef';
const ids = () => {
  let n = 0;
  return { newId: () => `profile-${++n}` };
};

async function storedLocal(): Promise<Record<string, unknown>> {
  return fakeBrowser.storage.local.get(null);
}

describe('the migration list', () => {
  it('has one step per version, in order, ending at the current version, and a fixture for each version', () => {
    expect(SETTINGS_MIGRATIONS.map((m) => [m.from, m.to])).toEqual(
      Array.from({ length: SETTINGS_VERSION }, (_, v) => [v, v + 1]),
    );
    for (let v = 0; v <= SETTINGS_VERSION; v++)
      expect(existsSync(fixturePath(v)), `settings-v${v}.json`).toBe(true);
  });
});

describe('v0 (flat { serverUrl, apiKey, … }) → v1', () => {
  it('makes the server the active profile, keeps its choices, and moves the key out of the settings', async () => {
    await fakeBrowser.storage.local.set(fixture(0));
    const outcome = await runSettingsMigrations(undefined, ids());

    expect(outcome).toMatchObject({ status: 'migrated', from: 0, to: 1 });
    const stored = await storedLocal();
    expect(stored[settingsItem.key]).toEqual({
      version: 1,
      activeProfileId: 'profile-1',
      profiles: [
        {
          id: 'profile-1',
          name: 'Company links',
          serverUrl: 'https://go.example.com',
          defaults: {
            campaignId: 4,
            channelId: null,
            expiryDays: 30,
            domain: 'https://brand.example',
            status: 'public',
          },
        },
      ],
      behaviour: { ...defaultBehaviour(), autoCopy: false, notifications: true },
      utmPresets: defaultUtmPresets(),
    });
    expect(stored[apiKeysItem.key]).toEqual({ 'profile-1': LEGACY_KEY });
    expect(JSON.stringify(stored[settingsItem.key])).not.toContain(LEGACY_KEY);
    expect(settingsSchema.safeParse(stored[settingsItem.key]).success).toBe(true);
  });

  it('is done once: running again changes nothing', async () => {
    await fakeBrowser.storage.local.set(fixture(0));
    await runSettingsMigrations(undefined, ids());
    const after = await storedLocal();
    expect(await runSettingsMigrations(undefined, ids())).toMatchObject({ status: 'current' });
    expect(await storedLocal()).toEqual(after);
  });

  it('keeps keys of other profiles already stored', async () => {
    await fakeBrowser.storage.local.set({ ...fixture(0), [apiKeysItem.key]: { other: 'other-key' } });
    await runSettingsMigrations(undefined, ids());
    expect((await storedLocal())[apiKeysItem.key]).toEqual({ other: 'other-key', 'profile-1': LEGACY_KEY });
  });

  it('without a server makes no profile and keeps no key, but keeps the switches', () => {
    const outcome = migrateSettings({ settings: { apiKey: 'orphan', autoCopy: false }, apiKeys: {} }, ids());
    expect(outcome.stored).toEqual({
      settings: {
        version: 1,
        activeProfileId: null,
        profiles: [],
        behaviour: { ...defaultBehaviour(), autoCopy: false, notifications: true },
        utmPresets: defaultUtmPresets(),
      },
      apiKeys: {},
    });
  });

  it('keeps an unusable server address as typed, named after nothing, with empty defaults', () => {
    const outcome = migrateSettings(
      {
        settings: { serverUrl: ' ftp://old.example ', apiKey: 'k', status: 'secret', campaignId: 'x' },
        apiKeys: {},
      },
      ids(),
    );
    expect(outcome.stored.settings).toMatchObject({
      profiles: [
        { id: 'profile-1', name: 'old.example', serverUrl: 'ftp://old.example', defaults: emptyDefaults() },
      ],
    });
  });
});

describe('values the migrations leave alone', () => {
  it('v1 (the current version) stays exactly as stored', async () => {
    await fakeBrowser.storage.local.set(fixture(1));
    const before = await storedLocal();
    expect(await runSettingsMigrations()).toMatchObject({ status: 'current' });
    expect(await storedLocal()).toEqual(before);
    expect((await loadSettings()).profiles.map((p) => p.name)).toEqual(['Work', 'Home']);
  });

  it('a newer version is kept, and kept again (as a backup) when this release saves settings', async () => {
    const newer = { ...(fixture(1).settings as object), version: SETTINGS_VERSION + 1, theme: 'dark' };
    await fakeBrowser.storage.local.set({ [settingsItem.key]: newer });
    expect(await runSettingsMigrations()).toMatchObject({ status: 'newer' });
    expect((await storedLocal())[settingsItem.key]).toEqual(newer);

    const fresh = await loadSettings();
    await saveSettings({
      ...fresh,
      behaviour: { ...defaultBehaviour(), autoCopy: false, notifications: false },
    });
    const stored = await storedLocal();
    expect(stored[newerSettingsItem.key]).toEqual(newer);
    expect(stored[settingsItem.key]).toMatchObject({ version: SETTINGS_VERSION });
  });

  it.each([
    ['nothing', undefined, 'empty'],
    ['a string', 'settings', 'unreadable'],
    ['a list', [1, 2], 'unreadable'],
    ['a version that is not a number', { version: '1', profiles: [] }, 'unreadable'],
    ['a negative version', { version: -1 }, 'unreadable'],
  ])('%s stays as it is', async (_, value, status) => {
    if (value !== undefined) await fakeBrowser.storage.local.set({ [settingsItem.key]: value });
    const before = await storedLocal();
    expect(await runSettingsMigrations()).toMatchObject({ status });
    expect(await storedLocal()).toEqual(before);
  });
});

describe('in the background', () => {
  let server: FakeServer;

  beforeEach(() => {
    stubBrowserApis();
    server = fakeServer();
  });

  it('runs on install and update', async () => {
    startBackground(server);
    await fakeBrowser.storage.local.set(fixture(0));
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.0.9' });
    await vi.waitFor(async () => expect((await loadSettings()).profiles).toHaveLength(1));
  });

  it('runs before the first request reads settings, so a legacy setup works at once', async () => {
    await fakeBrowser.storage.local.set({
      [settingsItem.key]: { serverUrl: 'https://sho.rt', apiKey: 'good-key-1234' },
    });
    startBackground(server);
    const reply = await sendFromPopup('shorten', { requestId: 'r', input: { url: 'https://a.example/' } });
    expect(reply).toMatchObject({ ok: true });
    const settings = await loadSettings();
    expect(await getApiKey(settings.activeProfileId!)).toBe('good-key-1234');
  });

  it('never blocks the extension when migrating fails, and tries again on the next use', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let attempts = 0;
    const migrations = createMigrations(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error(`storage broke near ${LEGACY_KEY}`);
    });
    await expect(migrations.ready()).resolves.toBeUndefined();
    await migrations.ready();
    await migrations.ready();
    expect(attempts).toBe(2);
    expect(JSON.stringify(error.mock.calls)).not.toContain(LEGACY_KEY);
  });
});
