// @vitest-environment node
/**
 * A link's click history: a point a day, the day's last count wins, a run of one count kept as its
 * ends, a year at most; and what a year of 100,000 links costs in the layout the cache stores (one
 * record per link, its points as one array of differences), measured with V8's serialiser, the
 * format Chrome's IndexedDB writes values in.
 */
import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import {
  type ClickPoint,
  clicksBetween,
  decodeClickPoints,
  encodeClickPoints,
  HISTORY_DAYS,
  withClickPoint,
} from '@/lib/links/clicks';

const DAY = 20_000;

/** The history after reading `counts` on consecutive days from DAY. */
const daily = (counts: number[], from = DAY): ClickPoint[] =>
  counts.reduce<ClickPoint[]>((points, clicks, i) => withClickPoint(points, from + i, clicks), []);

describe('the points of a link', () => {
  it('keeps a point a day, the day’s last count winning', () => {
    let points = withClickPoint([], DAY, 3);
    points = withClickPoint(points, DAY, 5);
    points = withClickPoint(points, DAY + 1, 9);
    points = withClickPoint(points, DAY + 1, 12);
    expect(points).toEqual([
      { day: DAY, clicks: 5 },
      { day: DAY + 1, clicks: 12 },
    ]);
  });

  it('keeps a run of one count as its first and last day: no click between them', () => {
    const points = daily([4, 4, 4, 4, 7, 7]);
    expect(points).toEqual([
      { day: DAY, clicks: 4 },
      { day: DAY + 3, clicks: 4 },
      { day: DAY + 4, clicks: 7 },
      { day: DAY + 5, clicks: 7 },
    ]);
    expect(clicksBetween(points)).toEqual([
      { from: DAY, to: DAY + 3, clicks: 0, total: 4 },
      { from: DAY + 3, to: DAY + 4, clicks: 3, total: 7 },
      { from: DAY + 4, to: DAY + 5, clicks: 0, total: 7 },
    ]);
  });

  it('keeps a year at most: the points older than 365 days go', () => {
    const points = daily(Array.from({ length: 400 }, (_, i) => i));
    expect(points).toHaveLength(HISTORY_DAYS);
    expect(points[0]).toEqual({ day: DAY + 400 - HISTORY_DAYS, clicks: 400 - HISTORY_DAYS });
    expect(points.at(-1)).toEqual({ day: DAY + 399, clicks: 399 });
  });

  it('counts a drop (a reset on the server) as no new clicks, and ignores a count that is not one', () => {
    const points = withClickPoint(daily([10, 2]), DAY + 2, Number.NaN);
    expect(points).toEqual(daily([10, 2]));
    expect(clicksBetween(points)).toEqual([{ from: DAY, to: DAY + 1, clicks: 0, total: 2 }]);
  });

  it('reads back what it stored, and a stored value that is not a history as none', () => {
    const points = daily([0, 5, 5, 5, 90, 1_000_000]);
    expect(decodeClickPoints(encodeClickPoints(points))).toEqual(points);
    for (const bad of [null, 'x', [1], [DAY, 1, 0, 3], [DAY, 1.5], { 0: DAY }])
      expect(decodeClickPoints(bad)).toEqual([]);
  });
});

describe('what a year of 100,000 links costs', () => {
  const LINKS = 100_000;
  const profileId = crypto.randomUUID();
  const bytes = (value: unknown) => serialize(value).length;
  const mb = (n: number) => `${(n / 2 ** 20).toFixed(1)} MB`;

  it('one record per link, its points as differences: bounded, and smaller than the plain layouts', () => {
    // The worst case: a link read every day of the year, its count moving each day (0–250 a day).
    let clicks = 0;
    const busy = daily(Array.from({ length: HISTORY_DAYS }, (_, i) => (clicks += (i * 37) % 251)));
    expect(busy).toHaveLength(HISTORY_DAYS);
    const record = { profileId, id: 123_456, points: encodeClickPoints(busy) };
    const perLink = bytes(record);
    // The same year as absolute [day, clicks] pairs, and as one record per point.
    const absolute = bytes({ ...record, points: busy.flatMap((p) => [p.day, p.clicks]) });
    const perPoint = busy.reduce((sum, p) => sum + bytes({ profileId, id: 123_456, ...p }), 0);
    // An idle link: read every day, never clicked.
    const idle = bytes({ ...record, points: encodeClickPoints(daily(new Array(HISTORY_DAYS).fill(0))) });
    console.info(
      `a year of clicks, ${LINKS.toLocaleString('en')} links read daily: ${mb(perLink * LINKS)} when every count moves every day (${perLink} B a link; as absolute pairs ${mb(absolute * LINKS)}, a record per point ${mb(perPoint * LINKS)}), ${mb(idle * LINKS)} when none moves (${idle} B a link)`,
    );
    expect(perLink).toBeLessThan(absolute);
    expect(perLink * 4).toBeLessThan(perPoint);
    expect(perLink * LINKS).toBeLessThan(250 * 2 ** 20);
    expect(idle).toBeLessThan(100);
  });
});
