/**
 * A light reader of the stored settings for the popup. `loadSettings` parses with zod/mini, which
 * costs ~5.6 KB gzip, over a third of the popup's 15 KB budget. Settings are only ever written through
 * `saveSettings`, which validates them, so here a check of the version and the containers is enough;
 * anything else falls back like `parseSettings` does.
 */
import type { Settings } from './settings';
import { defaultSettings, emptyDefaults, SETTINGS_KEY, SETTINGS_VERSION } from './settings-base';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object';

/** Settings from a raw stored value, with the fallbacks of `parseSettings`. */
export function readSettingsValue(raw: unknown): Settings {
  const settings = defaultSettings();
  if (!isObject(raw) || raw.version !== SETTINGS_VERSION) return settings;
  const profiles = (Array.isArray(raw.profiles) ? raw.profiles : []) as Settings['profiles'];
  // Like the schema: one unreadable profile drops the list rather than guessing.
  const readable = profiles.every(
    (p) => isObject(p) && typeof p.id === 'string' && typeof p.serverUrl === 'string',
  );
  return {
    ...settings,
    activeProfileId: typeof raw.activeProfileId === 'string' ? raw.activeProfileId : null,
    profiles: readable
      ? profiles.map((p) => ({
          ...p,
          name: typeof p.name === 'string' ? p.name : '',
          defaults: { ...emptyDefaults(), ...p.defaults },
        }))
      : [],
    behaviour: { ...settings.behaviour, ...(raw.behaviour as object) },
  };
}

/** Reads settings from storage.local without zod. */
export async function readSettings(area = browser.storage.local): Promise<Settings> {
  return readSettingsValue((await area.get(SETTINGS_KEY))[SETTINGS_KEY]);
}
