/**
 * The popup's search over 10,000 cached links (the 50,000 that `npm run bench` times take too long for
 * a unit test): the index-based scan must find exactly what a plain reading of each link finds. Only
 * results are checked here; timings belong to the benchmark, never to a test.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, type CachedLink, createLinkSearch, searchLinks } from '@/lib/links/cache';
import { makeLinks, SEARCH_TERMS, typingQueries } from '@/scripts/bench/links';

/** The search as a user would describe it: every word appears in one of the link's texts. */
function naiveSearch(links: readonly CachedLink[], query: string, limit: number): CachedLink[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return links
    .filter((link) =>
      words.every((word) =>
        [link.shortUrl, link.longUrl, link.title, link.alias, link.description].some((text) =>
          text.toLowerCase().includes(word),
        ),
      ),
    )
    .slice(0, limit);
}

const ids = (links: readonly CachedLink[]) => links.map((link) => link.id);

const MANY = 10_000;

describe('searchLinks over a full cache', () => {
  const links = makeLinks(MANY);
  const index = buildSearchIndex(links);

  it('finds what a plain reading of each link finds, keystroke by keystroke', () => {
    const queries = typingQueries(SEARCH_TERMS);
    expect(queries.length).toBeGreaterThan(30);
    for (const query of queries) {
      expect(ids(searchLinks(links, index, query, 20)), query).toEqual(ids(naiveSearch(links, query, 20)));
    }
  });

  it('reaches the oldest link, not just the first screen', () => {
    const oldest = links.at(-1)!;
    const found = searchLinks(links, index, oldest.shortUrl, MANY);
    expect(ids(found)).toContain(oldest.id);
    expect(ids(found)).toEqual(ids(naiveSearch(links, oldest.shortUrl, MANY)));
  });

  it('ignores case and the order of words, and keeps the cache order', () => {
    const found = searchLinks(links, index, 'NOTES Release', 1_000);
    expect(found.length).toBeGreaterThan(20);
    expect(ids(found)).toEqual(ids(naiveSearch(links, 'release notes', 1_000)));
    expect(ids(found)).toEqual([...ids(found)].sort((a, b) => b - a));
  });

  it('answers nothing for a query no link contains, and the newest links for an empty one', () => {
    expect(searchLinks(links, index, 'zebra crossing', 20)).toEqual([]);
    expect(ids(searchLinks(links, index, '   ', 20))).toEqual(ids(links.slice(0, 20)));
  });
});

describe('createLinkSearch, which refines the previous keystroke’s results', () => {
  const links = makeLinks(MANY);
  const index = buildSearchIndex(links);

  it('finds what a plain reading finds as the user types, deletes and retypes, at any limit', () => {
    const search = createLinkSearch(links, index);
    const typed = typingQueries(SEARCH_TERMS);
    const queries = [
      ...typed,
      ...[...typed].reverse(),
      'release',
      'release n',
      'notes',
      'note release',
      're',
    ];
    for (const [i, query] of queries.entries()) {
      const limit = i % 3 === 0 ? Number.POSITIVE_INFINITY : 20;
      expect(ids(search.find(query, limit)), query).toEqual(ids(naiveSearch(links, query, limit)));
    }
  });

  it('agrees with a plain reading for any sequence of queries and limits', () => {
    const few = links.slice(0, 2_000);
    const fragment = fc.constantFrom(
      're',
      'release',
      'no',
      'notes',
      'git',
      'github',
      'e',
      'sho.rt/',
      'zebra',
      ' ',
    );
    const step = fc.record({
      query: fc.array(fragment, { maxLength: 4 }).map((f) => f.join('')),
      limit: fc.constantFrom(1, 6, 20, 5_000),
    });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 8 }), (steps) => {
        const search = createLinkSearch(few);
        for (const { query, limit } of steps) {
          expect(ids(search.find(query, limit))).toEqual(ids(naiveSearch(few, query, limit)));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('reads each link’s text about once while a word that matches little is typed', () => {
    let reads = 0;
    const counted = new Proxy(index, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const search = createLinkSearch(links, counted);
    const queries = typingQueries(['zebra crossing']);
    for (const query of queries) search.find(query, 20);
    // From scratch, each keystroke that finds fewer than 20 links would read all 10,000.
    expect(reads).toBeLessThan(2 * MANY);
    reads = 0;
    for (const query of [...queries].reverse()) search.find(query, 20);
    expect(reads).toBeLessThan(MANY);
  });
});

describe('makeLinks', () => {
  it('is deterministic and newest first', () => {
    expect(makeLinks(50)).toEqual(makeLinks(50));
    expect(makeLinks(50, 2)).not.toEqual(makeLinks(50));
    const dates = makeLinks(500).map((link) => link.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});
