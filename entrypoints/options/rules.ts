/**
 * The Options page's rules as plain functions: messages for a failed save, the defaults form, the
 * preset form and the read-modify-write of settings the page may change itself (link defaults,
 * behaviour, presets).
 */

import { normalizeBaseUrl } from '@/lib/api/base-url';
import type { ErrorData } from '@/lib/api/errors';
import { t } from '@/lib/i18n';
import { errorText } from '@/lib/present/errors';
import {
  type Behaviour,
  expiryDaysSchema,
  type LinkDefaults,
  MAX_EXPIRY_DAYS,
  type Profile,
  type Settings,
  type UtmPreset,
} from '@/lib/settings/schema';
import { profileName, sameProfile } from '@/lib/settings/transfer';
import { type PresetProblems, presetProblems } from '@/lib/settings/utm-presets';
import type { StorageArea } from '@/lib/storage/items';
import { loadSettings, saveSettings } from '@/lib/storage/settings';
import { LIST_LIMITS, TEXT_LIMITS, tooLong } from '@/lib/text-limits';
import { isHttpUrl } from '@/lib/url/rules';
import type { ProfileFormErrors, ProfileFormValues } from './profile-form';

/** What the user is told when the browser's host-access prompt was refused or dismissed. */
export function permissionRefusedMessage(serverUrl: string): string {
  return t('options_permission_refused', new URL(serverUrl).origin);
}

/** What the user is told when Grant access (next to a profile) was refused or dismissed. */
export function grantRefusedMessage(serverUrl: string): string {
  return t('options_grant_refused', new URL(serverUrl).origin);
}

/** The hint shown instead of a saved key: only its last four characters. */
export function savedKeyHint(typedKey: string): string {
  return t('options_saved_key_hint', typedKey.trim().slice(-4));
}

/** A failed saveProfile as a message that says what went wrong and what to do. */
export function saveFailureMessage(error: ErrorData, serverUrl: string, now = Date.now()): string {
  const origin = new URL(serverUrl).origin;
  switch (error.kind) {
    case 'unauthorized':
      return t('options_save_unauthorized', origin);
    case 'network':
      return t('options_save_network', origin);
    case 'timeout':
      return t('options_save_timeout', origin);
    case 'permission_denied':
      return permissionRefusedMessage(serverUrl);
    default:
      return errorText(error, now);
  }
}

/**
 * Options' checks of the profile form before it asks the browser and the background anything: the
 * server URL it reads, the fields' messages, and the message above Save. It refuses what a settings
 * file would (lib/text-limits.ts, sameProfile), so every profile it saves comes back from an export.
 */
export function checkProfileForm(
  form: ProfileFormValues,
  { editing, profiles, keyRequired }: { editing: string; profiles: readonly Profile[]; keyRequired: boolean },
): { base: ReturnType<typeof normalizeBaseUrl>; errors: ProfileFormErrors; failure: string | null } {
  const base = normalizeBaseUrl(form.serverUrl, { bareHost: true });
  const apiKey = form.apiKey.trim();
  const errors: ProfileFormErrors = {};
  const serverProblem = base.ok ? tooLong(base.url, TEXT_LIMITS.address) : base.message;
  if (serverProblem) errors.serverUrl = serverProblem;
  if (!apiKey && keyRequired) errors.apiKey = t('options_key_required');
  const keyTooLong = tooLong(apiKey, TEXT_LIMITS.apiKey);
  if (keyTooLong) errors.apiKey = keyTooLong;
  const nameTooLong = tooLong(form.name.trim(), TEXT_LIMITS.name);
  if (nameTooLong) errors.name = nameTooLong;
  else if (base.ok) {
    const name = profileName(form.name, base.url);
    const twin = profiles.some((p) => p.id !== editing && sameProfile(p, { serverUrl: base.url, name }));
    if (twin) errors.name = t('error_profile_duplicate', name);
  }
  const full = editing === 'new' && profiles.length >= LIST_LIMITS.profiles;
  return { base, errors, failure: full ? t('error_profiles_full', LIST_LIMITS.profiles) : null };
}

/** The defaults form as typed: ids and days as strings ('' = none). */
export interface DefaultsDraft {
  campaignId: string;
  channelId: string;
  expiryDays: string;
  domain: string;
  status: 'public' | 'private';
}

export type DefaultsErrors = Partial<Record<'expiryDays' | 'domain', string>>;

const idText = (id: number | null) => (id === null ? '' : String(id));
const idOf = (text: string) => (text === '' ? null : Number(text));

/** The form values for saved defaults. */
export function draftFromDefaults(defaults: LinkDefaults): DefaultsDraft {
  return {
    campaignId: idText(defaults.campaignId),
    channelId: idText(defaults.channelId),
    expiryDays: defaults.expiryDays === null ? '' : String(defaults.expiryDays),
    domain: defaults.domain,
    status: defaults.status,
  };
}

/** Validates the defaults form; the defaults to save, or the messages to show next to the fields. */
export function defaultsFromDraft(
  draft: DefaultsDraft,
): { ok: true; defaults: LinkDefaults } | { ok: false; errors: DefaultsErrors } {
  const errors: DefaultsErrors = {};
  const days = draft.expiryDays.trim();
  const expiryDays = days === '' ? null : Number(days);
  if (expiryDays !== null && !expiryDaysSchema.safeParse(expiryDays).success) {
    errors.expiryDays = t('options_expiry_invalid', MAX_EXPIRY_DAYS);
  }
  const domain = draft.domain.trim().replace(/\/+$/, '');
  if (domain && !isHttpUrl(domain)) {
    errors.domain = t('options_domain_invalid');
  } else {
    const domainTooLong = tooLong(domain, TEXT_LIMITS.address);
    if (domainTooLong) errors.domain = domainTooLong;
  }
  if (errors.expiryDays || errors.domain) return { ok: false, errors };
  return {
    ok: true,
    defaults: {
      campaignId: idOf(draft.campaignId),
      channelId: idOf(draft.channelId),
      expiryDays,
      domain,
      status: draft.status,
    },
  };
}

/**
 * Saves one profile's link defaults into the latest stored settings (the background may have
 * changed them since the page loaded). False when the profile is gone.
 */
export async function saveProfileDefaults(
  profileId: string,
  defaults: LinkDefaults,
  area?: StorageArea,
): Promise<boolean> {
  const settings = await loadSettings(area);
  const profile = settings.profiles.find((p) => p.id === profileId);
  if (!profile) return false;
  profile.defaults = defaults;
  await saveSettings(settings, area);
  return true;
}

/** Changes behaviour switches in the latest stored settings and returns what was saved. */
export async function saveBehaviour(patch: Partial<Behaviour>, area?: StorageArea): Promise<Settings> {
  const settings = await loadSettings(area);
  settings.behaviour = { ...settings.behaviour, ...patch };
  await saveSettings(settings, area);
  return settings;
}

/** The preset form as typed: every field but the id. */
export type PresetDraft = Omit<UtmPreset, 'id'>;

export type PresetErrors = PresetProblems;

/** A new preset's empty form. */
export function emptyPresetDraft(): PresetDraft {
  return { name: '', source: '', medium: '', campaign: '', term: '', content: '' };
}

/**
 * Validates a preset form against the other presets by the one preset rule (lib/settings/utm-presets.ts),
 * which the settings file applies too: what Options saves, an export brings back.
 */
export function presetFromDraft(
  draft: PresetDraft,
  id: string,
  others: readonly UtmPreset[],
): { ok: true; preset: UtmPreset } | { ok: false; errors: PresetErrors } {
  const trimmed = Object.fromEntries(
    Object.entries(draft).map(([key, value]) => [key, value.trim()]),
  ) as PresetDraft;
  const errors = presetProblems(trimmed, id, others);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, preset: { id, ...trimmed } };
}

/** Replaces the UTM presets in the latest stored settings and returns what was saved. */
export async function saveUtmPresets(presets: UtmPreset[], area?: StorageArea): Promise<Settings> {
  const settings = await loadSettings(area);
  settings.utmPresets = presets;
  await saveSettings(settings, area);
  return settings;
}
