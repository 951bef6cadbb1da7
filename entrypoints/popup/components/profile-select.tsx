import { t } from '@/lib/i18n';
import type { Profile } from '@/lib/settings/schema';

interface ProfileSelectProps {
  profiles: readonly Profile[];
  activeId: string;
  disabled?: boolean;
  onChange: (id: string) => void;
}

/** Switches the active profile; shown only when there is more than one. */
export function ProfileSelect({ profiles, activeId, disabled, onChange }: ProfileSelectProps) {
  const name = (p: Profile) => p.name || p.serverUrl;
  const active = profiles.find((p) => p.id === activeId);
  return (
    <select
      aria-label={t('popup_profile_label')}
      // The select may be too narrow for a long name: its tooltip shows the active one in full.
      title={active ? name(active) : t('popup_profile_label')}
      value={activeId}
      disabled={disabled}
      onChange={(e) => onChange(e.currentTarget.value)}
    >
      {profiles.map((p) => (
        <option key={p.id} value={p.id}>
          {name(p)}
        </option>
      ))}
    </select>
  );
}
