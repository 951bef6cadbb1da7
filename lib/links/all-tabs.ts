/**
 * "Shorten all tabs of this window" (all tabs): the answer of the `shortenAllTabs` request and the
 * progress the background publishes in `storage.session` while it runs, so a popup that was closed and
 * opened again can show where the run is.
 *
 *   const stop = watchAllTabs((progress) => render(progress)); // null: no run since the worker started
 *   const reply = await send('shortenAllTabs', { windowId }); // joins a run of the same window
 *
 * The key holds the latest run of this worker: `finished` is false while it runs, and once it is
 * true `result` holds the answer. A worker that starts removes an unfinished state, since the run
 * it describes died with the previous worker.
 */
import { allTabsProgressItem, getStored, removeItem, type StorageAreas, watchItem } from '../storage/items';
import type { AllTabsProgress, AllTabsResult } from './all-tabs-progress';

/** A permission request older than this was not for the grant seen now, nor for a popup opening now. */
const ALL_TABS_ASKED_TTL_MS = 120_000;

/** The time of a request stored in allTabsAskedItem that is still fresh at `now`, or null. */
export function freshAllTabsRequest(value: unknown, now: number): number | null {
  return typeof value === 'number' && now - value < ALL_TABS_ASKED_TTL_MS ? value : null;
}

/** A finished run's report is offered to a reopened popup for this long. */
export const ALL_TABS_REPORT_TTL_MS = 15 * 60_000;

/** Whether a run's report has something the user must see: a tab that failed, or a list not copied. */
export function reportNeedsUser(result: AllTabsResult): boolean {
  return result.failures.length > 0 || (result.links.length > 0 && !result.copied);
}

type Areas = Pick<StorageAreas, 'session' | 'onChanged'>;

/**
 * Calls `show` with the stored progress now and on every change (null when there is none). Returns
 * the function that stops watching.
 */
export function watchAllTabs(
  show: (progress: AllTabsProgress | null) => void,
  areas: Areas = browser.storage,
): () => void {
  return watchItem(allTabsProgressItem, show, areas);
}

/**
 * Removes the progress of a run that was still going when the previous worker stopped (background
 * start only): the run died with that worker, and a popup must not wait for it. A finished run's
 * result stays, for the popup to show.
 */
export async function clearStaleAllTabs(session = browser.storage.session): Promise<void> {
  if (!session) return;
  // As stored: an unreadable value goes too, and nothing stored needs no removal.
  const raw = await getStored(allTabsProgressItem, session);
  if (raw !== undefined && !allTabsProgressItem.read(raw)?.finished)
    await removeItem(allTabsProgressItem, session);
}
