/**
 * A link's click history as the link cache keeps it (lib/links/cache.ts, store `clicks`): the count
 * of each day a pass of the mirror read it (the day's last count wins), a year at most.
 *
 * One record per link, so a link's year is one read. Days whose count did not move are kept as a
 * run's first and last day only (no click happened between them, whichever days were read), so an
 * idle link costs two points however long it is watched; a link whose count moves every day costs
 * 365. The points are stored as one flat array of differences, [day, clicks, +days, +clicks, …]:
 * small numbers, which the browser's serialisation writes in a byte or two (test/unit/lib/links/
 * clicks.test.ts measures what 100,000 links × 365 points cost).
 */

/** How many days of history a link keeps. */
export const HISTORY_DAYS = 365;

/** A link's click count as read on a day (lib/dates.ts dayNumber). */
export interface ClickPoint {
  day: number;
  clicks: number;
}

/** The points of a stored history, oldest first; none when it does not read as one. */
export function decodeClickPoints(stored: unknown): ClickPoint[] {
  if (!Array.isArray(stored) || stored.length % 2 !== 0) return [];
  const points: ClickPoint[] = [];
  let day = 0;
  let clicks = 0;
  for (let i = 0; i < stored.length; i += 2) {
    const days: unknown = stored[i];
    const more: unknown = stored[i + 1];
    // Days only move forward; anything else is not a history this module wrote.
    if (!Number.isSafeInteger(days) || !Number.isSafeInteger(more) || (i > 0 && (days as number) <= 0))
      return [];
    day += days as number;
    clicks += more as number;
    points.push({ day, clicks });
  }
  return points;
}

/** The stored form of points, oldest first. */
export function encodeClickPoints(points: readonly ClickPoint[]): number[] {
  const stored: number[] = [];
  let day = 0;
  let clicks = 0;
  for (const point of points) {
    stored.push(point.day - day, point.clicks - clicks);
    day = point.day;
    clicks = point.clicks;
  }
  return stored;
}

/**
 * The history with `clicks` read on `day`: that day's earlier count replaced, a run of one count
 * extended to `day`, and the points older than HISTORY_DAYS dropped. A count that is not a whole
 * number of clicks leaves the history as it was.
 */
export function withClickPoint(points: readonly ClickPoint[], day: number, clicks: number): ClickPoint[] {
  if (!Number.isSafeInteger(clicks) || clicks < 0) return [...points];
  // A clock set back: the newest reading is the truth, the "later" days it had go.
  const kept = points.filter((p) => p.day < day && p.day > day - HISTORY_DAYS);
  const last = kept.at(-1);
  const before = kept.at(-2);
  if (last && before && last.clicks === clicks && before.clicks === clicks) kept.pop();
  kept.push({ day, clicks });
  return kept;
}

/** New clicks between two readings: after day `from` up to day `to`, more than a day when none was read between. */
export interface ClicksBetween {
  from: number;
  to: number;
  /** New clicks in those days; a count that went down (reset on the server) counts as none. */
  clicks: number;
  /** The link's count on day `to`. */
  total: number;
}

/** The new clicks between each reading and the one before it, oldest first. */
export function clicksBetween(points: readonly ClickPoint[]): ClicksBetween[] {
  return points.slice(1).map((point, i) => {
    const previous = points[i]!;
    return {
      from: previous.day,
      to: point.day,
      clicks: Math.max(0, point.clicks - previous.clicks),
      total: point.clicks,
    };
  });
}
