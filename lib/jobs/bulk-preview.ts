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
import { type BulkSourceRow, hostOf, MAX_BULK_ROWS } from './bulk-csv';
import type { JobItem } from './job';

/**
 * What to do with a row whose alias the server already has for another address (known from the
 * mirror): leave it out, make it with the first free `alias-2`, `alias-3`…, or with a random alias.
 */
export type CollisionChoice = 'skip' | 'suffix' | 'random';

/** What an export's tags fill: the campaign or the channel (made on Start when none has the name), or nothing. */
export type TagsChoice = 'campaign' | 'channel' | 'ignore';

/** A campaign or channel a tag names that the server does not have yet: made on Start, before the job. */
export interface NamedToCreate {
  kind: 'campaign' | 'channel';
  name: string;
}

/** What every row of the batch shares; a row's own campaign, channel, expiry or domain wins. */
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
  /** For aliases the server already has (absent: skip). */
  collisions?: CollisionChoice;
  /**
   * The choice for one colliding row over the batch's, by its alias lower-cased: one row a batch asks
   * for an alias, and the key stays the row's while lines above it are added or removed.
   */
  rowCollisions?: ReadonlyMap<string, CollisionChoice>;
  /** What tags fill (absent: the campaign); a tag naming an existing campaign or channel fills it either way. */
  tagsAs?: TagsChoice;
}

/** What the preview looks things up in. */
export interface BulkContext {
  /** The profile's cached links: a long URL among them is reused without a request. */
  cached: readonly CachedLink[];
  /** The server's campaigns and channels, null when they could not be loaded. */
  campaigns: readonly NamedItem[] | null;
  channels: readonly NamedItem[] | null;
  /** The account's branded domains with their scheme, a row's domain is matched to (absent or null: none known). */
  domains?: readonly string[] | null;
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
  /** From another shortener's export: the old short URL (or slug), when it was made, its clicks, its tags. */
  from?: string;
  created?: string;
  clicks?: string;
  tags?: string[];
  /** What was changed to make it: its domain not the account's, its alias taken and replaced. */
  notes?: string[];
  /** The alias the server already has for another address: the row takes a collision choice. */
  collision?: string;
}

/** The preview: every row, the links to make (new and reused, in order), and the counts. */
export interface BulkPreview {
  rows: PreviewRow[];
  items: JobItem[];
  counts: Record<PreviewStatus, number>;
  /** Rows whose alias the server already has for another address, whatever the choice made for them. */
  collisions: number;
  /** Campaigns and channels to make on Start, each once, in the order rows name them. */
  toCreate: NamedToCreate[];
  /** The items (by index) whose campaign or channel is one of toCreate: see withCreated. */
  pending: ({ index: number } & NamedToCreate)[];
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

/** The campaign or channel named `name`, without regard to case or surrounding spaces. */
export function findNamed(name: string, items: readonly NamedItem[]): NamedItem | undefined {
  const wanted = name.trim().toLowerCase();
  return items.find((item) => item.name.trim().toLowerCase() === wanted);
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
  const found = findNamed(value, items);
  return found ? { id: found.id } : { error: unknown(value) };
}

/** A row's expiry: a date and time, or a day (the end of it); '' for none. */
export function resolveExpiry(cell: string, now: Date): { expiry?: string; error?: string } {
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

/** An export's tags (Shlink joins them with |, others with commas). */
const tagsOf = (cell: string) =>
  cell
    .split(/[|,;]/)
    .map((tag) => tag.trim())
    .filter(Boolean);

/**
 * A row's campaign or channel cell, else the first of its tags that names one of the server's (an
 * export's tags; nothing is created for the others).
 */
function namedCell(cell: string, tags: readonly string[], items: readonly NamedItem[] | null): string {
  if (cell.trim() || !items) return cell;
  for (const tag of tags) {
    const found = findNamed(tag, items);
    if (found) return String(found.id);
  }
  return '';
}

/**
 * A row's domain: the branded domain of the account with the same host, else the batch's, with a
 * note saying so.
 */
function resolveDomain(
  cell: string,
  batchDomain: string,
  domains: readonly string[] | null | undefined,
): { domain: string; note?: string } {
  const host = hostOf(cell);
  if (!host) return { domain: batchDomain };
  const found = domains?.find((domain) => hostOf(domain) === host);
  if (found) return { domain: found };
  const note = batchDomain
    ? t('manage_bulk_note_domain_batch', host)
    : t('manage_bulk_note_domain_server', host);
  return { domain: batchDomain, note };
}

/** The checks of one source row that do not depend on the preset: the input's fields, or the reason. */
function checkRow(
  row: BulkSourceRow,
  options: BulkOptions,
  context: BulkContext,
):
  | { input: Omit<LinkInput, 'url'>; note?: string; create?: NamedToCreate; error?: undefined }
  | { error: string } {
  const alias = row.alias.trim();
  const aliasProblem = aliasError(alias);
  if (aliasProblem) return { error: aliasProblem };
  if (alias && options.presets.length > 1) return { error: t('manage_bulk_reason_alias_presets') };
  const tagsAs = options.tagsAs ?? 'campaign';
  const tags = tagsAs === 'ignore' ? [] : tagsOf(row.tags);
  const create = toCreate(row, tags, tagsAs, context);
  const nameTooLong = create && tooLong(create.name, TEXT_LIMITS.name);
  if (nameTooLong) return { error: nameTooLong };
  const campaign = resolveNamed(
    namedCell(row.campaign, tags, context.campaigns),
    context.campaigns,
    (name) => t('manage_bulk_reason_campaign_unknown', name),
    t('manage_bulk_reason_campaigns_unavailable'),
  );
  if (campaign.error) return { error: campaign.error };
  const channel = resolveNamed(
    namedCell(row.channel, tags, context.channels),
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
  const { domain, note } = resolveDomain(row.domain, options.domain.trim(), context.domains);
  if (domain) input.domain = domain;
  const description = row.description.trim();
  // Refused here, with the row's reason, rather than by the background once the job runs.
  const longDescription = tooLong(description, TEXT_LIMITS.description);
  if (longDescription) return { error: longDescription };
  if (description) input.description = description;
  return { input, ...(note ? { note } : {}), ...(create ? { create } : {}) };
}

/**
 * The campaign or channel (as tags fill) named by a row's first tag that names none of the server's,
 * when neither its cell nor another tag names one; none while the server's list is not known, lest a
 * second one be made.
 */
function toCreate(
  row: BulkSourceRow,
  tags: readonly string[],
  tagsAs: TagsChoice,
  context: BulkContext,
): NamedToCreate | undefined {
  if (tagsAs === 'ignore') return undefined;
  const items = tagsAs === 'campaign' ? context.campaigns : context.channels;
  if (!items || row[tagsAs].trim() || namedCell('', tags, items)) return undefined;
  // A tag naming the other kind's item (a channel called Blog) is that item's, not a new campaign.
  const known = [...(context.campaigns ?? []), ...(context.channels ?? [])];
  const name = tags.find((tag) => !findNamed(tag, known));
  return name ? { kind: tagsAs, name } : undefined;
}

/**
 * The preview's items with the ids of the campaigns and channels made on Start (keyed by kind and
 * lower-cased name); an item whose name has no id keeps the batch's choice.
 */
export function withCreated(
  preview: Pick<BulkPreview, 'items' | 'pending'>,
  ids: Record<NamedToCreate['kind'], ReadonlyMap<string, number>>,
): JobItem[] {
  const items = [...preview.items];
  for (const { index, kind, name } of preview.pending) {
    const id = ids[kind].get(name.toLowerCase());
    const item = items[index];
    if (id !== undefined && item) items[index] = { ...item, input: { ...item.input, [kind]: id } };
  }
  return items;
}

/** The first of `alias-2`, `alias-3`… that is not in `taken` (lower-cased) and that the server takes. */
function freeAlias(alias: string, taken: (alias: string) => boolean): string | undefined {
  for (let n = 2; ; n++) {
    const candidate = `${alias}-${n}`;
    if (aliasError(candidate)) return undefined;
    if (!taken(candidate.toLowerCase())) return candidate;
  }
}

/** What a row of another shortener's export brings to its preview row. */
function exportInfo(row: BulkSourceRow): Pick<PreviewRow, 'from' | 'created' | 'clicks' | 'tags'> {
  const info: Pick<PreviewRow, 'from' | 'created' | 'clicks' | 'tags'> = {};
  if (row.from) info.from = row.from;
  if (row.created) info.created = row.created;
  if (row.clicks) info.clicks = row.clicks;
  const tags = tagsOf(row.tags);
  if (tags.length > 0) info.tags = tags;
  return info;
}

/** The preview of `rows` with `options`. */
export function previewBulk(
  rows: readonly BulkSourceRow[],
  options: BulkOptions,
  context: BulkContext,
): BulkPreview {
  // Newest first in the cache: the first link seen for a URL is the one reused, as findByLongUrl does.
  const cachedByUrl = new Map<string, CachedLink>();
  const cachedByAlias = new Map<string, CachedLink>();
  for (const link of context.cached) {
    const key = longUrlKey(link.longUrl);
    if (!cachedByUrl.has(key)) cachedByUrl.set(key, link);
    if (link.alias) cachedByAlias.set(link.alias.toLowerCase(), link);
  }
  const firstLine = new Map<string, number>();
  const aliasLine = new Map<string, number>();
  const presets: (UtmPreset | null)[] = options.presets.length > 0 ? options.presets : [null];
  const preview: BulkPreview = {
    rows: [],
    items: [],
    counts: { new: 0, reused: 0, invalid: 0, duplicate: 0 },
    collisions: 0,
    toCreate: [],
    pending: [],
    requests: 0,
    estimateMs: 0,
  };
  const creating = new Set<string>();
  const add = (row: PreviewRow, item?: JobItem, create?: NamedToCreate) => {
    preview.rows.push(row);
    preview.counts[row.status]++;
    if (!item) return;
    if (create) {
      preview.pending.push({ index: preview.items.length, ...create });
      const key = `${create.kind}\n${create.name.toLowerCase()}`;
      if (!creating.has(key)) preview.toCreate.push(create);
      creating.add(key);
    }
    preview.items.push(item);
  };
  // A suffix never takes an alias a later row of the file asks for by name.
  const named = new Set(rows.map((row) => row.alias.trim().toLowerCase()).filter(Boolean));
  const taken = (alias: string) => cachedByAlias.has(alias) || aliasLine.has(alias) || named.has(alias);

  for (const row of rows) {
    const written = row.url.trim();
    const urlProblem = longUrlError(written);
    const checked = urlProblem ? { error: urlProblem } : checkRow(row, options, context);
    const resolved = urlProblem ? null : resolveLink(written, { ...context, preferCanonical: false });
    const base = resolved?.url ?? written;
    const about = {
      ...exportInfo(row),
      ...(resolved?.unwrapped.length ? { unwrapped: resolved.unwrapped } : {}),
    };
    const from = row.from ? { from: row.from } : {};
    for (const preset of presets) {
      const label = preset?.name ?? '';
      // Stripped first: the preset's own utm_* parameters are what the link is for.
      const longUrl = preset && !urlProblem ? withUtmPreset(base, preset) : base;
      const shown = (status: PreviewStatus, more: Partial<PreviewRow> = {}): PreviewRow => ({
        line: row.line,
        longUrl,
        label,
        status,
        ...about,
        ...more,
      });
      if (checked.error !== undefined) {
        add(shown('invalid', { reason: checked.error }));
        continue;
      }
      // With its preset's parameters, the address must still be one the background takes.
      const urlTooLong = tooLong(longUrl, TEXT_LIMITS.longUrl);
      if (urlTooLong) {
        add(shown('invalid', { reason: urlTooLong }));
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
        add(shown('duplicate', { reason: t('manage_bulk_reason_duplicate', first) }));
        continue;
      }
      const aliasFirst = alias ? aliasLine.get(alias.toLowerCase()) : undefined;
      if (aliasFirst !== undefined) {
        add(shown('invalid', { reason: t('manage_bulk_reason_alias_taken', alias, aliasFirst) }));
        continue;
      }
      let input = checked.input;
      const notes = checked.note ? [checked.note] : [];
      const known = alias ? cachedByAlias.get(alias.toLowerCase()) : undefined;
      // The server's link with this alias is this very address (an import run again): reused.
      const same = known && longUrlKey(known.longUrl) === longUrlKey(longUrl);
      const collision = known && !same ? { collision: alias } : {};
      if (known && !same) {
        preview.collisions++;
        const choice = options.rowCollisions?.get(alias.toLowerCase()) ?? options.collisions ?? 'skip';
        const free = choice === 'suffix' ? freeAlias(alias, taken) : undefined;
        if (choice === 'random') {
          const { custom: _, ...withoutAlias } = input;
          input = withoutAlias;
          notes.push(t('manage_bulk_note_alias_random', alias));
        } else if (free) {
          input = { ...input, custom: free };
          notes.push(t('manage_bulk_note_alias_suffix', alias, free));
        } else {
          add(shown('invalid', { reason: t('manage_bulk_reason_alias_exists', alias), ...collision }));
          continue;
        }
      }
      if (preview.items.length >= MAX_BULK_ROWS) {
        add(shown('invalid', { reason: t('manage_bulk_reason_too_many', MAX_BULK_ROWS) }));
        continue;
      }
      firstLine.set(key, row.line);
      if (alias) aliasLine.set(alias.toLowerCase(), row.line);
      if (input.custom) aliasLine.set(input.custom.toLowerCase(), row.line);
      const { create } = checked;
      if (create)
        notes.push(
          create.kind === 'campaign'
            ? t('manage_bulk_note_campaign_create', create.name)
            : t('manage_bulk_note_channel_create', create.name),
        );
      const noted = { ...(notes.length > 0 ? { notes } : {}), ...collision };
      if (same) {
        // Sent without its alias, the create pipeline finds the cached link by its address.
        const { custom: _, ...withoutAlias } = input;
        const item: JobItem = {
          input: { url: longUrl, ...withoutAlias },
          title: row.title.trim(),
          label,
          ...from,
        };
        add(shown('reused', { shortUrl: known.shortUrl, ...noted }), item, create);
        continue;
      }
      const item: JobItem = { input: { url: longUrl, ...input }, title: row.title.trim(), label, ...from };
      const cached = input.custom ? undefined : cachedByUrl.get(longUrlKey(longUrl));
      if (cached) add(shown('reused', { shortUrl: cached.shortUrl, ...noted }), item, create);
      else add(shown('new', noted), item, create);
    }
  }
  preview.requests = preview.counts.new;
  preview.estimateMs = estimateBulkMs(preview.requests, context.limit);
  return preview;
}
