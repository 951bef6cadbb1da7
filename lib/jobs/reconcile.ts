/**
 * Reconcile: a CSV keyed by alias says how the profile's links should be (columns `alias`, and any of
 * `url`, `title`, `expiry`, `campaign`, `channel`), and the dry run compares it with the link mirror:
 * each row is a link to create, one to update (field by field, old → new), one already so, or a
 * problem that is never sent. The changes become the bulk job's rows: a create, ONE update per link
 * for its URL, title and expiry (the API requires `url` in every update), and an assignment per
 * campaign or channel. Pure, so the page runs it over 10,000 rows while the user waits.
 *
 * An empty cell leaves the field as it is. Nothing is cleared: the API shows no way to take a link out
 * of a campaign or channel, nor to remove its expiry or title.
 *
 *   const diff = diffReconcile(readReconcileRows(text), { cached, campaigns, channels, now });
 *   send('bulkStart', { items: diff.items }); // only the changes
 */
import type { LinkInput } from '../api/schemas';
import { t } from '../i18n';
import { parseId } from '../ids';
import { type CachedLink, type NamedItem, sameLongUrl } from '../links/cache';
import { aliasError } from '../links/shorten-form';
import { TEXT_LIMITS, tooLong } from '../text-limits';
import { longUrlError } from '../url/rules';
import { type BulkRows, MAX_BULK_ROWS, readBulkRows } from './bulk-csv';
import { findNamed, resolveExpiry } from './bulk-preview';
import type { JobItem } from './job';

/** The fields a reconcile file may set, in the order a row's changes are listed. */
export type ReconcileField = 'url' | 'title' | 'expiry' | 'campaign' | 'channel';

/** One field that differs: what the mirror has (null: the mirror does not know it) and what the file wants. */
export interface FieldChange {
  field: ReconcileField;
  from: string | null;
  to: string;
}

export type ReconcileStatus = 'create' | 'update' | 'unchanged' | 'problem';

/** One row of the file as the dry run shows it. */
interface ReconcileRow {
  line: number;
  alias: string;
  status: ReconcileStatus;
  /** A create's wanted fields, or an update's changes. */
  changes: FieldChange[];
  /** Why the row is a problem. */
  reason?: string;
  /** The link the alias names, when the mirror has it. */
  shortUrl?: string;
}

/** The dry run: every row, the job's rows for the changes, the counts, and a reason the file can't be read. */
export interface ReconcileDiff {
  rows: ReconcileRow[];
  items: JobItem[];
  counts: Record<ReconcileStatus, number>;
  /** Set when the file has no header naming an `alias` column: every row is then unread. */
  fileProblem?: string;
  /** The file had more rows than a job takes; those after are not read. */
  truncated: boolean;
}

/** What the dry run compares with. */
export interface ReconcileContext {
  /** Every link of the profile (the mirror must be complete: an alias it lacks is created). */
  cached: readonly CachedLink[];
  /** The server's campaigns and channels, null when they could not be loaded. */
  campaigns: readonly NamedItem[] | null;
  channels: readonly NamedItem[] | null;
  now: Date;
}

/** Reads a reconcile file: a header naming `alias` (case, spacing and a BOM ignored), then a row per link. */
export function readReconcileRows(text: string): BulkRows {
  return readBulkRows(text, { key: 'alias' });
}

/** Where a campaign or channel cell is looked up, and what a row says when it can't be. */
const NAMED = {
  campaign: {
    list: 'campaigns',
    unknown: 'manage_bulk_reason_campaign_unknown',
    unavailable: 'manage_bulk_reason_campaigns_unavailable',
  },
  channel: {
    list: 'channels',
    unknown: 'manage_bulk_reason_channel_unknown',
    unavailable: 'manage_bulk_reason_channels_unavailable',
  },
} as const;

/** A campaign or channel cell: an id or a name of one of the server's, or why not. */
function namedItem(
  kind: keyof typeof NAMED,
  cell: string,
  context: ReconcileContext,
): { item?: NamedItem; error?: string } {
  const value = cell.trim();
  if (value === '') return {};
  const items = context[NAMED[kind].list];
  if (!items) return { error: t(NAMED[kind].unavailable) };
  const id = parseId(value);
  const item =
    (id === undefined ? undefined : items.find((candidate) => candidate.id === id)) ??
    findNamed(value, items);
  return item ? { item } : { error: t(NAMED[kind].unknown, value) };
}

/** Whether the mirror's campaign or channel of a link (a name, else an id) is `item`. */
const isItem = (known: string, item: NamedItem) =>
  known.trim().toLowerCase() === item.name.trim().toLowerCase() || known.trim() === String(item.id);

/** The row's wanted state once every cell is checked, or the first reason it can't be applied. */
interface Wanted {
  url: string;
  title: string;
  expiry: string;
  campaign?: NamedItem | undefined;
  channel?: NamedItem | undefined;
}

function checkCells(row: BulkRows['rows'][number], context: ReconcileContext): Wanted | { error: string } {
  const url = row.url.trim();
  if (url) {
    const problem = longUrlError(url) ?? tooLong(url, TEXT_LIMITS.longUrl);
    if (problem) return { error: problem };
  }
  const title = row.title.trim();
  const longTitle = tooLong(title, TEXT_LIMITS.title);
  if (longTitle) return { error: longTitle };
  const expiry = resolveExpiry(row.expiry, context.now);
  if (expiry.error) return { error: expiry.error };
  const campaign = namedItem('campaign', row.campaign, context);
  if (campaign.error) return { error: campaign.error };
  const channel = namedItem('channel', row.channel, context);
  if (channel.error) return { error: channel.error };
  return { url, title, expiry: expiry.expiry ?? '', campaign: campaign.item, channel: channel.item };
}

/** What a link the server has lacks of the wanted state, field by field. */
function changesOf(link: CachedLink, wanted: Wanted): FieldChange[] {
  const changes: FieldChange[] = [];
  if (wanted.url && !sameLongUrl(link.longUrl, wanted.url))
    changes.push({ field: 'url', from: link.longUrl, to: wanted.url });
  if (wanted.title && link.title.trim() !== wanted.title)
    changes.push({ field: 'title', from: link.title, to: wanted.title });
  // The server's list does not say a link's expiry: unknown to the mirror, it is sent.
  if (wanted.expiry && link.expiry !== wanted.expiry)
    changes.push({
      field: 'expiry',
      from: link.expiry === undefined ? null : (link.expiry ?? ''),
      to: wanted.expiry,
    });
  for (const field of ['campaign', 'channel'] as const) {
    const item = wanted[field];
    const known = link[field];
    if (item && !(known && isItem(known, item))) changes.push({ field, from: known ?? null, to: item.name });
  }
  return changes;
}

/** The job's rows for a link's changes: one update for its URL, title and expiry, then each assignment. */
function changeItems(link: CachedLink, wanted: Wanted, changes: readonly FieldChange[]): JobItem[] {
  const url = changes.some((change) => change.field === 'url') ? wanted.url : link.longUrl;
  const title = changes.some((change) => change.field === 'title') ? wanted.title : link.title;
  const items: JobItem[] = [];
  const update: LinkInput = { url };
  for (const change of changes) {
    if (change.field === 'title') update.metatitle = change.to;
    if (change.field === 'expiry') update.expiry = change.to;
  }
  if (
    changes.some((change) => change.field === 'url' || change.field === 'title' || change.field === 'expiry')
  )
    items.push({ input: update, title, label: '', change: { linkId: link.id, kind: 'update' } });
  for (const kind of ['campaign', 'channel'] as const) {
    const item = wanted[kind];
    if (item && changes.some((change) => change.field === kind))
      items.push({ input: { url }, title, label: '', change: { linkId: link.id, kind, to: item } });
  }
  return items;
}

/** A create's row: every field the file gives, the campaign and channel by id. */
function createItem(alias: string, wanted: Wanted): JobItem {
  const input: LinkInput = { url: wanted.url, custom: alias };
  if (wanted.title) input.metatitle = wanted.title;
  if (wanted.expiry) input.expiry = wanted.expiry;
  if (wanted.campaign) input.campaign = wanted.campaign.id;
  if (wanted.channel) input.channel = wanted.channel.id;
  return { input, title: wanted.title, label: '' };
}

/** The fields a create sets, as its row lists them. */
function createChanges(wanted: Wanted): FieldChange[] {
  const changes: FieldChange[] = [{ field: 'url', from: '', to: wanted.url }];
  if (wanted.title) changes.push({ field: 'title', from: '', to: wanted.title });
  if (wanted.expiry) changes.push({ field: 'expiry', from: '', to: wanted.expiry });
  if (wanted.campaign) changes.push({ field: 'campaign', from: '', to: wanted.campaign.name });
  if (wanted.channel) changes.push({ field: 'channel', from: '', to: wanted.channel.name });
  return changes;
}

/** The dry run of a read reconcile file against the mirror's links. */
export function diffReconcile(read: BulkRows, context: ReconcileContext): ReconcileDiff {
  const diff: ReconcileDiff = {
    rows: [],
    items: [],
    counts: { create: 0, update: 0, unchanged: 0, problem: 0 },
    truncated: read.truncated,
  };
  if (!read.header) {
    if (read.rows.length > 0) diff.fileProblem = t('manage_reconcile_no_alias_column');
    return diff;
  }
  const byAlias = new Map<string, CachedLink>();
  for (const link of context.cached) if (link.alias) byAlias.set(link.alias.toLowerCase(), link);
  const firstLine = new Map<string, number>();
  const add = (row: ReconcileRow, items: JobItem[] = []) => {
    // A job takes MAX_BULK_ROWS rows: a link whose changes would not fit is left whole for a next run.
    if (diff.items.length + items.length > MAX_BULK_ROWS) {
      const reason = t('manage_bulk_reason_too_many', MAX_BULK_ROWS);
      diff.rows.push({ ...row, status: 'problem', reason });
      diff.counts.problem++;
      return;
    }
    diff.rows.push(row);
    diff.counts[row.status]++;
    diff.items.push(...items);
  };

  for (const row of read.rows) {
    const alias = row.alias.trim();
    const shown = { line: row.line, alias, changes: [] };
    if (!alias) {
      add({ ...shown, status: 'problem', reason: t('manage_reconcile_reason_no_alias') });
      continue;
    }
    const key = alias.toLowerCase();
    const first = firstLine.get(key);
    if (first !== undefined) {
      add({ ...shown, status: 'problem', reason: t('manage_reconcile_reason_duplicate', first) });
      continue;
    }
    firstLine.set(key, row.line);
    const link = byAlias.get(key);
    const linked = link ? { shortUrl: link.shortUrl } : {};
    const wanted = checkCells(row, context);
    if ('error' in wanted) {
      add({ ...shown, ...linked, status: 'problem', reason: wanted.error });
      continue;
    }
    if (!link) {
      const problem = aliasError(alias) ?? (wanted.url ? undefined : t('manage_reconcile_reason_no_url'));
      if (problem) add({ ...shown, status: 'problem', reason: problem });
      else add({ ...shown, status: 'create', changes: createChanges(wanted) }, [createItem(alias, wanted)]);
      continue;
    }
    const changes = changesOf(link, wanted);
    if (changes.length === 0) add({ ...shown, ...linked, status: 'unchanged' });
    else add({ ...shown, ...linked, status: 'update', changes }, changeItems(link, wanted, changes));
  }
  return diff;
}
