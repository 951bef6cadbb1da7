/**
 * The zod-free part of `lib/settings/settings.ts`: the storage key, the version and the defaults. The popup
 * imports these at run time; importing `settings.ts` there would load zod/mini (~5.6 KB gzip of a
 * 15 KB budget), because the bundler keeps the whole module once another page uses its schemas.
 * `settings.ts` re-exports everything here, so other code keeps importing from it.
 */
import type { Behaviour, LinkDefaults, Profile, Settings } from './settings';

export const SETTINGS_KEY = 'settings';

/**
 * The copy formats of lib/links/copy-format.ts, kept here so that reading settings (the popup's first load)
 * does not bring the formatting code along with the list.
 */
export const COPY_FORMATS = ['plain', 'markdown', 'html', 'titled'] as const;
export const SETTINGS_VERSION = 1;

/** Link defaults for a new profile: nothing preset, private links. */
export function emptyDefaults(): LinkDefaults {
  return { campaignId: null, channelId: null, expiryDays: null, domain: '', status: 'private' };
}

/** Behaviour switches of a fresh install: copy the plain URL, change nothing in it. */
export function defaultBehaviour(): Behaviour {
  return {
    autoCopy: true,
    notifications: true,
    copyFormat: 'plain',
    stripTracking: false,
    preferCanonical: false,
  };
}

/** Settings of a fresh install. */
export function defaultSettings(): Settings {
  return {
    version: SETTINGS_VERSION,
    activeProfileId: null,
    profiles: [],
    behaviour: defaultBehaviour(),
  };
}

/** The active profile, or null when none is configured yet. */
export function activeProfile(settings: Settings): Profile | null {
  return settings.profiles.find((p) => p.id === settings.activeProfileId) ?? null;
}
