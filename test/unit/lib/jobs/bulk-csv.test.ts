/**
 * The bulk create's reader: RFC 4180 CSV (quotes, escaped quotes, line breaks in quotes, BOM, CRLF/LF/CR), headers,
 * plain lists, other shorteners' exports (one sample each in fixtures/); and an import's redirect map.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guessMapping, MAX_BULK_ROWS, parseCsv, readBulkRows, redirectMapCsv } from '@/lib/jobs/bulk-csv';

/** A sample export written from its exporter's documentation or source (see FORMATS in bulk-csv.ts). */
const sample = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');
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

describe('readBulkRows with an export file', () => {
  it("reads Shlink's web export: slug, title, tags, domain, old short URL, date and visits", () => {
    const read = readBulkRows(sample('shlink.csv'));
    expect(read.format).toBe('Shlink');
    expect(read.rows).toEqual([
      {
        line: 2,
        url: 'https://shop.example/spring',
        alias: 'spring',
        title: 'Spring sale',
        description: '',
        expiry: '',
        campaign: '',
        channel: '',
        tags: 'Spring Sale|news',
        domain: 's.example.com',
        from: 'https://s.example.com/spring',
        created: '2024-03-01T10:00:00+00:00',
        clicks: '42',
      },
      expect.objectContaining({ line: 3, alias: 'docs', title: 'Docs, start', clicks: '7' }),
    ]);
  });

  it("reads Shlink's command-line table, its headers spaced and capitalised", () => {
    const read = readBulkRows(sample('shlink-cli.csv'));
    expect(read.format).toBe('Shlink');
    expect(read.rows[0]).toMatchObject({
      url: 'https://example.org/about',
      alias: 'about',
      from: 'https://s.example.com/about',
      created: '2023-01-05T09:00:00+00:00',
      clicks: '3',
    });
  });

  it("reads YOURLS' export: the keyword is the alias and stands for the old short URL", () => {
    const read = readBulkRows(sample('yourls.csv'));
    expect(read.format).toBe('YOURLS');
    expect(read.rows.map((r) => [r.url, r.alias, r.title, r.created, r.clicks, r.from])).toEqual([
      ['http://ozh.org/', 'ozh', 'Ozh RICHARD', '2009-05-25 16:12:12', '142', 'ozh'],
      [
        'https://yourls.org/',
        'yourls',
        'YOURLS: Your Own URL Shortener',
        '2009-05-26 08:00:00',
        '8',
        'yourls',
      ],
    ]);
  });

  it("reads Dub's export: key, domain, short link, tags", () => {
    const read = readBulkRows(sample('dub.csv'));
    expect(read.format).toBe('Dub');
    expect(read.rows[0]).toMatchObject({
      url: 'https://acme.example/launch',
      alias: 'launch',
      domain: 'dub.sh',
      from: 'https://dub.sh/launch',
      description: 'Our launch',
      tags: 'Blog,launch',
      clicks: '12',
    });
  });

  it("reads Bitly's export: the alias is the back-half of the Bitlink, not the long URL's", () => {
    const read = readBulkRows(sample('bitly.csv'));
    expect(read.format).toBe('Bitly');
    expect(read.rows.map((r) => [r.url, r.alias, r.from, r.tags])).toEqual([
      ['https://news.example/article', '3xYz', 'https://bit.ly/3xYz', ''],
      ['https://acme.example/deal', 'Deal', 'https://acme.co/Deal', 'spring'],
    ]);
  });

  it("reads Rebrandly's export: slashtag, destination, a short URL without its scheme", () => {
    const read = readBulkRows(sample('rebrandly.csv'));
    expect(read.format).toBe('Rebrandly');
    expect(read.rows[0]).toMatchObject({
      url: 'https://www.wired.com/2016/07/ferrari/',
      alias: 'burn10M',
      from: 'rebrand.ly/burn10M',
      domain: 'rebrand.ly',
      clicks: '42',
    });
  });

  it("reads Short.io's export: originalURL and path", () => {
    const read = readBulkRows(sample('shortio.csv'));
    expect(read.format).toBe('Short.io');
    expect(read.rows[0]).toMatchObject({
      url: 'https://example.com/a',
      alias: 'promo',
      from: 'https://short.example/promo',
    });
  });

  it('recognises a header whatever its case, spacing, underscores, BOM and delimiter', () => {
    for (const header of [
      '\uFEFFLONG_URL;SHORT_CODE',
      ' Long URL ; Short Code ',
      'long-url;short code',
      'longUrl;shortCode',
    ]) {
      const read = readBulkRows(`${header}\nhttps://a.example/;abc`);
      expect(read.format, header).toBe('Shlink');
      expect(read.rows[0], header).toMatchObject({ url: 'https://a.example/', alias: 'abc' });
    }
  });

  it('keeps a plain header plain: `link` is the long URL there, and no format is named', () => {
    const read = readBulkRows('link,alias\nhttps://a.example/,x');
    expect(read.format).toBeNull();
    expect(read.rows[0]).toMatchObject({ url: 'https://a.example/', alias: 'x', from: '' });
    expect(readBulkRows('https://a.example/\nhttps://b.example/').format).toBeNull();
  });
});

describe('readBulkRows with a JSON export', () => {
  it("reads Shlink's API list, its tags joined and its items numbered", () => {
    const read = readBulkRows(
      JSON.stringify({
        shortUrls: {
          data: [
            {
              shortCode: 'spring',
              shortUrl: 'https://s.example.com/spring',
              longUrl: 'https://shop.example/spring',
              dateCreated: '2024-03-01T10:00:00+00:00',
              visitsSummary: { total: 42 },
              tags: ['promo', 'news'],
              title: null,
            },
          ],
        },
      }),
    );
    expect(read.format).toBe('Shlink');
    expect(read.rows).toEqual([
      expect.objectContaining({
        line: 1,
        url: 'https://shop.example/spring',
        alias: 'spring',
        from: 'https://s.example.com/spring',
        created: '2024-03-01T10:00:00+00:00',
        tags: 'promo|news',
        title: '',
      }),
    ]);
  });

  it("reads Dub's array of links, tags as objects", () => {
    const read = readBulkRows(
      `\uFEFF[{"key":"launch","url":"https://acme.example/launch","domain":"dub.sh","tags":[{"id":"t1","name":"Blog"}],"clicks":12}]`,
    );
    expect(read.format).toBe('Dub');
    expect(read.rows[0]).toMatchObject({ alias: 'launch', domain: 'dub.sh', tags: 'Blog', clicks: '12' });
  });

  it('reads JSON that names no long URL as text, as before', () => {
    const read = readBulkRows('[{"name":"x"}]');
    expect(read.format).toBeNull();
    expect(read.rows[0]?.url).toBe('[{"name":"x"}]');
  });
});

describe('readBulkRows with an unknown file', () => {
  it('reads no rows from a header it does not know, and gives its columns and first three rows instead', () => {
    const read = readBulkRows(sample('unknown.csv'));
    expect(read.rows).toEqual([]);
    expect(read.unknown?.names).toEqual(['Ziel', 'Kürzel', 'Notiz', 'Erstellt', 'Aufrufe', 'Kurzlink']);
    expect(read.unknown?.sample).toHaveLength(3);
    expect(read.unknown?.sample[1]).toEqual([
      'https://shop.example/pricing/plans/annual',
      'preise',
      'Preise, jährlich',
      '1709371800',
      '7',
      'https://alt.example/preise',
    ]);
  });

  it('keeps a plain list, a known header and a headerless CSV of addresses out of the mapping step', () => {
    expect(readBulkRows('https://a.example/?x=1,2\nhttps://b.example').unknown).toBeNull();
    expect(readBulkRows('url,alias\nhttps://a.example,a').unknown).toBeNull();
    expect(readBulkRows('https://a.example,a\nhttps://b.example,b').unknown).toBeNull();
    expect(readBulkRows('just one line').unknown).toBeNull();
  });

  it('guesses each column from its values: long addresses, shorter ones, epoch dates, counts', () => {
    const { names, sample: rows } = readBulkRows(sample('unknown.csv')).unknown!;
    expect(guessMapping(names, rows)).toEqual(['url', null, null, 'created', 'clicks', 'from']);
  });

  it('guesses from column names other shorteners use, each field once', () => {
    expect(
      guessMapping(
        ['Destination', 'Slug', 'Name', 'Labels', 'Date', 'Visits', 'Target'],
        [['https://a.example/page', 'a', 'A', 'x|y', '2024-03-01', '3', 'https://b.example/']],
      ),
    ).toEqual(['url', 'alias', 'title', 'tags', 'created', 'clicks', 'from']);
    // Nothing that looks like anything: every column ignored.
    expect(guessMapping(['a', 'b'], [['x', 'y']])).toEqual([null, null]);
  });

  it('reads the file through the mapping the user confirmed, slugs made whole as an export’s', () => {
    const read = readBulkRows(sample('unknown.csv'), {
      mapping: ['url', 'alias', null, 'created', 'clicks', 'from'],
    });
    expect(read.unknown).toBeNull();
    expect(read.format).toBeNull();
    expect(read.rows).toHaveLength(4);
    expect(read.rows[1]).toMatchObject({
      line: 3,
      url: 'https://shop.example/pricing/plans/annual',
      alias: 'preise',
      created: '1709371800',
      clicks: '7',
      from: 'https://alt.example/preise',
      title: '',
    });
    // Without an old short URL column, the alias stands for it, as for YOURLS.
    const bare = readBulkRows(sample('unknown.csv'), { mapping: ['url', 'alias'] });
    expect(bare.rows[0]).toMatchObject({ alias: 'spring', from: 'spring', created: '' });
  });

  it('reads no alias from an ignored column, and a mapping without a URL as a plain list', () => {
    const read = readBulkRows(sample('unknown.csv'), { mapping: ['url', null, null, null, null, 'from'] });
    // The alias comes from the old short URL, as for Bitly.
    expect(read.rows[0]?.alias).toBe('spring');
    expect(readBulkRows('a,b\nx,y', { mapping: [null, null] }).header).toBe(false);
  });
});

describe('redirectMapCsv', () => {
  it('maps each old short URL to the new one, leaving out rows without either', () => {
    const csv = redirectMapCsv([
      { from: 'https://s.example.com/spring', shortUrl: 'https://sho.rt/spring' },
      { from: 'ozh', shortUrl: 'https://sho.rt/ozh' },
      { from: 'https://bit.ly/failed' },
      { shortUrl: 'https://sho.rt/plain' },
    ]);
    expect(csv).toBe(
      '\uFEFF"old_short_url","new_short_url"\r\n' +
        '"https://s.example.com/spring","https://sho.rt/spring"\r\n' +
        '"ozh","https://sho.rt/ozh"\r\n',
    );
  });
});
