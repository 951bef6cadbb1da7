/**
 * `parseSettings` and `loadSettings` of lib/settings/settings.ts without zod, for the service worker's start,
 * which reads settings for nearly every event and has no zod until its lazy part loads
 * (entrypoints/background/lazy-part.ts). The zod schema stays the definition: this reader returns
 * exactly what `parseSettings` returns for any stored value, which
 * test/unit/reliability/settings-reader.test.ts checks against the schema on arbitrary values.
 * The popup reads its settings with it too, for the same reason: zod/mini would cost a third of its budget.
 */
import type { CopyFormat } from '../links/copy-format';
import {
  COPY_FORMATS,
  defaultBehaviour,
  defaultSettings,
  emptyDefaults,
  SETTINGS_KEY,
  SETTINGS_VERSION,
} from './defaults';
import type { Behaviour, LinkDefaults, Profile, Settings } from './settings';

type Fields = Record<string, unknown>;

// As zod's z.object: any object but an array.
const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
// As zod's z.number: NaN and ±Infinity are not numbers.
const numberOrNull = (value: unknown) =>
  value === null || (typeof value === 'number' && Number.isFinite(value)) ? value : null;
const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

function readDefaults(raw: unknown): LinkDefaults {
  if (!isObject(raw)) return emptyDefaults();
  return {
    campaignId: numberOrNull(raw.campaignId),
    channelId: numberOrNull(raw.channelId),
    expiryDays: numberOrNull(raw.expiryDays),
    domain: text(raw.domain, ''),
    status: raw.status === 'public' || raw.status === 'private' ? raw.status : 'private',
  };
}

function readProfile(raw: unknown): Profile | null {
  if (!isObject(raw) || typeof raw.id !== 'string' || typeof raw.serverUrl !== 'string') return null;
  return {
    id: raw.id,
    name: text(raw.name, ''),
    serverUrl: raw.serverUrl,
    defaults: readDefaults(raw.defaults),
  };
}

// One unreadable profile drops the list, as the schema's catch does.
function readProfiles(raw: unknown): Profile[] {
  if (!Array.isArray(raw)) return [];
  const profiles: Profile[] = [];
  // Index by index, as zod reads: a hole in the array is an unreadable profile.
  for (let i = 0; i < raw.length; i++) {
    const profile = readProfile(raw[i]);
    if (!profile) return [];
    profiles.push(profile);
  }
  return profiles;
}

function readBehaviour(raw: unknown): Behaviour {
  const defaults = defaultBehaviour();
  if (!isObject(raw)) return defaults;
  return {
    autoCopy: flag(raw.autoCopy, defaults.autoCopy),
    notifications: flag(raw.notifications, defaults.notifications),
    copyFormat: COPY_FORMATS.includes(raw.copyFormat as CopyFormat)
      ? (raw.copyFormat as CopyFormat)
      : defaults.copyFormat,
    stripTracking: flag(raw.stripTracking, defaults.stripTracking),
    preferCanonical: flag(raw.preferCanonical, defaults.preferCanonical),
  };
}

/** Settings from a raw stored value, exactly as `parseSettings` reads it. */
export function readStoredSettings(raw: unknown): Settings {
  if (!isObject(raw) || raw.version !== SETTINGS_VERSION) return defaultSettings();
  const { activeProfileId, behaviour } = raw;
  return {
    version: SETTINGS_VERSION,
    activeProfileId: activeProfileId === null || typeof activeProfileId === 'string' ? activeProfileId : null,
    profiles: readProfiles(raw.profiles),
    behaviour: readBehaviour(behaviour),
  };
}

/** Reads settings from storage.local, exactly as `loadSettings` does. */
export async function loadStoredSettings(area = browser.storage.local): Promise<Settings> {
  return readStoredSettings((await area.get(SETTINGS_KEY))[SETTINGS_KEY]);
}
