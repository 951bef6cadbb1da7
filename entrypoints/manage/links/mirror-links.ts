/**
 * The links list's search over the link mirror (the local copy, lib/links/cache.ts). The page reads
 * IndexedDB itself, only once a search is wanted (the field has the focus or holds text), and only
 * while the mirror holds every link of the server: a pass has completed. Otherwise it says where the
 * mirror stands, and the list asks the server.
 *
 *   const mirror = useMirrorLinks(wanted);            // where the mirror stands, its links when ready
 *   const list = useMirrorPage(mirror, query, order); // the links matching, a page at a time
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { ServerCache } from '@/components/server-cache';
import type { Page } from '@/lib/api/schemas';
import {
  type CachedLink,
  createLinkSearch,
  createLinksReader,
  getMirrorState,
  type KeptLinks,
  type LinksReader,
} from '@/lib/links/cache';
import { activeProfile } from '@/lib/settings/schema';
import { settingsItem, watchItem } from '@/lib/storage/items';
import { useServerCache } from '../api-context';
import { PAGE_SIZE } from '../hooks';
import type { ShownList } from '../paged-list';

/** How often the page asks the cache whether the mirror changed, while a search may need it. */
const MIRROR_CHECK_MS = 5_000;

/** Where the mirror stands for the list's search. */
export type MirrorStand =
  /** No profile, or its settings not read yet. */
  | { kind: 'none' }
  /** Not asked yet: the list neither searches the mirror nor the server meanwhile. */
  | { kind: 'checking' }
  | { kind: 'off' }
  /** No pass completed yet: `done` of `total` links read (0 of 0: not started). */
  | { kind: 'syncing'; done: number; total: number }
  /** Complete; `links` undefined while they are read. */
  | { kind: 'ready'; links: KeptLinks | undefined; refresh: () => void };

// One reader per server cache, which is one per profile and server for the page's life: going back
// to the list reads only what changed meanwhile, not every link again.
const readers = new WeakMap<ServerCache, { profileId: string; reader: LinksReader }>();

function readerOf(cache: ServerCache, profileId: string): LinksReader {
  const known = readers.get(cache);
  if (known?.profileId === profileId) return known.reader;
  const reader = createLinksReader(profileId);
  readers.set(cache, { profileId, reader });
  return reader;
}

/** The active profile and whether its mirror is on; undefined until the settings are read. */
function useMirrorSource(): { profileId: string; on: boolean } | null | undefined {
  const [source, setSource] = useState<{ profileId: string; on: boolean } | null>();
  useEffect(
    () =>
      watchItem(settingsItem, (settings) => {
        const profile = activeProfile(settings);
        const on = settings.behaviour.mirror;
        setSource((known) =>
          known?.profileId === profile?.id && known?.on === on
            ? known
            : profile
              ? { profileId: profile.id, on }
              : null,
        );
      }),
    [],
  );
  return source;
}

/**
 * Where the active profile's mirror stands and, once complete, its links, kept up to date while
 * `wanted`: checked every `checkMs`, reading only what changed.
 */
export function useMirrorLinks(wanted: boolean, checkMs = MIRROR_CHECK_MS): MirrorStand {
  const cache = useServerCache();
  const source = useMirrorSource();
  const [stand, setStand] = useState<MirrorStand>({ kind: 'checking' });
  const [tick, setTick] = useState(0);
  const profileId = source?.profileId;
  const on = source?.on;

  useEffect(() => {
    if (source === undefined) return;
    if (!profileId) return setStand({ kind: 'none' });
    if (!on) return setStand({ kind: 'off' });
    if (!wanted) return;
    const reader = readerOf(cache, profileId);
    const refresh = () => setTick((n) => n + 1);
    let stopped = false;
    const check = async () => {
      const state = await getMirrorState(profileId);
      if (stopped) return;
      if (!state || state.syncedAt === 0) {
        const total = state?.total ?? 0;
        setStand({ kind: 'syncing', done: Math.min(state?.done ?? 0, total), total });
        return;
      }
      setStand((shown) => (shown.kind === 'ready' ? shown : { kind: 'ready', links: undefined, refresh }));
      const links = await reader.read();
      if (!stopped)
        setStand((shown) =>
          shown.kind === 'ready' && shown.links === links ? shown : { kind: 'ready', links, refresh },
        );
    };
    void check();
    const timer = setInterval(() => void check(), checkMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [cache, source === undefined, profileId, on, wanted, checkMs, tick]);
  return stand;
}

/**
 * The mirror's links matching `query` in `order` (newest first, or most clicked), a page at a time,
 * and all of them (`matches`, for Select all; every link when `query` is empty).
 */
export function useMirrorPage(
  stand: MirrorStand,
  query: string,
  order: 'date' | 'click',
): ShownList<CachedLink> & { matches: readonly CachedLink[] | undefined } {
  const kept = stand.kind === 'ready' ? stand.links : undefined;
  const search = useMemo(() => kept && createLinkSearch(kept.links, kept.index), [kept]);
  const matches = useMemo(() => {
    const found = search?.find(query, Number.POSITIVE_INFINITY);
    // A stable sort: links with as many clicks stay newest first.
    return found && order === 'click' ? [...found].sort((a, b) => b.clicks - a.clicks) : found;
  }, [search, query, order]);
  const selection = `${order}\n${query}`;
  const [paging, setPaging] = useState({ selection, page: 1 });
  const wanted = paging.selection === selection ? paging.page : 1;
  const data = useMemo((): Page<CachedLink> | undefined => {
    if (!matches) return undefined;
    const maxPage = Math.max(1, Math.ceil(matches.length / PAGE_SIZE));
    const page = Math.min(wanted, maxPage);
    return {
      items: matches.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
      total: matches.length,
      perPage: PAGE_SIZE,
      currentPage: page,
      nextPage: page < maxPage ? page + 1 : null,
      maxPage,
    };
  }, [matches, wanted]);
  return {
    data,
    matches: query ? matches : kept?.links,
    error: undefined,
    loading: !data,
    reload: () => (stand.kind === 'ready' ? stand.refresh() : undefined),
    setPage: (page: number) => setPaging({ selection, page }),
  };
}
