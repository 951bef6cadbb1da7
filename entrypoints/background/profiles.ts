/**
 * Profiles: a server URL and API key checked against the server before anything is saved, plus the
 * switches between profiles. Host access is asked per server at run time, so saving first checks
 * that the user granted it: without it every request would fail as if the server were offline.
 */
import { normalizeBaseUrl } from '@/lib/api/base-url';
import { t } from '@/lib/i18n';
import { clearProfileCache } from '@/lib/links/cache';
import { forgetLinkWatch } from '@/lib/links/watch';
import type { RequestOf, ResponseOf } from '@/lib/messaging/protocol';
import { emptyDefaults, type Profile, type Settings } from '@/lib/settings/schema';
import { profileName, sameProfile } from '@/lib/settings/transfer';
import { deleteApiKey, getApiKey, setApiKey } from '@/lib/storage/api-keys';
import { loadSettings, saveSettings } from '@/lib/storage/settings';
import { LIST_LIMITS } from '@/lib/text-limits';
import { type Clients, hasHostAccess } from './clients';
import { ExtensionError } from './errors';

/** The profile handlers: saveProfile, deleteProfile, setActiveProfile and getAccount. */
export function createProfileHandlers(clients: Clients) {
  // Settings are read, changed and written back: two changes at once must not overwrite each other.
  let queue: Promise<unknown> = Promise.resolve();
  function changeSettings<T>(change: (settings: Settings) => Promise<T>): Promise<T> {
    const run = queue.then(async () => change(await loadSettings()));
    queue = run.catch(() => undefined);
    return run;
  }

  async function saveProfile({
    profile: draft,
    apiKey,
  }: RequestOf<'saveProfile'>): Promise<ResponseOf<'saveProfile'>> {
    const normalized = normalizeBaseUrl(draft.serverUrl);
    if (!normalized.ok) throw new ExtensionError('validation', normalized.message);
    const serverUrl = normalized.url;
    const origin = new URL(serverUrl).origin;
    if (!(await hasHostAccess(serverUrl))) {
      throw new ExtensionError('permission_denied', t('error_host_permission', origin));
    }

    const { profiles } = await loadSettings();
    const stored = profiles.find((p) => p.id === draft.id);
    // What a settings file could not take back, Options refuses first; this holds it for any page.
    if (!stored && profiles.length >= LIST_LIMITS.profiles) {
      throw new ExtensionError('validation', t('error_profiles_full', LIST_LIMITS.profiles));
    }
    const name = profileName(draft.name, serverUrl);
    if (profiles.some((p) => p.id !== draft.id && sameProfile(p, { serverUrl, name }))) {
      throw new ExtensionError('validation', t('error_profile_duplicate', name));
    }
    // A saved key is kept only for the server it belongs to: checking it against a new origin would
    // hand it to that server.
    const sameServer = stored !== undefined && new URL(stored.serverUrl).origin === origin;
    const key = apiKey?.trim() || (sameServer ? await getApiKey(stored.id) : null);
    if (!key) {
      throw new ExtensionError(
        'validation',
        stored && !sameServer
          ? t('error_key_for_new_server', origin, new URL(stored.serverUrl).origin)
          : t('error_key_missing'),
      );
    }

    // Checked before anything is written: a wrong URL or key must not replace a working profile.
    const account = await clients.unsaved(serverUrl, key).getAccount();

    return changeSettings(async (settings) => {
      const existing = settings.profiles.find((p) => p.id === draft.id);
      const profile: Profile = {
        id: existing?.id ?? crypto.randomUUID(),
        name,
        serverUrl,
        defaults: draft.defaults ?? existing?.defaults ?? emptyDefaults(),
      };
      await setApiKey(profile.id, key);
      const profiles = existing
        ? settings.profiles.map((p) => (p.id === profile.id ? profile : p))
        : [...settings.profiles, profile];
      const hasActive = profiles.some((p) => p.id === settings.activeProfileId);
      await saveSettings({
        ...settings,
        profiles,
        activeProfileId: hasActive ? settings.activeProfileId : profile.id,
      });
      // Links of another server are not this profile's links any more.
      // On another server the same ids are other links: their history and watch mean nothing there.
      if (existing && existing.serverUrl !== serverUrl)
        await Promise.all([clearProfileCache(profile.id), forgetLinkWatch(profile.id)]);
      return { profile, account };
    });
  }

  async function deleteProfile({ id }: RequestOf<'deleteProfile'>): Promise<null> {
    await changeSettings(async (settings) => {
      const profiles = settings.profiles.filter((p) => p.id !== id);
      const activeProfileId =
        settings.activeProfileId === id || !profiles.some((p) => p.id === settings.activeProfileId)
          ? (profiles[0]?.id ?? null)
          : settings.activeProfileId;
      await saveSettings({ ...settings, profiles, activeProfileId });
    });
    await deleteApiKey(id);
    await clearProfileCache(id);
    await forgetLinkWatch(id);
    clients.forget(id);
    return null;
  }

  async function setActiveProfile({ id }: RequestOf<'setActiveProfile'>): Promise<null> {
    await changeSettings(async (settings) => {
      if (!settings.profiles.some((p) => p.id === id)) {
        throw new ExtensionError('not_found', t('error_profile_gone'));
      }
      await saveSettings({ ...settings, activeProfileId: id });
    });
    return null;
  }

  async function getAccount({ profileId }: RequestOf<'getAccount'>): Promise<ResponseOf<'getAccount'>> {
    const { client } = await clients.forProfile(profileId);
    return client.getAccount();
  }

  return { saveProfile, deleteProfile, setActiveProfile, getAccount };
}
