/**
 * Context menu items. Items outlive the service worker, so they are created on install, update and
 * browser start only; the click listener is registered every time the worker starts.
 */
import { PENDING_SHORTEN_KEY } from '@/lib/ui-popup';
import { isHttpUrl } from '@/lib/url';
import { type Notifier, toolbarAction } from './notify';
import type { ShortenAndCopy } from './shorten-and-copy';

export const MENU = {
  link: 'shorten-link',
  page: 'shorten-page',
  selection: 'shorten-selection',
  withOptions: 'shorten-with-options',
} as const;

type MenuClick = { menuItemId: string | number; linkUrl?: string; pageUrl?: string; selectionText?: string };
type MenuTab = { url?: string; title?: string } | undefined;

/** Creates the menu items (replacing any left from an older version). */
export async function createMenus(): Promise<void> {
  await browser.contextMenus.removeAll();
  const items: Parameters<typeof browser.contextMenus.create>[0][] = [
    { id: MENU.link, title: 'Shorten link', contexts: ['link'] },
    { id: MENU.page, title: 'Shorten page URL', contexts: ['page'] },
    { id: MENU.selection, title: 'Shorten selected URL', contexts: ['selection'] },
    { id: MENU.withOptions, title: 'Shorten with options…', contexts: ['link', 'page'] },
  ];
  for (const item of items) browser.contextMenus.create(item);
}

function openFormWindow(url: string): Promise<unknown> {
  return browser.windows.create({
    type: 'popup',
    width: 420,
    height: 600,
    url: browser.runtime.getURL(`/popup.html?url=${encodeURIComponent(url)}`),
  });
}

/**
 * Opens the popup's form for a URL: the popup reads `pendingShorten` from storage.session. Where the
 * browser will not open the popup, a small window with `popup.html?url=` shows the same form.
 * openPopup is called before any await: Firefox allows it only while the click is being handled.
 */
export async function openShortenForm(url: string): Promise<void> {
  const session = browser.storage.session;
  if (!session) {
    await openFormWindow(url);
    return;
  }
  const stored = session.set({ [PENDING_SHORTEN_KEY]: { url, at: Date.now() } });
  let opened: Promise<unknown>;
  try {
    opened = Promise.resolve(toolbarAction().openPopup());
  } catch (error) {
    opened = Promise.reject(error);
  }
  try {
    await Promise.all([stored, opened]);
  } catch {
    await session.remove(PENDING_SHORTEN_KEY).catch(() => undefined);
    await openFormWindow(url);
  }
}

/** Handles one menu click; reports problems by notification and never rejects. */
export async function handleMenuClick(
  info: MenuClick,
  tab: MenuTab,
  shortenAndCopy: ShortenAndCopy,
  notifier: Notifier,
): Promise<void> {
  const pageUrl = info.pageUrl ?? tab?.url;
  const cannot = (what: string) =>
    notifier.info('Nothing to shorten', `${what} Only http:// and https:// addresses can be shortened.`);
  const notALink = 'This link does not lead to a web page.';
  const notAPage = 'This page has no web address.';

  switch (info.menuItemId) {
    case MENU.link:
      return info.linkUrl && isHttpUrl(info.linkUrl) ? shortenAndCopy(info.linkUrl) : cannot(notALink);
    case MENU.page:
      return pageUrl && isHttpUrl(pageUrl) ? shortenAndCopy(pageUrl, tab?.title) : cannot(notAPage);
    case MENU.selection: {
      const text = info.selectionText?.trim() ?? '';
      return isHttpUrl(text) && !/\s/.test(text)
        ? shortenAndCopy(text)
        : cannot(
            'The selected text is not a web address: select a full URL such as https://example.com/page.',
          );
    }
    case MENU.withOptions: {
      const url = info.linkUrl ?? pageUrl;
      if (!url || !isHttpUrl(url)) return cannot(info.linkUrl ? notALink : notAPage);
      return openShortenForm(url).catch(() =>
        notifier.info(
          'Could not open Shortlink',
          'Click the Shortlink button in the toolbar and paste the URL there.',
        ),
      );
    }
  }
}

/** Registers the menu listeners: creation on install, update and browser start, and clicks. */
export function registerMenus(shortenAndCopy: ShortenAndCopy, notifier: Notifier): void {
  const create = () => {
    createMenus().catch((error: unknown) =>
      console.error('Shortlink: could not create menus:', String(error)),
    );
  };
  browser.runtime.onInstalled.addListener(create);
  // Chrome keeps menu items across restarts; Firefox forgets them when the browser closes.
  browser.runtime.onStartup.addListener(create);
  // The promise is returned only so tests can await the click; browsers ignore it.
  browser.contextMenus.onClicked.addListener((info, tab) =>
    handleMenuClick(info, tab, shortenAndCopy, notifier),
  );
}
