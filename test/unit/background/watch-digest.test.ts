/**
 * The daily notification of the watched links with the most new clicks: off by default, an alarm a
 * day while on; it names at most three watched links by the clicks of the newest day of their
 * history, and says nothing when none was clicked.
 */
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createWatchDigest, topMovers } from '@/entrypoints/background/watch-digest';
import { putMirrorPage } from '@/lib/links/cache';
import { changeLinkWatch, withWatched } from '@/lib/links/watch';
import { defaultBehaviour } from '@/lib/settings/schema';
import { saveActiveProfile } from '../../fixtures/active-profile';
import { idleMirror } from '../../fixtures/mirror-state';
import { cachedLink } from './helpers';

const DAY = 20_000;
const link = (id: number, title: string) => ({ ...cachedLink(id, `https://${id}.example/`), title });

describe('top movers', () => {
  it('names the three watched links with the most clicks on the newest day, most first', () => {
    /** A watched link read on two days: `before` on day `from`, `after` on DAY + 1. */
    const read = (id: number, title: string, before: number, after: number, from = DAY) => ({
      link: link(id, title),
      points: [
        { day: from, clicks: before },
        { day: DAY + 1, clicks: after },
      ],
    });
    const movers = topMovers([
      read(1, 'One', 10, 15),
      read(2, 'Two', 0, 40),
      read(3, 'Three', 7, 7),
      read(4, 'Four', 1, 3),
      read(5, 'Five', 1, 9),
      // Clicked over three days without a reading between: not one day's clicks.
      read(6, 'Six', 0, 90, DAY - 2),
      { link: link(7, 'Seven'), points: [{ day: DAY + 1, clicks: 500 }] },
    ]);
    expect(movers).toEqual([
      { name: 'Two', clicks: 40 },
      { name: 'Five', clicks: 8 },
      { name: 'One', clicks: 5 },
    ]);
  });
});

describe('the daily notification', () => {
  it('is off by default: no alarm, no notification', async () => {
    expect(defaultBehaviour().watchDigest).toBe(false);
    await saveActiveProfile();
    const create = vi.spyOn(fakeBrowser.notifications, 'create').mockResolvedValue(undefined);
    const digest = createWatchDigest();
    await digest.start();
    expect(await fakeBrowser.alarms.get('watch-digest')).toBeUndefined();
    await digest.send();
    expect(create).not.toHaveBeenCalled();
  });

  it('while on, wakes once a day and names the watched links clicked most on the last day', async () => {
    const profileId = await saveActiveProfile({ watchDigest: true });
    const noon = new Date(2030, 0, 10, 12).getTime();
    await putMirrorPage(
      profileId,
      [{ ...link(1, 'Sale'), clicks: 3 }, link(2, 'Quiet')],
      idleMirror,
      noon,
      null,
    );
    await putMirrorPage(
      profileId,
      [{ ...link(1, 'Sale'), clicks: 45 }, link(2, 'Quiet')],
      idleMirror,
      noon + 86_400_000,
      0,
    );
    await changeLinkWatch(profileId, (watch) => withWatched(withWatched(watch, 1, true), 2, true));
    const create = vi.spyOn(fakeBrowser.notifications, 'create').mockResolvedValue(undefined);
    const digest = createWatchDigest({ now: () => noon });
    digest.register();
    await digest.start();
    const alarm = await fakeBrowser.alarms.get('watch-digest');
    expect(alarm).toMatchObject({ periodInMinutes: 1440, scheduledTime: noon + 86_400_000 });

    await fakeBrowser.alarms.onAlarm.trigger(alarm!);
    expect(create).toHaveBeenCalledTimes(1);
    expect(create.mock.calls[0]?.[1]).toMatchObject({
      title: 'Watched links: most new clicks',
      message: 'Sale: +42',
    });
  });
});

describe('its alarm', () => {
  it('is set on browser start and on install or update, not at each worker start', async () => {
    await saveActiveProfile({ watchDigest: true });
    createWatchDigest().register();
    // A worker started for anything else (the shortcut) asks nothing of the alarms.
    expect(await fakeBrowser.alarms.get('watch-digest')).toBeUndefined();
    await fakeBrowser.runtime.onStartup.trigger();
    await vi.waitFor(async () => expect(await fakeBrowser.alarms.get('watch-digest')).toBeDefined());
    await fakeBrowser.alarms.clearAll();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.1.0' });
    await vi.waitFor(async () => expect(await fakeBrowser.alarms.get('watch-digest')).toBeDefined());
  });
});
