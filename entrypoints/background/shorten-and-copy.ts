/**
 * "Shorten and copy" for the context menus and the keyboard command, where no page is open to show a
 * result: reuse the short URL if this long URL was shortened before (instant, even offline), else
 * create one with the profile's defaults; copy it; then confirm or explain with a notification and
 * the toolbar badge.
 */
import { type CachedLink, findByLongUrl, getCachedLinks } from '@/lib/cache';
import { loadStoredSettings } from '@/lib/settings-reader';
import type { Clients } from './active-client';
import type { ClipboardWriter } from './clipboard';
import { toErrorData } from './errors';
import { createLink, inputFromDefaults } from './links';
import type { Notifier } from './notify';

/** Shortens a long URL and copies the short one; reports the outcome itself and never rejects. */
export type ShortenAndCopy = (longUrl: string, pageTitle?: string) => Promise<void>;

interface Deps {
  clients: Clients;
  clipboard: ClipboardWriter;
  notifier: Notifier;
  clock?: () => number;
}

/** Creates the shared "shorten and copy" action. */
export function createShortenAndCopy({
  clients,
  clipboard,
  notifier,
  clock = () => Date.now(),
}: Deps): ShortenAndCopy {
  // A double-clicked menu item or a repeated shortcut joins the first request instead of making a twin.
  const running = new Map<string, Promise<{ link: CachedLink; reused: boolean }>>();

  async function findOrCreate(longUrl: string, pageTitle: string | undefined) {
    const active = await clients.active();
    const known = findByLongUrl((await getCachedLinks(active.profile.id)).links, longUrl);
    if (known) return { link: known, reused: true };
    const input = inputFromDefaults(longUrl, active.profile.defaults, new Date(clock()));
    return { link: await createLink(active, input, pageTitle, new Date(clock())), reused: false };
  }

  return async (longUrl, pageTitle) => {
    let result: { link: CachedLink; reused: boolean };
    try {
      let pending = running.get(longUrl);
      if (!pending) {
        pending = findOrCreate(longUrl, pageTitle).finally(() => running.delete(longUrl));
        running.set(longUrl, pending);
      }
      result = await pending;
    } catch (error) {
      await notifier.failed('Could not shorten the link', toErrorData(error));
      return;
    }
    try {
      await clipboard.write(result.link.shortUrl);
    } catch (error) {
      await notifier.failed(`Short URL created: ${result.link.shortUrl}`, toErrorData(error));
      return;
    }
    const notify = await loadStoredSettings().then(
      (settings) => settings.behaviour.notifications,
      () => true,
    );
    await notifier.copied(result.link.shortUrl, { reused: result.reused, notify });
  };
}
