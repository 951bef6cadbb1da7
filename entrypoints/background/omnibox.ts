/**
 * The address-bar keyword `sl` (manifest `omnibox`). Typing searches the cached links in memory and
 * sends nothing to the server; Enter copies the picked link (Alt+Enter opens its long URL), or
 * shortens a typed web address or, with nothing typed, the current tab, through the same shorten and
 * copy as the context menu and the shortcut.
 */

import { t } from '@/lib/i18n';
import { createLinksReader, type KeptLinks, type LinksReader } from '@/lib/links/cache';
import { safeHref } from '@/lib/url/rules';
import type { Clients } from './clients';
import { shortenTab } from './commands';
import { ExtensionError } from './errors';
import type { Notifier } from './notify';
import {
  type OmniboxBrowser,
  type OmniboxCache,
  omniboxCache,
  omniboxIntent,
  omniboxSuggestions,
  unconfiguredDescription,
} from './omnibox-suggestions';
import type { ShortenAndCopy } from './shorten-and-copy';

/** Hands the browser the rows for one text typed. */
type ShowRows = (rows: { content: string; description: string }[]) => void;

/** What the keyword works from: the active profile's links, or no usable profile. */
type Session = { configured: true; cache: OmniboxCache } | { configured: false };

interface Deps {
  clients: Clients;
  shortenAndCopy: ShortenAndCopy;
  notifier: Notifier;
  /** Chrome's rows have XML styles and a first row per text; Firefox's are plain and fixed. */
  browserName?: OmniboxBrowser;
}

/** Registers the keyword's listeners. */
export function registerOmnibox({
  clients,
  shortenAndCopy,
  notifier,
  browserName = import.meta.env.FIREFOX ? 'firefox' : 'chrome',
}: Deps): void {
  // Read once when the keyword is entered, then searched in memory: reading and checking the whole
  // cache on every keystroke would cost more than a frame. A new session asks the cache what changed,
  // so links made or a profile switched since are seen; with nothing changed (a mirror of 100,000
  // links read at the last session) it builds nothing again.
  let session: Promise<Session> | undefined;
  let kept: { profileId: string; reader: LinksReader; links?: KeptLinks; cache?: OmniboxCache } | undefined;

  async function read(): Promise<Session> {
    try {
      const { profile } = await clients.active();
      if (kept?.profileId !== profile.id)
        kept = { profileId: profile.id, reader: createLinksReader(profile.id) };
      const mine = kept;
      const links = await mine.reader.read();
      if (!mine.cache || mine.links !== links) {
        mine.links = links;
        mine.cache = omniboxCache(links.links, links.index);
      }
      return { configured: true, cache: mine.cache };
    } catch (error) {
      if (error instanceof ExtensionError && error.kind === 'not_configured') return { configured: false };
      // Unreadable settings: no suggestions, and Enter reports the failure through shorten and copy.
      return { configured: true, cache: omniboxCache([]) };
    }
  }
  const current = () => {
    session ??= read();
    return session;
  };

  async function suggest(text: string, show: ShowRows, isLatest: () => boolean) {
    const state = await current();
    if (!state.configured) {
      await browser.omnibox.setDefaultSuggestion({ description: unconfiguredDescription(browserName) });
      show([]);
      return;
    }
    const { description, suggestions } = omniboxSuggestions(text, state.cache, browserName);
    // Chrome draws the first row from the default it holds when the rows arrive; one set later shows
    // only at the next keystroke, so the rows wait for it.
    await browser.omnibox.setDefaultSuggestion({ description });
    if (isLatest()) show(suggestions);
  }

  // One keystroke is answered at a time, and only the newest waiting: Chrome parses every row's
  // markup in a new process, so under load answers to each keystroke land late and out of order, and
  // the first row it keeps would be an older keystroke's.
  let latest = 0;
  let answering: Promise<void> = Promise.resolve();
  function answer(text: string, show: ShowRows) {
    const ticket = ++latest;
    answering = answering
      .then(() => (ticket === latest ? suggest(text, show, () => ticket === latest) : undefined))
      .catch(() => undefined);
    return answering;
  }

  async function enter(text: string, disposition: string): Promise<void> {
    const state = await current();
    // The next keyword session reads the cache again: this Enter may add a link to it.
    session = undefined;
    if (!state.configured) {
      await browser.runtime.openOptionsPage();
      return;
    }
    const intent = omniboxIntent(text, state.cache);
    switch (intent.kind) {
      case 'current-tab':
        return shortenTab(undefined, shortenAndCopy, notifier, 'omnibox');
      case 'shorten':
        return shortenAndCopy({ via: 'omnibox', kind: 'link', url: intent.url });
      case 'no-match':
        return notifier.info(t('bg_omnibox_no_match_title'), t('bg_omnibox_no_match', intent.query));
      case 'link': {
        if (disposition === 'currentTab')
          return shortenAndCopy({ via: 'omnibox', kind: 'saved', link: intent.link });
        const url = safeHref(intent.link.longUrl);
        if (!url) return notifier.info(t('bg_omnibox_cannot_open_title'), t('bg_omnibox_cannot_open'));
        await browser.tabs.create({ url, active: disposition === 'newForegroundTab' });
      }
    }
  }

  browser.omnibox.onInputStarted.addListener(() => {
    session = read();
    // Browsers send no input event for the empty text the keyword starts with: say now what Enter does.
    return answer('', () => undefined);
  });
  browser.omnibox.onInputCancelled.addListener(() => {
    session = undefined;
  });
  // The promises are returned only so tests can await them; browsers ignore them.
  browser.omnibox.onInputChanged.addListener(answer);
  browser.omnibox.onInputEntered.addListener((text, disposition) =>
    enter(text, disposition).catch(() => undefined),
  );
}
