/**
 * Loads and saves the settings (their shape is lib/settings/schema.ts) in `storage.local`, under
 * settingsItem (lib/storage/items.ts).
 */
import {
  getItem,
  getStored,
  newerSettingsItem,
  type StorageArea,
  setItems,
  settingsItem,
} from '../storage/items';
import { isNewerSettings, type Settings, settingsSchema } from './schema';

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
