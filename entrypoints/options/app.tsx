import { useStatus } from '@/components/use-status';
import { saveBehaviour, saveProfileDefaults, saveUtmPresets } from '@/entrypoints/options/rules';
import { t } from '@/lib/i18n';
import type { Behaviour, LinkDefaults, UtmPreset } from '@/lib/settings/schema';
import { BehaviourForm } from './behaviour-form';
import { DefaultsForm } from './defaults-form';
import { MirrorSection } from './mirror-section';
import { ProfilesSection } from './profiles-section';
import { ServerSection } from './server-section';
import { SettingsTransfer } from './settings-transfer';
import { useProfiles } from './use-profiles';
import { UtmPresetsSection } from './utm-presets-section';

/**
 * Options: connect servers (profiles), pick the active one, set defaults for new links and the
 * behaviour switches, and move settings to another browser.
 */
export function App() {
  const [status, setStatus] = useStatus();
  const profiles = useProfiles(setStatus);
  const { settings, active } = profiles;

  async function saveDefaults(defaults: LinkDefaults) {
    if (!active) return { ok: false, message: t('options_choose_profile_first') };
    const saved = await saveProfileDefaults(active.id, defaults);
    await profiles.reloadSettings();
    return saved
      ? { ok: true, message: t('options_defaults_saved') }
      : { ok: false, message: t('options_profile_gone') };
  }

  async function changeBehaviour(patch: Partial<Behaviour>) {
    profiles.setSettings(await saveBehaviour(patch));
    setStatus(t('options_saved'));
  }

  async function changePresets(presets: UtmPreset[]) {
    profiles.setSettings(await saveUtmPresets(presets));
  }

  if (!settings) return null;
  return (
    <main class="options">
      <header class="row wrap">
        <h1 class="grow">{t('ext_name')}</h1>
        <a href="/manage.html" target="_blank" rel="noreferrer">
          {t('options_open_manager')}
        </a>
      </header>

      <ProfilesSection profiles={profiles} />
      <ServerSection profiles={profiles} />

      {active && (
        <section class="card" aria-labelledby="defaults-heading">
          <h2 id="defaults-heading">{t('options_defaults_heading')}</h2>
          <p class="muted">{t('options_defaults_intro', active.name || active.serverUrl)}</p>
          <DefaultsForm
            key={active.id}
            defaults={active.defaults}
            campaigns={profiles.lists.campaigns}
            channels={profiles.lists.channels}
            onSave={saveDefaults}
          />
        </section>
      )}

      <section class="card" aria-labelledby="behaviour-heading">
        <h2 id="behaviour-heading">{t('options_behaviour_heading')}</h2>
        <BehaviourForm behaviour={settings.behaviour} onChange={(patch) => void changeBehaviour(patch)} />
      </section>

      <MirrorSection
        behaviour={settings.behaviour}
        profiles={settings.profiles}
        onChange={(patch) => void changeBehaviour(patch)}
      />

      <UtmPresetsSection presets={settings.utmPresets} onChange={changePresets} />

      <section class="card" aria-labelledby="transfer-heading">
        <h2 id="transfer-heading">{t('options_transfer_heading')}</h2>
        <SettingsTransfer settings={settings} onImported={(summary) => void profiles.imported(summary)} />
      </section>

      <p class="sr-only" role="status" aria-live="polite">
        {status}
      </p>
    </main>
  );
}
