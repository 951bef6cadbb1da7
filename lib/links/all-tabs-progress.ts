/**
 * The shapes of an all-tabs run (lib/links/all-tabs.ts): the answer of the `shortenAllTabs` request,
 * and the progress the background publishes in allTabsProgressItem (lib/storage/items.ts), which reads
 * it with readAllTabsProgress. Nothing here touches storage, so the item can name these types without
 * an import cycle.
 */
import type { ErrorData } from '../messaging/result';

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
  /** True when its create waits in the outage queue, to be made when the server answers. */
  queued?: boolean;
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
