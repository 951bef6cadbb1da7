/**
 * The cache's schema version: entries of another version, and corrupt ones, read as empty (so the
 * next refresh rebuilds them) and never break a page or the background.
 */
import fc from 'fast-check';
import { createStore, get, set } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  buildSearchIndex,
  CACHE_VERSION,
  findByLongUrl,
  getCachedLinks,
  getCachedLists,
  putCachedLinks,
  searchLinks,
} from '@/lib/links/cache';
import {
  cachedLink,
  type FakeServer,
  fakeServer,
  seedProfile,
  sendFromPopup,
  startBackground,
  stubBrowserApis,
} from '../../background/helpers';

// The same database and store as lib/links/cache.ts, to write what a broken or older release left there.
const raw = createStore('shortlink-cache', 'kv');
const good = cachedLink(1, 'https://a.example/');

describe('entries of another version or corrupt ones', () => {
  it.each([
    ['an entry of an older release (no version)', { fetchedAt: 5, links: [good] }],
    ['an entry of a newer version', { v: CACHE_VERSION + 1, fetchedAt: 5, links: [good] }],
    ['a string', 'garbage'],
    ['null', null],
    ['a list', [good]],
    ['links that are not a list', { v: 1, fetchedAt: 5, links: 'x' }],
    ['a fetchedAt that is not a number', { v: 1, fetchedAt: '5', links: [good] }],
    ['a link without its short URL', { v: 1, fetchedAt: 5, links: [{ ...good, shortUrl: undefined }] }],
    ['a link whose id is a string', { v: 1, fetchedAt: 5, links: [{ ...good, id: '1' }] }],
    ['a link that is null', { v: 1, fetchedAt: 5, links: [good, null] }],
  ])('%s reads as empty and never fetched', async (_, value) => {
    await set('links:p1', value, raw);
    await set('lists:p1', value, raw);
    expect(await getCachedLinks('p1')).toEqual({ fetchedAt: 0, links: [] });
    expect(await getCachedLists('p1')).toEqual({ fetchedAt: 0, campaigns: [], channels: [] });
  });

  it('is replaced, not merged into, by the next write, which carries the version', async () => {
    await set('links:p2', { fetchedAt: 5, links: [cachedLink(9, 'https://old.example/')] }, raw);
    await putCachedLinks('p2', [good], 100);
    expect(await get('links:p2', raw)).toEqual({ v: CACHE_VERSION, fetchedAt: 100, links: [good] });
    expect(await getCachedLinks('p2')).toEqual({ fetchedAt: 100, links: [good] });
  });

  it('never throws and always reads as a usable entry, whatever is stored', async () => {
    const link = fc.record({
      id: fc.oneof(fc.integer(), fc.string(), fc.constant(null)),
      alias: fc.oneof(fc.string(), fc.integer()),
      shortUrl: fc.oneof(fc.string(), fc.constant(undefined)),
      longUrl: fc.oneof(fc.string(), fc.constant(null)),
      title: fc.string(),
      description: fc.string(),
      clicks: fc.oneof(fc.integer(), fc.string()),
      date: fc.string(),
    });
    const entry = fc.oneof(
      fc.anything(),
      fc.record({
        v: fc.oneof(fc.constant(1), fc.anything()),
        fetchedAt: fc.anything(),
        links: fc.array(link),
      }),
      fc.record({
        v: fc.constant(1),
        fetchedAt: fc.double(),
        campaigns: fc.array(fc.record({ id: fc.anything(), name: fc.anything() })),
        channels: fc.anything(),
      }),
    );
    await fc.assert(
      fc.asyncProperty(entry, async (value) => {
        await set('links:fuzz', value, raw);
        await set('lists:fuzz', value, raw);
        const { links, fetchedAt } = await getCachedLinks('fuzz');
        const lists = await getCachedLists('fuzz');
        expect(Number.isFinite(fetchedAt)).toBe(true);
        expect(Array.isArray(lists.campaigns) && Array.isArray(lists.channels)).toBe(true);
        // What the popup does with the links must work on whatever was read.
        findByLongUrl(links, 'https://a.example/');
        searchLinks(links, buildSearchIndex(links), 'a', 10);
      }),
      { numRuns: 150 },
    );
  });
});

describe('rebuilt by the next refresh', () => {
  let server: FakeServer;

  beforeEach(() => {
    stubBrowserApis();
    server = fakeServer();
    startBackground(server);
  });

  it('fetches over an entry of an older release as if the cache were empty, and stores it with the version', async () => {
    const profile = await seedProfile();
    // Fresh by its own clock, but written without a version: it must not count as fresh.
    await set(`links:${profile.id}`, { fetchedAt: Date.now(), links: [good] }, raw);
    server.state.links.push({
      id: 41,
      alias: 'x',
      shorturl: 'https://sho.rt/x',
      longurl: 'https://x.example/',
      title: 'X',
      date: '2030-02-02 02:02:02',
    });

    const reply = await sendFromPopup('refresh', {});

    expect(reply).toMatchObject({ ok: true, data: { links: [{ id: 41 }] } });
    expect(server.calls.map((c) => c.path)).toContain('/api/urls?limit=50&order=date');
    expect(await get(`links:${profile.id}`, raw)).toMatchObject({ v: CACHE_VERSION, links: [{ id: 41 }] });
  });
});
