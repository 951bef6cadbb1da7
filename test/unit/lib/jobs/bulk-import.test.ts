/**
 * Other shorteners' export files read by the bulk create's reader (lib/jobs/bulk-csv.ts FORMATS): one
 * sample per format, written from the exporter's documentation or source, in fixtures/; the preview of
 * an import (slug collisions, domains, tags) and its redirect map.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBulkRows, redirectMapCsv } from '@/lib/jobs/bulk-csv';
import { type BulkContext, type BulkOptions, previewBulk } from '@/lib/jobs/bulk-preview';
import type { CachedLink } from '@/lib/links/cache';

const sample = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');

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

const NOW = new Date(2030, 0, 15, 12, 0, 0);

const options = (patch: Partial<BulkOptions> = {}): BulkOptions => ({
  campaignId: null,
  channelId: null,
  domain: '',
  expiry: '',
  status: 'private',
  presets: [],
  ...patch,
});

const cachedLink = (alias: string, longUrl: string): CachedLink => ({
  id: alias.length,
  alias,
  shortUrl: `https://sho.rt/${alias}`,
  longUrl,
  title: '',
  description: '',
  clicks: 0,
  date: '2029-01-01 10:00:00',
});

const context = (patch: Partial<BulkContext> = {}): BulkContext => ({
  cached: [],
  campaigns: [{ id: 7, name: 'Spring Sale' }],
  channels: [{ id: 9, name: 'Blog' }],
  domains: ['https://s.example.com', 'https://go.acme.example'],
  stripTracking: false,
  now: NOW,
  limit: 30,
  ...patch,
});

const importPreview = (text: string, o = options(), c = context()) =>
  previewBulk(readBulkRows(text).rows, o, c);

const SHLINK =
  'shortCode,longUrl\nspring,https://shop.example/spring\nspring-2,https://shop.example/other\ndocs,https://docs.example/';
// The server already has `spring` and `spring-3` for other addresses, and `docs` for the same one.
const SERVER = [
  cachedLink('spring', 'https://elsewhere.example/'),
  cachedLink('spring-3', 'https://elsewhere.example/3'),
  cachedLink('docs', 'https://docs.example/'),
];

describe('previewBulk with an export', () => {
  it('shows the old short URL, date, clicks and tags of each row, and carries the old short URL to the job', () => {
    const result = importPreview(sample('shlink.csv'));
    expect(result.rows[0]).toMatchObject({
      status: 'new',
      from: 'https://s.example.com/spring',
      created: '2024-03-01T10:00:00+00:00',
      clicks: '42',
      tags: ['Spring Sale', 'news'],
    });
    expect(result.items[0]).toMatchObject({
      input: { url: 'https://shop.example/spring', custom: 'spring', domain: 'https://s.example.com' },
      title: 'Spring sale',
      from: 'https://s.example.com/spring',
    });
  });

  it('fills the campaign and channel from tags naming the server’s, and creates nothing for the others', () => {
    const result = importPreview(
      sample('dub.csv'),
      options(),
      context({ campaigns: [{ id: 3, name: 'launch' }] }),
    );
    expect(result.items[0]?.input).toMatchObject({ campaign: 3, channel: 9 });
    expect(result.items[1]?.input.campaign).toBeUndefined();
    // A tag naming nothing is kept for the preview, never an error.
    expect(importPreview(sample('bitly.csv')).counts.invalid).toBe(0);
  });

  it("uses the account's branded domain with the row's host, and says when there is none", () => {
    const result = importPreview(sample('dub.csv'));
    expect(result.items[1]?.input.domain).toBe('https://go.acme.example');
    expect(result.items[0]?.input.domain).toBeUndefined();
    expect(result.rows[0]?.notes).toEqual([expect.stringContaining('dub.sh')]);
    expect(result.rows[1]?.notes).toBeUndefined();
    const batch = importPreview(sample('dub.csv'), options({ domain: 'https://s.example.com' }));
    expect(batch.items[0]?.input.domain).toBe('https://s.example.com');
    expect(batch.rows[0]?.notes?.[0]).not.toEqual(result.rows[0]?.notes?.[0]);
  });

  it('flags an alias the server has for another address and skips it by default; the same address is reused', () => {
    const result = importPreview(SHLINK, options(), context({ cached: SERVER }));
    expect(result.collisions).toBe(1);
    expect(result.rows.map((r) => r.status)).toEqual(['invalid', 'new', 'reused']);
    expect(result.rows[0]?.reason).toContain('spring');
    expect(result.rows[2]?.shortUrl).toBe('https://sho.rt/docs');
    expect(result.items.map((i) => i.input.custom)).toEqual(['spring-2', undefined]);
    expect(result.requests).toBe(1);
  });

  it('adds the first suffix free on the server and in the batch', () => {
    const result = importPreview(SHLINK, options({ collisions: 'suffix' }), context({ cached: SERVER }));
    // spring-2 is the batch's next row, spring-3 the server's: spring-4 is free.
    expect(result.rows[0]).toMatchObject({ status: 'new', notes: [expect.stringContaining('spring-4')] });
    expect(result.items.map((i) => i.input.custom)).toEqual(['spring-4', 'spring-2', undefined]);
    expect(result.collisions).toBe(1);
  });

  it('leaves the alias to the server when asked for a random one', () => {
    const result = importPreview(SHLINK, options({ collisions: 'random' }), context({ cached: SERVER }));
    expect(result.rows[0]?.status).toBe('new');
    expect(result.items[0]?.input).not.toHaveProperty('custom');
    expect(result.items[0]?.input.url).toBe('https://shop.example/spring');
  });

  it("flags an alias the server can't take, with its reason, before anything is sent", () => {
    const result = importPreview(
      `keyword,url\n${'x'.repeat(65)},https://a.example/\nhas space,https://b.example/`,
    );
    expect(result.rows.map((r) => r.status)).toEqual(['invalid', 'invalid']);
    expect(result.rows.every((r) => r.reason)).toBe(true);
    expect(result.items).toEqual([]);
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
