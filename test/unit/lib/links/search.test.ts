/**
 * The popup's search over 10,000 cached links (the 50,000 that `npm run bench` times take too long for
 * a unit test): the index-based scan must find exactly what a plain reading of each link finds. Only
 * results are checked here; timings belong to the benchmark, never to a test.
 */
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, type CachedLink, searchLinks } from '@/lib/links/cache';
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

describe('makeLinks', () => {
  it('is deterministic and newest first', () => {
    expect(makeLinks(50)).toEqual(makeLinks(50));
    expect(makeLinks(50, 2)).not.toEqual(makeLinks(50));
    const dates = makeLinks(500).map((link) => link.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});
