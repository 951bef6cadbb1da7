/**
 * Reading the rows of a bulk create: a pasted list of URLs (one a line) or a CSV file (RFC 4180:
 * quoted fields, "" inside quotes, line breaks inside quotes, a BOM, CRLF, LF or CR line ends), with
 * or without a header of recognised columns, or another shortener's export (Shlink, YOURLS, Dub,
 * Bitly, Rebrandly, Short.io: see FORMATS), its slugs kept as aliases. Pure, so the management page
 * previews 10,000 rows without asking anyone.
 *
 *   const { rows, header, format, truncated } = readBulkRows(text);
 *   rows[0]; // { line: 2, url: 'https://…', alias: '', title: '', … }
 */
import { parseExportDate } from '../dates';
import { toCsv } from '../links/csv';
import { aliasOf } from '../links/shorten-form';
import type { JobRow } from '../storage/items';

/** The most rows a batch takes: at 30 requests a minute, already more than five hours. */
export const MAX_BULK_ROWS = 10_000;

/** The columns a plain header may name (spaces, `_` and `-` left out), and the field each fills. */
const COLUMNS = {
  url: 'url',
  longurl: 'url',
  link: 'url',
  alias: 'alias',
  custom: 'alias',
  title: 'title',
  description: 'description',
  expiry: 'expiry',
  campaign: 'campaign',
  channel: 'channel',
} as const;

/**
 * A row's fields: those the plain header names, and what another shortener's export adds: its tags,
 * the domain and short URL the link had there (`from`), when it was made and how often it was clicked.
 */
type Column = (typeof COLUMNS)[keyof typeof COLUMNS] | 'tags' | 'domain' | 'from' | 'created' | 'clicks';

/** The columns most exports name alike. */
const SHARED: Record<string, Column> = {
  title: 'title',
  tags: 'tags',
  createdat: 'created',
  clicks: 'clicks',
};

/**
 * Other shorteners' export files, told apart by the columns they all have (`needs`), tried in order
 * (Shlink's before Bitly's: both have a long URL). Column names as `headerKey` writes them.
 */
const FORMATS: readonly { name: string; needs: readonly string[]; columns: Record<string, Column> }[] = [
  {
    // shlinkio/shlink-web-component src/short-urls/helpers/ExportShortUrlsBtn.tsx (createdAt, domain,
    // shortCode, shortUrl, longUrl, title, tags joined by |, visits); Shlink's `short-url:list` table
    // (Short Code, Title, Short URL, Long URL, Date created, Visits, Tags).
    name: 'Shlink',
    needs: ['longurl', 'shortcode'],
    columns: {
      ...SHARED,
      longurl: 'url',
      shortcode: 'alias',
      domain: 'domain',
      shorturl: 'from',
      datecreated: 'created',
      visits: 'clicks',
      visitscount: 'clicks',
    },
  },
  {
    // YOURLS' `yourls_url` table, which its export plugins write as is (keyword, url, title,
    // timestamp, ip, clicks): https://github.com/YOURLS/YOURLS/blob/master/includes/functions-install.php
    name: 'YOURLS',
    needs: ['keyword', 'url'],
    columns: { keyword: 'alias', url: 'url', title: 'title', timestamp: 'created', clicks: 'clicks' },
  },
  {
    // Dub's link (key, url, domain, shortLink, title, description, tags, clicks, createdAt):
    // https://dub.co/docs/api-reference/endpoint/retrieve-a-list-of-links, and its CSV export.
    name: 'Dub',
    needs: ['key', 'url'],
    columns: {
      ...SHARED,
      key: 'alias',
      url: 'url',
      domain: 'domain',
      shortlink: 'from',
      description: 'description',
    },
  },
  {
    // Bitly's links_list export and Bitlink (link, long_url, title, created_at, tags):
    // https://dev.bitly.com/api-reference/#getBitlink; the alias is the back-half of `link`.
    name: 'Bitly',
    needs: ['longurl', 'link'],
    columns: { link: 'from', longurl: 'url', title: 'title', createdat: 'created', tags: 'tags' },
  },
  {
    // Rebrandly's link (slashtag, destination, shortUrl, domain, title, createdAt, clicks):
    // https://developers.rebrandly.com/docs/link-entity
    name: 'Rebrandly',
    needs: ['destination', 'slashtag'],
    columns: { ...SHARED, slashtag: 'alias', destination: 'url', shorturl: 'from', domain: 'domain' },
  },
  {
    // Short.io's link (originalURL, path, shortURL, secureShortURL, title, tags, createdAt):
    // https://developers.short.io/reference and Short-io/shortio-cli's FIELD_MAPPING.
    name: 'Short.io',
    needs: ['originalurl'],
    columns: {
      ...SHARED,
      originalurl: 'url',
      path: 'alias',
      secureshorturl: 'from',
      shorturl: 'from',
      domain: 'domain',
    },
  },
];

/** One row as written, before any check; every field '' when not given. */
export type BulkSourceRow = { line: number } & Record<Column, string>;

/**
 * Splits CSV text into records of fields. A quote opens a quoted field only at the start of a field;
 * an unterminated quoted field runs to the end of the text rather than failing: the preview then shows
 * what was read. Blank lines are kept as records of one empty field (the caller skips them).
 */
export function parseCsv(text: string, delimiter = ','): { fields: string[]; line: number }[] {
  const records: { fields: string[]; line: number }[] = [];
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const endRecord = () => {
    fields.push(field);
    records.push({ fields, line: recordLine });
    fields = [];
    field = '';
  };
  while (i < input.length) {
    const char = input[i]!;
    if (char === '"' && field === '') {
      // A quoted field: up to the closing quote; "" is one quote, line breaks are part of it.
      i++;
      for (;;) {
        const close = input.indexOf('"', i);
        if (close === -1) {
          field += input.slice(i);
          i = input.length;
          break;
        }
        field += input.slice(i, close);
        if (input[close + 1] === '"') {
          field += '"';
          i = close + 2;
        } else {
          i = close + 1;
          break;
        }
      }
      line += countLineBreaks(field);
      // Anything between the closing quote and the delimiter is kept: the cell reads as written.
      continue;
    }
    if (char === delimiter) {
      fields.push(field);
      field = '';
      i++;
    } else if (char === '\r' || char === '\n') {
      endRecord();
      i += char === '\r' && input[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
    } else {
      field += char;
      i++;
    }
  }
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}

function countLineBreaks(text: string): number {
  return text.match(/\r\n|\r|\n/g)?.length ?? 0;
}

/** The delimiter a file's first line uses: `,` unless it has only semicolons or tabs (spreadsheets in many languages). */
function delimiterOf(text: string): string {
  const first = /^[^\r\n]*/.exec(text)?.[0] ?? '';
  if (first.includes(',')) return ',';
  if (first.includes(';')) return ';';
  if (first.includes('\t')) return '\t';
  return ',';
}

/** A header cell as the tables above write it: `Long URL`, `long_url` and `longUrl` are one name. */
const headerKey = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

/** The export a header comes from (null: a plain header), and the field each of its cells fills. */
function headerColumns(cells: readonly string[]): { format: string | null; columns: (Column | undefined)[] } {
  const keys = cells.map(headerKey);
  const format = FORMATS.find((candidate) => candidate.needs.every((need) => keys.includes(need)));
  const table: Record<string, Column> = format?.columns ?? COLUMNS;
  return {
    format: format?.name ?? null,
    columns: keys.map((key) => (Object.hasOwn(table, key) ? table[key] : undefined)),
  };
}

function emptyRow(line: number): BulkSourceRow {
  return {
    line,
    url: '',
    alias: '',
    title: '',
    description: '',
    expiry: '',
    campaign: '',
    channel: '',
    tags: '',
    domain: '',
    from: '',
    created: '',
    clicks: '',
  };
}

/**
 * An export's row made whole: the alias from the old short URL where only that is given (Bitly), and
 * the old short URL from the domain and alias where only those are (Dub, YOURLS without a domain: the
 * alias alone), so the redirect map has a line for every link.
 */
function completeExportRow(row: BulkSourceRow): void {
  const oldUrl = row.from && !/^[a-z][\w+.-]*:\/\//i.test(row.from) ? `https://${row.from}` : row.from;
  if (!row.alias && oldUrl) row.alias = aliasOf(oldUrl);
  if (!row.from && row.alias)
    row.from = row.domain ? `https://${hostOf(row.domain)}/${row.alias}` : row.alias;
}

/** The host of a domain cell, with or without its scheme ('' when it is not one). */
export function hostOf(domain: string): string {
  const value = domain.trim();
  if (!value) return '';
  try {
    return new URL(/^[a-z][\w+.-]*:\/\//i.test(value) ? value : `https://${value}`).host.toLowerCase();
  } catch {
    return '';
  }
}

/** A JSON cell as a CSV one: tags (strings or `{ name }`) joined with |, other objects left out. */
function jsonCell(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  if (!Array.isArray(value)) return '';
  return value
    .map((tag: unknown) =>
      typeof tag === 'string' ? tag : typeof tag === 'object' && tag && 'name' in tag ? String(tag.name) : '',
    )
    .filter(Boolean)
    .join('|');
}

/**
 * A JSON export (the API's list of links: an array of objects, or Shlink's `{ shortUrls: { data } }`,
 * Dub's and others' `{ data }`) as the records of a CSV with a header of its keys, numbered by item;
 * null when the text is not one, or its keys name no long URL.
 */
function jsonRecords(text: string): { fields: string[]; line: number }[] | null {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (!/^[[{]/.test(trimmed)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return null;
  }
  const list: unknown = Array.isArray(parsed)
    ? parsed
    : ((parsed as { shortUrls?: { data?: unknown } }).shortUrls?.data ?? (parsed as { data?: unknown }).data);
  if (!Array.isArray(list)) return null;
  const items = list.filter(
    (item): item is Record<string, unknown> => typeof item === 'object' && item !== null,
  );
  const keys = [...new Set(items.flatMap((item) => Object.keys(item)))];
  if (!headerColumns(keys).columns.includes('url')) return null;
  return [
    { fields: keys, line: 0 },
    ...items.map((item, index) => ({ fields: keys.map((key) => jsonCell(item[key])), line: index + 1 })),
  ];
}

/** What a pasted text or CSV file holds: its rows, whether it had a header, and whether rows were left out. */
export interface BulkRows {
  rows: BulkSourceRow[];
  header: boolean;
  /** The shortener whose export the header is (`Shlink`, `Bitly`…), null for a plain header or list. */
  format: string | null;
  /** True when the text had more than MAX_BULK_ROWS rows: those after it are not read. */
  truncated: boolean;
  /**
   * A file with columns none of whose names is known: its header and first rows, for the user to
   * say which column is what (then read again with that mapping); null otherwise.
   */
  unknown: { names: string[]; sample: string[][] } | null;
}

/** The fields an unknown file's columns can be mapped to, in the order the mapping step offers them. */
export const MAPPED_FIELDS = [
  'url',
  'alias',
  'title',
  'tags',
  'domain',
  'from',
  'created',
  'clicks',
] as const;
export type MappedField = (typeof MAPPED_FIELDS)[number];
/** The field each column of an unknown file fills, by position; null: the column is ignored. */
export type ColumnMapping = readonly (MappedField | null)[];

/** Rows of an unknown file the mapping step shows under its header. */
const SAMPLE_ROWS = 3;

/** A cell that is a web address, with its scheme or as a bare host and path (`example.com/page`). */
const looksLikeUrl = (cell: string) =>
  /^[a-z][\w+.-]*:\/\/\S+$/i.test(cell.trim()) || /^[\w-]+(\.[\w-]+)+(\/\S*)?$/.test(cell.trim());

/**
 * The rows of a pasted list, CSV file or JSON export. A first line with another shortener's export
 * columns (see FORMATS) or naming the `key` column (`url`; a reconcile file is keyed by `alias`) is a
 * header, and its recognised columns are read (others ignored); a first line of several cells none of
 * which is a web address is the header of an unknown file: no rows, and `unknown` for the mapping
 * step, which reads it again with `mapping`. Otherwise each line is one URL, commas included. A JSON
 * array of links reads as a CSV whose header is their keys, each numbered by its place in the array.
 */
export function readBulkRows(
  text: string,
  { mapping, key = 'url' }: { mapping?: ColumnMapping; key?: 'url' | 'alias' } = {},
): BulkRows {
  const delimiter = delimiterOf(text.replace(/^\uFEFF/, ''));
  const records = jsonRecords(text) ?? parseCsv(text, delimiter);
  const first = records.find((record) => record.fields.some((cell) => cell.trim() !== ''));
  const named = headerColumns(first?.fields ?? []);
  const format = mapping ? null : named.format;
  const columns: readonly (Column | null | undefined)[] = mapping ?? named.columns;
  const header = columns.includes(key);
  const cells = first?.fields.filter((cell) => cell.trim() !== '') ?? [];
  if (!mapping && key === 'url' && !header && cells.length > 1 && !cells.some(looksLikeUrl)) {
    const sample = records
      .filter((record) => record !== first && record.fields.some((cell) => cell.trim() !== ''))
      .slice(0, SAMPLE_ROWS)
      .map((record) => record.fields.map((cell) => cell.trim()));
    const names = first?.fields.map((cell) => cell.trim()) ?? [];
    return { rows: [], header: true, format: null, truncated: false, unknown: { names, sample } };
  }
  const rows: BulkSourceRow[] = [];
  let truncated = false;
  for (const record of records) {
    if (header && record === first) continue;
    if (record.fields.every((cell) => cell.trim() === '')) continue;
    if (rows.length === MAX_BULK_ROWS) {
      truncated = true;
      break;
    }
    const row = emptyRow(record.line);
    if (header) {
      record.fields.forEach((cell, index) => {
        const column = columns[index];
        if (column && row[column] === '') row[column] = cell.trim();
      });
      // A mapped file is an export of a shortener not in FORMATS: its slugs made whole the same way.
      if (format || mapping) completeExportRow(row);
    } else {
      // A plain list: the line is the URL, even where a comma in it split it into cells.
      row.url = record.fields.join(delimiter).trim();
    }
    rows.push(row);
  }
  return { rows, header, format: header ? format : null, truncated, unknown: null };
}

/** Column names (as `headerKey` writes them) that say which field a column of an unknown file is. */
const GUESSED_NAMES: Record<MappedField, readonly string[]> = {
  url: [
    'destination',
    'target',
    'targeturl',
    'destinationurl',
    'original',
    'redirect',
    'redirectto',
    'website',
    'long',
  ],
  alias: ['slug', 'code', 'shortcode', 'keyword', 'key', 'backhalf', 'path', 'handle', 'address'],
  title: ['title', 'name', 'label', 'caption', 'pagetitle'],
  tags: ['tags', 'tag', 'labels', 'categories', 'category', 'groups', 'group'],
  domain: ['domain', 'host', 'hostname', 'shortdomain'],
  from: ['shorturl', 'shortlink', 'short', 'shortened', 'oldurl', 'oldshorturl', 'bitlink', 'tinyurl'],
  created: ['date', 'created', 'createdat', 'createdon', 'datecreated', 'added', 'timestamp', 'time'],
  clicks: ['clicks', 'visits', 'hits', 'views', 'clickcount', 'totalclicks', 'count', 'scans'],
};

/**
 * A first guess at an unknown file's mapping: a column named like a field fills it; else, from its
 * sample values, the longest web addresses are the URL and shorter ones the old short URL, dates are
 * the date made and whole numbers the clicks. Each field goes to one column at most.
 */
export function guessMapping(
  names: readonly string[],
  sample: readonly (readonly string[])[],
): (MappedField | null)[] {
  const mapping: (MappedField | null)[] = names.map(() => null);
  const free = (field: MappedField) => !mapping.includes(field);
  names.forEach((name, index) => {
    const key = headerKey(name);
    const field = MAPPED_FIELDS.find((candidate) => GUESSED_NAMES[candidate].includes(key));
    if (field && free(field)) mapping[index] = field;
  });
  const values = (index: number) => sample.map((row) => row[index]?.trim() ?? '').filter(Boolean);
  const all = (index: number, test: (cell: string) => boolean) =>
    values(index).length > 0 && values(index).every(test);
  const unmapped = () => names.flatMap((_, index) => (mapping[index] === null ? [index] : []));
  const averageLength = (index: number) =>
    values(index).reduce((sum, cell) => sum + cell.length, 0) / values(index).length;
  const urls = unmapped()
    .filter((index) => all(index, looksLikeUrl))
    .sort((a, b) => averageLength(b) - averageLength(a));
  for (const index of urls) {
    const field = free('url') ? 'url' : free('from') ? 'from' : null;
    if (field) mapping[index] = field;
  }
  for (const index of unmapped()) {
    if (free('clicks') && all(index, (cell) => /^\d{1,8}$/.test(cell))) mapping[index] = 'clicks';
    else if (free('created') && all(index, (cell) => parseExportDate(cell) !== null))
      mapping[index] = 'created';
  }
  return mapping;
}

/**
 * An import's redirect map: for each link made or reused from a row that had a short URL at another
 * shortener, old → new, in the job's order; what the old server needs to send its visitors on.
 */
export function redirectMapCsv(rows: readonly Pick<JobRow, 'from' | 'shortUrl'>[]): string {
  const mapped = rows.flatMap((row) => (row.from && row.shortUrl ? [[row.from, row.shortUrl]] : []));
  return toCsv([['old_short_url', 'new_short_url'], ...mapped]);
}
