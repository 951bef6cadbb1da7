/**
 * What the Bulk create view asks of the extension: the stored job to watch, what a preview looks
 * things up in (settings, the link cache), and the background's job requests. The view takes it as a
 * prop, so tests give it a fake.
 */
import type { LinkInput } from '@/lib/api/schemas';
import type { JobCounts, JobItem } from '@/lib/jobs/job';
import type { CachedLink } from '@/lib/links/cache';
import { getCachedLinks } from '@/lib/links/cache';
import type { Result } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';
import type { CopyFormat, LinkDefaults, UtmPreset } from '@/lib/settings/schema';
import { activeProfile } from '@/lib/settings/schema';
import type { Job } from '@/lib/storage/items';
import { bulkJobItem, watchItem } from '@/lib/storage/items';
import { loadSettings } from '@/lib/storage/settings';

/** What a preview looks things up in, and the choices it starts with. */
export interface BulkLookups {
  cached: CachedLink[];
  /** The active profile's link defaults; null without a profile. */
  defaults: LinkDefaults | null;
  presets: UtmPreset[];
  stripTracking: boolean;
  unwrapRedirects: boolean;
  copyFormat: CopyFormat;
  /** Requests a minute the server allows, null when the background could not say. */
  limit: number | null;
}

export interface BulkService {
  /** Calls `show` with the stored job now and on every change (null: none); returns the stop function. */
  watch(show: (job: Job | null) => void): () => void;
  lookups(): Promise<BulkLookups>;
  start(items: JobItem[]): Promise<Result<{ id: string; total: number }>>;
  control(action: 'pause' | 'resume' | 'cancel' | 'clear'): Promise<Result<null>>;
  retry(rows: { index: number; input?: LinkInput }[]): Promise<Result<JobCounts>>;
}

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
      unwrapRedirects: settings.behaviour.unwrapRedirects,
      copyFormat: settings.behaviour.copyFormat,
      limit: rate.ok ? rate.data.limit : null,
    };
  },
  start: (items) => send('bulkStart', { items }),
  control: (action) => send('bulkControl', { action }),
  retry: (rows) => send('bulkRetry', { rows }),
};
