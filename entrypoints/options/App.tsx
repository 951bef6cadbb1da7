import { useEffect, useState } from 'preact/hooks';
import { AccountSummary } from '@/components/AccountSummary';
import { BehaviourForm } from '@/components/BehaviourForm';
import { DefaultsForm } from '@/components/DefaultsForm';
import { ProfileForm, type ProfileFormErrors, type ProfileFormValues } from '@/components/ProfileForm';
import { ProfileList } from '@/components/ProfileList';
import { useClearOnNextAction } from '@/components/use-clear-on-next-action';
import { normalizeBaseUrl, originOf } from '@/lib/api/base-url';
import type { Account } from '@/lib/api/schemas';
import { getCachedLists } from '@/lib/cache';
import { savedKeyHint } from '@/lib/format';
import { t } from '@/lib/i18n';
import { send } from '@/lib/messaging';
import type { ChoiceLists, ImportSummary } from '@/lib/protocol';
import {
  activeProfile,
  type Behaviour,
  type LinkDefaults,
  loadSettings,
  type Profile,
  SETTINGS_KEY,
  type Settings,
} from '@/lib/settings';
import {
  grantRefusedMessage,
  permissionRefusedMessage,
  saveBehaviour,
  saveFailureMessage,
  saveProfileDefaults,
} from '@/lib/ui-options';
import { SettingsTransfer } from './SettingsTransfer';

const EMPTY_FORM: ProfileFormValues = { name: '', serverUrl: '', apiKey: '' };
const NO_LISTS: ChoiceLists = { campaigns: [], channels: [] };
type IdSet = ReadonlySet<string>;
type Note = string | null;
type KeyHints = Record<string, string>;
/** The account shown under the form, and the profile it belongs to. */
type ShownAccount = { profileId: string; account: Account } | null;

const NONE: IdSet = new Set();

const without = (ids: IdSet, id: string) => new Set([...ids].filter((other) => other !== id));

/** The profile with this id, if there is one. */
function profileById(settings: Settings | null, id: string): Profile | undefined {
  return settings?.profiles.find((p) => p.id === id);
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
 * Options: connect servers (profiles), pick the active one, set defaults for new links and the
 * behaviour switches. The API key goes to the background once and is never read back.
 */
export function App() {
  const [settings, setSettings] = useState<Settings | null>(null);
  /** The profile in the form: its id, or 'new' for a profile not saved yet. */
  const [editing, setEditing] = useState<string>('new');
  const [form, setForm] = useState<ProfileFormValues>(EMPTY_FORM);
  const [errors, setErrors] = useState<ProfileFormErrors>({});
  const [failure, setFailure] = useState<Note>(null);
  const [saving, setSaving] = useState(false);
  const [busy, setBusy] = useState(false);
  // Hints for keys saved while this page is open, from what the user typed; nothing is stored.
  const [keyHints, setKeyHints] = useState<KeyHints>({});
  const [account, setAccount] = useState<ShownAccount>(null);
  const [accountNote, setAccountNote] = useState<Note>(null);
  const [lists, setLists] = useState<ChoiceLists>(NO_LISTS);
  const [status, setStatus] = useState('');
  useClearOnNextAction(status, () => setStatus(''));
  // Profiles whose server has no host access (e.g. imported from another browser), and profiles
  // imported without a key: each gets a visible note and its way to fix it.
  const [needsAccess, setNeedsAccess] = useState<IdSet>(NONE);
  const [needsKey, setNeedsKey] = useState<IdSet>(NONE);
  const [accessNote, setAccessNote] = useState<Note>(null);

  const active = settings ? activeProfile(settings) : null;

  async function reloadSettings(): Promise<Settings> {
    const latest = await loadSettings();
    setSettings(latest);
    void checkAccess(latest);
    return latest;
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
        if (granted) setStatus(t('options_access_granted', new URL(profile.serverUrl).origin));
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
    const onChanged = (changes: Record<string, unknown>, area: string) => {
      if (area === 'local' && SETTINGS_KEY in changes) void reloadSettings();
    };
    browser.storage.onChanged.addListener(onChanged);
    return () => browser.storage.onChanged.removeListener(onChanged);
  }, []);

  function save() {
    // Nothing may be awaited before permissions.request: the browser only asks while the click lasts.
    const base = normalizeBaseUrl(form.serverUrl);
    const apiKey = form.apiKey.trim();
    const found: ProfileFormErrors = {};
    if (!base.ok) found.serverUrl = base.message;
    // A profile imported without its key has none to keep.
    if (!apiKey && (editing === 'new' || needsKey.has(editing))) found.apiKey = t('options_key_required');
    setErrors(found);
    setFailure(null);
    if (!base.ok || found.apiKey) return;
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
      return;
    }
    const reply = await send('saveProfile', {
      profile: { ...(editing === 'new' ? {} : { id: editing }), name: form.name.trim(), serverUrl },
      ...(apiKey ? { apiKey } : {}),
    });
    setSaving(false);
    if (!reply.ok) {
      setFailure(saveFailureMessage(reply.error, serverUrl));
      return;
    }
    const { profile } = reply.data;
    if (apiKey) setKeyHints((hints) => ({ ...hints, [profile.id]: savedKeyHint(apiKey) }));
    setEditing(profile.id);
    setForm({ name: profile.name, serverUrl: profile.serverUrl, apiKey: '' });
    setAccount({ profileId: profile.id, account: reply.data.account });
    setAccountNote(null);
    setStatus(t('options_saved_profile', profile.name));
    setNeedsKey((ids) => without(ids, profile.id));
    const latest = await reloadSettings();
    if (latest.activeProfileId === profile.id) void loadActiveDetails(profile.id, false);
  }

  async function use(id: string) {
    setBusy(true);
    const reply = await send('setActiveProfile', { id });
    setBusy(false);
    if (!reply.ok) return setStatus(reply.error.message);
    const latest = await reloadSettings();
    const now = activeProfile(latest);
    setStatus(now ? t('options_now_using', now.name || now.serverUrl) : t('options_profile_switched'));
    setAccount(null);
    setLists(NO_LISTS);
    edit(id, latest);
    void loadActiveDetails(id);
  }

  async function remove(id: string) {
    setBusy(true);
    const reply = await send('deleteProfile', { id });
    setBusy(false);
    if (!reply.ok) return setStatus(reply.error.message);
    const latest = await reloadSettings();
    setStatus(t('options_profile_deleted'));
    if (account?.profileId === id) setAccount(null);
    const next = activeProfile(latest);
    if (editing === id) edit(next?.id ?? 'new', latest);
    if (next) void loadActiveDetails(next.id);
  }

  async function saveDefaults(defaults: LinkDefaults) {
    if (!active) return { ok: false, message: t('options_choose_profile_first') };
    const saved = await saveProfileDefaults(active.id, defaults);
    await reloadSettings();
    return saved
      ? { ok: true, message: t('options_defaults_saved') }
      : { ok: false, message: t('options_profile_gone') };
  }

  async function changeBehaviour(patch: Partial<Behaviour>) {
    setSettings(await saveBehaviour(patch));
    setStatus(t('options_saved'));
  }

  if (!settings) return null;
  const profiles = settings.profiles;
  const editedProfile = profileById(settings, editing);
  const keyHint =
    keyHints[editing] ??
    (editedProfile && !needsKey.has(editedProfile.id) ? t('options_key_saved_hint') : undefined);
  const shownAccount = account && account.profileId === editing ? account.account : null;

  return (
    <main class="options">
      <header class="row">
        <h1 class="grow">{t('ext_name')}</h1>
        <a href="/manage.html" target="_blank" rel="noreferrer">
          {t('options_open_manager')}
        </a>
      </header>

      {profiles.length > 0 && (
        <section class="card" aria-labelledby="profiles-heading">
          <div class="row">
            <h2 id="profiles-heading" class="grow">
              {t('options_profiles_heading')}
            </h2>
            <button type="button" onClick={() => edit('new')} disabled={editing === 'new'}>
              {t('options_add_profile_button')}
            </button>
          </div>
          <ProfileList
            profiles={profiles}
            activeId={settings.activeProfileId}
            editingId={editing}
            busy={busy || saving}
            needsAccess={needsAccess}
            needsKey={needsKey}
            onGrant={grant}
            onUse={(id) => void use(id)}
            onEdit={(id) => edit(id)}
            onDelete={(id) => void remove(id)}
          />
          {accessNote && (
            <p class="alert" role="alert">
              {accessNote}
            </p>
          )}
        </section>
      )}

      <section class="card" aria-labelledby="server-heading">
        <h2 id="server-heading">
          {editedProfile
            ? t('options_edit_heading', editedProfile.name || editedProfile.serverUrl)
            : profiles.length > 0
              ? t('options_add_heading')
              : t('options_connect_heading')}
        </h2>
        <ProfileForm
          values={form}
          errors={errors}
          keyHint={keyHint}
          saving={saving}
          failure={failure}
          onChange={(patch) => setForm({ ...form, ...patch })}
          onSubmit={save}
          onCancel={editing === 'new' && active ? () => edit(active.id) : undefined}
        />
        {shownAccount && <AccountSummary account={shownAccount} />}
        {!shownAccount && accountNote && editing === active?.id && (
          <p class="alert" role="alert">
            {accountNote}
          </p>
        )}
      </section>

      {active && (
        <section class="card" aria-labelledby="defaults-heading">
          <h2 id="defaults-heading">{t('options_defaults_heading')}</h2>
          <p class="muted">{t('options_defaults_intro', active.name || active.serverUrl)}</p>
          <DefaultsForm
            key={active.id}
            defaults={active.defaults}
            campaigns={lists.campaigns}
            channels={lists.channels}
            onSave={saveDefaults}
          />
        </section>
      )}

      <section class="card" aria-labelledby="behaviour-heading">
        <h2 id="behaviour-heading">{t('options_behaviour_heading')}</h2>
        <BehaviourForm behaviour={settings.behaviour} onChange={(patch) => void changeBehaviour(patch)} />
      </section>

      <section class="card" aria-labelledby="transfer-heading">
        <h2 id="transfer-heading">{t('options_transfer_heading')}</h2>
        <SettingsTransfer settings={settings} onImported={(summary) => void imported(summary)} />
      </section>

      <p class="sr-only" role="status" aria-live="polite">
        {status}
      </p>
    </main>
  );
}
