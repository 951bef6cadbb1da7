/**
 * Options' profiles: the stored settings, the profile in the form, and what the page does with
 * profiles — add, edit, use, delete, grant host access, follow an import — with the same-server
 * warning, the permission checks and where keyboard focus goes after each.
 */
import { useEffect, useState } from 'preact/hooks';
import { useFocusAfterRender } from '@/components/use-focus-after-render';
import {
  checkProfileForm,
  grantRefusedMessage,
  permissionRefusedMessage,
  savedKeyHint,
  saveFailureMessage,
} from '@/entrypoints/options/rules';
import { normalizeBaseUrl, originOf } from '@/lib/api/base-url';
import type { ErrorData } from '@/lib/api/errors';
import type { Account } from '@/lib/api/schemas';
import { t, uiLanguage } from '@/lib/i18n';
import { getCachedLists } from '@/lib/links/cache';
import type { ChoiceLists, ImportSummary } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';
import { activeProfile, type Profile, type Settings } from '@/lib/settings/schema';
import { onItemChanged, settingsItem } from '@/lib/storage/items';
import { loadSettings } from '@/lib/storage/settings';
import {
  PROFILE_FAILURE_ID,
  PROFILE_SAVE_ID,
  type ProfileFormErrors,
  type ProfileFormValues,
} from './profile-form';
import { profileControlId } from './profile-list';

const EMPTY_FORM: ProfileFormValues = { name: '', serverUrl: '', apiKey: '' };
const NO_LISTS: ChoiceLists = { campaigns: [], channels: [] };
type IdSet = ReadonlySet<string>;
type Note = string | null;
type KeyHints = Record<string, string>;
/** What a bare host the user typed (`typed`) was read as (`url`), e.g. `localhost:8787` as http://…. */
type SchemeNote = { typed: string; url: string } | null;
/** The account shown under the form, and the profile it belongs to. */
type ShownAccount = { profileId: string; account: Account } | null;

const NONE: IdSet = new Set();
/** The id of the Add profile button. */
export const ADD_PROFILE_ID = 'add-profile';
/** The ids of the form's fields, by the name of their value. */
export const FIELD_IDS = { serverUrl: 'server-url', apiKey: 'api-key', name: 'profile-name' } as const;

const without = (ids: IdSet, id: string) => new Set([...ids].filter((other) => other !== id));

/** The profile with this id, if there is one. */
function profileById(settings: Settings | null, id: string): Profile | undefined {
  return settings?.profiles.find((p) => p.id === id);
}

/** The field a failed save is about: the key the server refused, or the server that did not answer. */
function faultyField(error: ErrorData): keyof ProfileFormErrors | null {
  if (error.kind === 'unauthorized') return 'apiKey';
  if (error.kind === 'network' || error.kind === 'timeout') return 'serverUrl';
  return null;
}

/**
 * The names of the other profiles on the server the form names, as one list in the user's language
 * ("Home and Work"), to warn before another one is saved by mistake; null when there are none.
 */
function sameServer(settings: Settings, editing: string, typed: string): string | null {
  const base = normalizeBaseUrl(typed, { bareHost: true });
  if (!base.ok) return null;
  const names = settings.profiles
    .filter((p) => p.id !== editing && p.serverUrl === base.url)
    .map((p) => t('options_profile_name_quoted', p.name || p.serverUrl));
  return names.length > 0 ? new Intl.ListFormat(uiLanguage(), { type: 'conjunction' }).format(names) : null;
}

/** Whether the extension may reach a profile's server; true when the browser cannot say. */
async function hasAccess(serverUrl: string): Promise<boolean> {
  try {
    return await browser.permissions.contains({ origins: [originOf(serverUrl)] });
  } catch {
    // An address that is no URL (kept from an old release) is shown as it is; Edit explains it.
    return true;
  }
}

/**
 * The profiles' state and actions. `announce` says what an action did in the page's status line.
 * The API key goes to the background once and is never read back.
 */
export function useProfiles(announce: (status: string) => void) {
  const [settings, setSettings] = useState<Settings | null>(null);
  /** The profile in the form: its id, or 'new' for a profile not saved yet. */
  const [editing, setEditing] = useState<string>('new');
  const [form, setForm] = useState<ProfileFormValues>(EMPTY_FORM);
  const [errors, setErrors] = useState<ProfileFormErrors>({});
  const [failure, setFailure] = useState<Note>(null);
  const [schemeNote, setSchemeNote] = useState<SchemeNote>(null);
  const [saving, setSaving] = useState(false);
  const [busy, setBusy] = useState(false);
  // Hints for keys saved while this page is open, from what the user typed; nothing is stored.
  const [keyHints, setKeyHints] = useState<KeyHints>({});
  const [account, setAccount] = useState<ShownAccount>(null);
  const [accountNote, setAccountNote] = useState<Note>(null);
  const [lists, setLists] = useState<ChoiceLists>(NO_LISTS);
  // Profiles whose server has no host access (e.g. imported from another browser), and profiles
  // imported without a key: each gets a visible note and its way to fix it.
  const [needsAccess, setNeedsAccess] = useState<IdSet>(NONE);
  const [needsKey, setNeedsKey] = useState<IdSet>(NONE);
  const [accessNote, setAccessNote] = useState<Note>(null);
  const focusSoon = useFocusAfterRender();

  const active = settings ? activeProfile(settings) : null;

  async function reloadSettings(): Promise<Settings> {
    const latest = await loadSettings();
    setSettings(latest);
    void checkAccess(latest);
    return latest;
  }

  /** Checks host access again for every stored profile: after a permission was granted or removed. */
  async function recheckAccess() {
    await checkAccess(await loadSettings());
  }

  async function checkAccess(from: Settings) {
    const checked = await Promise.all(
      from.profiles.map(async (p) => ((await hasAccess(p.serverUrl)) ? null : p.id)),
    );
    setNeedsAccess(new Set(checked.filter((id) => id !== null)));
  }

  /** Asks for host access to one profile's server; synchronous up to the request, as a click needs. */
  function grant(id: string) {
    const profile = profileById(settings, id);
    if (!profile) return;
    let permission: Promise<boolean>;
    try {
      permission = browser.permissions.request({ origins: [originOf(profile.serverUrl)] });
    } catch {
      permission = Promise.resolve(false);
    }
    setAccessNote(null);
    void permission
      .catch(() => false)
      .then(async (granted) => {
        if (granted) announce(t('options_access_granted', new URL(profile.serverUrl).origin));
        else setAccessNote(grantRefusedMessage(profile.serverUrl));
        const latest = await reloadSettings();
        if (granted && latest.activeProfileId === id) void loadActiveDetails(id);
      });
  }

  async function imported(summary: ImportSummary) {
    setNeedsKey((ids) => new Set([...ids, ...summary.withoutKey]));
    // The file may have replaced keys typed on this page: their hints would be wrong now.
    setKeyHints({});
    setAccount(null);
    setAccountNote(null);
    const latest = await reloadSettings();
    const current = activeProfile(latest);
    edit(current?.id ?? 'new', latest);
    if (current) void loadActiveDetails(current.id);
  }

  /** Fills the choice lists and (unless just checked) the account line of the active profile. */
  async function loadActiveDetails(profileId: string, checkAccount = true) {
    const cached = await getCachedLists(profileId);
    setLists({ campaigns: cached.campaigns, channels: cached.channels });
    const [refreshed, checked] = await Promise.all([
      send('refresh', {}),
      checkAccount ? send('getAccount', { profileId }) : null,
    ]);
    if (refreshed.ok && refreshed.data.lists) setLists(refreshed.data.lists);
    if (!checked) return;
    if (checked.ok) {
      setAccount({ profileId, account: checked.data });
      setAccountNote(null);
    } else if (checked.error.kind === 'not_configured') {
      // The profile exists but has no saved key: the page's own note says where to enter it.
      setNeedsKey((ids) => new Set([...ids, profileId]));
      setAccountNote(null);
    } else {
      setAccountNote(checked.error.message);
    }
  }

  function edit(id: string, from: Settings | null = settings) {
    const profile = profileById(from, id);
    setEditing(profile ? profile.id : 'new');
    setForm(profile ? { name: profile.name, serverUrl: profile.serverUrl, apiKey: '' } : EMPTY_FORM);
    setErrors({});
    setFailure(null);
    setSchemeNote(null);
  }

  /** Notes the address a bare host in the form stands for: when the user leaves the field, and on save. */
  function readServerUrl() {
    const base = normalizeBaseUrl(form.serverUrl, { bareHost: true });
    setSchemeNote(base.ok && base.schemeAdded ? { typed: form.serverUrl, url: base.url } : null);
  }

  // Runs once when the page opens.
  useEffect(() => {
    void reloadSettings().then((loaded) => {
      const current = activeProfile(loaded);
      if (!current) return;
      edit(current.id, loaded);
      void loadActiveDetails(current.id);
    });
    // The background writes settings too (saveProfile, setActiveProfile): follow its changes.
    const stopFollowing = onItemChanged(settingsItem, () => void reloadSettings());
    // Access to one server may come from anywhere (a save's prompt, Grant access, the browser's own
    // settings) and covers every profile on that host: check all of them again.
    const onPermissions = () => void recheckAccess();
    browser.permissions.onAdded.addListener(onPermissions);
    browser.permissions.onRemoved.addListener(onPermissions);
    return () => {
      stopFollowing();
      browser.permissions.onAdded.removeListener(onPermissions);
      browser.permissions.onRemoved.removeListener(onPermissions);
    };
  }, []);

  function save() {
    // Nothing may be awaited before permissions.request: the browser only asks while the click lasts.
    readServerUrl();
    const apiKey = form.apiKey.trim();
    const checked = checkProfileForm(form, {
      editing,
      profiles: settings?.profiles ?? [],
      // A profile imported without its key has none to keep.
      keyRequired: editing === 'new' || needsKey.has(editing),
    });
    const { base } = checked;
    setErrors(checked.errors);
    setFailure(checked.failure);
    const first = (['serverUrl', 'apiKey', 'name'] as const).find((field) => checked.errors[field]);
    if (!base.ok || first) return focusSoon(FIELD_IDS[first ?? 'serverUrl']);
    if (checked.failure) return focusSoon(PROFILE_FAILURE_ID);
    let permission: Promise<boolean>;
    try {
      permission = browser.permissions.request({ origins: [originOf(base.url)] });
    } catch {
      permission = Promise.resolve(false);
    }
    void finishSave(permission, base.url, apiKey);
  }

  async function finishSave(permission: Promise<boolean>, serverUrl: string, apiKey: string) {
    setSaving(true);
    const granted = await permission.catch(() => false);
    if (!granted) {
      setSaving(false);
      setFailure(permissionRefusedMessage(serverUrl));
      return focusSoon(PROFILE_FAILURE_ID);
    }
    // The access just granted may be what other profiles on this host were missing.
    void recheckAccess();
    const reply = await send('saveProfile', {
      profile: { ...(editing === 'new' ? {} : { id: editing }), name: form.name.trim(), serverUrl },
      ...(apiKey ? { apiKey } : {}),
    });
    setSaving(false);
    if (!reply.ok) {
      // Shown at the field at fault, if there is one, and focused there; else above Save.
      const message = saveFailureMessage(reply.error, serverUrl);
      const field = faultyField(reply.error);
      if (field) setErrors({ [field]: message });
      else setFailure(message);
      return focusSoon(field ? FIELD_IDS[field] : PROFILE_FAILURE_ID);
    }
    const { profile } = reply.data;
    if (apiKey) setKeyHints((hints) => ({ ...hints, [profile.id]: savedKeyHint(apiKey) }));
    setEditing(profile.id);
    setForm({ name: profile.name, serverUrl: profile.serverUrl, apiKey: '' });
    setAccount({ profileId: profile.id, account: reply.data.account });
    setAccountNote(null);
    announce(t('options_saved_profile', profile.name));
    setNeedsKey((ids) => without(ids, profile.id));
    // Save was disabled while checking, which took focus from it.
    focusSoon(PROFILE_SAVE_ID);
    const latest = await reloadSettings();
    if (latest.activeProfileId === profile.id) void loadActiveDetails(profile.id, false);
  }

  async function use(id: string) {
    setBusy(true);
    const reply = await send('setActiveProfile', { id });
    setBusy(false);
    if (!reply.ok) {
      focusSoon(profileControlId(id, 'use'));
      return announce(reply.error.message);
    }
    const latest = await reloadSettings();
    const now = activeProfile(latest);
    announce(now ? t('options_now_using', now.name || now.serverUrl) : t('options_profile_switched'));
    setAccount(null);
    setLists(NO_LISTS);
    edit(id, latest);
    // Use is gone from the row of the active profile; the user stays in that row.
    focusSoon(profileControlId(id, 'edit'));
    void loadActiveDetails(id);
  }

  async function remove(id: string) {
    // The row after the deleted one, else the one before: where focus lands once it is gone.
    const list = settings?.profiles ?? [];
    const index = list.findIndex((p) => p.id === id);
    const neighbour = list[index + 1] ?? list[index - 1];
    setBusy(true);
    const reply = await send('deleteProfile', { id });
    setBusy(false);
    if (!reply.ok) {
      focusSoon(profileControlId(id, 'delete'));
      return announce(reply.error.message);
    }
    const latest = await reloadSettings();
    announce(t('options_profile_deleted'));
    const stays = neighbour && latest.profiles.some((p) => p.id === neighbour.id);
    focusSoon(
      stays
        ? profileControlId(neighbour.id, 'row')
        : latest.profiles.length
          ? ADD_PROFILE_ID
          : FIELD_IDS.serverUrl,
    );
    if (account?.profileId === id) setAccount(null);
    const next = activeProfile(latest);
    if (editing === id) edit(next?.id ?? 'new', latest);
    if (next) void loadActiveDetails(next.id);
  }

  /** Opens the form for a new profile; the Add profile button disables itself, so focus goes to the form. */
  function add() {
    edit('new');
    focusSoon(FIELD_IDS.serverUrl);
  }

  /** Leaves the new profile's form for the active profile's; Add profile is back, and takes focus. */
  function cancelAdd() {
    if (!active) return;
    edit(active.id);
    focusSoon(ADD_PROFILE_ID);
  }

  const editedProfile = profileById(settings, editing);
  return {
    settings,
    setSettings,
    reloadSettings,
    active,
    lists,
    editing,
    editedProfile,
    form,
    setForm,
    errors,
    failure,
    saving,
    busy,
    needsAccess,
    needsKey,
    accessNote,
    /** The hint under the API key field: the key saved on this page, or that one is saved. */
    keyHint:
      keyHints[editing] ??
      (editedProfile && !needsKey.has(editedProfile.id) ? t('options_key_saved_hint') : undefined),
    /** The account of the profile in the form, once checked. */
    shownAccount: account && account.profileId === editing ? account.account : null,
    accountNote,
    /** The names of other profiles on the server the form names, when there are any. */
    duplicate: settings ? sameServer(settings, editing, form.serverUrl) : null,
    /** The address a bare host in the form was read as, while the field still holds it (or that address). */
    schemeAddedUrl:
      schemeNote && [schemeNote.typed, schemeNote.url].includes(form.serverUrl) ? schemeNote.url : null,
    readServerUrl,
    add,
    cancelAdd,
    edit,
    save,
    use,
    remove,
    grant,
    imported,
  };
}

/** What useProfiles gives the page's sections. */
export type Profiles = ReturnType<typeof useProfiles>;
