/**
 * Keyboard commands. `shorten-page` shortens the active tab's address and copies the short URL
 * without opening anything; the shortcut grants activeTab, so the tab's URL, and its page's canonical
 * URL, are readable.
 */
import { t } from '@/lib/i18n';
import { isHttpUrl } from '@/lib/url/rules';
import type { Notifier } from './notify';
import type { ShortenAndCopy } from './shorten-and-copy';

export const SHORTEN_PAGE_COMMAND = 'shorten-page';

type CommandTab = { id?: number; url?: string; title?: string } | undefined;

/** Runs one command; reports problems by notification and never rejects. */
async function handleCommand(
  command: string,
  tab: CommandTab,
  shortenAndCopy: ShortenAndCopy,
  notifier: Notifier,
): Promise<void> {
  if (command !== SHORTEN_PAGE_COMMAND) return;
  // Older browsers do not pass the tab to the listener.
  const target = tab ?? (await browser.tabs.query({ active: true, currentWindow: true }))[0];
  const url = target?.url;
  if (!url || !isHttpUrl(url)) {
    await notifier.info(t('bg_page_cannot_be_shortened_title'), t('bg_page_cannot_be_shortened'));
    return;
  }
  await shortenAndCopy({ via: 'shortcut', kind: 'page', url, title: target.title, tabId: target.id });
}

/** Registers the commands listener. */
export function registerCommands(shortenAndCopy: ShortenAndCopy, notifier: Notifier): void {
  // The promise is returned only so tests can await the command; browsers ignore it.
  browser.commands.onCommand.addListener((command, tab) =>
    handleCommand(command, tab, shortenAndCopy, notifier).catch(() => undefined),
  );
}
