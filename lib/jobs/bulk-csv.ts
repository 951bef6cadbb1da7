/**
 * Reading the rows of a bulk create: a pasted list of URLs (one a line) or a CSV file (RFC 4180:
 * quoted fields, "" inside quotes, line breaks inside quotes, a BOM, CRLF, LF or CR line ends), with
 * or without a header of recognised columns. Pure, so the management page previews 10,000 rows
 * without asking anyone.
 *
 *   const { rows, header, truncated } = readBulkRows(text);
 *   rows[0]; // { line: 2, url: 'https://…', alias: '', title: '', … }
 */

/** The most rows a batch takes: at 30 requests a minute, already more than five hours. */
export const MAX_BULK_ROWS = 10_000;

/** The columns a header may name, and the field each fills. */
const COLUMNS = {
  url: 'url',
  longurl: 'url',
  'long url': 'url',
  link: 'url',
  alias: 'alias',
  custom: 'alias',
  title: 'title',
  description: 'description',
  expiry: 'expiry',
  campaign: 'campaign',
  channel: 'channel',
} as const;

type Column = (typeof COLUMNS)[keyof typeof COLUMNS];

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

const columnOf = (cell: string): Column | undefined => {
  const name = cell.trim().toLowerCase().replace(/_/g, ' ');
  return Object.hasOwn(COLUMNS, name) ? COLUMNS[name as keyof typeof COLUMNS] : undefined;
};

function emptyRow(line: number): BulkSourceRow {
  return { line, url: '', alias: '', title: '', description: '', expiry: '', campaign: '', channel: '' };
}

/** What a pasted text or CSV file holds: its rows, whether it had a header, and whether rows were left out. */
export interface BulkRows {
  rows: BulkSourceRow[];
  header: boolean;
  /** True when the text had more than MAX_BULK_ROWS rows: those after it are not read. */
  truncated: boolean;
}

/**
 * The rows of a pasted list or CSV file. A first line naming a `url` column is a header, and its
 * recognised columns are read (others ignored); without one, each line is one URL, commas included.
 */
export function readBulkRows(text: string): BulkRows {
  const delimiter = delimiterOf(text.replace(/^\uFEFF/, ''));
  const records = parseCsv(text, delimiter);
  const first = records.find((record) => record.fields.some((cell) => cell.trim() !== ''));
  const columns = first?.fields.map(columnOf) ?? [];
  const header = columns.includes('url');
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
    } else {
      // A plain list: the line is the URL, even where a comma in it split it into cells.
      row.url = record.fields.join(delimiter).trim();
    }
    rows.push(row);
  }
  return { rows, header, truncated };
}
