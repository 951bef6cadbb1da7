/**
 * "Shorten all tabs" goes on when the user allows the `tabs` permission. Chromium closes the popup as
 * its permission dialog opens, so the popup that asked cannot send `shortenTabs` itself; it noted
 * the time of its request under ALL_TABS_ASKED_KEY. When `tabs` is granted within two minutes of
 * that, the background starts the run of the window the request came from: the focused browser
 * window, where the popup and its dialog were. The run copies the list and notifies as any run does.
 *
 * A popup that stayed open (other platforms) sends its own `shortenTabs` for the same window, which
 * joins this run. The request stays noted for the next popup, which shows this run instead of
 * starting another (popup/all-tabs.tsx). A grant without a fresh request (Options, a test) starts nothing.
 */

import { ALL_TABS_ASKED_KEY, freshAllTabsRequest } from '@/lib/all-tabs-asked';
import { t } from '@/lib/i18n';
import type { RequestOf, ResponseOf } from '@/lib/protocol';
import { toErrorData } from './errors';
import type { Notifier } from './notify';

type ShortenTabs = (payload: RequestOf<'shortenTabs'>) => Promise<ResponseOf<'shortenTabs'>>;

/** Starts the run a popup asked for, if a fresh request is noted; resolves when it has ended. */
export async function takeUpAllTabsRequest(
  shortenTabs: ShortenTabs,
  notifier: Notifier,
  now = Date.now(),
): Promise<void> {
  const stored = await browser.storage.session?.get(ALL_TABS_ASKED_KEY);
  if (freshAllTabsRequest(stored?.[ALL_TABS_ASKED_KEY], now) === null) return;
  const window = await browser.windows.getLastFocused({ windowTypes: ['normal'] });
  if (window?.id === undefined) return;
  try {
    await shortenTabs({ windowId: window.id });
  } catch (error) {
    // No page is open to show why nothing was copied (not configured, another window's run going).
    await notifier.failed(t('ext_name'), toErrorData(error));
  }
}

/** Registers the permissions.onAdded listener (synchronously, at the worker's start). */
export function registerShortenTabsOnGrant(shortenTabs: ShortenTabs, notifier: Notifier): void {
  browser.permissions.onAdded.addListener((added) => {
    if (!added.permissions?.includes('tabs')) return;
    void takeUpAllTabsRequest(shortenTabs, notifier).catch(() => undefined);
  });
}
