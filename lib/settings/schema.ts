/**
 * The settings shape: profiles (server URL, name, defaults for new links) and behaviour switches, as
 * stored in `storage.local` under one versioned key (settingsItem in lib/storage/items.ts, which reads
 * it with parseSettings; lib/settings/settings.ts loads and saves it). API keys are NOT here: they live
 * in `lib/settings/api-keys.ts`, which only the background imports. Older stored shapes are brought to
 * SETTINGS_VERSION by the background (`lib/settings/migrations.ts`).
 *
 * The schemas here are the one definition of the settings shape: the types come from them, the
 * defaults are what they read from nothing, and the settings file (transfer.ts) and the background's
 * saveProfile check reuse their field rules. Nothing here touches storage, so the storage items can
 * name these types without an import cycle.
 */
import { z } from '../zod';

export const SETTINGS_VERSION = 1;

/** How a short link goes on the clipboard (lib/links/copy-format.ts writes each). */
export const COPY_FORMATS = ['plain', 'markdown', 'html', 'titled'] as const;
export type CopyFormat = (typeof COPY_FORMATS)[number];

/** Longest default expiry offered: ten years is already "never" for a short link. */
export const MAX_EXPIRY_DAYS = 3650;

/** A campaign or channel id as the server hands them out. */
const entityIdSchema = z.number().check(z.int(), z.positive());
/** A profile's default expiry: whole days from now, 1 to MAX_EXPIRY_DAYS. */
export const expiryDaysSchema = z.number().check(z.int(), z.gte(1), z.lte(MAX_EXPIRY_DAYS));
/** Whether a new link is listed publicly on the server. */
const linkStatusSchema = z.enum(['public', 'private']);

/** Link defaults exactly as they must be: what the settings file and the saveProfile request accept. */
export const linkDefaultsFields = {
  campaignId: z.nullable(entityIdSchema),
  channelId: z.nullable(entityIdSchema),
  /** Days from now; null means no expiry. */
  expiryDays: z.nullable(expiryDaysSchema),
  /** Branded domain (with scheme) or '' for the server's own. */
  domain: z.string(),
  status: linkStatusSchema,
};

/**
 * A stored expiry read as the form would have saved it: whole days, at most MAX_EXPIRY_DAYS, none when
 * not positive. Earlier releases stored whatever number they were given (an old settings file, a
 * hand-edited value), and such a default must be kept, not dropped.
 */
const storedExpiryDays = z.nullable(
  z.pipe(
    z.number().check(z.refine(Number.isFinite)),
    z.transform((days) => (days > 0 ? Math.min(MAX_EXPIRY_DAYS, Math.max(1, Math.round(days))) : null)),
  ),
);

// Stored settings repair what they cannot read, field by field (each falls back on its default), so
// damaged storage never breaks a page; the catch values are the defaults of a fresh install.
const linkDefaultsSchema = z.object({
  campaignId: z.catch(linkDefaultsFields.campaignId, null),
  channelId: z.catch(linkDefaultsFields.channelId, null),
  expiryDays: z.catch(storedExpiryDays, null),
  domain: z.catch(linkDefaultsFields.domain, ''),
  status: z.catch(linkDefaultsFields.status, 'private'),
});
export type LinkDefaults = z.infer<typeof linkDefaultsSchema>;

/** Link defaults for a new profile: nothing preset, private links. */
export function emptyDefaults(): LinkDefaults {
  return linkDefaultsSchema.parse({});
}

const profileSchema = z.object({
  id: z.string(),
  name: z.catch(z.string(), ''),
  serverUrl: z.string(),
  defaults: z.catch(linkDefaultsSchema, emptyDefaults),
});
export type Profile = z.infer<typeof profileSchema>;

/** Hours between two sweeps of the link mirror: from every hour to once a week. */
const MIRROR_SWEEP_HOURS = { min: 1, max: 168, default: 6 } as const;

/** The behaviour switches exactly as they must be; the settings file reuses them. */
export const behaviourFields = {
  autoCopy: z.boolean(),
  notifications: z.boolean(),
  /** How a short link goes on the clipboard (lib/links/copy-format.ts). */
  copyFormat: z.enum(COPY_FORMATS),
  /** Remove utm_*, fbclid and other tracking parameters before shortening (lib/url/tracking.ts). */
  stripTracking: z.boolean(),
  /** Shorten the page's declared canonical URL instead of the address bar's, when there is one. */
  preferCanonical: z.boolean(),
  /** Shorten the address a redirect wrapper (Safe Links, Google…) carries instead of it (lib/url/unwrap.ts). */
  unwrapRedirects: z.boolean(),
  /** Keep every link of each profile's server in the link cache (entrypoints/background/mirror.ts). */
  mirror: z.boolean(),
  /** Hours between two full sweeps of the mirror, which pick up edits, clicks and deletions. */
  mirrorSweepHours: z.number().check(z.int(), z.gte(MIRROR_SWEEP_HOURS.min), z.lte(MIRROR_SWEEP_HOURS.max)),
  /** A daily notification of the watched links with the most new clicks (entrypoints/background/watch-digest.ts). */
  watchDigest: z.boolean(),
  /** Show on the toolbar button how many short links the cache has for each tab's page (entrypoints/background/tab-marker.ts). */
  markPages: z.boolean(),
};

const behaviourSchema = z.object({
  autoCopy: z.catch(behaviourFields.autoCopy, true),
  notifications: z.catch(behaviourFields.notifications, true),
  copyFormat: z.catch(behaviourFields.copyFormat, 'plain'),
  stripTracking: z.catch(behaviourFields.stripTracking, false),
  preferCanonical: z.catch(behaviourFields.preferCanonical, false),
  // On for settings saved before it existed too: nobody means to shorten a mail scanner's link.
  unwrapRedirects: z.catch(behaviourFields.unwrapRedirects, true),
  mirror: z.catch(behaviourFields.mirror, true),
  mirrorSweepHours: z.catch(behaviourFields.mirrorSweepHours, MIRROR_SWEEP_HOURS.default),
  watchDigest: z.catch(behaviourFields.watchDigest, false),
  // Off until the user turns it on: it needs the optional `tabs` permission, asked for from that click.
  markPages: z.catch(behaviourFields.markPages, false),
});
export type Behaviour = z.infer<typeof behaviourSchema>;

/** Behaviour switches of a fresh install: copy the plain URL, change nothing in it but its redirect wrapper. */
export function defaultBehaviour(): Behaviour {
  return behaviourSchema.parse({});
}

/**
 * One named set of UTM parameters ("LinkedIn": utm_source=linkedin, utm_medium=social): "one link per
 * preset" adds each preset's parameters to the long URL (lib/url/utm.ts). An empty value is not set.
 */
const utmPresetFields = {
  id: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  source: z.string(),
  medium: z.string(),
  campaign: z.string(),
  term: z.string(),
  content: z.string(),
};
const utmPresetSchema = z.object(utmPresetFields);
export type UtmPreset = z.infer<typeof utmPresetSchema>;

/** The presets of a fresh install, which the user edits in Options. */
export function defaultUtmPresets(): UtmPreset[] {
  const preset = (id: string, name: string, source: string, medium: string): UtmPreset => ({
    id,
    name,
    source,
    medium,
    campaign: '',
    term: '',
    content: '',
  });
  return [
    preset('x', 'X', 'x', 'social'),
    preset('linkedin', 'LinkedIn', 'linkedin', 'social'),
    preset('newsletter', 'Newsletter', 'newsletter', 'email'),
  ];
}

export const settingsSchema = z.object({
  version: z.literal(SETTINGS_VERSION),
  activeProfileId: z.catch(z.nullable(z.string()), null),
  profiles: z.catch(z.array(profileSchema), []),
  behaviour: z.catch(behaviourSchema, defaultBehaviour),
  // Settings saved before presets existed read as the defaults; a list the user emptied stays empty.
  utmPresets: z.catch(z.array(utmPresetSchema), defaultUtmPresets),
});
export type Settings = z.infer<typeof settingsSchema>;

/** Settings of a fresh install. */
export function defaultSettings(): Settings {
  return settingsSchema.parse({ version: SETTINGS_VERSION });
}

/** The active profile, or null when none is configured yet. */
export function activeProfile(settings: Settings): Profile | null {
  return settings.profiles.find((p) => p.id === settings.activeProfileId) ?? null;
}

/** Parses stored settings; anything unreadable becomes the defaults rather than breaking a page. */
export function parseSettings(raw: unknown): Settings {
  const parsed = settingsSchema.safeParse(raw);
  return parsed.success ? parsed.data : defaultSettings();
}

/** True for a stored settings value written by a newer release (a higher version than this one knows). */
export function isNewerSettings(raw: unknown): boolean {
  if (typeof raw !== 'object' || raw === null) return false;
  const { version } = raw as { version?: unknown };
  return typeof version === 'number' && Number.isInteger(version) && version > SETTINGS_VERSION;
}

/** API keys by profile id. */
export type KeyMap = Record<string, string>;

/** The stored key map, keeping only string keys; anything else reads as no keys. */
export function parseApiKeys(stored: unknown): KeyMap {
  if (!stored || typeof stored !== 'object') return {};
  // No prototype: a profile id such as `__proto__` or `constructor` is just a name here.
  const keys: KeyMap = Object.create(null);
  for (const [id, key] of Object.entries(stored)) if (typeof key === 'string') keys[id] = key;
  return keys;
}
