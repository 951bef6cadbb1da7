// @vitest-environment node
/**
 * Search over a full mirror of 100,000 links: the popup's search (an index built once per page, then
 * a scan of strings per keystroke) and the address bar's suggestions find the oldest link, and the
 * IndexedDB reads behave as the pages need: the popup's first read stays a cursor on the date index,
 * the search reads the whole profile once. Timings are printed for a reader, never asserted: they
 * depend on the machine (`npm run bench` measures them in the real browser).
 */
import { describe, expect, it } from 'vitest';
import { omniboxCache, omniboxSuggestions } from '@/entrypoints/background/omnibox-suggestions';
import {
  buildSearchIndex,
  getCachedLinks,
  putCachedLinks,
  recentLinks,
  searchLinks,
} from '@/lib/links/cache';
import { makeLinks, SEARCH_TERMS, typingQueries } from '@/scripts/bench/links';

const MIRRORED = 100_000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Times `run` for each query; prints the median and the slowest. */
function timeKeystrokes(label: string, queries: string[], run: (query: string) => unknown): void {
  const times = queries.map((query) => {
    const start = performance.now();
    run(query);
    return performance.now() - start;
  });
  console.info(
    `${label}, ${queries.length} keystrokes over ${MIRRORED.toLocaleString('en')} links: median ${median(times).toFixed(2)} ms, slowest ${Math.max(...times).toFixed(2)} ms`,
  );
}

describe(`search over ${MIRRORED.toLocaleString('en')} mirrored links`, () => {
  const links = makeLinks(MIRRORED);
  // The oldest link, the last the first sync reads, with a title no other link has.
  const oldest = links.at(-1)!;
  oldest.title = 'Quarterly zebra report';
  const queries = [...typingQueries([...SEARCH_TERMS, 'zebra report']), oldest.shortUrl];

  it('the popup’s search finds the oldest link; a keystroke scans the index built once', () => {
    const start = performance.now();
    const index = buildSearchIndex(links);
    console.info(
      `popup search index of ${MIRRORED.toLocaleString('en')} links built in ${(performance.now() - start).toFixed(1)} ms`,
    );
    expect(searchLinks(links, index, 'zebra report', 20).map((l) => l.id)).toEqual([oldest.id]);
    expect(searchLinks(links, index, oldest.shortUrl, MIRRORED).map((l) => l.id)).toContain(oldest.id);
    timeKeystrokes('popup search', queries, (query) => searchLinks(links, index, query, 20));
  });

  it('the address-bar keyword suggests the oldest link', () => {
    const cache = omniboxCache(links);
    const { suggestions } = omniboxSuggestions('zebra report', cache, 'chrome');
    expect(suggestions.map((s) => s.content)).toEqual([oldest.shortUrl]);
    timeKeystrokes('address-bar suggestions', queries, (query) => omniboxSuggestions(query, cache, 'chrome'));
  });

  it('the popup’s first read takes the newest 20 from the date index; a search reads them all', async () => {
    const profileId = 'mirror-bench';
    for (let i = 0; i < MIRRORED; i += 10_000) await putCachedLinks(profileId, links.slice(i, i + 10_000));
    let start = performance.now();
    const recent = await recentLinks(profileId, 20);
    console.info(`popup first read (newest 20): ${(performance.now() - start).toFixed(1)} ms`);
    expect(recent.map((l) => l.id)).toEqual(links.slice(0, 20).map((l) => l.id));
    start = performance.now();
    const all = await getCachedLinks(profileId);
    console.info(`search's one read of every link: ${(performance.now() - start).toFixed(1)} ms`);
    expect(all.links).toHaveLength(MIRRORED);
    expect(all.links.at(-1)?.id).toBe(oldest.id);
  }, 120_000);
});
