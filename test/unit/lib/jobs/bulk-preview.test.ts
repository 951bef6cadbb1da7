/** The bulk preview: popup rules per row, duplicates collapsed, cached links reused, names resolved, presets fanned out. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBulkRows } from '@/lib/jobs/bulk-csv';
import {
  type BulkContext,
  type BulkOptions,
  estimateBulkMs,
  previewBulk,
  withCreated,
} from '@/lib/jobs/bulk-preview';
import type { CachedLink } from '@/lib/links/cache';
import { defaultUtmPresets } from '@/lib/settings/schema';

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

const link = (id: number, longUrl: string): CachedLink => ({
  id,
  alias: `c${id}`,
  shortUrl: `https://sho.rt/c${id}`,
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
  stripTracking: false,
  now: NOW,
  limit: 30,
  ...patch,
});

const preview = (text: string, o = options(), c = context()) => previewBulk(readBulkRows(text).rows, o, c);
/** A sample export (test/unit/lib/jobs/fixtures/, see FORMATS in bulk-csv.ts). */
const sample = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');

describe('previewBulk', () => {
  it('marks rows the popup would refuse as invalid, with the reason, and sends none of them', () => {
    const result = preview(
      'url,alias,expiry\nftp://a.example,,\nhttps://b.example,my alias,\nhttps://c.example,,2020-01-01\nhttps://d.example,,tomorrow\n,lonely,',
    );
    expect(result.rows.map((r) => r.status)).toEqual(['invalid', 'invalid', 'invalid', 'invalid', 'invalid']);
    expect(result.rows[0]?.reason).toMatch(/web address|http/i);
    expect(result.rows[1]?.reason).toMatch(/alias/i);
    expect(result.rows[2]?.reason).toContain('2020-01-01');
    expect(result.rows[3]?.reason).toContain('tomorrow');
    expect(result.items).toEqual([]);
    expect(result.requests).toBe(0);
  });

  it('collapses duplicates (trailing slash and #fragment alike) into their first line', () => {
    const result = preview(
      'https://a.example/x\nhttps://a.example/x/\nhttps://a.example/x#top\nhttps://b.example',
    );
    expect(result.rows.map((r) => r.status)).toEqual(['new', 'duplicate', 'duplicate', 'new']);
    expect(result.rows[1]?.reason).toContain('1');
    expect(result.items.map((i) => i.input.url)).toEqual(['https://a.example/x', 'https://b.example']);
    expect(result.counts).toEqual({ new: 2, reused: 0, invalid: 0, duplicate: 2 });
  });

  it('marks a URL with a cached link "reused" with its short URL, and counts no request for it', () => {
    const result = preview(
      'https://a.example/x\nhttps://b.example',
      options(),
      context({ cached: [link(3, 'https://a.example/x/')] }),
    );
    expect(result.rows[0]).toMatchObject({ status: 'reused', shortUrl: 'https://sho.rt/c3' });
    expect(result.items).toHaveLength(2);
    expect(result.requests).toBe(1);
  });

  it('does not reuse a cached link for a row that asks for its own alias', () => {
    const result = preview(
      'url,alias\nhttps://a.example/x,mine',
      options(),
      context({ cached: [link(3, 'https://a.example/x')] }),
    );
    expect(result.rows[0]?.status).toBe('new');
  });

  it('refuses a description over its limit before anything is sent, as the popup does', () => {
    const result = preview(
      `url,description\nhttps://a.example,${'d'.repeat(1_001)}\nhttps://b.example,short`,
    );
    expect(result.rows.map((row) => row.status)).toEqual(['invalid', 'new']);
    expect(result.rows[0]?.reason).toMatch(/1000/);
  });

  it('refuses a long URL the background would not take, with its preset’s parameters counted', () => {
    const long = `https://a.example/${'p'.repeat(7_900)}`;
    const preset = { ...defaultUtmPresets()[0]!, campaign: 'c'.repeat(200) };
    const result = preview(`url\n${long}\nhttps://b.example`, options({ presets: [preset] }));
    expect(result.rows.map((row) => row.status)).toEqual(['invalid', 'new']);
    expect(result.rows[0]?.reason).toMatch(/At most 8000 characters/);
    expect(result.items.map((item) => item.input.url)).toEqual([
      expect.stringMatching(/^https:\/\/b\.example/),
    ]);
  });

  it('refuses an alias used twice', () => {
    const result = preview('url,alias\nhttps://a.example,same\nhttps://b.example,SAME');
    expect(result.rows[1]).toMatchObject({ status: 'invalid' });
    expect(result.rows[1]?.reason).toContain('SAME');
  });

  it('resolves campaigns and channels by id or by name without regard to case; an unknown name is invalid', () => {
    const result = preview(
      'url,campaign,channel\nhttps://a.example,spring sale,BLOG\nhttps://b.example,12,\nhttps://c.example,Winter,\nhttps://d.example,,Vlog',
      options({ campaignId: 5, channelId: 6 }),
    );
    expect(result.items[0]?.input).toMatchObject({ campaign: 7, channel: 9 });
    expect(result.items[1]?.input).toMatchObject({ campaign: 12, channel: 6 });
    expect(result.rows[2]).toMatchObject({ status: 'invalid' });
    expect(result.rows[2]?.reason).toContain('Winter');
    expect(result.rows[3]?.reason).toContain('Vlog');
  });

  it('says a name cannot be checked when the lists could not be loaded, but takes ids', () => {
    const result = preview(
      'url,campaign\nhttps://a.example,Spring Sale\nhttps://b.example,7',
      options(),
      context({ campaigns: null }),
    );
    expect(result.rows.map((r) => r.status)).toEqual(['invalid', 'new']);
    expect(result.rows[0]?.reason).toMatch(/could not be loaded/);
  });

  it('builds each input from the shared options, a row’s own values first', () => {
    const result = preview(
      'url,title,description,expiry\nhttps://a.example,Hello,Note,2031-02-03\nhttps://b.example,,,2031-02-03 08:30',
      options({ domain: 'https://go.brand ', expiry: '2030-12-31 00:00:00', status: 'public' }),
    );
    expect(result.items).toEqual([
      {
        input: {
          url: 'https://a.example',
          status: 'public',
          domain: 'https://go.brand',
          expiry: '2031-02-03 23:59:59',
          description: 'Note',
        },
        title: 'Hello',
        label: '',
      },
      {
        input: {
          url: 'https://b.example',
          status: 'public',
          domain: 'https://go.brand',
          expiry: '2031-02-03 08:30:00',
        },
        title: '',
        label: '',
      },
    ]);
  });

  it('fans rows out by preset, each long URL with the preset’s parameters, tracking stripped first', () => {
    const [x, linkedin] = defaultUtmPresets();
    const result = preview(
      'https://a.example/?utm_source=old&fbclid=1&id=3\nhttps://b.example\nhttps://b.example/',
      options({ presets: [x!, linkedin!] }),
      context({ stripTracking: true }),
    );
    expect(result.items.map((i) => [i.input.url, i.label])).toEqual([
      ['https://a.example/?id=3&utm_source=x&utm_medium=social', 'X'],
      ['https://a.example/?id=3&utm_source=linkedin&utm_medium=social', 'LinkedIn'],
      ['https://b.example/?utm_source=x&utm_medium=social', 'X'],
      ['https://b.example/?utm_source=linkedin&utm_medium=social', 'LinkedIn'],
    ]);
    expect(result.requests).toBe(4);
    // The trailing-slash twin is one link per preset, though the preset's query now follows the slash.
    expect(result.counts.duplicate).toBe(2);
  });

  it('shortens the address a redirect wrapper carries, says which, and collapses it with the same address', () => {
    const safeLink = `https://eur03.safelinks.protection.outlook.com/?url=${encodeURIComponent('https://c.example/p?utm_source=x')}&data=05`;
    const result = preview(
      `${safeLink}\nhttps://c.example/p\nhttps://www.google.com/url?q=javascript:alert(1)`,
      options(),
      context({ unwrapRedirects: true, stripTracking: true, cached: [link(4, 'https://c.example/p')] }),
    );
    expect(result.rows.map((r) => [r.longUrl, r.status, r.unwrapped])).toEqual([
      ['https://c.example/p', 'reused', ['Outlook Safe Links']],
      ['https://c.example/p', 'duplicate', undefined],
      // A wrapper of a script stays a wrapper: its target is never followed.
      ['https://www.google.com/url?q=javascript:alert(1)', 'new', undefined],
    ]);
    expect(preview(safeLink, options(), context()).rows[0]?.longUrl).toBe(safeLink);
  });

  it('refuses an alias with several presets: it can name one link only', () => {
    const [x, linkedin] = defaultUtmPresets();
    const result = preview('url,alias\nhttps://a.example,mine', options({ presets: [x!, linkedin!] }));
    expect(result.rows.map((r) => r.status)).toEqual(['invalid', 'invalid']);
  });

  it('previews 10,000 rows', () => {
    const text = Array.from({ length: 10_000 }, (_, i) => `https://site.example/${i % 9_000}`).join('\n');
    const cached = Array.from({ length: 5_000 }, (_, i) => link(i + 1, `https://site.example/${i}`));
    const result = preview(text, options(), context({ cached }));
    expect(result.counts).toEqual({ new: 4_000, reused: 5_000, invalid: 0, duplicate: 1_000 });
    expect(result.requests).toBe(4_000);
  });
});

describe('estimateBulkMs', () => {
  it('counts whole windows of the requests a job may use (the limit less the user’s reserve)', () => {
    expect(estimateBulkMs(0, 30)).toBe(0);
    expect(estimateBulkMs(10, 30)).toBe(5_000);
    // 25 a window at 30/min: 40 requests take one wait and 15 requests more.
    expect(estimateBulkMs(40, 30)).toBe(60_000 + 15 * 500);
    expect(estimateBulkMs(1_000, 30)).toBe(39 * 60_000 + 25 * 500);
  });
});

const SHLINK =
  'shortCode,longUrl\nspring,https://shop.example/spring\nspring-2,https://shop.example/other\ndocs,https://docs.example/';
// The server already has `spring` and `spring-3` for other addresses, and `docs` for the same one.
const SERVER = [
  { ...link(1, 'https://elsewhere.example/'), alias: 'spring' },
  { ...link(2, 'https://elsewhere.example/3'), alias: 'spring-3' },
  { ...link(3, 'https://docs.example/'), alias: 'docs', shortUrl: 'https://sho.rt/docs' },
];
const DOMAINS = { domains: ['https://s.example.com', 'https://go.acme.example'] };

describe('previewBulk with an export', () => {
  it('shows the old short URL, date, clicks and tags of each row, and carries the old short URL to the job', () => {
    const result = preview(sample('shlink.csv'), options(), context(DOMAINS));
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
    const result = preview(sample('dub.csv'), options(), context({ campaigns: [{ id: 3, name: 'launch' }] }));
    expect(result.items[0]?.input).toMatchObject({ campaign: 3, channel: 9 });
    expect(result.items[1]?.input.campaign).toBeUndefined();
    // A tag naming nothing is kept for the preview, never an error.
    expect(preview(sample('bitly.csv')).counts.invalid).toBe(0);
  });

  it("uses the account's branded domain with the row's host, and says when there is none", () => {
    // Tags left out: row 1's would add a note that a campaign will be created.
    const result = preview(sample('dub.csv'), options({ tagsAs: 'ignore' }), context(DOMAINS));
    expect(result.items[1]?.input.domain).toBe('https://go.acme.example');
    expect(result.items[0]?.input.domain).toBeUndefined();
    expect(result.rows[0]?.notes).toEqual([expect.stringContaining('dub.sh')]);
    expect(result.rows[1]?.notes).toBeUndefined();
    const batch = preview(
      sample('dub.csv'),
      options({ domain: 'https://s.example.com', tagsAs: 'ignore' }),
      context(DOMAINS),
    );
    expect(batch.items[0]?.input.domain).toBe('https://s.example.com');
    expect(batch.rows[0]?.notes?.[0]).not.toEqual(result.rows[0]?.notes?.[0]);
  });

  it('flags an alias the server has for another address and skips it by default; the same address is reused', () => {
    const result = preview(SHLINK, options(), context({ cached: SERVER }));
    expect(result.collisions).toBe(1);
    expect(result.rows.map((r) => r.status)).toEqual(['invalid', 'new', 'reused']);
    expect(result.rows[0]?.reason).toContain('spring');
    expect(result.rows[2]?.shortUrl).toBe('https://sho.rt/docs');
    expect(result.items.map((i) => i.input.custom)).toEqual(['spring-2', undefined]);
    expect(result.requests).toBe(1);
  });

  it('adds the first suffix free on the server and in the batch', () => {
    const result = preview(SHLINK, options({ collisions: 'suffix' }), context({ cached: SERVER }));
    // spring-2 is the batch's next row, spring-3 the server's: spring-4 is free.
    expect(result.rows[0]).toMatchObject({ status: 'new', notes: [expect.stringContaining('spring-4')] });
    expect(result.items.map((i) => i.input.custom)).toEqual(['spring-4', 'spring-2', undefined]);
    expect(result.collisions).toBe(1);
  });

  it('leaves the alias to the server when asked for a random one', () => {
    const result = preview(SHLINK, options({ collisions: 'random' }), context({ cached: SERVER }));
    expect(result.rows[0]?.status).toBe('new');
    expect(result.items[0]?.input).not.toHaveProperty('custom');
    expect(result.items[0]?.input.url).toBe('https://shop.example/spring');
  });

  it('marks each colliding row, and takes a row’s own choice over the batch’s', () => {
    const server = [...SERVER, { ...link(4, 'https://elsewhere.example/docs2'), alias: 'guide' }];
    const text = `${SHLINK}\nGuide,https://guide.example/`;
    const batch = preview(text, options({ collisions: 'random' }), context({ cached: server }));
    expect(batch.rows.map((r) => r.collision)).toEqual(['spring', undefined, undefined, 'Guide']);
    expect(batch.items.map((i) => i.input.custom)).toEqual([undefined, 'spring-2', undefined, undefined]);
    // Keyed by alias, whatever its case in the file.
    const rowCollisions = new Map([
      ['spring', 'suffix' as const],
      ['guide', 'skip' as const],
    ]);
    const mixed = preview(
      text,
      options({ collisions: 'random', rowCollisions }),
      context({ cached: server }),
    );
    expect(mixed.rows.map((r) => r.status)).toEqual(['new', 'new', 'reused', 'invalid']);
    expect(mixed.rows[3]).toMatchObject({ collision: 'Guide', reason: expect.stringContaining('Guide') });
    expect(mixed.items.map((i) => i.input.custom)).toEqual(['spring-4', 'spring-2', undefined]);
    // Both rows still count as collisions, whatever was chosen for them.
    expect(mixed.collisions).toBe(2);
    // A choice for an alias that does not collide changes nothing.
    const other = preview(
      text,
      options({ rowCollisions: new Map([['spring-2', 'random']]) }),
      context({ cached: server }),
    );
    expect(other.items.map((i) => i.input.custom)).toEqual(['spring-2', undefined]);
  });

  it("flags an alias the server can't take, with its reason, before anything is sent", () => {
    const result = preview(`keyword,url\n${'x'.repeat(65)},https://a.example/\nhas space,https://b.example/`);
    expect(result.rows.map((r) => r.status)).toEqual(['invalid', 'invalid']);
    expect(result.rows.every((r) => r.reason)).toBe(true);
    expect(result.items).toEqual([]);
  });
});

const TAGGED =
  'shortCode,longUrl,tags\na,https://a.example/,News|Blog\nb,https://b.example/,news\nc,https://c.example/,Spring Sale|Later\nd,https://d.example/,Other';

describe('previewBulk with tags naming nothing on the server', () => {
  it('plans one campaign per new name, says so on each row, and marks the items that wait for it', () => {
    const result = preview(TAGGED);
    expect(result.toCreate).toEqual([
      { kind: 'campaign', name: 'News' },
      { kind: 'campaign', name: 'Other' },
    ]);
    expect(result.pending).toEqual([
      { index: 0, kind: 'campaign', name: 'News' },
      { index: 1, kind: 'campaign', name: 'news' },
      { index: 3, kind: 'campaign', name: 'Other' },
    ]);
    expect(result.rows[0]?.notes).toEqual([expect.stringContaining('News')]);
    // Row c names an existing campaign: filled, nothing made.
    expect(result.items[2]?.input.campaign).toBe(7);
    expect(result.rows[2]?.notes).toBeUndefined();
    // Row a's Blog is the server's channel: it fills the channel and names no new campaign.
    expect(result.items[0]?.input.channel).toBe(9);
  });

  it('plans channels instead when tags become channels, and nothing when they are ignored', () => {
    const channels = preview(TAGGED, options({ tagsAs: 'channel' }));
    expect(channels.toCreate.map((c) => [c.kind, c.name])).toEqual([
      ['channel', 'news'],
      ['channel', 'Later'],
      ['channel', 'Other'],
    ]);
    expect(channels.items[0]?.input.channel).toBe(9);
    const ignored = preview(TAGGED, options({ tagsAs: 'ignore' }));
    expect(ignored.toCreate).toEqual([]);
    expect(ignored.items.map((i) => i.input.campaign ?? i.input.channel)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('makes nothing while the server’s list is unknown, and refuses a name the server would not take', () => {
    expect(preview(TAGGED, options(), context({ campaigns: null })).toCreate).toEqual([]);
    const long = preview(`shortCode,longUrl,tags\na,https://a.example/,${'n'.repeat(300)}`);
    expect(long.rows[0]?.status).toBe('invalid');
    expect(long.toCreate).toEqual([]);
  });

  it('gives the waiting items the ids made on Start, matched without regard to case', () => {
    const result = preview(TAGGED, options({ campaignId: 1 }));
    const items = withCreated(result, { campaign: new Map([['news', 40]]), channel: new Map() });
    expect(items.map((i) => i.input.campaign)).toEqual([40, 40, 7, 1]);
    // The preview's own items are left as they were.
    expect(result.items[0]?.input.campaign).toBe(1);
  });
});
