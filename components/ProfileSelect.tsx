import { t } from '@/lib/i18n';
import type { Profile } from '@/lib/settings';

interface ProfileSelectProps {
  profiles: readonly Profile[];
  activeId: string;
  disabled?: boolean;
  onChange: (id: string) => void;
}

/** Switches the active profile; shown only when there is more than one. */
export function ProfileSelect({ profiles, activeId, disabled, onChange }: ProfileSelectProps) {
  return (
    <select
      aria-label={t('popup_profile_label')}
      title={t('popup_profile_label')}
      value={activeId}
      disabled={disabled}
      onChange={(e) => onChange(e.currentTarget.value)}
    >
      {profiles.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name || p.serverUrl}
        </option>
      ))}
    </select>
  );
}
