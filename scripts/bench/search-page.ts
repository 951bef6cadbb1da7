/**
 * Runs in a Chromium page (bundled by scripts/bench/build.ts): times the popup's own search code,
 * `searchLinks` over a `buildSearchIndex` index, one call per keystroke as the popup makes it, and
 * the address bar's keyword, `omniboxSuggestions` (the same search plus each row's highlighted
 * markup), one call per keystroke as the background makes it. The typing timers time what the popup
 * and the background run now, `createLinkSearch` (which refines the previous keystroke's results),
 * each keystroke once, in the order typed, in a search new for each round (a popup or keyword session).
 */
import { omniboxCache, omniboxSuggestions } from '@/entrypoints/background/omnibox-suggestions';
import { buildSearchIndex, type CachedLink, createLinkSearch, searchLinks } from '@/lib/links/cache';
import { makeLinks } from './links';

/** The popup's list length (RECENT_LIMIT in entrypoints/popup/first-reads.ts): the search stops at this many. */
const RECENT_LIMIT = 20;
/**
 * One sample repeats a keystroke's search for at least this long: performance.now() in a page
 * ticks in 0.1 ms steps, and a search that finds its 20 links early takes a few microseconds.
 */
const SAMPLE_MS = 2;

/** Per round, for each keystroke (query), the mean time of one searchLinks call in ms. */
function timeSearch(count: number, queries: string[], rounds: number): number[][] {
  const links = makeLinks(count);
  const index = buildSearchIndex(links);
  return timeKeystrokes(queries, rounds, (query) => searchLinks(links, index, query, RECENT_LIMIT));
}

/** The page is no extension page: the rows' texts come from this stand-in for browser.i18n. */
const standInI18n = () =>
  Object.assign(globalThis, { browser: { i18n: { getMessage: (name: string) => name } } });

/** Per round, for each keystroke (query), the mean time of one omniboxSuggestions call in ms. */
function timeOmnibox(count: number, queries: string[], rounds: number): number[][] {
  standInI18n();
  const cache = omniboxCache(makeLinks(count));
  return timeKeystrokes(queries, rounds, (query) => omniboxSuggestions(query, cache, 'chrome'));
}

/** Per round, for each query, the mean time of one `keystroke(query)` in ms. */
function timeKeystrokes(
  queries: string[],
  rounds: number,
  keystroke: (query: string) => unknown,
): number[][] {
  // One untimed round first, so every timed one runs optimised code.
  for (const query of queries) keystroke(query);
  const samples: number[][] = [];
  for (let round = 0; round < rounds; round++) {
    samples.push(
      queries.map((query) => {
        const start = performance.now();
        let calls = 0;
        let elapsed = 0;
        do {
          keystroke(query);
          calls++;
          elapsed = performance.now() - start;
        } while (elapsed < SAMPLE_MS || calls < 3);
        return elapsed / calls;
      }),
    );
  }
  return samples;
}

/**
 * Per round, the time (ms) of each keystroke typed in order into a new search over `count` links:
 * `keystroke` made from the links and their index (built once, untimed). An untimed round first.
 */
function timeTyping(
  count: number,
  queries: string[],
  rounds: number,
  searchFor: (links: CachedLink[], index: string[]) => (query: string) => unknown,
): number[][] {
  const links = makeLinks(count);
  const index = buildSearchIndex(links);
  const samples: number[][] = [];
  for (let round = -1; round < rounds; round++) {
    const keystroke = searchFor(links, index);
    const times = queries.map((query) => {
      const start = performance.now();
      keystroke(query);
      return performance.now() - start;
    });
    if (round >= 0) samples.push(times);
  }
  return samples;
}

/** The popup's search while typing: its createLinkSearch, limit 20. */
const timePopupTyping = (count: number, queries: string[], rounds: number) =>
  timeTyping(count, queries, rounds, (links, index) => {
    const search = createLinkSearch(links, index);
    return (query) => search.find(query, RECENT_LIMIT);
  });

/** The address bar's suggestions while typing, over a keyword session's cache. */
function timeOmniboxTyping(count: number, queries: string[], rounds: number): number[][] {
  standInI18n();
  return timeTyping(count, queries, rounds, (links, index) => {
    const cache = omniboxCache(links, index);
    return (query) => omniboxSuggestions(query, cache, 'chrome');
  });
}

Object.assign(globalThis, { timeSearch, timeOmnibox, timePopupTyping, timeOmniboxTyping });
