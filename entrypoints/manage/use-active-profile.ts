import { useEffect, useState } from 'preact/hooks';
import { activeProfile } from '@/lib/settings/schema';
import { settingsItem, watchItem } from '@/lib/storage/items';

/** The active profile's id and whether the local copy is on; null without a profile, undefined until read. */
export function useActiveProfile(): { id: string; mirror: boolean } | null | undefined {
  const [profile, setProfile] = useState<{ id: string; mirror: boolean } | null>();
  useEffect(
    () =>
      watchItem(settingsItem, (settings) => {
        const active = activeProfile(settings);
        setProfile(active ? { id: active.id, mirror: settings.behaviour.mirror } : null);
      }),
    [],
  );
  return profile;
}
