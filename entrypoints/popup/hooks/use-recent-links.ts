import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import {
  type CachedLink,
  createLinkSearch,
  getCachedLinks,
  linksForPage,
  sameLongUrl,
  samePage,
} from '@/lib/links/cache';
import { RECENT_LIMIT } from '../first-reads';

/** Newest first, each link once (a newer copy of the same id wins). */
function merged(first: readonly CachedLink[], then: readonly CachedLink[]): CachedLink[] {
  const byId = new Map<number, CachedLink>();
  for (const link of [...first, ...then]) if (!byId.has(link.id)) byId.set(link.id, link);
  return [...byId.values()].sort((a, b) => (a.date !== b.date ? (a.date < b.date ? 1 : -1) : b.id - a.id));
}

/** The page's links with those of exactly `url` first (each part newest first). */
function exactFirst(url: string, links: readonly CachedLink[]): CachedLink[] {
  const exact = links.filter((link) => sameLongUrl(link.longUrl, url));
  return exact.length === 0 || exact.length === links.length
    ? [...links]
    : [...exact, ...links.filter((link) => !sameLongUrl(link.longUrl, url))];
}

/**
 * The links the popup knows: the newest ones it read as it opened (a read that does not grow with
 * the cache), the links of the page in the form (for the "shortened before" offer: its address, and
 * the same page with a UTM preset's parameters), and every cached link once a search needs them.
 * `shown` is the list's rows.
 */
export function useRecentLinks() {
  const [links, setLinks] = useState<CachedLink[]>([]);
  // Every cached link, read at the first search; null until then.
  const [all, setAll] = useState<CachedLink[] | null>(null);
  const [forUrl, setForUrl] = useState<{ url: string; links: CachedLink[] }>({ url: '', links: [] });
  const [query, setQuery] = useState('');
  const [copiedId, setCopiedId] = useState<number | null>(null);
  const profileId = useRef<string | null>(null);
  const reading = useRef(false);

  /** Reads every cached link once, for a search; with the whole account mirrored that read takes a while. */
  const readAll = () => {
    const id = profileId.current;
    if (all || reading.current || !id) return;
    reading.current = true;
    void getCachedLinks(id).then(({ links: every }) => {
      reading.current = false;
      // Newest first already (the date index): only links added meanwhile need merging in.
      if (profileId.current === id) setAll((known) => (known?.length ? merged(known, every) : every));
    });
  };

  useEffect(() => {
    if (query.trim()) readAll();
  }, [query, all]);

  const searched = all ?? links;
  // Built once per list, so a keystroke only scans strings, and only those the last one left.
  const search = useMemo(() => createLinkSearch(searched), [searched]);
  const shown = useMemo(() => search.find(query, RECENT_LIMIT), [search, query]);

  return {
    /** The newest links. */
    links,
    shown,
    query,
    setQuery,
    /** The search field got the focus: the links it searches are read now, before the first key. */
    readyToSearch: readAll,
    copiedId,
    setCopiedId,
    /** A profile's first read: its newest links, and the links of the address the form starts with. */
    start(id: string, newest: CachedLink[], url: string, ofUrl: CachedLink[]) {
      profileId.current = id;
      setLinks(newest);
      setAll(null);
      setForUrl({ url, links: ofUrl });
    },
    /**
     * The cache's newest links again (after a refresh, a run of all tabs): they replace the list, and
     * a search reads the whole cache again.
     */
    refreshed(newest: CachedLink[]) {
      setLinks(newest);
      setAll(null);
      setForUrl((shown) => ({
        ...shown,
        links: merged(
          newest.filter((link) => samePage(link.longUrl, shown.url)),
          shown.links,
        ),
      }));
    },
    /** Reads the links of the page now in the form, when it changed. */
    lookUp(url: string) {
      const id = profileId.current;
      if (!id || samePage(url, forUrl.url)) return;
      setForUrl({ url, links: [] });
      void linksForPage(id, url).then((found) => {
        setForUrl((shown) => (shown.url === url ? { url, links: found } : shown));
      });
    },
    /** The newest link made before for exactly `url` (the one Enter reuses), as far as the popup has read. */
    earlierFor(url: string): CachedLink | undefined {
      const exact = (link: CachedLink) => sameLongUrl(link.longUrl, url);
      return (samePage(url, forUrl.url) ? forUrl.links.find(exact) : undefined) ?? searched.find(exact);
    },
    /**
     * Every link made before for the page of `url`, as far as the popup has read: those of exactly
     * `url` first, then those with other tracking parameters (a UTM preset's: the page's read finds
     * them), each newest first.
     */
    allEarlierFor(url: string): CachedLink[] {
      if (samePage(url, forUrl.url) && forUrl.links.length > 0) return exactFirst(url, forUrl.links);
      return searched.filter((link) => sameLongUrl(link.longUrl, url));
    },
    /** Puts a link just made or reused at the top, once. */
    add(link: CachedLink) {
      setLinks((known) => merged([link], known));
      setAll((known) => known && merged([link], known));
      setForUrl((shown) =>
        samePage(link.longUrl, shown.url) ? { ...shown, links: merged([link], shown.links) } : shown,
      );
    },
  };
}

/** What useRecentLinks returns. */
export type RecentLinksState = ReturnType<typeof useRecentLinks>;
