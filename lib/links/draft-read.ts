/**
 * The popup's first read of its drafts (lib/links/draft.ts re-exports it): part of the popup's first load,
 * so that restoring a draft never waits for the lazy draft module to arrive.
 */
import type { Drafts } from './draft';

/** The storage key of all drafts: one map, so a write never has to read first (a closing page can't wait). */
export const DRAFTS_KEY = 'popupDrafts';

type Areas = Pick<typeof browser.storage, 'session' | 'local'>;

/** Every draft kept, or none when storage fails. */
export async function readDrafts(areas: Areas = browser.storage): Promise<Drafts> {
  const stored = await (areas.session ?? areas.local).get(DRAFTS_KEY).catch(() => ({}));
  return ((stored as Record<string, unknown>)[DRAFTS_KEY] ?? {}) as Drafts;
}
