/**
 * Watched links and "last looked": the new clicks count from what a list last showed, bounded per
 * profile; an unreadable stored value reads as nothing watched, and a deleted profile's goes.
 */
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  changeLinkWatch,
  clicksSince,
  forgetLinkWatch,
  readLinkWatch,
  withSeen,
  withWatched,
} from '@/lib/links/watch';

const none = { watched: [], seen: [] };

describe('last looked', () => {
  it('counts the clicks since a list last showed the link; none for a link never shown or a count that fell', () => {
    const watch = withSeen(none, [
      { id: 1, clicks: 10 },
      { id: 2, clicks: 5 },
    ]);
    expect(clicksSince(watch, 1, 25)).toBe(15);
    expect(clicksSince(watch, 2, 3)).toBe(0);
    expect(clicksSince(watch, 3, 99)).toBe(0);
    // Shown again: it counts from there.
    expect(clicksSince(withSeen(watch, [{ id: 1, clicks: 25 }]), 1, 30)).toBe(5);
  });

  it('keeps the 1,000 counts shown last, and 100 watched links at most', () => {
    let watch = none as ReturnType<typeof withSeen>;
    for (let id = 1; id <= 1_200; id++) watch = withSeen(watch, [{ id, clicks: id }]);
    expect(watch.seen).toHaveLength(1_000);
    expect(clicksSince(watch, 1, 50)).toBe(0);
    expect(clicksSince(watch, 1_200, 1_210)).toBe(10);
    for (let id = 1; id <= 120; id++) watch = withWatched(watch, id, true);
    expect(watch.watched).toHaveLength(100);
    expect(withWatched(watch, 50, false).watched).not.toContain(50);
  });
});

describe('stored per profile', () => {
  it('reads an unreadable value as nothing watched, and forgets a deleted profile’s', async () => {
    await fakeBrowser.storage.local.set({
      'link-watch:p1': {
        watched: 'all',
        seen: [
          [1, -3],
          [2, 4],
        ],
      },
    });
    expect(await readLinkWatch('p1')).toEqual({ watched: [], seen: [[2, 4]] });
    await changeLinkWatch('p2', (watch) => withWatched(watch, 7, true));
    expect((await readLinkWatch('p2')).watched).toEqual([7]);
    await forgetLinkWatch('p2');
    expect(await readLinkWatch('p2')).toEqual(none);
  });
});
