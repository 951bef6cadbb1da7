/**
 * "Several URLs at once" as pages see it: the addresses a pasted or selected text holds, each once,
 * and the rows of the run the background makes of them (entrypoints/background/jobs/copy-list.ts,
 * kept in listJobItem, as all tabs are).
 */
import type { ErrorData } from '../api/errors';
import { sameLongUrl } from '../links/cache';
import type { Job, JobRow } from '../storage/items';

/** The most URLs one list takes: a pasted text holding more is cut here, and the popup says so. */
export const MAX_LIST_URLS = 100;

/** The URLs each once, as the cache compares them (a trailing slash or a #fragment is the same page), in order. */
export function distinctUrls(urls: readonly string[]): string[] {
  const kept: string[] = [];
  for (const url of urls) if (!kept.some((other) => sameLongUrl(other, url))) kept.push(url);
  return kept;
}

/** One address of a list run as its row shows it. */
export interface ListRowView {
  longUrl: string;
  /** The page's title when known ('' when not). */
  title: string;
  state: JobRow['state'];
  shortUrl?: string;
  /** The server answered with a link it had made before. */
  existing?: true;
  /** Another row of the run got the same short link. */
  shared?: true;
  error?: ErrorData;
}

/** For each entry, whether another entry has the same short link (undefined: none yet). */
export function sharedLinks(shortUrls: readonly (string | undefined)[]): boolean[] {
  const counts = new Map<string, number>();
  for (const url of shortUrls) if (url) counts.set(url, (counts.get(url) ?? 0) + 1);
  return shortUrls.map((url) => url !== undefined && (counts.get(url) ?? 0) > 1);
}

/** The rows of a list run, in order, those that got the same short link as another marked `shared`. */
export function listRowsOf(job: Job): ListRowView[] {
  const shared = sharedLinks(job.rows.map((row) => row.shortUrl));
  return job.rows.map((row, index) => ({
    longUrl: row.input.url,
    title: row.title,
    state: row.state,
    ...(row.shortUrl ? { shortUrl: row.shortUrl } : {}),
    ...(row.existing ? { existing: true as const } : {}),
    ...(shared[index] ? { shared: true as const } : {}),
    ...(row.error ? { error: row.error } : {}),
  }));
}

/** The answer of `shortenUrls`: every row, and the list as copied. */
export interface UrlListResult {
  rows: ListRowView[];
  /** The list as copied, one line per link in the copy format ('' when no link was made). */
  text: string;
  /** Whether `text` reached the clipboard. */
  copied: boolean;
}

/** The report of a list run of pasted or selected URLs. */
export function urlListResultOf(job: Job): UrlListResult {
  return { rows: listRowsOf(job), text: job.text ?? '', copied: job.copied ?? false };
}
