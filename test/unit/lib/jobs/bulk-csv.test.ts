/** The bulk create's reader: RFC 4180 CSV (quotes, escaped quotes, line breaks in quotes, BOM, CRLF/LF/CR), headers, plain lists. */
import { describe, expect, it } from 'vitest';
import { MAX_BULK_ROWS, parseCsv, readBulkRows } from '@/lib/jobs/bulk-csv';

const fields = (text: string, delimiter?: string) => parseCsv(text, delimiter).map((record) => record.fields);

describe('parseCsv', () => {
  it('splits records on CRLF, LF and CR alike', () => {
    expect(fields('a,b\r\nc,d\ne,f\rg,h')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
  });

  it('reads quoted fields with delimiters, escaped quotes and line breaks inside', () => {
    expect(fields('"a,b","say ""hi""","two\r\nlines"\nx,"",y')).toEqual([
      ['a,b', 'say "hi"', 'two\r\nlines'],
      ['x', '', 'y'],
    ]);
  });

  it('drops a byte order mark and keeps the first cell clean', () => {
    expect(fields('\uFEFFurl,alias\nhttps://a.example,x')).toEqual([
      ['url', 'alias'],
      ['https://a.example', 'x'],
    ]);
  });

  it('numbers records by the line they start on, counting line breaks inside quotes', () => {
    const records = parseCsv('a\n"b\nc"\nd\r\n\r\ne');
    expect(records.map((r) => [r.fields[0], r.line])).toEqual([
      ['a', 1],
      ['b\nc', 2],
      ['d', 4],
      ['', 5],
      ['e', 6],
    ]);
  });

  it('reads an unterminated quote to the end instead of failing', () => {
    expect(fields('a,"b\nc')).toEqual([['a', 'b\nc']]);
  });

  it('takes another delimiter', () => {
    expect(fields('a;"b;c"', ';')).toEqual([['a', 'b;c']]);
  });
});

describe('readBulkRows', () => {
  it('reads a pasted list one URL a line, blank lines skipped, commas kept in the URL', () => {
    const { rows, header } = readBulkRows('https://a.example/x\n\n  https://b.example/?q=1,2  \r\n');
    expect(header).toBe(false);
    expect(rows.map((r) => [r.line, r.url])).toEqual([
      [1, 'https://a.example/x'],
      [3, 'https://b.example/?q=1,2'],
    ]);
  });

  it('reads the recognised columns of a header, in any order and case, ignoring others', () => {
    const text =
      '\uFEFFTitle,Notes,URL,Alias,Expiry,Campaign,Channel,Description\r\n"Hello, world",x,https://a.example,hi,2031-01-02,Spring,9,"A ""note"""\r\n';
    const { rows, header } = readBulkRows(text);
    expect(header).toBe(true);
    expect(rows).toEqual([
      {
        line: 2,
        url: 'https://a.example',
        alias: 'hi',
        title: 'Hello, world',
        description: 'A "note"',
        expiry: '2031-01-02',
        campaign: 'Spring',
        channel: '9',
        tags: '',
        domain: '',
        from: '',
        created: '',
        clicks: '',
      },
    ]);
  });

  it('reads a spreadsheet export with semicolons', () => {
    const { rows } = readBulkRows('url;alias\nhttps://a.example/?a=1,2;x');
    expect(rows[0]).toMatchObject({ url: 'https://a.example/?a=1,2', alias: 'x' });
  });

  it('reads a 10,000-row file, and says so when a file has more', () => {
    const lines = Array.from({ length: MAX_BULK_ROWS }, (_, i) => `https://site.example/page/${i},"T, ${i}"`);
    const full = readBulkRows(`url,title\n${lines.join('\r\n')}`);
    expect(full.rows).toHaveLength(MAX_BULK_ROWS);
    expect(full.truncated).toBe(false);
    expect(full.rows[9_999]).toMatchObject({
      line: 10_001,
      url: 'https://site.example/page/9999',
      title: 'T, 9999',
    });
    const over = readBulkRows(`url\n${lines.join('\n')}\nhttps://one.more.example`);
    expect(over.rows).toHaveLength(MAX_BULK_ROWS);
    expect(over.truncated).toBe(true);
  });
});
