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
import type { ErrorData } from '../messaging/result';
import { allTabsProgressItem, getItem, removeItem, type StorageAreas, watchItem } from '../storage/items';

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

/** One tab's address with its short link. */
export interface ShortenedTab {
  /** The address that was shortened (after canonical/tracking clean-up). */
  longUrl: string;
  shortUrl: string;
  /** The tab's title ('' when it has none). */
  title: string;
  /** True when the link was found in the cache and no request was sent. */
  reused: boolean;
}

/** A tab whose address could not be shortened, and why. */
export interface TabFailure {
  longUrl: string;
  title: string;
  error: ErrorData;
}

/** The answer of `shortenAllTabs`. */
export interface AllTabsResult {
  windowId: number;
  /** One entry per distinct address, in tab order (a duplicate tab keeps its first place). */
  links: ShortenedTab[];
  /** In tab order; the other tabs were shortened all the same. */
  failures: TabFailure[];
  /** Tabs left out because they have no http(s) address (browser pages, files). */
  skipped: number;
  /** The list as copied, one line per link in the copy format ('' when no link was made). */
  text: string;
  /** Whether `text` reached the clipboard (false when there was nothing to copy, or the copy failed). */
  copied: boolean;
}

/** The progress of the latest run, as stored in allTabsProgressItem. */
export interface AllTabsProgress {
  windowId: number;
  /** Epoch ms. */
  startedAt: number;
  /** Distinct addresses to shorten. */
  total: number;
  /** Addresses that have their short link so far (reused ones included). */
  done: number;
  /** Addresses that failed so far; `total - done - failed` are still to go. */
  failed: number;
  finished: boolean;
  /** Present once `finished`. */
  result?: AllTabsResult;
}

const count = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** The stored value as progress, or null when absent or unreadable. */
export function readAllTabsProgress(value: unknown): AllTabsProgress | null {
  if (!value || typeof value !== 'object') return null;
  const p = value as Record<string, unknown>;
  if (!Number.isInteger(p.windowId)) return null;
  if (!count(p.total) || !count(p.done) || !count(p.failed) || typeof p.finished !== 'boolean') return null;
  if (typeof p.startedAt !== 'number') return null;
  return value as AllTabsProgress;
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
  return watchItem(allTabsProgressItem, (value) => show(readAllTabsProgress(value)), areas);
}

/**
 * Removes the progress of a run that was still going when the previous worker stopped (background
 * start only): the run died with that worker, and a popup must not wait for it. A finished run's
 * result stays, for the popup to show.
 */
export async function clearStaleAllTabs(session = browser.storage.session): Promise<void> {
  if (!session) return;
  const raw = await getItem(allTabsProgressItem, session);
  if (raw !== undefined && !readAllTabsProgress(raw)?.finished)
    await removeItem(allTabsProgressItem, session);
}
