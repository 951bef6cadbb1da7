/**
 * "Shorten and copy" for the context menus and the keyboard command, where no page is open to show a
 * result: pick the address as the behaviour settings say (the page's canonical URL, tracking
 * parameters removed), reuse the short URL if that address was shortened before (instant, even
 * offline), else create one with the profile's defaults; copy it in the chosen copy format; then
 * confirm or explain with a notification and the toolbar badge.
 */

import type { ErrorData } from '@/lib/api/errors';
import { t } from '@/lib/i18n';
import { isQueueable } from '@/lib/jobs/queue';
import type { CachedLink } from '@/lib/links/cache';
import { copyPayloadFor } from '@/lib/links/copy-format';
import { queuedNotificationText } from '@/lib/present/errors';
import type { Behaviour } from '@/lib/settings/schema';
import { defaultBehaviour } from '@/lib/settings/schema';
import { loadSettings } from '@/lib/storage/settings';
import { readCanonical } from '@/lib/url/canonical';
import { type ResolvedUrl, resolveLink, resolvePage } from '@/lib/url/page-url';
import type { Clients, ProfileClient } from './clients';
import type { ClipboardWriter } from './clipboard';
import { type CreateLink, inputFromDefaults } from './create-link';
import { toErrorData } from './errors';
import type { CreateQueue } from './jobs/queue';
import { readLinkText } from './link-text';
import type { CopiedNote, Notifier } from './notify';

/**
 * What the user asked to shorten: the page of a tab, a link (a link target or a selected URL), or a
 * link made before that the user picked (the address bar's keyword), copied as it is.
 */
type ShortenTarget = {
  /** Where it was asked: a create that fails for the server's reason is queued under this name. */
  via: 'menu' | 'shortcut' | 'omnibox';
} & (
  | {
      kind: 'page';
      /** The tab's address, already known to be http(s). */
      url: string;
      title?: string | undefined;
      /** The tab, to read its canonical URL from; without it the tab's address is used. */
      tabId?: number | undefined;
    }
  | {
      kind: 'link';
      url: string;
      /** The link's text, shown in titled formats when the link has no title of its own. */
      text?: string | undefined;
      /** Where the link was clicked, to read its text from when `text` is missing (Chrome). */
      tabId?: number | undefined;
      frameId?: number | undefined;
    }
  | { kind: 'saved'; link: CachedLink }
);

/** A link found or made, or the reason its create waits in the queue. */
type Found = { link: CachedLink; reused: boolean; existing?: true } | { queued: ErrorData };

/** Shortens a page or link and copies the short URL; reports the outcome itself and never rejects. */
export type ShortenAndCopy = (target: ShortenTarget) => Promise<void>;

interface Deps {
  clients: Clients;
  createLink: CreateLink;
  clipboard: ClipboardWriter;
  notifier: Notifier;
  /** Where a create the server could not make waits. */
  queue: Pick<CreateQueue, 'add'>;
  clock?: () => number;
  /** Reads a tab's canonical URL; injectable for tests. */
  canonical?: (tabId: number) => Promise<string | null>;
}

/** Creates the shared "shorten and copy" action. */
export function createShortenAndCopy({
  clients,
  createLink,
  clipboard,
  notifier,
  queue,
  clock = () => Date.now(),
  canonical = readCanonical,
}: Deps): ShortenAndCopy {
  async function findOrCreate(
    reading: Promise<ProfileClient>,
    longUrl: string,
    pageTitle: string | undefined,
    via: ShortenTarget['via'],
    /** Gets the whole create, cache write included, for the action's end to wait for. */
    keep: (creating: Promise<unknown>) => void,
  ): Promise<Found> {
    const active = await reading;
    const input = inputFromDefaults(longUrl, active.profile.defaults, new Date(clock()));
    try {
      // A double-clicked menu item or a repeated shortcut joins the first create (the pipeline's).
      const profileId = active.profile.id;
      // Answered as soon as the server's link is known: the copy never waits for the cache to keep it
      // (a write reads each stored record first). In the bench's traces the write had not been what
      // held the copy: answer → copied 18.7–21.4 ms before, 21.0–22.0 ms after, the rest being the
      // offscreen document's round trip.
      return await new Promise<Found>((answer, fail) => {
        const request = {
          input,
          profileId,
          client: active,
          pageTitle,
          priority: 'user' as const,
          reuse: true,
        };
        const creating = createLink({ ...request, whenMade: answer });
        keep(creating.catch(() => undefined));
        creating.then(answer, fail);
      });
    } catch (error) {
      const data = toErrorData(error);
      if (!isQueueable(data)) throw error;
      await queue.add({ profileId: active.profile.id, input, pageTitle, source: via, error: data });
      return { queued: data };
    }
  }

  async function longUrlOf(
    target: Exclude<ShortenTarget, { kind: 'saved' }>,
    behaviour: Behaviour,
  ): Promise<ResolvedUrl> {
    if (target.kind === 'link') return resolveLink(target.url, behaviour);
    const declared =
      behaviour.preferCanonical && target.tabId !== undefined ? await canonical(target.tabId) : null;
    return resolvePage(target.url, declared, behaviour);
  }

  /**
   * The text to title a link with when the click did not give it: read from the page, and only for
   * the formats that show a title, so a plain copy costs nothing. Never rejects.
   */
  function missingLinkText(target: ShortenTarget, behaviour: Behaviour): Promise<string | null> {
    if (target.kind !== 'link' || target.text || target.tabId === undefined) return Promise.resolve(null);
    if (behaviour.copyFormat === 'plain') return Promise.resolve(null);
    return readLinkText({ tabId: target.tabId, frameId: target.frameId }, target.url);
  }

  /** Copies the short URL in the user's format, titled `shown`, then confirms or explains it. */
  async function copyAndConfirm(
    link: CachedLink,
    shown: string,
    behaviour: Behaviour,
    how: Pick<CopiedNote, 'reused' | 'existing' | 'unwrapped'> = { reused: false },
  ) {
    const { shortUrl } = link;
    try {
      await clipboard.write(copyPayloadFor({ shortUrl, title: shown }, behaviour.copyFormat));
    } catch (error) {
      await notifier.failed(t('bg_copy_failed_title', shortUrl), toErrorData(error), t('bg_failed_copy'));
      return;
    }
    await notifier.copied(shortUrl, {
      ...how,
      notify: behaviour.notifications,
      format: behaviour.copyFormat,
    });
  }

  return async (target) => {
    // One read of settings and keys serves the whole action: the behaviour, the profile, its client.
    const reading = clients.active();
    // Without a profile or key the behaviour still says how to copy a saved link; unreadable
    // settings are no reason not to copy either: the defaults change nothing in the address.
    const behaviour = await reading.then(
      (active) => active.settings.behaviour,
      () => loadSettings().then((settings) => settings.behaviour, defaultBehaviour),
    );
    // Picked by the user, not found for an address: nothing to say about reuse.
    if (target.kind === 'saved') return copyAndConfirm(target.link, target.link.title, behaviour);
    // Read alongside the shortening, not before it: the page's answer must add no delay.
    const readText = missingLinkText(target, behaviour);
    const { url: longUrl, unwrapped } = await longUrlOf(target, behaviour);
    // Only a page's title describes the address; a link's text is for this copy only.
    const pageTitle = target.kind === 'page' ? target.title : undefined;
    let result: Found;
    let kept: Promise<unknown> = Promise.resolve();
    try {
      result = await findOrCreate(reading, longUrl, pageTitle, target.via, (creating) => {
        kept = creating;
      });
    } catch (error) {
      await notifier.failed(t('bg_shorten_failed_title'), toErrorData(error));
      return;
    }
    if ('queued' in result) {
      await notifier.info(t('bg_queued_title'), queuedNotificationText(result.queued));
      return;
    }
    // A page is titled as its tab shows it; a link by the title its short link was given, else its text.
    const shown =
      (target.kind === 'page'
        ? target.title?.trim() || result.link.title.trim()
        : result.link.title.trim() || target.text || (await readText)) || '';
    await copyAndConfirm(result.link, shown, behaviour, {
      reused: result.reused,
      existing: result.existing,
      unwrapped,
    });
    // The action ends once the cache keeps the link: whatever comes next finds it there.
    await kept;
  };
}
