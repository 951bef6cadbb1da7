/**
 * Migrations of the stored settings: one step per version, applied in order until the value has
 * SETTINGS_VERSION. The steps are pure (stored data in, stored data out) and each is tested against
 * a fixture of the version it reads (`test/fixtures/settings-v*.json`). Only the background runs them,
 * since a step may move an API key.
 *
 *   const outcome = await runSettingsMigrations(); // { status: 'migrated', from: 0, to: 1 }, or 'current'…
 *
 * Nothing is lost on the way: a value this release cannot read (a newer version, or not settings at
 * all) is left as it is, and a migrated value is written in one storage call with its keys.
 */

import { normalizeBaseUrl } from '../api/base-url';
import { isObject } from '../is-object';
import type { KeyMap } from './schema';
import { emptyDefaults, parseSettings, SETTINGS_VERSION } from './schema';

/** What the migrations read and write: the stored settings value, and the API keys by profile id. */
export interface StoredSettings {
  settings: unknown;
  apiKeys: KeyMap;
}

export interface MigrationContext {
  /** A new profile id. */
  newId(): string;
}

/** One step from version `from` to version `to`. */
export interface SettingsMigration {
  from: number;
  to: number;
  describe: string;
  migrate(stored: StoredSettings, context: MigrationContext): StoredSettings;
}

export type MigrationOutcome =
  | { status: 'empty' | 'current' | 'newer' | 'unreadable'; version: number | null; stored: StoredSettings }
  | { status: 'migrated'; from: number; to: number; stored: StoredSettings };

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

function hostName(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

/**
 * v0 → v1. Version 0 is the flat shape of early releases (and of settings imported from similar
 * tools): one server and its key side by side, no version, e.g.
 * `{ serverUrl, apiKey, name?, autoCopy?, notifications?, status?, domain?, campaignId?, channelId?, expiryDays? }`.
 * The server becomes the one (active) profile and the key moves to the API-key store, out of the
 * settings. Without a server there is nothing to attach a key to, so the key is dropped.
 */
const legacyToV1: SettingsMigration = {
  from: 0,
  to: 1,
  describe: 'flat { serverUrl, apiKey, … } → one profile; key moved to the API-key store',
  migrate({ settings, apiKeys }, { newId }) {
    const legacy = isObject(settings) ? settings : {};
    const behaviour = {
      autoCopy: flag(legacy.autoCopy, true),
      notifications: flag(legacy.notifications, true),
    };
    const typed = text(legacy.serverUrl);
    if (typed === '') {
      return { settings: { version: 1, activeProfileId: null, profiles: [], behaviour }, apiKeys };
    }
    // An address the client cannot use is kept as typed, so Options shows it with what to fix.
    const normalized = normalizeBaseUrl(typed);
    const serverUrl = normalized.ok ? normalized.url : typed;
    const id = newId();
    const profile = {
      id,
      name: text(legacy.name) || hostName(serverUrl),
      serverUrl,
      // Each field falls back on its own when unreadable (see the settings schema).
      defaults: {
        ...emptyDefaults(),
        campaignId: legacy.campaignId ?? null,
        channelId: legacy.channelId ?? null,
        expiryDays: legacy.expiryDays ?? null,
        domain: legacy.domain ?? '',
        status: legacy.status ?? 'private',
      },
    };
    const apiKey = text(legacy.apiKey);
    const keys: KeyMap = Object.assign(Object.create(null), apiKeys);
    if (apiKey !== '') keys[id] = apiKey;
    return {
      settings: { version: 1, activeProfileId: id, profiles: [profile], behaviour },
      apiKeys: keys,
    };
  },
};

/**
 * The version of a stored value: null when nothing or no settings object is stored, 0 for the
 * legacy shape without a version, NaN for an object whose version is not a whole number.
 */
function storedVersion(value: unknown): number | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  if (!('version' in value)) return 0;
  const { version } = value;
  return typeof version === 'number' && Number.isInteger(version) && version >= 0 ? version : Number.NaN;
}

/** Every step, oldest first. */
export const SETTINGS_MIGRATIONS: readonly SettingsMigration[] = [legacyToV1];

/** Applies the steps a stored value needs; pure, never throws, leaves what it cannot read alone. */
export function migrateSettings(stored: StoredSettings, context: MigrationContext): MigrationOutcome {
  const version = storedVersion(stored.settings);
  if (version === null) {
    const status = stored.settings === undefined ? 'empty' : 'unreadable';
    return { status, version, stored };
  }
  if (Number.isNaN(version)) return { status: 'unreadable', version: null, stored };
  if (version > SETTINGS_VERSION) return { status: 'newer', version, stored };
  if (version === SETTINGS_VERSION) return { status: 'current', version, stored };

  let current = stored;
  let at = version;
  while (at < SETTINGS_VERSION) {
    const step = SETTINGS_MIGRATIONS.find((m) => m.from === at);
    if (!step) return { status: 'unreadable', version, stored };
    current = step.migrate(current, context);
    at = step.to;
  }
  // Written through the schema, so what is stored is exactly what loadSettings reads back.
  return {
    status: 'migrated',
    from: version,
    to: at,
    stored: { settings: parseSettings(current.settings), apiKeys: current.apiKeys },
  };
}
