/** Reconcile's dry run: a file keyed by alias against the mirror, field by field, and the job rows it makes. */
import { describe, expect, it } from 'vitest';
import { MAX_BULK_ROWS } from '@/lib/jobs/bulk-csv';
import { diffReconcile, type ReconcileContext, readReconcileRows } from '@/lib/jobs/reconcile';
import type { CachedLink } from '@/lib/links/cache';

const NOW = new Date(2030, 0, 15, 12, 0, 0);

const link = (id: number, alias: string, patch: Partial<CachedLink> = {}): CachedLink => ({
  id,
  alias,
  shortUrl: `https://sho.rt/${alias}`,
  longUrl: `https://example.com/${alias}`,
  title: `Title ${alias}`,
  description: '',
  clicks: 0,
  date: '2029-01-01 10:00:00',
  ...patch,
});

const context = (cached: CachedLink[], patch: Partial<ReconcileContext> = {}): ReconcileContext => ({
  cached,
  campaigns: [
    { id: 7, name: 'Spring Sale' },
    { id: 8, name: 'Autumn' },
  ],
  channels: [{ id: 9, name: 'Blog' }],
  now: NOW,
  ...patch,
});

const diff = (text: string, c: ReconcileContext) => diffReconcile(readReconcileRows(text), c);

describe('diffReconcile', () => {
  it('creates an unknown alias with every field the file gives, the campaign and channel by id', () => {
    const result = diff(
      'Alias , URL,Title,Expiry,Campaign,Channel\nnew-one,https://new.example/a,New page,2031-02-03 04:05:06,spring sale,Blog',
      context([link(1, 'old')]),
    );
    expect(result.counts).toEqual({ create: 1, update: 0, unchanged: 0, problem: 0 });
    expect(result.rows[0]).toMatchObject({ line: 2, alias: 'new-one', status: 'create' });
    expect(result.rows[0]?.changes.map((change) => [change.field, change.to])).toEqual([
      ['url', 'https://new.example/a'],
      ['title', 'New page'],
      ['expiry', '2031-02-03 04:05:06'],
      ['campaign', 'Spring Sale'],
      ['channel', 'Blog'],
    ]);
    expect(result.items).toEqual([
      {
        input: {
          url: 'https://new.example/a',
          custom: 'new-one',
          metatitle: 'New page',
          expiry: '2031-02-03 04:05:06',
          campaign: 7,
          channel: 9,
        },
        title: 'New page',
        label: '',
      },
    ]);
  });

  it('lists an update field by field, old → new, and sends ONE update row with the URL whatever the fields', () => {
    const known = link(5, 'spring', { expiry: '2030-06-01 00:00:00' });
    const result = diff(
      '\uFEFFalias;url;title;expiry\nSPRING;https://example.com/spring-2;Spring 2;2030-07-01',
      context([known]),
    );
    expect(result.counts.update).toBe(1);
    expect(result.rows[0]).toMatchObject({ status: 'update', shortUrl: 'https://sho.rt/spring' });
    expect(result.rows[0]?.changes).toEqual([
      { field: 'url', from: 'https://example.com/spring', to: 'https://example.com/spring-2' },
      { field: 'title', from: 'Title spring', to: 'Spring 2' },
      { field: 'expiry', from: '2030-06-01 00:00:00', to: '2030-07-01 23:59:59' },
    ]);
    expect(result.items).toEqual([
      {
        input: { url: 'https://example.com/spring-2', metatitle: 'Spring 2', expiry: '2030-07-01 23:59:59' },
        title: 'Spring 2',
        label: '',
        change: { linkId: 5, kind: 'update' },
      },
    ]);
  });

  it('sends the link’s own long URL with an update that does not change it (the API requires url)', () => {
    const result = diff('alias,title\nspring,Fresh title', context([link(5, 'spring')]));
    expect(result.items).toEqual([
      {
        input: { url: 'https://example.com/spring', metatitle: 'Fresh title' },
        title: 'Fresh title',
        label: '',
        change: { linkId: 5, kind: 'update' },
      },
    ]);
  });

  it('assigns a campaign and a channel by name, one row each, after the update of the same link', () => {
    const known = link(5, 'spring', { campaign: 'Autumn' });
    const result = diff('alias,title,campaign,channel\nspring,New,Spring Sale,9', context([known]));
    expect(result.rows[0]?.changes).toEqual([
      { field: 'title', from: 'Title spring', to: 'New' },
      { field: 'campaign', from: 'Autumn', to: 'Spring Sale' },
      // The server's list does not say the channel: unknown, and assigned.
      { field: 'channel', from: null, to: 'Blog' },
    ]);
    expect(result.items.map((item) => item.change)).toEqual([
      { linkId: 5, kind: 'update' },
      { linkId: 5, kind: 'campaign', to: { id: 7, name: 'Spring Sale' } },
      { linkId: 5, kind: 'channel', to: { id: 9, name: 'Blog' } },
    ]);
    expect(result.items[1]?.input).toEqual({ url: 'https://example.com/spring' });
  });

  it('finds a link unchanged when every given field matches: case of names, a trailing slash, empty cells', () => {
    const known = link(5, 'spring', { campaign: 'spring sale', channel: '9', expiry: '2030-06-01 00:00:00' });
    const result = diff(
      'alias,url,title,expiry,campaign,channel\nspring,https://example.com/spring/,Title spring,2030-06-01 00:00:00,Spring Sale,blog\nspring2,,,,,',
      context([known, link(6, 'spring2')]),
    );
    expect(result.rows.map((row) => row.status)).toEqual(['unchanged', 'unchanged']);
    expect(result.items).toEqual([]);
  });

  it('sends a wanted expiry the mirror does not know, saying the current one is unknown', () => {
    const result = diff('alias,expiry\nspring,2031-01-01 10:00:00', context([link(5, 'spring')]));
    expect(result.rows[0]?.changes).toEqual([{ field: 'expiry', from: null, to: '2031-01-01 10:00:00' }]);
    expect(result.items[0]?.input).toEqual({
      url: 'https://example.com/spring',
      expiry: '2031-01-01 10:00:00',
    });
    // Known to have none: an update from nothing.
    const none = diff(
      'alias,expiry\nspring,2031-01-01 10:00:00',
      context([link(5, 'spring', { expiry: null })]),
    );
    expect(none.rows[0]?.changes[0]?.from).toBe('');
  });

  it('makes problems of bad rows and sends none of them; a name that does not exist is never created', () => {
    const result = diff(
      [
        'alias,url,expiry,campaign,channel',
        'bad-url,ftp://x.example,,,',
        'my alias,https://x.example,,,',
        'no-url,,,,',
        ',https://x.example,,,',
        'spring,,yesterday,,',
        'spring2,,,Winter,',
        'spring3,,,,Podcast',
      ].join('\n'),
      context([link(5, 'spring'), link(6, 'spring2'), link(7, 'spring3')]),
    );
    expect(result.rows.map((row) => row.status)).toEqual(Array(7).fill('problem'));
    const reasons = result.rows.map((row) => row.reason);
    expect(reasons[0]).toMatch(/web address|http/i);
    expect(reasons[1]).toMatch(/alias/i);
    expect(reasons[2]).toMatch(/needs a URL/);
    expect(reasons[3]).toMatch(/No alias/);
    expect(reasons[4]).toContain('yesterday');
    expect(reasons[5]).toContain('Winter');
    expect(reasons[6]).toContain('Podcast');
    expect(result.counts.problem).toBe(7);
    expect(result.items).toEqual([]);
  });

  it('says so when the campaigns could not be loaded, instead of guessing', () => {
    const result = diff(
      'alias,campaign\nspring,Spring Sale',
      context([link(5, 'spring')], { campaigns: null }),
    );
    expect(result.rows[0]?.status).toBe('problem');
    expect(result.rows[0]?.reason).toMatch(/campaign/i);
  });

  it('counts an alias repeated in the file once: the first row, the others problems naming its line', () => {
    const result = diff(
      'alias,title\nspring,One\nSpring,Two\nfresh,,\n',
      context([link(5, 'spring'), link(6, 'fresh')]),
    );
    expect(result.rows.map((row) => row.status)).toEqual(['update', 'problem', 'unchanged']);
    expect(result.rows[1]?.reason).toContain('2');
    expect(result.items).toHaveLength(1);
    expect(result.items[0]?.input.metatitle).toBe('One');
  });

  it('refuses a file without an alias column as a whole', () => {
    const result = diff('url,title\nhttps://a.example,A', context([]));
    expect(result.fileProblem).toMatch(/alias/);
    expect(result.rows).toEqual([]);
    expect(diff('', context([])).fileProblem).toBeUndefined();
  });

  it('leaves a link whose rows would not fit in one job for the next run, whole', () => {
    const creates = Array.from({ length: MAX_BULK_ROWS - 1 }, (_, i) => `a${i},https://a.example/${i},,`);
    const result = diff(
      ['alias,url,title,campaign', ...creates, 'known,,New title,Autumn'].join('\n'),
      context([link(5, 'known')]),
    );
    expect(result.items).toHaveLength(MAX_BULK_ROWS - 1);
    expect(result.rows.at(-1)).toMatchObject({ alias: 'known', status: 'problem' });
    expect(result.rows.at(-1)?.reason).toContain('10');
  });
});
