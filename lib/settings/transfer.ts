/**
 * Settings files: what Options exports as `shortlink-settings-YYYY-MM-DD.json` and imports again.
 *
 * A file is the stored settings (lib/settings/schema.ts) with a format marker, so the stored-settings
 * migrations (lib/settings/migrations.ts) bring a file of an older release forward:
 *
 *   { "format": "shortlink-settings", "version": 1, "exportedAt": "2026-11-21T10:00:00.000Z",
 *     "activeProfileId": "…", "profiles": [{ "id", "name", "serverUrl", "defaults" }],
 *     "behaviour": { … }, "utmPresets": [{ "id", "name", "source", "medium", … }],
 *     "apiKeys": { "<profile id>": "<key>" } }   ← only when the user ticked "Include API keys"
 *
 * Import merges into what is stored (planImport / applyImport):
 * - an imported profile with the same server URL and name (case-insensitive) as a stored one replaces
 *   it in place, keeping its id (and so its cache); any other imported profile is added with a new id;
 * - profiles in storage but not in the file stay as they are;
 * - a key in the file is saved for its profile; without one, a replaced profile keeps its saved key
 *   and an added profile has none until the user enters it;
 * - behaviour switches are the file's, and so are the UTM presets when the file has them (a file of a
 *   release before presets keeps the stored ones); the file's active profile becomes the active one if it has an
 *   API key after the import and the user granted access to its server; otherwise the current active
 *   profile stays (or, if that cannot be used either, the first profile that can), since an active
 *   profile without a key cannot shorten anything, and a file must not choose where links are sent.
 * Nothing is written unless the whole file is valid: parseSettingsFile checks all of it first.
 */

import { normalizeBaseUrl } from '../api/base-url';
import { t } from '../i18n';
import { isObject } from '../is-object';
import { fileDay } from '../present/dates';
import { LIST_LIMITS, TEXT_LIMITS } from '../text-limits';
import { isHttpUrl } from '../url/rules';
import { z } from '../zod';
import { type MigrationContext, migrateSettings } from './migrations';
import type { KeyMap } from './schema';
import {
  behaviourFields,
  defaultBehaviour,
  defaultUtmPresets,
  linkDefaultsFields,
  type Profile,
  parseApiKeys,
  SETTINGS_VERSION,
  type Settings,
  type UtmPreset,
} from './schema';
import { presetProblems } from './utm-presets';

/** The marker that tells a Shortlink settings file from any other JSON. */
export const SETTINGS_FILE_FORMAT = 'shortlink-settings';

const MEGABYTE = 1_000_000;
// The largest file Options can write: every list full, every text at its limit (ids, names,
// addresses and key of a profile; id, name and five values of a preset), at three UTF-8 bytes a
// character, with room for the JSON around them. A real one is a few kilobytes.
const LARGEST_EXPORT =
  3 *
    (LIST_LIMITS.profiles *
      (2 * TEXT_LIMITS.id + TEXT_LIMITS.name + 2 * TEXT_LIMITS.address + TEXT_LIMITS.apiKey) +
      LIST_LIMITS.utmPresets * (TEXT_LIMITS.id + TEXT_LIMITS.name + 5 * TEXT_LIMITS.utmValue)) +
  MEGABYTE / 10;

/** Larger files are refused unread: no export is, so anything larger is not one. */
export const MAX_SETTINGS_FILE_BYTES = Math.ceil(LARGEST_EXPORT / MEGABYTE) * MEGABYTE;

/** The refusal of a file over MAX_SETTINGS_FILE_BYTES. */
export function tooLargeMessage(): string {
  return t('options_import_too_large', MAX_SETTINGS_FILE_BYTES / MEGABYTE);
}

/** The file Options downloads. */
export interface SettingsFile {
  format: typeof SETTINGS_FILE_FORMAT;
  version: number;
  exportedAt: string;
  activeProfileId: string | null;
  profiles: Profile[];
  behaviour: Settings['behaviour'];
  utmPresets: UtmPreset[];
  apiKeys?: KeyMap;
}

/** A checked file, brought to this release's settings version; keys by the file's profile ids. */
export interface ImportedSettings {
  /** The settings version the file was written with. */
  fileVersion: number;
  settings: Settings;
  /** False for a file without presets (written before they existed): the stored ones are kept. */
  utmPresetsIncluded: boolean;
  apiKeys: KeyMap;
}

export type ParseOutcome = { ok: true; imported: ImportedSettings } | { ok: false; message: string };

/** The name of an export made on `now`'s (local) day: `shortlink-settings-2026-11-21.json`. */
export function exportFileName(now = new Date()): string {
  return `shortlink-settings-${fileDay(now)}.json`;
}

/** The export of `settings`; with `keys`, the saved key of every exported profile that has one. */
export function buildSettingsFile(settings: Settings, keys: KeyMap | null, now = new Date()): SettingsFile {
  const file: SettingsFile = {
    format: SETTINGS_FILE_FORMAT,
    version: SETTINGS_VERSION,
    exportedAt: now.toISOString(),
    activeProfileId: settings.activeProfileId,
    profiles: settings.profiles.map(({ id, name, serverUrl, defaults }) => ({
      id,
      name,
      serverUrl,
      defaults,
    })),
    behaviour: settings.behaviour,
    utmPresets: settings.utmPresets,
  };
  if (keys) {
    const apiKeys: KeyMap = {};
    for (const { id } of settings.profiles) if (typeof keys[id] === 'string') apiKeys[id] = keys[id];
    file.apiKeys = apiKeys;
  }
  return file;
}

/** The text written to disk. */
export function serializeSettingsFile(file: SettingsFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}

const text = (max: number) => z.string().check(z.maxLength(max));
const id = () => text(TEXT_LIMITS.id).check(z.minLength(1));

/** A server URL as Options would save it; stored normalized, so it matches stored profiles. */
const serverUrl = () =>
  z.pipe(
    text(TEXT_LIMITS.address).check(z.refine((url) => normalizeBaseUrl(url).ok)),
    z.transform((url) => {
      const normalized = normalizeBaseUrl(url);
      return normalized.ok ? normalized.url : url;
    }),
  );

// Strict, unlike the stored-settings schema, which repairs what it cannot read: a file that was
// damaged or edited by hand is refused with the field that is wrong, never half-imported. Its limits
// are the table's (lib/text-limits.ts), which Options keeps to: an export always imports. Built when a
// file is first read: the worker and Options load this module, and most never read one.
const fileSchema = z.lazy(() =>
  z.object({
    format: z.literal(SETTINGS_FILE_FORMAT),
    version: z.literal(SETTINGS_VERSION),
    exportedAt: z.optional(text(TEXT_LIMITS.id)),
    activeProfileId: z.nullable(text(TEXT_LIMITS.id)),
    profiles: z
      .array(
        z.object({
          id: id(),
          name: text(TEXT_LIMITS.name),
          serverUrl: serverUrl(),
          defaults: z.object({
            ...linkDefaultsFields,
            domain: text(TEXT_LIMITS.address).check(z.refine((domain) => domain === '' || isHttpUrl(domain))),
          }),
        }),
      )
      .check(z.maxLength(LIST_LIMITS.profiles)),
    // The switches added after version 1 came out may be missing from an early file; they get their defaults.
    behaviour: z.object({
      autoCopy: behaviourFields.autoCopy,
      notifications: behaviourFields.notifications,
      copyFormat: z.optional(behaviourFields.copyFormat),
      stripTracking: z.optional(behaviourFields.stripTracking),
      preferCanonical: z.optional(behaviourFields.preferCanonical),
      unwrapRedirects: z.optional(behaviourFields.unwrapRedirects),
      mirror: z.optional(behaviourFields.mirror),
      mirrorSweepHours: z.optional(behaviourFields.mirrorSweepHours),
      watchDigest: z.optional(behaviourFields.watchDigest),
      markPages: z.optional(behaviourFields.markPages),
    }),
    // Each preset is judged by the one preset rule (checkCurrent); the count bounds that work first.
    utmPresets: z.optional(
      z
        .array(
          z.object({
            id: id(),
            name: z.string(),
            source: z.string(),
            medium: z.string(),
            campaign: z.string(),
            term: z.string(),
            content: z.string(),
          }),
        )
        .check(z.maxLength(LIST_LIMITS.utmPresets)),
    ),
    apiKeys: z.optional(z.record(text(TEXT_LIMITS.id), text(TEXT_LIMITS.apiKey).check(z.minLength(1)))),
  }),
);

const matchKey = (profile: Pick<Profile, 'serverUrl' | 'name'>) => {
  const normalized = normalizeBaseUrl(profile.serverUrl);
  return `${normalized.ok ? normalized.url : profile.serverUrl}\n${profile.name.trim().toLowerCase()}`;
};

/**
 * Whether two profiles are one to a settings file: the same server and name, whatever its case. An
 * import replaces a stored profile by such a twin, and a file may not hold two of them.
 */
export function sameProfile(a: Pick<Profile, 'serverUrl' | 'name'>, b: Pick<Profile, 'serverUrl' | 'name'>) {
  return matchKey(a) === matchKey(b);
}

/** The name a profile is saved with: the one typed, else its server's host name, within the limit. */
export function profileName(typed: string, serverUrl: string): string {
  return (typed.trim() || new URL(serverUrl).hostname).slice(0, TEXT_LIMITS.name);
}

/** The refusal of an import that would leave more profiles than Shortlink keeps; null when it fits. */
export function tooManyProfiles(result: Pick<ImportResult, 'settings' | 'added'>): string | null {
  const count = result.settings.profiles.length;
  return result.added > 0 && count > LIST_LIMITS.profiles
    ? t('options_import_too_many_profiles', count, LIST_LIMITS.profiles)
    : null;
}

function invalidField(path: readonly PropertyKey[]): ParseOutcome {
  return { ok: false, message: t('options_import_invalid_field', path.map(String).join('.') || '—') };
}

/** Checks a file of this release's version, field by field. */
function checkCurrent(raw: Record<string, unknown>, version: number): ParseOutcome {
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) return invalidField(parsed.error.issues[0]?.path ?? []);
  const file = parsed.data;
  const ids = new Set<string>();
  const seen = new Set<string>();
  for (const [index, profile] of file.profiles.entries()) {
    if (ids.has(profile.id)) return invalidField(['profiles', index, 'id']);
    ids.add(profile.id);
    const key = matchKey(profile);
    if (seen.has(key)) {
      return {
        ok: false,
        message: t('options_import_duplicate_profile', profile.name || profile.serverUrl, profile.serverUrl),
      };
    }
    seen.add(key);
  }
  if (file.activeProfileId !== null && !ids.has(file.activeProfileId))
    return invalidField(['activeProfileId']);
  const presets = file.utmPresets ?? [];
  const presetIds = new Set<string>();
  for (const [index, preset] of presets.entries()) {
    if (presetIds.has(preset.id)) return invalidField(['utmPresets', index, 'id']);
    presetIds.add(preset.id);
    const [problem] = Object.keys(presetProblems(preset, preset.id, presets.slice(0, index)));
    if (problem) return invalidField(['utmPresets', index, ...(problem in preset ? [problem] : [])]);
  }
  const apiKeys: KeyMap = Object.create(null);
  for (const [id, key] of Object.entries(file.apiKeys ?? {})) {
    if (!ids.has(id)) return invalidField(['apiKeys', id]);
    apiKeys[id] = key;
  }
  return {
    ok: true,
    imported: {
      fileVersion: version,
      settings: {
        version: SETTINGS_VERSION,
        activeProfileId: file.activeProfileId,
        profiles: file.profiles,
        behaviour: { ...defaultBehaviour(), ...stripUndefined(file.behaviour) },
        utmPresets: file.utmPresets ?? defaultUtmPresets(),
      },
      utmPresetsIncluded: file.utmPresets !== undefined,
      apiKeys,
    },
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Reads a settings file completely before anything may be written: its size, JSON, the format
 * marker, the version (an older one is migrated; a newer one is refused), then every field. The
 * message of a refusal says what is wrong with the file and what to do.
 */
export function parseSettingsFile(
  content: string,
  context: MigrationContext = { newId: () => crypto.randomUUID() },
): ParseOutcome {
  // Counted in bytes (what the file has on disk), without encoding what is plainly too long.
  if (
    content.length > MAX_SETTINGS_FILE_BYTES ||
    new TextEncoder().encode(content).length > MAX_SETTINGS_FILE_BYTES
  ) {
    return { ok: false, message: tooLargeMessage() };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(content);
  } catch {
    return { ok: false, message: t('options_import_not_json') };
  }
  if (!isObject(raw) || raw.format !== SETTINGS_FILE_FORMAT) {
    return { ok: false, message: t('options_import_wrong_format') };
  }
  const { version } = raw;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    return invalidField(['version']);
  }
  if (version > SETTINGS_VERSION) {
    return { ok: false, message: t('options_import_newer_version', version, SETTINGS_VERSION) };
  }
  if (version === SETTINGS_VERSION) return checkCurrent(raw, version);

  // An older file: the migrations of stored settings bring it forward, keys included (a version 0
  // file has its key next to the server URL), then it is checked like a current one.
  const { format: _format, apiKeys, ...settings } = raw;
  const outcome = migrateSettings({ settings, apiKeys: parseApiKeys(apiKeys) }, context);
  if (outcome.status !== 'migrated') return invalidField(['version']);
  // Reading the migrated settings gives them the default presets; a file without presets of its own
  // must leave the user's as they are, so the migrated file has only the presets the file had.
  const { utmPresets: _defaults, ...migrated } = outcome.stored.settings as Settings;
  const presets = 'utmPresets' in raw ? { utmPresets: raw.utmPresets } : {};
  const checked = checkCurrent(
    { ...migrated, ...presets, format: SETTINGS_FILE_FORMAT, apiKeys: { ...outcome.stored.apiKeys } },
    version,
  );
  return checked;
}

/** One imported profile and the stored one it replaces, if any. */
interface PlannedProfile {
  profile: Profile;
  replaces: Profile | null;
  hasKey: boolean;
}

/** What an import will do to the stored settings, for the preview and for applyImport. */
export interface ImportPlan {
  profiles: PlannedProfile[];
  /** The file's active profile, if it names one; applyImport makes it active only if it has a key. */
  active: Profile | null;
  keysIncluded: number;
}

/** Pairs every imported profile with the stored profile of the same server URL and name. */
export function planImport(current: Settings, imported: ImportedSettings): ImportPlan {
  const stored = new Map(current.profiles.map((p) => [matchKey(p), p]));
  const profiles = imported.settings.profiles.map((profile) => ({
    profile,
    replaces: stored.get(matchKey(profile)) ?? null,
    hasKey: typeof imported.apiKeys[profile.id] === 'string',
  }));
  return {
    profiles,
    active: imported.settings.profiles.find((p) => p.id === imported.settings.activeProfileId) ?? null,
    keysIncluded: profiles.filter((p) => p.hasKey).length,
  };
}

/** The stored settings and keys after an import, and what changed. */
export interface ImportResult {
  settings: Settings;
  apiKeys: KeyMap;
  added: number;
  replaced: number;
  keysImported: number;
  /** Ids of imported profiles that have no key after the import: they need one entered. */
  withoutKey: string[];
  /** Ids of stored profiles whose key the file replaced (their API clients must be rebuilt). */
  rekeyed: string[];
  /** The file's active profile (as merged), when it was not made active: no key, or no access to its server. */
  skippedActive: Profile | null;
  /** The origins of imported profiles the extension may not reach yet (the user grants each in Options). */
  needsAccess: string[];
}

/**
 * The profile to make active after an import: the first usable (a key, and access to its server) of
 * the file's, the current one and the others; with none usable, the current one, else one whose server
 * the extension may reach, else none: a file never makes active a server the user has not granted.
 */
function chooseActive(
  profiles: readonly Profile[],
  keys: KeyMap,
  mayReach: (serverUrl: string) => boolean,
  fromFile: string | undefined,
  current: string | null,
): string | null {
  const byId = new Map(profiles.map((p) => [p.id, p]));
  const kept = byId.has(current ?? '') ? current : null;
  const reachable = (id: string | null | undefined): id is string =>
    !!id && byId.has(id) && mayReach(byId.get(id)!.serverUrl);
  const usable = (id: string | null | undefined): id is string =>
    reachable(id) && typeof keys[id] === 'string';
  const order = [fromFile, kept, ...profiles.map((p) => p.id)];
  return order.find(usable) ?? kept ?? order.find(reachable) ?? null;
}

/** Merges a checked file into the stored settings and keys (see the module comment); pure. */
export function applyImport(
  current: Settings,
  currentKeys: KeyMap,
  imported: ImportedSettings,
  newId: () => string = () => crypto.randomUUID(),
  mayReach: (serverUrl: string) => boolean = () => true,
): ImportResult {
  const plan = planImport(current, imported);
  const apiKeys: KeyMap = { ...currentKeys };
  const profiles = [...current.profiles];
  const idOf = new Map<string, string>();
  const rekeyed: string[] = [];
  let added = 0;
  for (const { profile, replaces } of plan.profiles) {
    const id = replaces?.id ?? newId();
    idOf.set(profile.id, id);
    const merged: Profile = { ...profile, id };
    if (replaces) profiles[profiles.indexOf(replaces)] = merged;
    else {
      profiles.push(merged);
      added += 1;
    }
    const key = imported.apiKeys[profile.id];
    if (key !== undefined) {
      if (replaces && apiKeys[id] !== key) rekeyed.push(id);
      apiKeys[id] = key;
    }
  }
  const importedActive = plan.active ? idOf.get(plan.active.id) : undefined;
  const activeProfileId = chooseActive(profiles, apiKeys, mayReach, importedActive, current.activeProfileId);
  return {
    settings: {
      ...current,
      profiles,
      behaviour: imported.settings.behaviour,
      utmPresets: imported.utmPresetsIncluded ? imported.settings.utmPresets : current.utmPresets,
      activeProfileId,
    },
    apiKeys,
    added,
    replaced: plan.profiles.length - added,
    keysImported: plan.keysIncluded,
    withoutKey: [...idOf.values()].filter((id) => apiKeys[id] === undefined),
    rekeyed,
    skippedActive:
      importedActive && importedActive !== activeProfileId
        ? (profiles.find((p) => p.id === importedActive) ?? null)
        : null,
    needsAccess: [
      ...new Set(
        plan.profiles
          .filter(({ profile }) => !mayReach(profile.serverUrl))
          .map(({ profile }) => originOf(profile.serverUrl)),
      ),
    ],
  };
}

/** `https://sho.rt` of `https://sho.rt/base`: what the user grants access to. */
function originOf(serverUrl: string): string {
  try {
    return new URL(serverUrl).origin;
  } catch {
    return serverUrl;
  }
}
