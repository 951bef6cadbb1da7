import { useMemo, useState } from 'preact/hooks';
import { buildSearchIndex, type CachedLink, searchLinks } from '@/lib/links/cache';

/** How many recent links the popup lists; the search reaches the whole cache. */
const RECENT_LIMIT = 20;

/** The cached links of the active profile, the search over them, and the row last copied. */
export function useRecentLinks() {
  const [links, setLinks] = useState<CachedLink[]>([]);
  const [query, setQuery] = useState('');
  const [copiedId, setCopiedId] = useState<number | null>(null);
  // Built once per list, so a keystroke of search only scans strings.
  const index = useMemo(() => buildSearchIndex(links), [links]);
  const shown = useMemo(() => searchLinks(links, index, query, RECENT_LIMIT), [links, index, query]);
  return {
    links,
    shown,
    query,
    setQuery,
    copiedId,
    setCopiedId,
    setLinks,
    /** Puts a link just made or reused at the top, once. */
    add: (link: CachedLink) => setLinks((prev) => [link, ...prev.filter((l) => l.id !== link.id)]),
  };
}

/** What useRecentLinks returns. */
export type RecentLinksState = ReturnType<typeof useRecentLinks>;
