/**
 * Loads, saves and migrates the settings (their shape is lib/settings/schema.ts) in `storage.local`,
 * under settingsItem. Only the background migrates (a step may move an API key), before it answers
 * anything.
 */
import { type MigrationContext, type MigrationOutcome, migrateSettings } from '../settings/migrations';
import { isNewerSettings, type Settings, settingsSchema } from '../settings/schema';
import {
  apiKeysItem,
  getItem,
  getStored,
  newerSettingsItem,
  type StorageArea,
  setItems,
  settingsItem,
} from './items';

/** Reads settings from storage.local; anything unreadable becomes the defaults rather than breaking a page. */
export async function loadSettings(area?: StorageArea): Promise<Settings> {
  return getItem(settingsItem, area);
}

/**
 * Writes settings to storage.local (never sync: server URLs are per machine and private). Settings
 * of a newer release (the user went back a version) are not migrated or read, and not destroyed
 * either: the first write keeps them under newerSettingsItem.
 */
export async function saveSettings(settings: Settings, area?: StorageArea): Promise<void> {
  const valid = settingsSchema.parse(settings);
  const stored = await getStored(settingsItem, area);
  const backup = isNewerSettings(stored) ? [newerSettingsItem.entry(stored)] : [];
  await setItems([settingsItem.entry(valid), ...backup], area);
}

/** Migrates the settings in storage.local if they need it; writes settings and keys in one call. */
export async function runSettingsMigrations(
  area: StorageArea = browser.storage.local,
  context: MigrationContext = { newId: () => crypto.randomUUID() },
): Promise<MigrationOutcome> {
  // The settings as stored, not through settingsItem's reader: an older version has another shape.
  const raw = await area.get([settingsItem.key, apiKeysItem.key]);
  const outcome = migrateSettings(
    { settings: raw[settingsItem.key], apiKeys: apiKeysItem.read(raw[apiKeysItem.key]) },
    context,
  );
  if (outcome.status === 'migrated') {
    await setItems(
      [
        // Migrated settings are read through settingsSchema (migrateSettings' last step).
        settingsItem.entry(outcome.stored.settings as Settings),
        // A plain object: storage serializes it the same, and tests compare it with toEqual.
        apiKeysItem.entry({ ...outcome.stored.apiKeys }),
      ],
      area,
    );
  }
  return outcome;
}
