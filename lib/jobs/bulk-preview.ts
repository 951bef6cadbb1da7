/**
 * The preview of a bulk create, before anything is sent: every row (× every UTM preset chosen) checked
 * with the popup's rules (lib/url/rules.ts, lib/links/shorten-form.ts), invalid rows marked with the
 * reason, duplicates collapsed into their first row, and URLs with a cached link marked "reused, no
 * request"; then how many requests that makes and about how long they take at the server's rate
 * limit. Pure, and linear in the rows: 10,000 pasted rows preview while the user waits.
 *
 *   const preview = previewBulk(readBulkRows(text).rows, options, context);
 *   send('bulkStart', { items: preview.items }); // the links to make, in order
 */
import { jobRequestsPerWindow } from '../api/rate-limiter';
import type { LinkInput } from '../api/schemas';
import { datetimeLocalToApi, parseLocalDateTime } from '../dates';
import { t } from '../i18n';
import { parseId } from '../ids';
import { type CachedLink, longUrlKey, type NamedItem } from '../links/cache';
import { aliasError } from '../links/shorten-form';
import type { UtmPreset } from '../settings/schema';
import { TEXT_LIMITS, tooLong } from '../text-limits';
import { resolveLink } from '../url/page-url';
import { longUrlError } from '../url/rules';
import { withUtmPreset } from '../url/utm';
import { type BulkSourceRow, MAX_BULK_ROWS } from './bulk-csv';
import type { JobItem } from './job';

/** What every row of the batch shares; a row's own campaign, channel or expiry wins. */
export interface BulkOptions {
  campaignId: number | null;
  channelId: number | null;
  /** A branded domain with its scheme, or '' for the server's own. */
  domain: string;
  /** The API's `YYYY-MM-DD HH:MM:SS`, or '' for none. */
  expiry: string;
  status: 'public' | 'private';
  /** One link per row and preset; none: one link per row. */
  presets: UtmPreset[];
}

/** What the preview looks things up in. */
export interface BulkContext {
  /** The profile's cached links: a long URL among them is reused without a request. */
  cached: readonly CachedLink[];
  /** The server's campaigns and channels, null when they could not be loaded. */
  campaigns: readonly NamedItem[] | null;
  channels: readonly NamedItem[] | null;
  /** The behaviour setting: tracking parameters removed before a preset adds its own. */
  stripTracking: boolean;
  /** The behaviour setting: a redirect wrapper's address shortened instead of it (absent: off). */
  unwrapRedirects?: boolean;
  now: Date;
  /** Requests per minute the server allows. */
  limit: number;
}

type PreviewStatus = 'new' | 'reused' | 'invalid' | 'duplicate';

/** One link of the preview (a row, or a row × preset). */
interface PreviewRow {
  /** The line of the text or file it came from. */
  line: number;
  longUrl: string;
  /** The preset's name, '' without presets. */
  label: string;
  status: PreviewStatus;
  /** Why it is invalid, or which line it duplicates. */
  reason?: string;
  /** The cached link that will be reused. */
  shortUrl?: string;
  /** The redirect wrappers taken off the address as written, outermost first. */
  unwrapped?: string[];
}

/** The preview: every row, the links to make (new and reused, in order), and the counts. */
export interface BulkPreview {
  rows: PreviewRow[];
  items: JobItem[];
  counts: Record<PreviewStatus, number>;
  /** Requests the job will send: one per new link. */
  requests: number;
  /** About how long they take at the rate limit, in ms. */
  estimateMs: number;
}

const WINDOW_MS = 60_000;
/** A request's round trip, for the part of the estimate that is not waiting for the next window. */
const REQUEST_MS = 500;

/** About how long `requests` job requests take at `limit` a minute: whole windows, then the last requests. */
export function estimateBulkMs(requests: number, limit: number): number {
  if (requests <= 0) return 0;
  const perWindow = jobRequestsPerWindow(limit);
  const windows = Math.ceil(requests / perWindow) - 1;
  return windows * WINDOW_MS + (requests - windows * perWindow) * REQUEST_MS;
}

/** A campaign or channel cell: an id, or a name matched without regard to case. */
function resolveNamed(
  cell: string,
  items: readonly NamedItem[] | null,
  unknown: (name: string) => string,
  unavailable: string,
): { id?: number; error?: string } {
  const value = cell.trim();
  if (value === '') return {};
  const id = parseId(value);
  if (id !== undefined) return { id };
  if (!items) return { error: unavailable };
  const name = value.toLowerCase();
  const found = items.find((item) => item.name.trim().toLowerCase() === name);
  return found ? { id: found.id } : { error: unknown(value) };
}

/** A row's expiry: a date and time, or a day (the end of it); '' for none. */
function resolveExpiry(cell: string, now: Date): { expiry?: string; error?: string } {
  const value = cell.trim();
  if (value === '') return {};
  const dayOnly = /^\d{4}-\d\d-\d\d$/.test(value);
  const text = dayOnly ? `${value} 23:59:59` : value;
  const date = parseLocalDateTime(text);
  const expiry = date && datetimeLocalToApi(text);
  if (!date || !expiry) return { error: t('manage_bulk_reason_expiry_invalid', value) };
  if (date <= now) return { error: t('manage_bulk_reason_expiry_past', value) };
  return { expiry };
}

/** The checks of one source row that do not depend on the preset: the input's fields, or the reason. */
function checkRow(
  row: BulkSourceRow,
  options: BulkOptions,
  context: BulkContext,
): { input: Omit<LinkInput, 'url'>; error?: undefined } | { error: string } {
  const alias = row.alias.trim();
  const aliasProblem = aliasError(alias);
  if (aliasProblem) return { error: aliasProblem };
  if (alias && options.presets.length > 1) return { error: t('manage_bulk_reason_alias_presets') };
  const campaign = resolveNamed(
    row.campaign,
    context.campaigns,
    (name) => t('manage_bulk_reason_campaign_unknown', name),
    t('manage_bulk_reason_campaigns_unavailable'),
  );
  if (campaign.error) return { error: campaign.error };
  const channel = resolveNamed(
    row.channel,
    context.channels,
    (name) => t('manage_bulk_reason_channel_unknown', name),
    t('manage_bulk_reason_channels_unavailable'),
  );
  if (channel.error) return { error: channel.error };
  const expiry = resolveExpiry(row.expiry, context.now);
  if (expiry.error) return { error: expiry.error };
  const campaignId = campaign.id ?? options.campaignId;
  const channelId = channel.id ?? options.channelId;
  const input: Omit<LinkInput, 'url'> = { status: options.status };
  if (alias) input.custom = alias;
  if (campaignId !== null) input.campaign = campaignId;
  if (channelId !== null) input.channel = channelId;
  const expiryValue = expiry.expiry ?? options.expiry;
  if (expiryValue) input.expiry = expiryValue;
  const domain = options.domain.trim();
  if (domain) input.domain = domain;
  const description = row.description.trim();
  // Refused here, with the row's reason, rather than by the background once the job runs.
  const longDescription = tooLong(description, TEXT_LIMITS.description);
  if (longDescription) return { error: longDescription };
  if (description) input.description = description;
  return { input };
}

/** The preview of `rows` with `options`. */
export function previewBulk(
  rows: readonly BulkSourceRow[],
  options: BulkOptions,
  context: BulkContext,
): BulkPreview {
  // Newest first in the cache: the first link seen for a URL is the one reused, as findByLongUrl does.
  const cachedByUrl = new Map<string, CachedLink>();
  for (const link of context.cached) {
    const key = longUrlKey(link.longUrl);
    if (!cachedByUrl.has(key)) cachedByUrl.set(key, link);
  }
  const firstLine = new Map<string, number>();
  const aliasLine = new Map<string, number>();
  const presets: (UtmPreset | null)[] = options.presets.length > 0 ? options.presets : [null];
  const preview: BulkPreview = {
    rows: [],
    items: [],
    counts: { new: 0, reused: 0, invalid: 0, duplicate: 0 },
    requests: 0,
    estimateMs: 0,
  };
  const add = (row: PreviewRow, item?: JobItem) => {
    preview.rows.push(row);
    preview.counts[row.status]++;
    if (item) preview.items.push(item);
  };

  for (const row of rows) {
    const written = row.url.trim();
    const urlProblem = longUrlError(written);
    const checked = urlProblem ? { error: urlProblem } : checkRow(row, options, context);
    const resolved = urlProblem ? null : resolveLink(written, { ...context, preferCanonical: false });
    const base = resolved?.url ?? written;
    const unwrapped = resolved?.unwrapped.length ? { unwrapped: resolved.unwrapped } : {};
    for (const preset of presets) {
      const label = preset?.name ?? '';
      // Stripped first: the preset's own utm_* parameters are what the link is for.
      const longUrl = preset && !urlProblem ? withUtmPreset(base, preset) : base;
      if (checked.error !== undefined) {
        add({ line: row.line, longUrl, label, status: 'invalid', reason: checked.error });
        continue;
      }
      // With its preset's parameters, the address must still be one the background takes.
      const urlTooLong = tooLong(longUrl, TEXT_LIMITS.longUrl);
      if (urlTooLong) {
        add({ line: row.line, longUrl, label, status: 'invalid', reason: urlTooLong });
        continue;
      }
      const alias = checked.input.custom ?? '';
      // The address as written, before its preset: `/page/` and `/page` stay one link once a preset
      // has put its query between the path and where the slash was.
      const key = [longUrlKey(base), preset?.id ?? '', alias.toLowerCase(), checked.input.domain ?? ''].join(
        '\n',
      );
      const first = firstLine.get(key);
      if (first !== undefined) {
        add({
          line: row.line,
          longUrl,
          label,
          status: 'duplicate',
          reason: t('manage_bulk_reason_duplicate', first),
        });
        continue;
      }
      const aliasFirst = alias ? aliasLine.get(alias.toLowerCase()) : undefined;
      if (aliasFirst !== undefined) {
        add({
          line: row.line,
          longUrl,
          label,
          status: 'invalid',
          reason: t('manage_bulk_reason_alias_taken', alias, aliasFirst),
        });
        continue;
      }
      if (preview.items.length >= MAX_BULK_ROWS) {
        add({
          line: row.line,
          longUrl,
          label,
          status: 'invalid',
          reason: t('manage_bulk_reason_too_many', MAX_BULK_ROWS),
        });
        continue;
      }
      firstLine.set(key, row.line);
      if (alias) aliasLine.set(alias.toLowerCase(), row.line);
      const item: JobItem = { input: { url: longUrl, ...checked.input }, title: row.title.trim(), label };
      const cached = alias ? undefined : cachedByUrl.get(longUrlKey(longUrl));
      if (cached)
        add(
          { line: row.line, longUrl, label, status: 'reused', shortUrl: cached.shortUrl, ...unwrapped },
          item,
        );
      else add({ line: row.line, longUrl, label, status: 'new', ...unwrapped }, item);
    }
  }
  preview.requests = preview.counts.new;
  preview.estimateMs = estimateBulkMs(preview.requests, context.limit);
  return preview;
}
