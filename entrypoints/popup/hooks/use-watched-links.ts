import { useEffect, useState } from 'preact/hooks';
import { useLinkWatch } from '@/components/use-link-watch';
import { type CachedLink, linksById } from '@/lib/links/cache';

/** A watched link and the clicks it got since a list last showed it. */
export interface WatchedLink {
  link: CachedLink;
  since: number;
}

/**
 * The active profile's watched links from the link cache, with their new clicks. Read in effects,
 * after the popup's first screen is drawn: they never delay the form. Showing them is looking at
 * them: their counts become the ones the next "+N" counts from.
 */
export function useWatchedLinks(profileId: string | null): WatchedLink[] {
  const watch = useLinkWatch(profileId);
  const [links, setLinks] = useState<CachedLink[]>([]);
  const { opened } = watch;
  useEffect(() => {
    setLinks([]);
    if (!profileId || !opened || opened.watched.length === 0) return undefined;
    let live = true;
    void linksById(profileId, opened.watched).then((found) => {
      if (!live) return;
      setLinks(found);
      watch.looked(found);
    });
    return () => {
      live = false;
    };
  }, [profileId, opened]);
  return links.map((link) => ({ link, since: watch.since(link.id, link.clicks) }));
}
