/**
 * Context menu items. Items outlive the service worker, so they are created on install, update and
 * browser start only; the click listener is registered every time the worker starts.
 */
import { t } from '@/lib/i18n';
import { distinctUrls, MAX_LIST_URLS } from '@/lib/jobs/url-list';
import { canOpenSidePanel, openSidePanel } from '@/lib/side-panel';
import { pendingShortenItem, removeItem, setItem } from '@/lib/storage/items';
import { isHttpUrl, urlFromSelection } from '@/lib/url/rules';
import { urlsInText } from '@/lib/url/several';
import { toErrorData } from './errors';
import { type Notifier, toolbarAction } from './notify';
import type { ShortenAndCopy } from './shorten-and-copy';

export const MENU = {
  link: 'shorten-link',
  page: 'shorten-page',
  selection: 'shorten-selection',
  withOptions: 'shorten-with-options',
  sidePanel: 'open-side-panel',
} as const;

type MenuClick = {
  menuItemId: string | number;
  linkUrl?: string;
  /** Firefox only: the link's text. */
  linkText?: string;
  /** The frame the click was in (0: the top frame), to read the link's text from in Chrome. */
  frameId?: number;
  pageUrl?: string;
  selectionText?: string;
};
type MenuTab = { id?: number; url?: string; title?: string; windowId?: number } | undefined;
/** Shortens several URLs of a selection as one list, copied at the end (jobs/copy-list.ts). */
type ShortenUrls = (urls: string[]) => Promise<unknown>;

/** Creates the menu items (replacing any left from an older version). */
async function createMenus(): Promise<void> {
  await browser.contextMenus.removeAll();
  const items: Parameters<typeof browser.contextMenus.create>[0][] = [
    { id: MENU.link, title: t('bg_menu_shorten_link'), contexts: ['link'] },
    { id: MENU.page, title: t('bg_menu_shorten_page'), contexts: ['page'] },
    { id: MENU.selection, title: t('bg_menu_shorten_selection'), contexts: ['selection'] },
    {
      id: MENU.withOptions,
      title: t('bg_menu_shorten_with_options'),
      contexts: ['link', 'page', 'selection'],
    },
  ];
  // Only where the browser has a side panel to open (Chrome 116+, Firefox).
  if (canOpenSidePanel())
    items.push({ id: MENU.sidePanel, title: t('panel_open_button'), contexts: ['page'] });
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
async function openShortenForm(url: string): Promise<void> {
  const session = browser.storage.session;
  if (!session) {
    await openFormWindow(url);
    return;
  }
  const stored = setItem(pendingShortenItem, { url, at: Date.now() }, session);
  let opened: Promise<unknown>;
  try {
    opened = Promise.resolve(toolbarAction().openPopup());
  } catch (error) {
    opened = Promise.reject(error);
  }
  try {
    await Promise.all([stored, opened]);
  } catch {
    await removeItem(pendingShortenItem, session).catch(() => undefined);
    await openFormWindow(url);
  }
}

/** Handles one menu click; reports problems by notification and never rejects. */
async function handleMenuClick(
  info: MenuClick,
  tab: MenuTab,
  shortenAndCopy: ShortenAndCopy,
  shortenUrls: ShortenUrls,
  notifier: Notifier,
): Promise<void> {
  const pageUrl = info.pageUrl ?? tab?.url;
  const cannot = (message: string) => notifier.info(t('bg_nothing_to_shorten_title'), message);

  switch (info.menuItemId) {
    case MENU.sidePanel:
      // Before any await: the browser opens the panel only while the click is being handled.
      return openSidePanel(tab?.windowId).catch(() =>
        notifier.info(t('bg_open_form_failed_title'), t('panel_open_failed')),
      );
    case MENU.link:
      return info.linkUrl && isHttpUrl(info.linkUrl)
        ? shortenAndCopy({
            via: 'menu',
            kind: 'link',
            url: info.linkUrl,
            text: info.linkText?.trim(),
            tabId: tab?.id,
            frameId: info.frameId,
          })
        : cannot(t('bg_link_not_web'));
    case MENU.page:
      return pageUrl && isHttpUrl(pageUrl)
        ? shortenAndCopy({ via: 'menu', kind: 'page', url: pageUrl, title: tab?.title, tabId: tab?.id })
        : cannot(t('bg_page_not_web'));
    case MENU.selection: {
      // Chrome cannot retitle the item per selection: the click decides. One URL is shortened as
      // ever; several are one list, each made once and copied together, summed up by notification.
      const text = info.selectionText ?? '';
      const urls = distinctUrls(urlsInText(text));
      const url = urlFromSelection(text) ?? (urls.length === 1 ? urls[0] : null);
      if (url) return shortenAndCopy({ via: 'menu', kind: 'link', url });
      if (urls.length === 0) return cannot(t('bg_selection_not_url'));
      return shortenUrls(urls.slice(0, MAX_LIST_URLS)).then(
        () => undefined,
        (error: unknown) => notifier.info(t('bg_list_failed_title'), toErrorData(error).message),
      );
    }
    case MENU.withOptions: {
      // Text selected inside a link reports both: the link is what the item was shown for.
      const { url, notWeb } = info.linkUrl
        ? { url: info.linkUrl, notWeb: t('bg_link_not_web') }
        : info.selectionText
          ? { url: urlFromSelection(info.selectionText), notWeb: t('bg_selection_not_url') }
          : { url: pageUrl, notWeb: t('bg_page_not_web') };
      if (!url || !isHttpUrl(url)) return cannot(notWeb);
      return openShortenForm(url).catch(() =>
        notifier.info(t('bg_open_form_failed_title'), t('bg_open_form_failed')),
      );
    }
  }
}

/** Registers the menu listeners: creation on install, update and browser start, and clicks. */
export function registerMenus(
  shortenAndCopy: ShortenAndCopy,
  shortenUrls: ShortenUrls,
  notifier: Notifier,
): void {
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
    handleMenuClick(info, tab, shortenAndCopy, shortenUrls, notifier),
  );
}
