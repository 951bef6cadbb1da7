/**
 * The links cache: one record per link, read by date and by long URL. Records that do not read as
 * links, and a broken meta record, never break a page; the database of older releases is dropped and
 * the next refresh fills the new one.
 */
import fc from 'fast-check';
import { promisifyRequest } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { dayNumber } from '@/lib/dates';
import {
  buildSearchIndex,
  type CachedLink,
  cachedLink,
  clearProfileCache,
  clickHistory,
  completeMirrorPass,
  countLinks,
  countLinksForPages,
  createLinksReader,
  expiringLinks,
  findByLongUrl,
  getCachedLinks,
  getCachedLists,
  getMirrorState,
  highestLinkId,
  linksById,
  linksFetchedAt,
  linksForPage,
  linksForUrl,
  type MirrorState,
  onLinksWritten,
  putCachedLinks,
  putCachedLists,
  putLinkExpiry,
  putMirrorPage,
  recentLinks,
  searchLinks,
} from '@/lib/links/cache';
import { cachedLink as linkOf } from '../../background/helpers';

/** Writes records as a broken or hostile release might have, past the module's checks. */
async function writeRaw(store: 'links' | 'meta', values: unknown[]): Promise<void> {
  await recentLinks('any', 1); // the module creates the database and its stores first
  const db = await promisifyRequest(indexedDB.open('shortlink-links'));
  const transaction = db.transaction([store], 'readwrite');
  for (const value of values) transaction.objectStore(store).put(value);
  await promisifyRequest(transaction);
  db.close();
}

const at = (id: number, date: string, url = `https://${id}.example/`): CachedLink => ({
  ...linkOf(id, url),
  date,
});

describe('reads that do not grow with the cache', () => {
  it('gives the newest links first, at most the limit, of one profile only', async () => {
    const links = Array.from({ length: 30 }, (_, i) =>
      at(i + 1, `2030-01-${String(i + 1).padStart(2, '0')} 10:00:00`),
    );
    await putCachedLinks('r1', links, 100);
    await putCachedLinks('r2', [at(99, '2031-01-01 00:00:00')], 100);

    const newest = await recentLinks('r1', 5);

    expect(newest.map((l) => l.id)).toEqual([30, 29, 28, 27, 26]);
    expect(newest[0]).toEqual(links[29]);
  });

  it('orders links made within the same second by id', async () => {
    await putCachedLinks('r3', [
      at(8, '2030-01-01 10:00:00'),
      at(9, '2030-01-01 10:00:00'),
      at(7, '2030-01-01 10:00:00'),
    ]);
    expect((await recentLinks('r3', 10)).map((l) => l.id)).toEqual([9, 8, 7]);
    expect(await highestLinkId('r3')).toBe(9);
    expect(await highestLinkId('nobody')).toBeNull();
  });

  it('finds the links of one address as a user compares them, newest first', async () => {
    await putCachedLinks('u1', [
      at(1, '2030-01-01 10:00:00', 'https://a.example/post'),
      at(2, '2030-01-02 10:00:00', 'https://a.example/post/#top'),
      at(3, '2030-01-03 10:00:00', 'https://a.example/other'),
    ]);
    await putCachedLinks('u2', [at(4, '2030-01-04 10:00:00', 'https://a.example/post')]);

    expect((await linksForUrl('u1', ' https://a.example/post/ ')).map((l) => l.id)).toEqual([2, 1]);
    expect(await linksForUrl('u1', 'https://b.example/')).toEqual([]);
  });

  it("finds a page's links made with a UTM preset as the page's, and only exact ones as the address's", async () => {
    await putCachedLinks('utm-1', [
      at(1, '2030-01-01 10:00:00', 'https://a.example/post?id=3'),
      at(2, '2030-01-02 10:00:00', 'https://a.example/post?id=3&utm_source=linkedin&utm_medium=social'),
      at(3, '2030-01-03 10:00:00', 'https://a.example/post?utm_source=x&id=3&fbclid=abc'),
      at(4, '2030-01-04 10:00:00', 'https://a.example/post?id=4&utm_source=x'),
    ]);
    const ids = (links: { id: number }[]) => links.map((link) => link.id);
    expect(ids(await linksForPage('utm-1', 'https://a.example/post?id=3'))).toEqual([3, 2, 1]);
    expect(ids(await linksForPage('utm-1', 'https://a.example/post?id=3&utm_source=newsletter'))).toEqual([
      3, 2, 1,
    ]);
    expect(ids(await linksForUrl('utm-1', 'https://a.example/post?id=3'))).toEqual([1]);
    expect(
      ids(await linksForUrl('utm-1', 'https://a.example/post?id=3&utm_source=linkedin&utm_medium=social')),
    ).toEqual([2]);
    expect(
      await countLinksForPages('utm-1', ['https://a.example/post?id=3', 'https://a.example/post?id=4']),
    ).toEqual([3, 1]);
  });

  it('counts the links of several addresses in one read, as linksForUrl finds them', async () => {
    await putCachedLinks('count-1', [
      at(1, '2030-01-01 10:00:00', 'https://a.example/post'),
      at(2, '2030-01-02 10:00:00', 'https://a.example/post/#top'),
      at(3, '2030-01-03 10:00:00', 'https://a.example/other'),
    ]);
    await putCachedLinks('count-2', [at(4, '2030-01-04 10:00:00', 'https://a.example/post')]);

    expect(
      await countLinksForPages('count-1', [
        'https://a.example/post#x',
        'https://a.example/other/',
        'https://b.example/',
      ]),
    ).toEqual([2, 1, 0]);
    expect(await countLinksForPages('count-1', [])).toEqual([]);
  });
});

describe('who hears of a write', () => {
  it('is told the profile after links were written, deleted by a sweep, or cleared', async () => {
    const heard: string[] = [];
    const stop = onLinksWritten((profileId) => heard.push(profileId));
    await putCachedLinks('heard-1', [at(1, '2030-01-01 10:00:00', 'https://a.example/')]);
    await putCachedLinks('heard-2', []);
    await clearProfileCache('heard-1');
    stop();
    await putCachedLinks('heard-1', [at(2, '2030-01-01 10:00:00', 'https://a.example/')]);
    expect(heard).toEqual(['heard-1', 'heard-1']);
  });
});

describe('writes', () => {
  it('keeps one copy per id, the newest written, and its long URL index follows it', async () => {
    await putCachedLinks('w1', [at(5, '2030-01-01 10:00:00', 'https://old.example/')], 100);
    await putCachedLinks('w1', [{ ...at(5, '2030-01-01 10:00:00', 'https://new.example/'), title: 'New' }]);

    expect(await getCachedLinks('w1')).toEqual({
      fetchedAt: 100,
      links: [{ ...at(5, '2030-01-01 10:00:00', 'https://new.example/'), title: 'New' }],
    });
    expect(await linksForUrl('w1', 'https://old.example/')).toEqual([]);
  });

  it('marks a refresh only when given its time, and keeps the lists beside it', async () => {
    const lists = {
      fetchedAt: 7,
      campaigns: [{ id: 1, name: 'Spring' }],
      channels: [{ id: 2, name: 'Mail' }],
    };
    await putCachedLists('w2', lists);
    await putCachedLinks('w2', [at(1, '2030-01-01 10:00:00')], 500);
    await putCachedLinks('w2', [at(2, '2030-01-02 10:00:00')]);

    expect(await linksFetchedAt('w2')).toBe(500);
    expect(await getCachedLists('w2')).toEqual(lists);
  });

  it('clears one profile and leaves the others', async () => {
    await putCachedLinks('c1', [at(1, '2030-01-01 10:00:00')], 100);
    await putCachedLists('c1', { fetchedAt: 5, campaigns: [], channels: [] });
    await putCachedLinks('c2', [at(1, '2030-01-01 10:00:00')], 100);

    await clearProfileCache('c1');

    expect(await getCachedLinks('c1')).toEqual({ fetchedAt: 0, links: [] });
    expect(await getCachedLists('c1')).toEqual({ fetchedAt: 0, campaigns: [], channels: [] });
    expect((await getCachedLinks('c2')).links).toHaveLength(1);
  });
});

describe('the mirror', () => {
  const mirrorState = (passStartedAt: number, page: number): MirrorState => ({
    phase: 'first',
    page,
    total: 3,
    done: 0,
    passStartedAt,
    rereads: 0,
    syncedAt: 0,
    nextSweepAt: 0,
    error: null,
    failures: 0,
  });

  it('stores a page with its cursor, only while the stored pass is the writer’s', async () => {
    const profile = crypto.randomUUID();
    expect(await putMirrorPage(profile, [at(1, '2030-01-01 00:00:01')], mirrorState(100, 2), 100, null)).toBe(
      true,
    );
    expect(await getMirrorState(profile)).toMatchObject({ page: 2, passStartedAt: 100 });
    // Cleared meanwhile (the profile moved to another server): a run that still owns pass 100 writes nothing.
    await clearProfileCache(profile);
    expect(await putMirrorPage(profile, [at(2, '2030-01-01 00:00:02')], mirrorState(100, 3), 101, 100)).toBe(
      false,
    );
    expect(await countLinks(profile)).toBe(0);
    expect(await getMirrorState(profile)).toBeNull();
  });

  it('drops at the end of a complete pass the links it did not see, and keeps what was written since its start', async () => {
    const profile = crypto.randomUUID();
    await putMirrorPage(
      profile,
      [at(1, '2030-01-01 00:00:01'), at(2, '2030-01-01 00:00:02')],
      mirrorState(100, 2),
      100,
      null,
    );
    // The next pass starts at 200 and sees link 2 only; link 3 is made through the extension meanwhile.
    await putMirrorPage(profile, [at(2, '2030-01-01 00:00:02')], mirrorState(200, 2), 250, 100);
    await putCachedLinks(profile, [at(3, '2030-01-01 00:00:03')]);
    const idle = { ...mirrorState(200, 1), phase: 'idle' as const, syncedAt: 300 };
    expect(await completeMirrorPass(profile, 200, idle)).toBe(2);
    expect((await getCachedLinks(profile)).links.map((l) => l.id)).toEqual([3, 2]);
    expect(await getMirrorState(profile)).toMatchObject({ phase: 'idle', syncedAt: 300 });
    // An older pass ending late changes nothing.
    expect(await completeMirrorPass(profile, 100, { ...idle, syncedAt: 999 })).toBe(0);
    expect(await countLinks(profile)).toBe(2);
  });

  it('records each page’s click counts, a point a day, in the same write; a link dropped or a profile cleared loses its history', async () => {
    const profile = crypto.randomUUID();
    const noon = new Date(2030, 0, 10, 12).getTime();
    const day = dayNumber(noon);
    const clicked = (id: number, clicks: number) => ({ ...at(id, '2030-01-01 00:00:01'), clicks });
    await putMirrorPage(profile, [clicked(1, 4), clicked(2, 0)], mirrorState(100, 2), noon, null);
    // Later the same day, the count read last wins; the next day adds a point.
    await putMirrorPage(profile, [clicked(1, 6)], mirrorState(100, 3), noon + 3_600_000, 100);
    await putMirrorPage(profile, [clicked(1, 9), clicked(2, 0)], mirrorState(200, 2), noon + 86_400_000, 100);
    expect(await clickHistory(profile, 1)).toEqual([
      { day, clicks: 6 },
      { day: day + 1, clicks: 9 },
    ]);
    // A run that was refused (its pass is not the stored one) records nothing.
    expect(
      await putMirrorPage(profile, [clicked(1, 50)], mirrorState(300, 2), noon + 2 * 86_400_000, 100),
    ).toBe(false);
    expect(await clickHistory(profile, 1)).toHaveLength(2);

    // Link 1 is not seen by the next pass: it leaves with its history.
    const later = noon + 3 * 86_400_000;
    await putMirrorPage(profile, [clicked(2, 0)], mirrorState(later, 2), later + 50, 200);
    await completeMirrorPass(profile, later, { ...mirrorState(later, 1), phase: 'idle' });
    expect(await clickHistory(profile, 1)).toEqual([]);
    expect(await clickHistory(profile, 2)).toEqual([
      { day, clicks: 0 },
      { day: day + 3, clicks: 0 },
    ]);
    await clearProfileCache(profile);
    expect(await clickHistory(profile, 2)).toEqual([]);
  });

  it('keeps a link’s known expiry through pages that do not say it, and lists those expiring in a range', async () => {
    const profile = crypto.randomUUID();
    await putCachedLinks(profile, [
      { ...at(1, '2030-01-01 00:00:01'), expiry: '2030-06-13 18:30:00' },
      { ...at(2, '2030-01-01 00:00:02'), expiry: '2030-06-11 08:00:00' },
      { ...at(3, '2030-01-01 00:00:03'), expiry: '2030-07-01 00:00:00' },
      at(4, '2030-01-01 00:00:04'),
    ]);
    // The mirror's pages and the refresh's say nothing of expiry.
    await putMirrorPage(profile, [at(1, '2030-01-01 00:00:01')], mirrorState(100, 2), 100, null);
    await putCachedLinks(profile, [at(2, '2030-01-01 00:00:02')], 5);
    const soon = await expiringLinks(profile, '2030-06-10 00:00:00', '2030-06-17 00:00:00');
    expect(soon.map((l) => [l.id, l.expiry])).toEqual([
      [2, '2030-06-11 08:00:00'],
      [1, '2030-06-13 18:30:00'],
    ]);
    // Learnt later (a link's details, an update): set, moved, or gone.
    await putLinkExpiry(profile, 4, '2030-06-12 00:00:00');
    await putLinkExpiry(profile, 1, null);
    await putLinkExpiry(profile, 99, '2030-06-12 00:00:00');
    const after = await expiringLinks(profile, '2030-06-10 00:00:00', '2030-06-17 00:00:00');
    expect(after.map((l) => l.id)).toEqual([2, 4]);
    expect(await linksById(profile, [4, 99, 2])).toMatchObject([{ id: 4 }, { id: 2 }]);
    expect((await cachedLink(profile, 1))?.expiry).toBeUndefined();
  });

  it('keeps the campaign and channel the extension knows through pages that do not say them', async () => {
    const profile = crypto.randomUUID();
    await putCachedLinks(profile, [{ ...at(1, '2030-01-01 00:00:01'), campaign: 'Spring', channel: 'Blog' }]);
    await putMirrorPage(
      profile,
      [{ ...at(1, '2030-01-01 00:00:01'), clicks: 9 }],
      mirrorState(100, 2),
      100,
      null,
    );
    expect(await cachedLink(profile, 1)).toMatchObject({ clicks: 9, campaign: 'Spring', channel: 'Blog' });
    // An assignment the extension made since says the newer one.
    await putCachedLinks(profile, [{ ...at(1, '2030-01-01 00:00:01'), campaign: 'Autumn' }]);
    expect(await cachedLink(profile, 1)).toMatchObject({ campaign: 'Autumn', channel: 'Blog' });
  });
});

describe('records that do not read as links', () => {
  const good = { ...at(1, '2030-01-01 10:00:00'), profileId: 'b1', urlKey: 'https://1.example' };

  it.each([
    ['without its short URL', { ...good, id: 2, shortUrl: undefined }],
    ['whose clicks are a string', { ...good, id: 3, clicks: '3' }],
    ['whose date is a number', { ...good, id: 4, date: 5 }],
  ])('a record %s is left out of every read', async (_, bad) => {
    await writeRaw('links', [good, bad]);
    expect((await getCachedLinks('b1')).links.map((l) => l.id)).toEqual([1]);
    expect((await linksForUrl('b1', 'https://1.example/')).map((l) => l.id)).toEqual([1]);
  });

  it.each([
    ['a fetchedAt that is not a number', { profileId: 'm1', fetchedAt: '5', lists: 'x' }, 0],
    [
      'lists without their choices',
      { profileId: 'm1', fetchedAt: 5, lists: { fetchedAt: 5, campaigns: 'x' } },
      5,
    ],
    [
      'choices that are not choices',
      { profileId: 'm1', lists: { fetchedAt: 5, campaigns: [null, { id: 'x' }] } },
      0,
    ],
  ])('a meta record with %s reads as what it can of it', async (_, meta, fetchedAt) => {
    await writeRaw('meta', [meta]);
    expect(await linksFetchedAt('m1')).toBe(fetchedAt);
    expect((await getCachedLists('m1')).campaigns).toEqual([]);
  });

  it('never throws and always reads as usable links, whatever the records hold', async () => {
    const record = fc.record({
      profileId: fc.constant('fuzz'),
      id: fc.integer({ min: 1, max: 50 }),
      alias: fc.oneof(fc.string(), fc.integer()),
      shortUrl: fc.oneof(fc.string(), fc.constant(undefined)),
      longUrl: fc.oneof(fc.string(), fc.constant(null)),
      urlKey: fc.string(),
      title: fc.string(),
      description: fc.string(),
      clicks: fc.oneof(fc.integer(), fc.string()),
      date: fc.oneof(fc.string(), fc.constant('2030-01-01 10:00:00')),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(record, { maxLength: 8 }), fc.anything(), async (records, meta) => {
        await clearProfileCache('fuzz');
        await writeRaw('links', records);
        await writeRaw('meta', [{ ...(typeof meta === 'object' && meta ? meta : {}), profileId: 'fuzz' }]);
        const { links, fetchedAt } = await getCachedLinks('fuzz');
        const lists = await getCachedLists('fuzz');
        expect(Number.isFinite(fetchedAt)).toBe(true);
        expect(Array.isArray(lists.campaigns) && Array.isArray(lists.channels)).toBe(true);
        for (const link of [...links, ...(await recentLinks('fuzz', 3))])
          expect(typeof link.shortUrl).toBe('string');
        // What the popup does with the links must work on whatever was read.
        findByLongUrl(links, 'https://a.example/');
        searchLinks(links, buildSearchIndex(links), 'a', 10);
      }),
      { numRuns: 60 },
    );
  });
});

describe('a profile’s links kept in memory for a search', () => {
  it('reads every link once, then only what changed, and answers the same object while nothing did', async () => {
    const day = (d: number) => `2030-01-${String(d).padStart(2, '0')} 10:00:00`;
    await putCachedLinks('kept', [at(1, day(1)), at(2, day(2)), at(3, day(3))]);
    const reader = createLinksReader('kept');
    const first = await reader.read();
    expect(first.links.map((l) => l.id)).toEqual([3, 2, 1]);
    expect(await reader.read()).toBe(first);

    // An edit in place, a newer link and one older than all: each where its date puts it.
    await putCachedLinks('kept', [
      { ...at(2, day(2)), title: 'Edited' },
      at(4, day(4)),
      at(5, '2029-12-31 10:00:00'),
    ]);
    const second = await reader.read();
    expect(second.links.map((l) => l.id)).toEqual([4, 3, 2, 1, 5]);
    expect(second.links[2]?.title).toBe('Edited');
    expect(second.index).toEqual(buildSearchIndex(second.links));
    expect(first.links.map((l) => l.id)).toEqual([3, 2, 1]);

    // Links gone from the cache: everything is read again.
    await clearProfileCache('kept');
    await putCachedLinks('kept', [at(7, day(7))]);
    expect((await reader.read()).links.map((l) => l.id)).toEqual([7]);
  });
});
