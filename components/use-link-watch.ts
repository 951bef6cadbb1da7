import { useEffect, useState } from 'preact/hooks';
import { changeLinkWatch, clicksSince, readLinkWatch, withSeen, withWatched } from '@/lib/links/watch';
import type { LinkWatch } from '@/lib/storage/items';

/**
 * The profile's watched links and each link's new clicks (lib/links/watch.ts), for a list that shows
 * them: `since` counts against the counts as they were when the page opened, so a "+15" stays while
 * the page is open, and `looked` stores the counts the list showed for the next time.
 */
export function useLinkWatch(profileId: string | null) {
  // As read when the page opened (null until then): what "+N" counts from.
  const [opened, setOpened] = useState<LinkWatch | null>(null);
  const [watched, setWatched] = useState<readonly number[]>([]);
  useEffect(() => {
    setOpened(null);
    if (!profileId) return undefined;
    let live = true;
    readLinkWatch(profileId)
      .then((watch) => {
        if (!live) return;
        setOpened(watch);
        setWatched(watch.watched);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [profileId]);

  return {
    /** The watch as the page opened with it; null until read. */
    opened,
    watched,
    /** New clicks of a link since a list last showed it. */
    since: (id: number, clicks: number) => (opened ? clicksSince(opened, id, clicks) : 0),
    /** Watches or stops watching a link. */
    async toggle(id: number) {
      if (!profileId) return;
      const on = !watched.includes(id);
      const next = await changeLinkWatch(profileId, (watch) => withWatched(watch, id, on));
      setWatched(next.watched);
    },
    /** The list showed these counts: the next "+N" counts from them. */
    looked(links: readonly { id: number; clicks: number }[]) {
      if (!profileId || !opened || links.length === 0) return;
      void changeLinkWatch(profileId, (watch) => withSeen(watch, links)).catch(() => undefined);
    },
  };
}
