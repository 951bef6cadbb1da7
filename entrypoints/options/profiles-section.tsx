import { t } from '@/lib/i18n';
import { ProfileList } from './profile-list';
import { ADD_PROFILE_ID, type Profiles } from './use-profiles';

/** The saved profiles, with Add profile; nothing before the first one is saved. */
export function ProfilesSection({ profiles }: { profiles: Profiles }) {
  const { settings } = profiles;
  if (!settings || settings.profiles.length === 0) return null;
  return (
    <section class="card" aria-labelledby="profiles-heading">
      <div class="row wrap">
        <h2 id="profiles-heading" class="grow">
          {t('options_profiles_heading')}
        </h2>
        <button
          type="button"
          id={ADD_PROFILE_ID}
          onClick={profiles.add}
          disabled={profiles.editing === 'new'}
        >
          {t('options_add_profile_button')}
        </button>
      </div>
      <ProfileList
        profiles={settings.profiles}
        activeId={settings.activeProfileId}
        editingId={profiles.editing}
        busy={profiles.busy || profiles.saving}
        needsAccess={profiles.needsAccess}
        needsKey={profiles.needsKey}
        onGrant={profiles.grant}
        onUse={(id) => void profiles.use(id)}
        onEdit={(id) => profiles.edit(id)}
        onDelete={(id) => void profiles.remove(id)}
      />
      {profiles.accessNote && (
        <p class="alert" role="alert">
          {profiles.accessNote}
        </p>
      )}
    </section>
  );
}
