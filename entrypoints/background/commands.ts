/**
 * Keyboard commands. `shorten-page` shortens the active tab's address and copies the short URL
 * without opening anything; the shortcut grants activeTab, so the tab's URL, and its page's canonical
 * URL, are readable.
 */
import { t } from '@/lib/i18n';
import { openSidePanel } from '@/lib/side-panel';
import { isHttpUrl } from '@/lib/url/rules';
import type { Notifier } from './notify';
import type { ShortenAndCopy } from './shorten-and-copy';

export const SHORTEN_PAGE_COMMAND = 'shorten-page';
/** Chrome's shortcut for the side panel (Firefox opens its sidebar itself: `_execute_sidebar_action`). */
export const OPEN_SIDE_PANEL_COMMAND = 'open-side-panel';

type CommandTab = { id?: number; url?: string; title?: string; windowId?: number } | undefined;

/**
 * Shortens a tab's page and copies the short URL (the shortcut's tab, or the active tab when none is
 * given); a page without a web address is explained by notification.
 */
export async function shortenTab(
  tab: CommandTab,
  shortenAndCopy: ShortenAndCopy,
  notifier: Notifier,
  via: 'shortcut' | 'omnibox' = 'shortcut',
): Promise<void> {
  // Older browsers do not pass the tab to the command listener; the address bar's keyword never does.
  const target = tab ?? (await browser.tabs.query({ active: true, currentWindow: true }))[0];
  const url = target?.url;
  if (!url || !isHttpUrl(url)) {
    await notifier.info(t('bg_page_cannot_be_shortened_title'), t('bg_page_cannot_be_shortened'));
    return;
  }
  await shortenAndCopy({ via, kind: 'page', url, title: target.title, tabId: target.id });
}

/** Runs one command; reports problems by notification and never rejects. */
async function handleCommand(
  command: string,
  tab: CommandTab,
  shortenAndCopy: ShortenAndCopy,
  notifier: Notifier,
): Promise<void> {
  if (command === OPEN_SIDE_PANEL_COMMAND) {
    // First, before any await: Chrome opens the panel only while the shortcut is being handled.
    await openSidePanel(tab?.windowId).catch(() =>
      notifier.info(t('bg_open_form_failed_title'), t('panel_open_failed')),
    );
    return;
  }
  if (command !== SHORTEN_PAGE_COMMAND) return;
  await shortenTab(tab, shortenAndCopy, notifier);
}

/** Registers the commands listener. */
export function registerCommands(shortenAndCopy: ShortenAndCopy, notifier: Notifier): void {
  // The promise is returned only so tests can await the command; browsers ignore it.
  browser.commands.onCommand.addListener((command, tab) =>
    handleCommand(command, tab, shortenAndCopy, notifier).catch(() => undefined),
  );
}
