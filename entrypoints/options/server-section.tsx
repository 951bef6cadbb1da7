import { t } from '@/lib/i18n';
import { AccountSummary } from './account-summary';
import { ProfileForm } from './profile-form';
import { FIELD_IDS, type Profiles } from './use-profiles';

/** The profile in the form (a new one, or the one being edited) and the account its key belongs to. */
export function ServerSection({ profiles }: { profiles: Profiles }) {
  const { settings, active, editing, editedProfile, shownAccount, duplicate } = profiles;
  if (!settings) return null;
  const activeWithoutKey =
    active && editing === active.id && profiles.needsKey.has(active.id) ? active : null;
  return (
    <section class="card" aria-labelledby="server-heading">
      <h2 id="server-heading">
        {editedProfile
          ? t('options_edit_heading', editedProfile.name || editedProfile.serverUrl)
          : settings.profiles.length > 0
            ? t('options_add_heading')
            : t('options_connect_heading')}
      </h2>
      <ProfileForm
        values={profiles.form}
        errors={profiles.errors}
        keyHint={profiles.keyHint}
        serverHint={
          [
            profiles.schemeAddedUrl ? t('options_server_url_assumed', profiles.schemeAddedUrl) : '',
            duplicate ? t('options_duplicate_server', duplicate) : '',
          ]
            .filter(Boolean)
            .join(' ') || undefined
        }
        saving={profiles.saving}
        failure={profiles.failure}
        onChange={(patch) => profiles.setForm({ ...profiles.form, ...patch })}
        onServerBlur={profiles.readServerUrl}
        onSubmit={profiles.save}
        onCancel={editing === 'new' && active ? profiles.cancelAdd : undefined}
      />
      {activeWithoutKey && (
        <p class="alert" role="alert">
          {t('options_active_needs_key', activeWithoutKey.name || activeWithoutKey.serverUrl)}{' '}
          <a
            href={`#${FIELD_IDS.apiKey}`}
            onClick={(event) => {
              event.preventDefault();
              document.getElementById(FIELD_IDS.apiKey)?.focus();
            }}
          >
            {t('options_go_to_api_key')}
          </a>
        </p>
      )}
      {shownAccount && <AccountSummary account={shownAccount} />}
      {!shownAccount && profiles.accountNote && editing === active?.id && (
        <p class="alert" role="alert">
          {profiles.accountNote}
        </p>
      )}
    </section>
  );
}
