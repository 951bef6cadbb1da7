/**
 * Watched links and their new clicks ("+15"), per profile.
 *
 * "Last looked", exactly: for each link, the click count a list last showed the user in this profile
 * (the management page's links list, the popup's watched links). A list shows each link's new clicks
 * against the counts as they were when it opened, then stores the counts it showed: the next time,
 * they count from there. A link never shown has no new clicks. Bounded: WATCHED_MAX watched links
 * and SEEN_MAX counts a profile, the counts shown longest ago dropped first.
 *
 * Pages write it themselves, as they do the QR choices: it is the user's view, not the server's.
 */
import { getEntry, type LinkWatch, linkWatchFamily, removeEntry, setEntry } from '../storage/items';

/** The most links a profile watches: the popup lists them all. */
const WATCHED_MAX = 100;
/** The most counts kept of what lists showed: a few pages of the management list besides the watched. */
const SEEN_MAX = 1_000;

/** Nothing watched, nothing shown yet. */
const emptyLinkWatch = (): LinkWatch => ({ watched: [], seen: [] });

/** The clicks a link got since a list last showed it; 0 when never shown (or fewer now: a reset). */
export function clicksSince(watch: LinkWatch, id: number, clicks: number): number {
  const shown = watch.seen.findLast(([seenId]) => seenId === id);
  return shown ? Math.max(0, clicks - shown[1]) : 0;
}

/** The watch after a list showed `links`: their counts become the ones to count from. */
export function withSeen(watch: LinkWatch, links: readonly { id: number; clicks: number }[]): LinkWatch {
  const ids = new Set(links.map((link) => link.id));
  const seen = [
    ...watch.seen.filter(([id]) => !ids.has(id)),
    ...links.map((link): [number, number] => [link.id, link.clicks]),
  ];
  return { ...watch, seen: seen.slice(-SEEN_MAX) };
}

/** The watch with link `id` watched or not; a link past WATCHED_MAX is not added. */
export function withWatched(watch: LinkWatch, id: number, on: boolean): LinkWatch {
  const others = watch.watched.filter((watchedId) => watchedId !== id);
  const watched = on && others.length < WATCHED_MAX ? [...others, id] : others;
  return { ...watch, watched };
}

/** The profile's watch as stored. */
export async function readLinkWatch(profileId: string): Promise<LinkWatch> {
  return (await getEntry(linkWatchFamily, profileId)) ?? emptyLinkWatch();
}

/** Reads, changes and writes the profile's watch; answers what it wrote. */
export async function changeLinkWatch(
  profileId: string,
  change: (watch: LinkWatch) => LinkWatch,
): Promise<LinkWatch> {
  const next = change(await readLinkWatch(profileId));
  await setEntry(linkWatchFamily, profileId, next);
  return next;
}

/** Forgets a deleted profile's watch (or one moved to another server, where the ids mean other links). */
export function forgetLinkWatch(profileId: string): Promise<void> {
  return removeEntry(linkWatchFamily, profileId);
}
