/**
 * The daily notification of the watched links with the most new clicks (Options' switch, off by
 * default). One alarm a day while it is on; each time, the clicks each watched link of the active
 * profile got on the newest day of its history (lib/links/clicks.ts, which the mirror's passes
 * record), the top three named. No watched link clicked: no notification.
 */
import { type CachedLink, clickHistory, linksById } from '@/lib/links/cache';
import { type ClickPoint, clicksBetween } from '@/lib/links/clicks';
import { readLinkWatch } from '@/lib/links/watch';
import { linkName } from '@/lib/present/labels';
import { activeProfile } from '@/lib/settings/schema';
import { getItem, onItemChanged, settingsItem } from '@/lib/storage/items';
import { notifyWatchedMovers } from './notify';

const ALARM = 'watch-digest';
const DAY_MINUTES = 24 * 60;
/** How many links the notification names: what fits its few lines. */
const TOP = 3;

/** The links that gained most on the newest day of their history, at most TOP, most first. */
export function topMovers(
  watched: readonly { link: CachedLink; points: readonly ClickPoint[] }[],
): { name: string; clicks: number }[] {
  return watched
    .flatMap(({ link, points }) => {
      const newest = clicksBetween(points).at(-1);
      // Only the clicks of one day: a reading after days without one says nothing of yesterday.
      return newest && newest.to - newest.from === 1 && newest.clicks > 0
        ? [{ name: linkName(link) || link.shortUrl, clicks: newest.clicks }]
        : [];
    })
    .sort((a, b) => b.clicks - a.clicks)
    .slice(0, TOP);
}

/** Creates the digest; `now` is injectable for tests. */
export function createWatchDigest({ now = () => Date.now() }: { now?: () => number } = {}) {
  async function schedule(on: boolean): Promise<void> {
    if (!on) return void (await browser.alarms.clear(ALARM));
    if (!(await browser.alarms.get(ALARM)))
      await browser.alarms.create(ALARM, {
        when: now() + DAY_MINUTES * 60_000,
        periodInMinutes: DAY_MINUTES,
      });
  }

  /** Notifies of the active profile's top movers, when the switch is on and any moved. */
  async function send(): Promise<void> {
    const settings = await getItem(settingsItem);
    const profile = activeProfile(settings);
    if (!settings.behaviour.watchDigest || !profile) return;
    const { watched } = await readLinkWatch(profile.id);
    const links = await linksById(profile.id, watched);
    const histories = await Promise.all(
      links.map(async (link) => ({ link, points: await clickHistory(profile.id, link.id) })),
    );
    const movers = topMovers(histories);
    if (movers.length > 0) await notifyWatchedMovers(movers);
  }

  /** The alarm follows the switch (on install, update and browser start). */
  async function start(): Promise<void> {
    await schedule((await getItem(settingsItem)).behaviour.watchDigest).catch(() => undefined);
  }

  return {
    /** Listens for the alarm and the switch (synchronously, at the worker's start). */
    register(): void {
      browser.alarms.onAlarm.addListener((alarm) => (alarm.name === ALARM ? send() : undefined));
      onItemChanged(settingsItem, (settings) => {
        void schedule(settings.behaviour.watchDigest).catch(() => undefined);
      });
      // The alarm outlives the worker; an update may clear it, a new profile of the browser may lack
      // it. Not at every worker start: a stopped worker woken by the shortcut has no read to spare.
      browser.runtime.onInstalled.addListener(() => void start());
      browser.runtime.onStartup.addListener(() => void start());
    },
    start,
    send,
  };
}
