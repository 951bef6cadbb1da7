/**
 * "Export all links" of the management page: every page of GET /api/urls, fetched one after another
 * through the background (so within the rate limit, which makes a page wait rather than fail), then
 * written as CSV (lib/links/csv.ts) or JSON. A run cancelled or stopped by a failure keeps what it
 * has, and says it is partial, down to the file's name.
 *
 *   const run = await fetchAllLinks(callApi, { signal, onProgress: (p) => show(p.fetched, p.total) });
 *   download(exportCsv(run.links), exportFileName('csv', new Date(), run.stopped !== null));
 */
import type { ErrorData } from '../api/errors';
import type { LinkListQuery, LinkSummary, Page } from '../api/schemas';
import { t } from '../i18n';
import { fileDay } from '../present/dates';
import { toCsv } from './csv';

/**
 * Links asked for per page. The spec gives no upper bound for `limit`; 100 is the most the reference
 * server gives and a common cap of such servers. A server that gives fewer per page still works: the
 * loop follows the pages the server reports, not this number.
 */
export const EXPORT_PAGE_SIZE = 100;

/**
 * A run past this many pages stops as failed: a server whose paging never ends (a `nextpage` that
 * always points on) would otherwise spend the user's rate limit for ever.
 */
const MAX_PAGES = 10_000;

/** How far a run has come: links fetched, of the total the server reports (null until the first page). */
export interface ExportProgress {
  fetched: number;
  total: number | null;
}

/** Why a run ended before the last page; null when it fetched every page. */
type ExportStop = { reason: 'cancelled' } | { reason: 'failed'; error: ErrorData };

/** What a run fetched, each link once, newest first. */
export interface ExportRun {
  links: LinkSummary[];
  total: number | null;
  stopped: ExportStop | null;
}

const CANCELLED = Symbol('cancelled');

/** Resolves with CANCELLED as soon as `signal` aborts, so Cancel does not wait for a page that is slow. */
function untilCancelled<T>(work: Promise<T>, signal: AbortSignal): Promise<T | typeof CANCELLED> {
  if (signal.aborted) return Promise.resolve(CANCELLED);
  return Promise.race([
    work,
    new Promise<typeof CANCELLED>((resolve) =>
      signal.addEventListener('abort', () => resolve(CANCELLED), { once: true }),
    ),
  ]);
}

/** Asks for one page of links: the management page's `callApi` (lib/messaging/call-api.ts). */
type ListLinks = (
  method: 'listLinks',
  query: LinkListQuery,
) => Promise<{ ok: true; data: Page<LinkSummary> } | { ok: false; error: ErrorData }>;

/**
 * Fetches every page of the links, newest first, until the server's last page, a failure or Cancel.
 * A link seen twice (a new link moves the others one place on while pages are fetched) is kept once.
 */
export async function fetchAllLinks(
  callApi: ListLinks,
  { signal, onProgress }: { signal: AbortSignal; onProgress: (progress: ExportProgress) => void },
): Promise<ExportRun> {
  const byId = new Map<number, LinkSummary>();
  let total: number | null = null;
  const run = (stopped: ExportStop | null): ExportRun => ({ links: [...byId.values()], total, stopped });
  for (let page = 1; page <= MAX_PAGES; page++) {
    const reply = await untilCancelled(
      callApi('listLinks', { limit: EXPORT_PAGE_SIZE, page, order: 'date' }),
      signal,
    );
    if (reply === CANCELLED) return run({ reason: 'cancelled' });
    if (!reply.ok) return run({ reason: 'failed', error: reply.error });
    const { items, nextPage, maxPage } = reply.data;
    total = reply.data.total;
    for (const link of items) if (!byId.has(link.id)) byId.set(link.id, link);
    onProgress({ fetched: byId.size, total });
    if (items.length === 0 || nextPage === null || page >= maxPage) return run(null);
  }
  return run({
    reason: 'failed',
    error: { kind: 'invalid_response', message: t('manage_export_endless', MAX_PAGES) },
  });
}

/** The fields of an exported link, in the CSV's column order and as the JSON's keys. */
const FIELDS = [
  'id',
  'alias',
  'shortUrl',
  'longUrl',
  'title',
  'description',
  'clicks',
  'date',
  'campaign',
  'channel',
] as const;

type ExportedLink = Record<(typeof FIELDS)[number], string | number | null>;

/** A link as exported: every field, campaign and channel null when the server gave none. */
function exported(link: LinkSummary): ExportedLink {
  return {
    id: link.id,
    alias: link.alias,
    shortUrl: link.shortUrl,
    longUrl: link.longUrl,
    title: link.title,
    description: link.description,
    clicks: link.clicks,
    date: link.date,
    campaign: link.campaign ?? null,
    channel: link.channel ?? null,
  };
}

/** The links as a CSV file: a header row of the field names, then one row per link. */
export function exportCsv(links: readonly LinkSummary[]): string {
  const rows = links.map((link) => {
    const record = exported(link);
    return FIELDS.map((field) => String(record[field] ?? ''));
  });
  return toCsv([[...FIELDS], ...rows]);
}

/** The links as a JSON file: an array of link objects, pretty-printed. */
export function exportJson(links: readonly LinkSummary[]): string {
  return `${JSON.stringify(links.map(exported), null, 2)}\n`;
}

/** `shortlink-links-2026-11-24.csv`, or `…-partial.csv` for a run that did not fetch every page. */
export function exportFileName(kind: 'csv' | 'json', now: Date, partial: boolean): string {
  return `shortlink-links-${fileDay(now)}${partial ? '-partial' : ''}.${kind}`;
}
