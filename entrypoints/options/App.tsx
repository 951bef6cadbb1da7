import { useEffect, useState } from 'preact/hooks';
import { AccountSummary } from '@/components/AccountSummary';
import { BehaviourForm } from '@/components/BehaviourForm';
import { DefaultsForm } from '@/components/DefaultsForm';
import { ProfileForm, type ProfileFormErrors, type ProfileFormValues } from '@/components/ProfileForm';
import { ProfileList } from '@/components/ProfileList';
import { normalizeBaseUrl, originOf } from '@/lib/api/base-url';
import type { Account } from '@/lib/api/schemas';
import { getCachedLists } from '@/lib/cache';
import { savedKeyHint } from '@/lib/format';
import { send } from '@/lib/messaging';
import type { ChoiceLists } from '@/lib/protocol';
import {
  activeProfile,
  type Behaviour,
  type LinkDefaults,
  loadSettings,
  SETTINGS_KEY,
  type Settings,
} from '@/lib/settings';
import {
  permissionRefusedMessage,
  saveBehaviour,
  saveFailureMessage,
  saveProfileDefaults,
} from '@/lib/ui-options';

const EMPTY_FORM: ProfileFormValues = { name: '', serverUrl: '', apiKey: '' };
const NO_LISTS: ChoiceLists = { campaigns: [], channels: [] };

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
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [busy, setBusy] = useState(false);
  // Hints for keys saved while this page is open, from what the user typed; nothing is stored.
  const [keyHints, setKeyHints] = useState<Record<string, string>>({});
  const [account, setAccount] = useState<{ profileId: string; account: Account } | null>(null);
  const [accountNote, setAccountNote] = useState<string | null>(null);
  const [lists, setLists] = useState<ChoiceLists>(NO_LISTS);
  const [status, setStatus] = useState('');

  const active = settings ? activeProfile(settings) : null;

  async function reloadSettings(): Promise<Settings> {
    const latest = await loadSettings();
    setSettings(latest);
    return latest;
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
    const profile = from?.profiles.find((p) => p.id === id);
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
    if (!apiKey && editing === 'new')
      found.apiKey = 'Enter the API key from your account settings on the server.';
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
    setStatus(`Saved ${profile.name}.`);
    const latest = await reloadSettings();
    if (latest.activeProfileId === profile.id) void loadActiveDetails(profile.id, false);
  }

  async function use(id: string) {
    setBusy(true);
    const reply = await send('setActiveProfile', { id });
    setBusy(false);
    if (!reply.ok) return setStatus(reply.error.message);
    const latest = await reloadSettings();
    setStatus(`Now using ${activeProfile(latest)?.name ?? 'the profile'}.`);
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
    setStatus('Profile deleted.');
    if (account?.profileId === id) setAccount(null);
    const next = activeProfile(latest);
    if (editing === id) edit(next?.id ?? 'new', latest);
    if (next) void loadActiveDetails(next.id);
  }

  async function saveDefaults(defaults: LinkDefaults) {
    if (!active) return { ok: false, message: 'Choose a profile first.' };
    const saved = await saveProfileDefaults(active.id, defaults);
    await reloadSettings();
    return saved
      ? { ok: true, message: 'Defaults saved.' }
      : { ok: false, message: 'This profile was deleted meanwhile. Reload the page.' };
  }

  async function changeBehaviour(patch: Partial<Behaviour>) {
    setSettings(await saveBehaviour(patch));
    setStatus('Saved.');
  }

  if (!settings) return null;
  const profiles = settings.profiles;
  const editedProfile = profiles.find((p) => p.id === editing);
  const keyHint =
    keyHints[editing] ??
    (editedProfile ? 'A key is saved for this profile. Leave the field empty to keep it.' : undefined);
  const shownAccount = account && account.profileId === editing ? account.account : null;

  return (
    <main class="options">
      <header class="row">
        <h1 class="grow">Shortlink</h1>
        <a href="/manage.html" target="_blank" rel="noreferrer">
          Open link manager
        </a>
      </header>

      {profiles.length > 0 && (
        <section class="card" aria-labelledby="profiles-heading">
          <div class="row">
            <h2 id="profiles-heading" class="grow">
              Profiles
            </h2>
            <button type="button" onClick={() => edit('new')} disabled={editing === 'new'}>
              Add profile
            </button>
          </div>
          <ProfileList
            profiles={profiles}
            activeId={settings.activeProfileId}
            editingId={editing}
            busy={busy || saving}
            onUse={(id) => void use(id)}
            onEdit={(id) => edit(id)}
            onDelete={(id) => void remove(id)}
          />
        </section>
      )}

      <section class="card" aria-labelledby="server-heading">
        <h2 id="server-heading">
          {editedProfile
            ? `Edit ${editedProfile.name || editedProfile.serverUrl}`
            : profiles.length > 0
              ? 'Add a profile'
              : 'Connect your server'}
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
          <h2 id="defaults-heading">Defaults for new links</h2>
          <p class="muted">
            For {active.name || active.serverUrl}: the popup starts with these, and the menu and shortcut use
            them.
          </p>
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
        <h2 id="behaviour-heading">Behaviour</h2>
        <BehaviourForm behaviour={settings.behaviour} onChange={(patch) => void changeBehaviour(patch)} />
      </section>

      <p class="sr-only" role="status" aria-live="polite">
        {status}
      </p>
    </main>
  );
}
