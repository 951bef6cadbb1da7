/**
 * "Shorten all tabs of this window" as pages see it: the run is a job of the background
 * (entrypoints/background/jobs/copy-list.ts) kept in listJobItem, from which its progress and its
 * report (the answer of the `shortenAllTabs` request) are read.
 */
import type { ErrorData } from '../api/errors';
import type { Job } from '../storage/items';
import { jobCounts } from './job';

/** One tab's address with its short link. */
interface ShortenedTab {
  /** The address that was shortened (after canonical/tracking clean-up). */
  longUrl: string;
  shortUrl: string;
  /** The tab's title ('' when it has none). */
  title: string;
  /** True when the link was found in the cache and no request was sent. */
  reused: boolean;
}

/** A tab whose address could not be shortened, and why. */
interface TabFailure {
  longUrl: string;
  title: string;
  error: ErrorData;
  /** True when its create waits in the outage queue, to be made when the server answers. */
  queued?: boolean;
}

/** The report of a run: the answer of `shortenAllTabs`. */
export interface AllTabsResult {
  windowId: number;
  /** One entry per distinct address, in tab order. */
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

/** How far a run is. */
export interface AllTabsProgress {
  windowId: number;
  /** Epoch ms. */
  startedAt: number;
  /** Distinct addresses to shorten. */
  total: number;
  /** Addresses that have their short link so far (reused ones included). */
  done: number;
  failed: number;
  finished: boolean;
  /** Present once `finished`. */
  result?: AllTabsResult;
}

/** The report of a finished (or still running) run. */
export function allTabsResultOf(job: Job): AllTabsResult {
  const links: ShortenedTab[] = [];
  const failures: TabFailure[] = [];
  for (const row of job.rows) {
    if ((row.state === 'made' || row.state === 'reused') && row.shortUrl) {
      links.push({
        longUrl: row.input.url,
        shortUrl: row.shortUrl,
        title: row.title,
        reused: row.state === 'reused',
      });
    } else if (row.state === 'failed' && row.error) {
      failures.push({
        longUrl: row.input.url,
        title: row.title,
        error: row.error,
        ...(row.queued ? { queued: true } : {}),
      });
    }
  }
  return {
    windowId: job.windowId ?? -1,
    links,
    failures,
    skipped: job.skipped ?? 0,
    text: job.text ?? '',
    copied: job.copied ?? false,
  };
}

/** A run's progress, from its job. */
export function allTabsProgressOf(job: Job): AllTabsProgress {
  const counts = jobCounts(job);
  const finished = job.state === 'done';
  return {
    windowId: job.windowId ?? -1,
    startedAt: job.createdAt,
    total: counts.total,
    done: counts.made + counts.reused,
    failed: counts.failed,
    finished,
    ...(finished ? { result: allTabsResultOf(job) } : {}),
  };
}

/** A permission request older than this was not for the grant seen now, nor for a popup opening now. */
const ALL_TABS_ASKED_TTL_MS = 120_000;

/** The time of a stored permission request that is still fresh at `now`, or null. */
export function freshAllTabsRequest(value: number | null, now: number): number | null {
  return value !== null && now - value < ALL_TABS_ASKED_TTL_MS ? value : null;
}

/** A finished run's report is offered to a reopened popup for this long. */
export const ALL_TABS_REPORT_TTL_MS = 15 * 60_000;

/** Whether a run's report has something the user must see: a tab that failed, or a list not copied. */
export function reportNeedsUser(result: AllTabsResult): boolean {
  return result.failures.length > 0 || (result.links.length > 0 && !result.copied);
}
