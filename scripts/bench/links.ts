/**
 * Deterministic cached links for search benchmarks and tests: the same seed gives the same links.
 *
 *   const links = makeLinks(10_000);            // newest first, like the cache
 *   const queries = typingQueries(SEARCH_TERMS); // 'g', 'gi', 'git', … one per keystroke
 */
import type { CachedLink } from '@/lib/links/cache';

const HOSTS = [
  'github.com',
  'docs.google.com',
  'news.ycombinator.com',
  'en.wikipedia.org',
  'www.youtube.com',
  'medium.com',
  'stackoverflow.com',
  'example.com',
  'shop.example.org',
  'blog.acme.io',
];
const WORDS = [
  'release',
  'notes',
  'pricing',
  'checkout',
  'summer',
  'campaign',
  'invoice',
  'report',
  'quarterly',
  'roadmap',
  'design',
  'review',
  'issue',
  'pull',
  'request',
  'tutorial',
  'video',
  'podcast',
  'webinar',
  'signup',
  'landing',
  'launch',
  'beta',
  'newsletter',
  'careers',
  'support',
  'status',
  'security',
  'privacy',
  'terms',
];

/** Keystroke by keystroke: a frequent word, a rarer pair, a host and a query nothing matches. */
export const SEARCH_TERMS = ['release notes', 'webinar careers', 'ycombinator', 'zebra crossing'];

/** A small seeded generator (mulberry32): fast, and the same everywhere. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `count` links, newest first, with realistic URLs, titles and descriptions. */
export function makeLinks(count: number, seed = 1): CachedLink[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const words = (n: number) => Array.from({ length: n }, () => pick(WORDS));
  const start = Date.UTC(2025, 0, 1);
  const links: CachedLink[] = [];
  for (let i = 0; i < count; i++) {
    const id = count - i;
    const when = new Date(start + id * 3_600_000);
    const alias = `${pick(WORDS)}${id.toString(36)}`;
    const title = words(2 + Math.floor(random() * 4)).join(' ');
    links.push({
      id,
      alias,
      shortUrl: `https://sho.rt/${alias}`,
      longUrl: `https://${pick(HOSTS)}/${words(2).join('/')}?ref=${id}`,
      title: title[0]!.toUpperCase() + title.slice(1),
      description: random() < 0.3 ? words(6).join(' ') : '',
      clicks: Math.floor(random() * 500),
      date:
        `${when.getUTCFullYear()}-${pad(when.getUTCMonth() + 1)}-${pad(when.getUTCDate())} ` +
        `${pad(when.getUTCHours())}:${pad(when.getUTCMinutes())}:${pad(when.getUTCSeconds())}`,
    });
  }
  return links;
}

/** Every prefix of every term, as the search field holds it after each keystroke. */
export function typingQueries(terms: readonly string[]): string[] {
  return terms.flatMap((term) => Array.from({ length: term.length }, (_, i) => term.slice(0, i + 1)));
}
