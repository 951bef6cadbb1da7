/**
 * Property tests of the response parser (readApiBody + decode with each response schema): it throws
 * nothing but ApiError whatever arrives, and quirky-but-valid answers normalise to the exact clean
 * value they were generated from.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { decode, type Exchange, readApiBody } from '@/lib/api/response';
import {
  accountResponseSchema,
  addLinkResponseSchema,
  campaignListSchema,
  campaignSchema,
  channelItemListSchema,
  channelListSchema,
  channelSchema,
  domainListSchema,
  idResponseSchema,
  linkDetailSchema,
  linkListSchema,
  messageResponseSchema,
  overlayListSchema,
  splashListSchema,
  updateLinkResponseSchema,
} from '@/lib/api/schemas';
import type { z } from '@/lib/zod';

const RUNS = 2000;

const schemas: z.ZodMiniType[] = [
  accountResponseSchema,
  addLinkResponseSchema,
  campaignListSchema,
  campaignSchema,
  channelItemListSchema,
  channelListSchema,
  channelSchema,
  domainListSchema,
  idResponseSchema,
  linkDetailSchema,
  linkListSchema,
  messageResponseSchema,
  overlayListSchema,
  splashListSchema,
  updateLinkResponseSchema,
];

function exchange(body: unknown, status = 200, contentType = 'application/json'): Exchange {
  return {
    status,
    headers: new Headers({ 'Content-Type': contentType }),
    bodyText: typeof body === 'string' ? body : JSON.stringify(body),
    receivedAt: 1_700_000_000_000,
  };
}

function parse<S extends z.ZodMiniType>(schema: S, ex: Exchange): z.output<S> {
  return decode(schema, readApiBody(ex), ex.status);
}

/** Runs the parser and fails the property if it throws anything but an ApiError with a clean message. */
function parsesOrApiError(schema: z.ZodMiniType, ex: Exchange): void {
  try {
    parse(schema, ex);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    expect(error.message).not.toMatch(/ZodError|SyntaxError|Unexpected token|invalid_type/);
    expect(error.message.length).toBeGreaterThan(0);
  }
}

// ---- arbitrary, malformed input ----

const anySchema = fc.constantFrom(...schemas);
const status = fc.oneof(
  fc.constantFrom(200, 201, 204, 400, 401, 403, 404, 409, 422, 429, 500, 502),
  fc.integer({ min: 100, max: 599 }),
);
const contentType = fc.constantFrom(
  'application/json',
  'text/html',
  'text/plain',
  '',
  'application/json; charset=utf-8',
);
const errorFlag = fc.constantFrom(0, '0', 1, '1', true, false, null, 'oops', 2);

/** JSON shaped like an answer, with random values where the fields go. */
const answerish = fc.record(
  {
    error: errorFlag,
    message: fc.jsonValue(),
    id: fc.jsonValue(),
    shorturl: fc.jsonValue(),
    short: fc.jsonValue(),
    details: fc.oneof(
      fc.jsonValue(),
      fc.dictionary(fc.constantFrom('id', 'location', 'device', 'expiry'), fc.jsonValue()),
    ),
    data: fc.oneof(
      fc.jsonValue(),
      fc.dictionary(
        fc.constantFrom(
          'result',
          'perpage',
          'currentpage',
          'nextpage',
          'maxpage',
          'urls',
          'campaigns',
          'domains',
          'id',
          'clicks',
          'topOs',
          'socialCount',
        ),
        fc.oneof(fc.jsonValue(), fc.array(fc.jsonValue())),
      ),
    ),
  },
  { requiredKeys: [] },
);

describe('the parser never throws anything but ApiError', () => {
  it('on any JSON value', () => {
    fc.assert(
      fc.property(anySchema, fc.jsonValue(), status, (schema, body, code) =>
        parsesOrApiError(schema, exchange(body, code)),
      ),
      { numRuns: RUNS },
    );
  });

  it('on answer-shaped JSON with random field values', () => {
    fc.assert(
      fc.property(anySchema, answerish, status, (schema, body, code) =>
        parsesOrApiError(schema, exchange(body, code)),
      ),
      { numRuns: RUNS },
    );
  });

  it('on any text, truncated JSON and any content type', () => {
    const text = fc.oneof(
      fc.string(),
      fc.jsonValue().chain((v) => {
        const full = JSON.stringify(v);
        return fc.nat({ max: full.length }).map((n) => full.slice(0, n));
      }),
      fc.constantFrom('<html><body>Error</body></html>', '<!DOCTYPE html>', '', 'null', '{"error":0'),
    );
    fc.assert(
      fc.property(anySchema, text, status, contentType, (schema, body, code, type) =>
        parsesOrApiError(schema, exchange(body, code, type)),
      ),
      { numRuns: RUNS },
    );
  });
});

// ---- quirky but valid input: generate the clean value, then the wire form a real server might send ----

type Wire = Record<string, unknown>;
type Value<A> = A extends fc.Arbitrary<infer T> ? T : never;

const id = fc.integer({ min: 1, max: 2 ** 31 });
const count = fc.nat();
const text = fc.string();
const okFlag = fc.constantFrom<unknown>(0, '0', false, undefined);

const asInt = (n: number) => fc.constantFrom<unknown>(n, String(n));
const asBool = (b: boolean) => fc.constantFrom<unknown>(b, b ? 1 : 0, b ? '1' : '0', b ? 'true' : 'false');
/** A value whose absence the parser must read as `""`. */
const asText = (s: string) => (s === '' ? fc.constantFrom<unknown>('', null, undefined) : fc.constant(s));
/** How servers say "not set" for an optional URL or date. */
const asOptional = (s: string | null) =>
  s === null ? fc.constantFrom<unknown>(null, '', false, undefined, '0000-00-00 00:00:00') : fc.constant(s);
const optionalValue = text.filter((s) => s.trim() !== '' && !/^0000-00-00( 00:00:00)?$/.test(s.trim()));

/** Unknown fields a server might add; never one of the known keys. */
const extras = (known: readonly string[]) =>
  fc.dictionary(
    fc.string().filter((k) => !known.includes(k)),
    fc.jsonValue(),
    { maxKeys: 3 },
  );

/** Drops undefined values, like JSON would. */
function wire(fields: Wire, extra: Wire): Wire {
  return Object.fromEntries(Object.entries({ ...extra, ...fields }).filter(([, v]) => v !== undefined));
}

function quirky<T>(clean: fc.Arbitrary<T>, toWire: (value: T) => fc.Arbitrary<Wire>) {
  return clean.chain((value) => toWire(value).map((body) => ({ value, body })));
}

function roundTrips<T>(schema: z.ZodMiniType<T>, pairs: fc.Arbitrary<{ value: T; body: Wire }>) {
  fc.assert(
    fc.property(pairs, ({ value, body }) => {
      expect(parse(schema, exchange(body))).toEqual(value);
    }),
    { numRuns: 500 },
  );
}

const campaign = fc.record({
  id,
  name: text,
  public: fc.boolean(),
  rotator: fc.option(optionalValue, { nil: null }),
  list: text,
});
const campaignKeys = ['id', 'name', 'domain', 'public', 'rotator', 'list', 'error'];
const campaignWire = (c: Value<typeof campaign>) =>
  fc
    .record({
      id: asInt(c.id),
      nameKey: fc.constantFrom('name', 'domain'),
      name: asText(c.name),
      public: asBool(c.public),
      rotator: asOptional(c.rotator),
      list: asText(c.list),
      extra: extras(campaignKeys),
    })
    .map(({ nameKey, name, extra, ...rest }) => wire({ ...rest, [nameKey]: name }, extra));

const channel = fc.record({ id, name: text, description: text, color: text, starred: fc.boolean() });
const channelWire = (c: Value<typeof channel>) =>
  fc
    .record({
      id: asInt(c.id),
      name: asText(c.name),
      description: asText(c.description),
      color: asText(c.color),
      starred: asBool(c.starred),
      extra: extras(['id', 'name', 'description', 'color', 'starred', 'error']),
    })
    .map(({ extra, ...rest }) => wire(rest, extra));

const linkSummary = fc.record({
  id,
  alias: text,
  shortUrl: text,
  longUrl: text,
  clicks: count,
  title: text,
  description: text,
  date: text,
});
const linkSummaryWire = (l: Value<typeof linkSummary>) =>
  fc
    .record({
      id: asInt(l.id),
      alias: asText(l.alias),
      shorturl: asText(l.shortUrl),
      longurl: asText(l.longUrl),
      clicks: asInt(l.clicks),
      title: asText(l.title),
      description: asText(l.description),
      date: asText(l.date),
      extra: extras(['id', 'alias', 'shorturl', 'longurl', 'clicks', 'title', 'description', 'date']),
    })
    .map(({ extra, ...rest }) => wire(rest, extra));

/** A clean page of items and the paged-list answer a server might send for it. */
function pageOf<T>(key: string, item: fc.Arbitrary<T>, itemWire: (value: T) => fc.Arbitrary<Wire>) {
  return fc
    .record({
      items: fc.array(item, { maxLength: 5 }),
      total: count,
      perPage: fc.integer({ min: 1, max: 100 }),
      currentPage: fc.integer({ min: 1, max: 50 }),
      extraPages: fc.nat({ max: 5 }),
    })
    .map(({ extraPages, ...p }) => {
      const maxPage = p.currentPage + extraPages;
      return { ...p, maxPage, nextPage: extraPages > 0 ? p.currentPage + 1 : null };
    })
    .chain((value) => {
      const c = value.currentPage;
      const next =
        value.nextPage === null
          ? fc.constantFrom<unknown>(null, undefined, 0, '0', c, String(c))
          : asInt(value.nextPage);
      return fc
        .record({
          error: fc.constantFrom<unknown>('0', 0, false),
          result: asInt(value.total),
          perpage: asInt(value.perPage),
          currentpage: asInt(c),
          maxpage: asInt(value.maxPage),
          nextpage: next,
          entries: fc.tuple(...value.items.map(itemWire)),
          extra: extras(['error', 'result', 'perpage', 'currentpage', 'maxpage', 'nextpage', key]),
        })
        .map(({ error, entries, extra, ...paging }) => ({
          value,
          body: { error, data: wire({ ...paging, [key]: entries }, extra) },
        }));
    });
}

describe('quirky but valid answers normalise to the clean value', () => {
  it('campaign add/update answers', () => {
    roundTrips(
      campaignSchema,
      quirky(campaign, (c) =>
        fc.tuple(campaignWire(c), okFlag).map(([body, error]) => wire({ ...body, error }, {})),
      ),
    );
  });

  it('campaign lists', () => {
    roundTrips(campaignListSchema, pageOf('campaigns', campaign, campaignWire));
  });

  it('channel lists', () => {
    roundTrips(channelListSchema, pageOf('channels', channel, channelWire));
  });

  it('link lists', () => {
    roundTrips(linkListSchema, pageOf('urls', linkSummary, linkSummaryWire));
  });

  it('link lists keep every valid entry among malformed ones', () => {
    const junk = fc.oneof(
      fc.jsonValue().filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)),
      fc.record({ id: fc.constantFrom<unknown>(null, 0, -1, 1.5, 'abc', '', {}, []), title: text }),
    );
    const pairs = fc.array(linkSummary, { maxLength: 6 }).chain((items) =>
      fc
        .tuple(fc.tuple(...items.map(linkSummaryWire)), fc.array(junk, { maxLength: 4 }), fc.array(fc.nat()))
        .map(([good, bad, positions]) => {
          const urls: unknown[] = [...good];
          for (const [i, b] of bad.entries()) urls.splice((positions[i] ?? 0) % (urls.length + 1), 0, b);
          return { value: items, body: { error: '0', data: { result: items.length, urls } } };
        }),
    );
    fc.assert(
      fc.property(pairs, ({ value, body }) => {
        expect(parse(linkListSchema, exchange(body)).items).toEqual(value);
      }),
      { numRuns: 500 },
    );
  });

  it('accounts', () => {
    const account = fc.record({
      id,
      email: text,
      username: text,
      avatar: text,
      status: text,
      expires: text,
      registered: text,
    });
    roundTrips(
      accountResponseSchema,
      quirky(account, (a) =>
        fc
          .record({
            error: okFlag,
            id: asInt(a.id),
            email: asText(a.email),
            username: asText(a.username),
            avatar: asText(a.avatar),
            status: asText(a.status),
            expires: asText(a.expires),
            registered: asText(a.registered),
            extra: extras(['id', 'email', 'username', 'avatar', 'status', 'expires', 'registered']),
          })
          .map(({ error, extra, ...data }) => wire({ error, data: wire(data, extra) }, {})),
      ),
    );
  });

  it('new links named under shorturl or short', () => {
    const created = fc.record({ id, shortUrl: text.filter((s) => s !== '') });
    roundTrips(
      addLinkResponseSchema,
      quirky(created, (c) =>
        fc
          .record({
            error: okFlag,
            id: asInt(c.id),
            key: fc.constantFrom('shorturl', 'short'),
            extra: extras(['error', 'id', 'shorturl', 'short']),
          })
          .map(({ key, extra, ...rest }) => wire({ ...rest, [key]: c.shortUrl }, extra)),
      ),
    );
  });

  it('link updates with or without message and short URL', () => {
    const updated = fc.record({
      message: text,
      shortUrl: fc.option(
        text.filter((s) => s !== ''),
        { nil: null },
      ),
    });
    roundTrips(
      updateLinkResponseSchema,
      quirky(updated, (u) =>
        fc
          .record({
            error: okFlag,
            message: asText(u.message),
            key: fc.constantFrom('shorturl', 'short'),
            extra: extras(['error', 'message', 'shorturl', 'short']),
          })
          .map(({ key, extra, ...rest }) => wire({ ...rest, [key]: u.shortUrl ?? undefined }, extra)),
      ),
    );
  });

  it('link details and statistics', () => {
    const targets = fc.dictionary(text, text, { maxKeys: 4 });
    const counts = fc.dictionary(text, count, { maxKeys: 4 });
    const breakdown = fc.oneof(count, counts);
    const linkDetail = fc.record({
      id,
      details: fc.record({
        shortUrl: text,
        longUrl: text,
        title: text,
        description: text,
        location: targets,
        device: targets,
        expiry: fc.option(optionalValue, { nil: null }),
        date: text,
      }),
      stats: fc.record({
        clicks: count,
        uniqueClicks: count,
        topCountries: breakdown,
        topReferrers: breakdown,
        topBrowsers: breakdown,
        topOs: breakdown,
        socialCount: counts,
      }),
    });
    const targetWire = (t: Record<string, string>) =>
      Object.keys(t).length === 0 ? fc.constantFrom<unknown>({}, [], undefined) : fc.constant<unknown>(t);
    const countWire = (c: number | Record<string, number>) =>
      typeof c === 'number'
        ? asInt(c)
        : fc.constantFrom<unknown>(
            Object.fromEntries(Object.entries(c).map(([k, v]) => [k, String(v)])),
            Object.entries(c),
            c,
          );
    roundTrips(
      linkDetailSchema,
      quirky(linkDetail, ({ id: linkId, details: d, stats: s }) =>
        fc
          .record({
            error: okFlag,
            idWhere: fc.constantFrom('top', 'details', 'both'),
            linkId: asInt(linkId),
            location: targetWire(d.location),
            device: targetWire(d.device),
            expiry: asOptional(d.expiry),
            clicks: asInt(s.clicks),
            uniqueClicks: asInt(s.uniqueClicks),
            topCountries: countWire(s.topCountries),
            topReferrers: countWire(s.topReferrers),
            topBrowsers: countWire(s.topBrowsers),
            topOs: countWire(s.topOs),
            socialCount: countWire(s.socialCount),
            extra: extras(['error', 'id', 'details', 'data']),
          })
          .map(({ error, idWhere, linkId: wireId, location, device, expiry, extra, ...stats }) => {
            const details = wire(
              {
                id: idWhere === 'top' ? undefined : wireId,
                shorturl: d.shortUrl,
                longurl: d.longUrl,
                title: d.title,
                description: d.description,
                location,
                device,
                expiry,
                date: d.date,
              },
              {},
            );
            return wire(
              { error, id: idWhere === 'details' ? undefined : wireId, details, data: stats },
              extra,
            );
          }),
      ),
    );
  });
});
