/**
 * What the Bulk create view needs from the extension, given to it by the page
 * (entrypoints/manage/bulk-service.ts) or by a test's fake: the components never call the browser or
 * the background themselves.
 */
import type { BulkCounts, BulkInput, BulkItem, BulkJob } from '@/lib/links/bulk-job';
import type { CachedLink } from '@/lib/links/cache';
import type { CopyFormat } from '@/lib/links/copy-format';
import type { Result } from '@/lib/messaging/protocol';
import type { LinkDefaults, UtmPreset } from '@/lib/settings/schema';

/** What a preview looks things up in, and the choices it starts with. */
export interface BulkLookups {
  cached: CachedLink[];
  /** The active profile's link defaults; null without a profile. */
  defaults: LinkDefaults | null;
  presets: UtmPreset[];
  stripTracking: boolean;
  copyFormat: CopyFormat;
  /** Requests a minute the server allows, null when the background could not say. */
  limit: number | null;
}

export interface BulkService {
  /** Calls `show` with the stored job now and on every change (null: none); returns the stop function. */
  watch(show: (job: BulkJob | null) => void): () => void;
  lookups(): Promise<BulkLookups>;
  start(items: BulkItem[]): Promise<Result<{ id: string; total: number }>>;
  control(action: 'pause' | 'resume' | 'cancel' | 'clear'): Promise<Result<null>>;
  retry(rows: { index: number; input?: BulkInput }[]): Promise<Result<BulkCounts>>;
}
