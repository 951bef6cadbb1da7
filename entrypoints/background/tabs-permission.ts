/**
 * "Shorten all tabs" goes on when the user allows the `tabs` permission. Chromium closes the popup as
 * its permission dialog opens, so the popup that asked cannot send `shortenAllTabs` itself; it noted
 * the time of its request under allTabsAskedItem.key. When `tabs` is granted within two minutes of
 * that, the background starts the run of the window the request came from: the focused browser
 * window, where the popup and its dialog were. The run copies the list and notifies as any run does.
 *
 * A popup that stayed open (other platforms) sends its own `shortenAllTabs` for the same window, which
 * joins this run. The request stays noted for the next popup, which shows this run instead of
 * starting another (entrypoints/popup/all-tabs.ts). A grant without a fresh request (Options, a test) starts nothing.
 */

import { t } from '@/lib/i18n';
import { freshAllTabsRequest } from '@/lib/jobs/all-tabs';
import type { RequestOf, ResponseOf } from '@/lib/messaging/protocol';
import { allTabsAskedItem, getItem } from '@/lib/storage/items';
import { toErrorData } from './errors';
import type { Notifier } from './notify';

type AllTabsHandler = (payload: RequestOf<'shortenAllTabs'>) => Promise<ResponseOf<'shortenAllTabs'>>;

/**
 * The id of the last focused browser window (type normal), or null when that is another kind of
 * window. Chrome is asked for normal windows only, so a popup-type window focused since (the form
 * window) is passed over. Firefox ignores `windowTypes` since version 62 and logs a deprecation
 * error for it, so it is not sent there. Firefox may then answer with a popup-type window, which is
 * not where the toolbar popup was (there the popup stays open and starts its own run), so the type
 * is checked after the call, in both browsers.
 */
export async function lastFocusedBrowserWindow(firefox = import.meta.env.FIREFOX): Promise<number | null> {
  const window = await browser.windows.getLastFocused(firefox ? undefined : { windowTypes: ['normal'] });
  return window?.type === 'normal' && window.id !== undefined ? window.id : null;
}

/** Starts the run a popup asked for, if a fresh request is noted; resolves when it has ended. */
async function takeUpAllTabsRequest(
  shortenAllTabs: AllTabsHandler,
  notifier: Notifier,
  now = Date.now(),
): Promise<void> {
  if (freshAllTabsRequest(await getItem(allTabsAskedItem), now) === null) return;
  const windowId = await lastFocusedBrowserWindow();
  if (windowId === null) return;
  try {
    await shortenAllTabs({ windowId });
  } catch (error) {
    // No page is open to show why nothing was copied (not configured, another window's run going).
    await notifier.failed(t('ext_name'), toErrorData(error));
  }
}

/** Registers the permissions.onAdded listener (synchronously, at the worker's start). */
export function registerAllTabsOnGrant(shortenAllTabs: AllTabsHandler, notifier: Notifier): void {
  browser.permissions.onAdded.addListener((added) => {
    if (!added.permissions?.includes('tabs')) return;
    void takeUpAllTabsRequest(shortenAllTabs, notifier).catch(() => undefined);
  });
}
