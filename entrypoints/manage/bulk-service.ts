/**
 * What the management page's Bulk create view (components/manage/bulk-view.tsx) asks of the extension:
 * the stored job to watch, what a preview looks things up in (settings, the link cache), and the
 * background's job requests. Kept here so the view's components touch neither browser nor messaging,
 * and tests give them a fake.
 */
import type { BulkService } from '@/components/manage/bulk-service';
import { getCachedLinks } from '@/lib/links/cache';
import { send } from '@/lib/messaging/send';
import { activeProfile } from '@/lib/settings/schema';
import { loadSettings } from '@/lib/settings/settings';
import { bulkJobItem, watchItem } from '@/lib/storage/items';

/** The page's bulk service. */
export const bulkService: BulkService = {
  watch: (show) => watchItem(bulkJobItem, show),
  async lookups() {
    const settings = await loadSettings();
    const profile = activeProfile(settings);
    const [cached, rate] = await Promise.all([
      profile
        ? getCachedLinks(profile.id).then(
            (entry) => entry.links,
            () => [],
          )
        : [],
      send('bulkRateLimit', {}),
    ]);
    return {
      cached,
      defaults: profile?.defaults ?? null,
      presets: settings.utmPresets,
      stripTracking: settings.behaviour.stripTracking,
      copyFormat: settings.behaviour.copyFormat,
      limit: rate.ok ? rate.data.limit : null,
    };
  },
  start: (items) => send('bulkStart', { items }),
  control: (action) => send('bulkControl', { action }),
  retry: (rows) => send('bulkRetry', { rows }),
};
