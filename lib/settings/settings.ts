/**
 * Settings: profiles (server URL, name, defaults for new links) and behaviour switches, stored in
 * `storage.local` under one versioned key. API keys are NOT here: they live in `lib/settings/api-keys.ts`,
 * which only the background imports. The popup reads settings without zod: see `settings-base.ts`.
 * Older stored shapes are brought to SETTINGS_VERSION by the background (`lib/settings/migrations.ts`).
 */
import * as z from 'zod/mini';
import {
  COPY_FORMATS,
  defaultBehaviour,
  defaultSettings,
  emptyDefaults,
  SETTINGS_KEY,
  SETTINGS_VERSION,
} from './defaults';

export {
  activeProfile,
  defaultBehaviour,
  defaultSettings,
  emptyDefaults,
  SETTINGS_KEY,
  SETTINGS_VERSION,
} from './defaults';

const linkDefaultsSchema = z.object({
  campaignId: z.catch(z.nullable(z.number()), null),
  channelId: z.catch(z.nullable(z.number()), null),
  /** Days from now; null means no expiry. */
  expiryDays: z.catch(z.nullable(z.number()), null),
  /** Branded domain (with scheme) or '' for the server's own. */
  domain: z.catch(z.string(), ''),
  status: z.catch(z.enum(['public', 'private']), 'private'),
});
export type LinkDefaults = z.infer<typeof linkDefaultsSchema>;

const profileSchema = z.object({
  id: z.string(),
  name: z.catch(z.string(), ''),
  serverUrl: z.string(),
  defaults: z.catch(linkDefaultsSchema, () => emptyDefaults()),
});
export type Profile = z.infer<typeof profileSchema>;

const behaviourSchema = z.object({
  autoCopy: z.catch(z.boolean(), true),
  notifications: z.catch(z.boolean(), true),
  /** How a short link goes on the clipboard (lib/links/copy-format.ts). */
  copyFormat: z.catch(z.enum(COPY_FORMATS), 'plain'),
  /** Remove utm_*, fbclid and other tracking parameters before shortening (lib/url/tracking.ts). */
  stripTracking: z.catch(z.boolean(), false),
  /** Shorten the page's declared canonical URL instead of the address bar's, when there is one. */
  preferCanonical: z.catch(z.boolean(), false),
});
export type Behaviour = z.infer<typeof behaviourSchema>;

export const settingsSchema = z.object({
  version: z.literal(SETTINGS_VERSION),
  activeProfileId: z.catch(z.nullable(z.string()), null),
  profiles: z.catch(z.array(profileSchema), []),
  behaviour: z.catch(behaviourSchema, defaultBehaviour),
});
export type Settings = z.infer<typeof settingsSchema>;

/** Parses stored settings; anything unreadable becomes the defaults rather than breaking a page. */
export function parseSettings(raw: unknown): Settings {
  const parsed = settingsSchema.safeParse(raw);
  return parsed.success ? parsed.data : defaultSettings();
}

/** Reads settings from storage.local. */
export async function loadSettings(area = browser.storage.local): Promise<Settings> {
  const stored = await area.get(SETTINGS_KEY);
  return parseSettings(stored[SETTINGS_KEY]);
}

/** Where settings of a newer release are kept when this (older) release has to replace them. */
export const NEWER_SETTINGS_BACKUP_KEY = 'settingsOfNewerVersion';

/** True for a stored settings value written by a newer release (a higher version than this one knows). */
export function isNewerSettings(raw: unknown): boolean {
  if (typeof raw !== 'object' || raw === null) return false;
  const { version } = raw as { version?: unknown };
  return typeof version === 'number' && Number.isInteger(version) && version > SETTINGS_VERSION;
}

/**
 * Writes settings to storage.local (never sync: server URLs are per machine and private). Settings
 * of a newer release (the user went back a version) are not migrated or read, and not destroyed
 * either: the first write keeps them under NEWER_SETTINGS_BACKUP_KEY.
 */
export async function saveSettings(settings: Settings, area = browser.storage.local): Promise<void> {
  const valid = settingsSchema.parse(settings);
  const stored = (await area.get(SETTINGS_KEY))[SETTINGS_KEY];
  const items: Record<string, unknown> = { [SETTINGS_KEY]: valid };
  if (isNewerSettings(stored)) items[NEWER_SETTINGS_BACKUP_KEY] = stored;
  await area.set(items);
}
