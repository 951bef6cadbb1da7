import { describe, expect, it } from 'vitest';
import {
  accountResponseSchema,
  accountUpdateInputSchema,
  addLinkResponseSchema,
  campaignListSchema,
  campaignSchema,
  channelInputSchema,
  channelListSchema,
  domainInputSchema,
  linkDetailSchema,
  linkInputSchema,
  linkListSchema,
  linkUpdateInputSchema,
  updateLinkResponseSchema,
} from '@/lib/api/schemas';

function linksPage(paging: Record<string, unknown>, urls: unknown = []) {
  return linkListSchema.parse({ error: '0', data: { ...paging, urls } });
}

describe('paged lists', () => {
  it('turns numeric strings into numbers', () => {
    const page = linksPage({ result: '42', perpage: '10', currentpage: '2', nextpage: '3', maxpage: '5' }, [
      { id: '7', clicks: '12' },
    ]);
    expect(page).toMatchObject({ total: 42, perPage: 10, currentPage: 2, nextPage: 3, maxPage: 5 });
    expect(page.items[0]).toMatchObject({ id: 7, clicks: 12 });
  });

  it.each([
    ['null', { nextpage: null }],
    ['missing', {}],
    ['0', { nextpage: 0 }],
    ['"0"', { nextpage: '0' }],
    ['equal to currentpage', { nextpage: 5 }],
    ['beyond maxpage', { nextpage: 6 }],
  ])('reads nextpage %s on the last page as null', (_label, next) => {
    const page = linksPage({ result: 50, perpage: 10, currentpage: 5, maxpage: 5, ...next });
    expect(page.nextPage).toBeNull();
  });

  it('drops only entries without a usable id and keeps the rest with defaults', () => {
    const page = linksPage({ result: 4, perpage: 10, currentpage: 1, maxpage: 1 }, [
      { id: 1, alias: 'a', shorturl: 'https://s.io/a', longurl: 'https://example.com', clicks: 3 },
      { id: 'abc', alias: 'bad' },
      null,
      'junk',
      { id: 0 },
      { id: 2 },
    ]);
    expect(page.items).toEqual([
      {
        id: 1,
        alias: 'a',
        shortUrl: 'https://s.io/a',
        longUrl: 'https://example.com',
        clicks: 3,
        title: '',
        description: '',
        date: '',
      },
      { id: 2, alias: '', shortUrl: '', longUrl: '', clicks: 0, title: '', description: '', date: '' },
    ]);
  });

  it('accepts a list that PHP encoded as an object keyed by index', () => {
    const page = linksPage({ result: 2 }, { '0': { id: 1 }, '2': { id: 3 } });
    expect(page.items.map((l) => l.id)).toEqual([1, 3]);
  });

  it('reads an empty list sent as data: [] and fills in paging defaults', () => {
    expect(linkListSchema.parse({ error: 0, data: [] })).toEqual({
      items: [],
      total: 0,
      perPage: 0,
      currentPage: 1,
      nextPage: null,
      maxPage: 1,
    });
  });

  it('ignores unknown fields', () => {
    const page = channelListSchema.parse({
      error: '0',
      extra: true,
      data: { result: 1, currentpage: 1, maxpage: 1, channels: [{ id: 1, name: 'N', starred: '1', x: [1] }] },
    });
    expect(page.items).toEqual([{ id: 1, name: 'N', description: '', color: '', starred: true }]);
  });

  it('rejects an answer without data', () => {
    expect(linkListSchema.safeParse({ error: 0 }).success).toBe(false);
  });

  it('keeps a link’s campaign and channel when a server lists them, by name or id', () => {
    const page = linksPage({ result: 4, currentpage: 1, maxpage: 1 }, [
      { id: 1, campaign: 'Spring', channel: 4 },
      { id: 2, campaign: { id: 3, name: 'Autumn' }, channel: { id: 5 } },
      { id: 3, campaign: '', channel: null },
      { id: 4 },
    ]);
    expect(page.items.map(({ id, campaign, channel }) => ({ id, campaign, channel }))).toEqual([
      { id: 1, campaign: 'Spring', channel: '4' },
      { id: 2, campaign: 'Autumn', channel: '5' },
      { id: 3 },
      { id: 4 },
    ]);
    expect('campaign' in page.items[3]!).toBe(false);
  });
});

describe('campaigns', () => {
  it('accepts the name under `name` or `domain`', () => {
    const page = campaignListSchema.parse({
      error: '0',
      data: {
        campaigns: [
          { id: 1, name: 'Spring' },
          { id: 2, domain: 'Summer' },
        ],
      },
    });
    expect(page.items.map((c) => c.name)).toEqual(['Spring', 'Summer']);
  });

  it.each([false, '', null, undefined])('reads rotator %j as null', (rotator) => {
    expect(campaignSchema.parse({ id: 1, rotator }).rotator).toBeNull();
  });

  it('keeps a rotator URL', () => {
    expect(campaignSchema.parse({ id: 1, rotator: 'https://s.io/r/spring' }).rotator).toBe(
      'https://s.io/r/spring',
    );
  });

  it.each([
    [true, true],
    [1, true],
    ['1', true],
    ['true', true],
    [false, false],
    [0, false],
    ['0', false],
    [undefined, false],
  ])('reads public %j as %j', (value, expected) => {
    expect(campaignSchema.parse({ id: 1, public: value }).public).toBe(expected);
  });
});

describe('link details', () => {
  const body = {
    error: 0,
    id: '9',
    details: {
      id: 9,
      shorturl: 'https://s.io/abc',
      longurl: 'https://example.com/page',
      title: 'Page',
      description: 'A page',
      location: { canada: 'https://example.ca', usa: 'https://example.com/us' },
      device: [],
      expiry: null,
      date: '2024-01-02 03:04:05',
    },
    data: {
      clicks: '15',
      uniqueClicks: 10,
      topCountries: 3,
      topReferrers: { 'news.example': 4, direct: '2' },
      topBrowsers: [
        ['Firefox', 5],
        ['Chrome', '7'],
      ],
      topOs: [{ os: 'Linux', count: 2 }],
      socialCount: { facebook: 1, x: '2', linkedin: 0 },
    },
  };

  it('normalises details and statistics', () => {
    expect(linkDetailSchema.parse(body)).toEqual({
      id: 9,
      details: {
        shortUrl: 'https://s.io/abc',
        longUrl: 'https://example.com/page',
        title: 'Page',
        description: 'A page',
        location: { canada: 'https://example.ca', usa: 'https://example.com/us' },
        device: {},
        expiry: null,
        date: '2024-01-02 03:04:05',
      },
      stats: {
        clicks: 15,
        uniqueClicks: 10,
        topCountries: 3,
        topReferrers: { 'news.example': 4, direct: 2 },
        topBrowsers: { Firefox: 5, Chrome: 7 },
        topOs: { Linux: 2 },
        socialCount: { facebook: 1, x: 2, linkedin: 0 },
      },
    });
  });

  it('takes the id from details when the top-level id is missing', () => {
    const { id: _, ...withoutId } = body;
    expect(linkDetailSchema.parse(withoutId).id).toBe(9);
  });

  it.each([
    [null, null],
    ['', null],
    ['0000-00-00 00:00:00', null],
    ['2030-12-31 23:59:59', '2030-12-31 23:59:59'],
  ])('reads expiry %j as %j', (expiry, expected) => {
    expect(linkDetailSchema.parse({ ...body, details: { ...body.details, expiry } }).details.expiry).toBe(
      expected,
    );
  });

  it('gives zeroed statistics when data is missing and empty maps when targets are missing', () => {
    const parsed = linkDetailSchema.parse({ id: 1, details: { shorturl: 'https://s.io/x' } });
    expect(parsed.details.location).toEqual({});
    expect(parsed.details.device).toEqual({});
    expect(parsed.stats).toEqual({
      clicks: 0,
      uniqueClicks: 0,
      topCountries: 0,
      topReferrers: 0,
      topBrowsers: 0,
      topOs: 0,
      socialCount: {},
    });
  });

  it('keeps a `__proto__` key as a plain entry', () => {
    const parsed = linkDetailSchema.parse(
      JSON.parse('{"id":1,"details":{"location":{"__proto__":"https://x.io"}}}'),
    );
    expect(Object.getPrototypeOf(parsed.details.location)).toBe(Object.prototype);
    expect(Object.entries(parsed.details.location)).toEqual([['__proto__', 'https://x.io']]);
  });

  it('rejects an answer without details', () => {
    expect(linkDetailSchema.safeParse({ error: 0, id: 1, data: {} }).success).toBe(false);
  });
});

describe('single-object answers', () => {
  it('reads the account with strings for missing fields', () => {
    expect(
      accountResponseSchema.parse({ error: 0, data: { id: '1', email: 'a@b.io', avatar: null } }),
    ).toEqual({
      id: 1,
      email: 'a@b.io',
      username: '',
      avatar: '',
      status: '',
      expires: '',
      registered: '',
    });
  });

  it('accepts the new link under `shorturl` or `short`', () => {
    expect(addLinkResponseSchema.parse({ error: 0, id: 5, shorturl: 'https://s.io/a' })).toEqual({
      id: 5,
      shortUrl: 'https://s.io/a',
    });
    expect(addLinkResponseSchema.parse({ error: 0, id: '5', short: 'https://s.io/a' })).toEqual({
      id: 5,
      shortUrl: 'https://s.io/a',
    });
    expect(addLinkResponseSchema.safeParse({ error: 0, id: 5 }).success).toBe(false);
  });

  it.each([
    [
      { error: 0, message: 'Link updated' },
      { message: 'Link updated', shortUrl: null },
    ],
    [
      { error: 0, short: 'https://s.io/b' },
      { message: '', shortUrl: 'https://s.io/b' },
    ],
    [
      { error: 0, shorturl: 'https://s.io/b' },
      { message: '', shortUrl: 'https://s.io/b' },
    ],
    [{ error: 0 }, { message: '', shortUrl: null }],
  ])('reads the update answer %j', (answer, expected) => {
    expect(updateLinkResponseSchema.parse(answer)).toEqual(expected);
  });
});

describe('link input', () => {
  const full = {
    url: ' https://example.com/long ',
    custom: 'promo',
    type: 'splash',
    password: ' secret ',
    domain: 'https://go.example.com',
    expiry: '2030-01-01 00:00:00',
    geotarget: [{ location: 'Canada', link: 'https://example.ca' }],
    devicetarget: [{ device: 'iPhone', link: 'https://apps.example.com/ios' }],
    languagetarget: [{ language: 'fr', link: 'https://example.fr' }],
    metatitle: 'Title',
    metadescription: 'Description',
    metaimage: 'https://example.com/i.png',
    description: 'Note',
    pixels: [1, 2],
    channel: 3,
    campaign: 4,
    deeplink: { auto: false, apple: 'https://apps.apple.example/app', google: 'https://play.example/app' },
    status: 'public' as const,
    parameters: [{ name: 'utm_source', value: 'ext' }],
  };

  it('keeps every field of POST /api/url/add', () => {
    expect(linkInputSchema.parse(full)).toEqual({ ...full, url: 'https://example.com/long' });
  });

  it('drops what the user left empty', () => {
    const parsed = linkInputSchema.parse({
      url: 'https://example.com',
      custom: '  ',
      password: '',
      geotarget: [{ location: '', link: ' ' }],
      pixels: [],
      channel: null,
      deeplink: { auto: false, apple: '', google: '' },
      parameters: [],
    });
    expect(JSON.parse(JSON.stringify(parsed))).toEqual({ url: 'https://example.com' });
  });

  it('sends a numeric splash or overlay type as text', () => {
    expect(linkInputSchema.parse({ url: 'https://e.io', type: 12 }).type).toBe('12');
  });

  it.each([
    [{ url: '  ' }, 'Enter the long URL to shorten.'],
    [{ url: 'https://e.io', expiry: '2030-01-01' }, 'Write the expiry as YYYY-MM-DD HH:MM:SS.'],
    [
      { url: 'https://e.io', geotarget: [{ location: 'Canada', link: '' }] },
      'Fill in both fields of each geo',
    ],
    [{ url: 'https://e.io', channel: 1.5 }, 'The channel id must be a positive whole number.'],
    [{ url: 'https://e.io', pixels: [0] }, 'Each pixel id must be a positive whole number.'],
    [{ url: 'https://e.io', status: 'hidden' }, 'The status must be public or private.'],
  ])('rejects %j', (input, message) => {
    const parsed = linkInputSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain(message);
  });

  it('leaves status and description out of an update', () => {
    const parsed = linkUpdateInputSchema.parse({ url: 'https://e.io', status: 'public', description: 'x' });
    expect(JSON.parse(JSON.stringify(parsed))).toEqual({ url: 'https://e.io' });
  });

  it('requires the url in an update', () => {
    expect(linkUpdateInputSchema.safeParse({ custom: 'x' }).success).toBe(false);
  });
});

describe('other inputs', () => {
  it('checks the email of an account update', () => {
    expect(accountUpdateInputSchema.safeParse({ email: 'nope' }).error?.issues[0]?.message).toBe(
      'Enter a valid email address.',
    );
    expect(accountUpdateInputSchema.parse({ email: ' me@example.com ', password: '' })).toEqual({
      email: 'me@example.com',
    });
  });

  it('requires a scheme on a new domain', () => {
    expect(domainInputSchema.safeParse({ domain: 'go.example.com' }).success).toBe(false);
    expect(domainInputSchema.parse({ domain: 'https://go.example.com' }).domain).toBe(
      'https://go.example.com',
    );
  });

  it('requires a channel name and a HEX colour', () => {
    expect(channelInputSchema.safeParse({ name: ' ' }).error?.issues[0]?.message).toBe(
      'Enter a channel name.',
    );
    expect(channelInputSchema.safeParse({ name: 'A', color: 'red' }).error?.issues[0]?.message).toContain(
      'HEX',
    );
    expect(channelInputSchema.parse({ name: 'A', color: '#00ff00' }).color).toBe('#00ff00');
  });
});

describe('text limits of what is sent (lib/text-limits.ts)', () => {
  const refusal = (
    schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
    input: unknown,
  ) => schema.safeParse(input).error?.issues[0]?.message;

  it('refuses each free-text field one character over its limit, and takes it at the limit', () => {
    expect(refusal(linkInputSchema, { url: 'https://a.example', custom: 'a'.repeat(65) })).toBe(
      'The field “custom” is longer than 64 characters. Shorten it and try again.',
    );
    expect(refusal(linkInputSchema, { url: 'https://a.example', metatitle: 't'.repeat(201) })).toMatch(
      /“metatitle”/,
    );
    expect(
      refusal(linkUpdateInputSchema, { url: 'https://a.example', metadescription: 'm'.repeat(1001) }),
    ).toMatch(/“metadescription”/);
    expect(refusal(linkInputSchema, { url: 'https://a.example', password: 'p'.repeat(129) })).toMatch(
      /“password”/,
    );
    expect(refusal(channelInputSchema, { name: 'n'.repeat(101) })).toMatch(/“name”/);
    expect(refusal(channelInputSchema, { name: 'Blog', description: 'd'.repeat(1001) })).toMatch(
      /“description”/,
    );
    expect(refusal(accountUpdateInputSchema, { email: `${'e'.repeat(250)}@b.cd` })).toMatch(/“email”/);

    expect(
      linkInputSchema.safeParse({ url: 'https://a.example', description: 'd'.repeat(1000) }).success,
    ).toBe(true);
    expect(channelInputSchema.safeParse({ name: 'n'.repeat(100) }).success).toBe(true);
  });
});
