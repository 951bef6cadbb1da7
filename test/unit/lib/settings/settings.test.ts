/**
 * Fuzzing what is read from storage: the settings parser and the migrations get arbitrary stored
 * values (older shapes, newer versions, garbage, prototype keys) and must never throw, and must
 * always end with settings the extension can use.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { migrateSettings } from '@/lib/settings/migrations';
import { parseApiKeys, parseSettings, SETTINGS_VERSION, settingsSchema } from '@/lib/settings/schema';
import { getApiKey } from '@/lib/storage/api-keys';
import { apiKeysItem, settingsItem } from '@/lib/storage/items';
import { loadSettings, runSettingsMigrations } from '@/lib/storage/settings';

const DANGEROUS_KEYS = ['__proto__', 'constructor', 'prototype', 'toString'];
const text = fc.oneof(fc.string(), fc.webUrl(), fc.constantFrom(...DANGEROUS_KEYS));
const loose = fc.oneof(text, fc.anything());

/** The legacy flat shape with any field missing or of any type. */
const legacy = fc.record(
  {
    serverUrl: loose,
    apiKey: loose,
    name: loose,
    autoCopy: loose,
    notifications: loose,
    status: fc.oneof(fc.constantFrom('public', 'private'), loose),
    domain: loose,
    campaignId: fc.oneof(fc.integer(), loose),
    channelId: fc.oneof(fc.integer(), loose),
    expiryDays: fc.oneof(fc.double(), loose),
  },
  { requiredKeys: [] },
);

const profile = fc.record(
  { id: loose, name: loose, serverUrl: loose, defaults: fc.oneof(fc.anything(), fc.dictionary(text, loose)) },
  { requiredKeys: [] },
);

/** Settings of some version, close to the real shape, with anything anywhere. */
const versioned = fc.record(
  {
    version: fc.oneof(fc.integer({ min: -1, max: SETTINGS_VERSION + 2 }), loose),
    activeProfileId: loose,
    profiles: fc.oneof(fc.array(profile, { maxLength: 3 }), loose),
    behaviour: fc.oneof(fc.record({ autoCopy: loose, notifications: loose }), loose),
  },
  { requiredKeys: [] },
);

/** Object keys such as `__proto__` set as own properties, as JSON.parse leaves them. */
const polluted = fc
  .dictionary(
    fc.constantFrom(...DANGEROUS_KEYS, 'version', 'serverUrl', 'apiKey', 'profiles'),
    fc.jsonValue(),
  )
  .map((value) => JSON.parse(JSON.stringify(value)));

const stored = fc.oneof(fc.anything(), legacy, versioned, polluted, fc.constant(undefined));
const storedKeys = fc.oneof(fc.anything(), fc.dictionary(text, loose), polluted);

describe('the settings parser', () => {
  it('never throws and always returns settings that pass the schema', () => {
    fc.assert(
      fc.property(stored, (raw) => {
        const settings = parseSettings(raw);
        expect(settingsSchema.safeParse(settings).success).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('a stored default expiry', () => {
  const withExpiry = (expiryDays: unknown) =>
    parseSettings({
      version: SETTINGS_VERSION,
      activeProfileId: 'p',
      profiles: [{ id: 'p', name: 'P', serverUrl: 'https://sho.rt', defaults: { expiryDays } }],
    }).profiles[0]?.defaults.expiryDays;

  it("is kept as whole days within the form's range, as earlier releases may have stored any number", () => {
    expect(withExpiry(30)).toBe(30);
    expect(withExpiry(1.5)).toBe(2);
    expect(withExpiry(0.2)).toBe(1);
    expect(withExpiry(99_999)).toBe(3650);
  });

  it('means no expiry when it is not a positive number', () => {
    expect(withExpiry(0)).toBeNull();
    expect(withExpiry(-3)).toBeNull();
    expect(withExpiry(null)).toBeNull();
    expect(withExpiry('7')).toBeNull();
    expect(withExpiry(Number.NaN)).toBeNull();
  });
});

describe('the migrations', () => {
  it('never throw; migrated settings pass the schema, and what they cannot read is left untouched', () => {
    let n = 0;
    const context = { newId: () => `id-${++n}` };
    fc.assert(
      fc.property(stored, storedKeys, (settings, keys) => {
        const input = { settings, apiKeys: parseApiKeys(keys) };
        const outcome = migrateSettings(input, context);
        if (outcome.status === 'migrated') {
          expect(settingsSchema.safeParse(outcome.stored.settings).success).toBe(true);
          expect(Object.values(outcome.stored.apiKeys).every((k) => typeof k === 'string')).toBe(true);
          // Keys of other profiles survive.
          for (const [id, key] of Object.entries(input.apiKeys)) expect(outcome.stored.apiKeys[id]).toBe(key);
        } else {
          expect(outcome.stored).toBe(input);
        }
      }),
      { numRuns: 1_000 },
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('always leave storage that loads as valid settings, and never lose a newer version', async () => {
    await fc.assert(
      fc.asyncProperty(stored, storedKeys, async (settings, keys) => {
        await fakeBrowser.storage.local.clear();
        const items: Record<string, unknown> = { [apiKeysItem.key]: keys };
        if (settings !== undefined) items[settingsItem.key] = settings;
        // What storage would keep: structured-clonable data only.
        let cloned: Record<string, unknown>;
        try {
          cloned = structuredClone(items);
        } catch {
          return;
        }
        await fakeBrowser.storage.local.set(cloned);
        const before = (await fakeBrowser.storage.local.get(settingsItem.key))[settingsItem.key];
        const outcome = await runSettingsMigrations();
        const loaded = await loadSettings();
        expect(settingsSchema.safeParse(loaded).success).toBe(true);
        if (outcome.status === 'newer') {
          expect((await fakeBrowser.storage.local.get(settingsItem.key))[settingsItem.key]).toEqual(before);
        }
        if (outcome.status === 'migrated' && loaded.activeProfileId) {
          const key = await getApiKey(loaded.activeProfileId);
          expect(key === null || typeof key === 'string').toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('the redirect-unwrapping switch', () => {
  it('is on for settings saved before it existed, and keeps what the user chose', () => {
    const saved = (behaviour: Record<string, unknown>) =>
      parseSettings({ version: SETTINGS_VERSION, activeProfileId: null, profiles: [], behaviour }).behaviour;
    expect(saved({ autoCopy: false, stripTracking: true }).unwrapRedirects).toBe(true);
    expect(saved({ unwrapRedirects: false }).unwrapRedirects).toBe(false);
    expect(saved({ unwrapRedirects: 'no' }).unwrapRedirects).toBe(true);
  });
});
