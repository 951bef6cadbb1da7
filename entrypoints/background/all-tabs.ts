/**
 * "Shorten all tabs of this window" (`shortenAllTabs`): every http(s) tab once, its address cleaned as
 * the behaviour settings say; a link shortened before is reused from the cache without a request,
 * the others are created one after another through the rate limiter with the user's priority, so a
 * window of 40 tabs waits for the server's window instead of being refused. One failure does not
 * stop the others. The run belongs to the background, not to the popup that asked: closing the popup
 * loses nothing. Progress is published in storage.session (lib/links/all-tabs.ts); at the end the
 * list is copied in the copy format and summed up by badge and notification.
 */

import type { LinkInput } from '@/lib/api/schemas';
import { t, tPlural } from '@/lib/i18n';
import type { AllTabsProgress, AllTabsResult, ShortenedTab, TabFailure } from '@/lib/links/all-tabs-progress';
import { type CachedLink, findByLongUrl, getCachedLinks, sameLongUrl } from '@/lib/links/cache';
import { type CopyFormat, copyPayloadForList, FORMAT_NAMES } from '@/lib/links/copy-format';
import { isQueueable } from '@/lib/links/queue';
import type { ErrorData, RequestOf, ResponseOf } from '@/lib/messaging/protocol';
import { loadSettings } from '@/lib/settings/settings';
import { allTabsProgressItem, setItem } from '@/lib/storage/items';
import { resolvePageUrl } from '@/lib/url/page-url';
import { isHttpUrl } from '@/lib/url/rules';
import type { Clients } from './clients';
import type { ClipboardWriter } from './clipboard';
import { ExtensionError, toErrorData } from './errors';
import { createLink, inputFromDefaults } from './links';
import type { Notifier } from './notify';
import type { CreateQueue } from './queue';

/** The tab fields a run reads. */
type TabInfo = { index: number; url?: string | undefined; title?: string | undefined };

interface Deps {
  clients: Clients;
  clipboard: ClipboardWriter;
  notifier: Notifier;
  /** Where a create the server could not make waits. */
  queue: Pick<CreateQueue, 'add'>;
  clock?: () => number;
}

/** Errors after which every other request would fail the same way: the rest are not sent. */
const FAILS_FOR_ALL: readonly ErrorData['kind'][] = ['unauthorized', 'not_configured'];

async function publish(progress: AllTabsProgress): Promise<void> {
  // Progress is a courtesy to the popup: a failed write must not fail the run.
  await setItem(allTabsProgressItem, { ...progress }).catch(() => undefined);
}

/** The addresses to shorten, in tab order, each once; and how many tabs have none. */
function addressesOf(tabs: TabInfo[], clean: (url: string) => string) {
  const targets: { longUrl: string; title: string }[] = [];
  let skipped = 0;
  for (const tab of [...tabs].sort((a, b) => a.index - b.index)) {
    const url = tab.url?.trim() ?? '';
    if (!isHttpUrl(url)) {
      skipped++;
      continue;
    }
    const longUrl = clean(url);
    // Collapsed as the cache compares them: a trailing slash or a #fragment is the same page.
    if (!targets.some((target) => sameLongUrl(target.longUrl, longUrl))) {
      targets.push({ longUrl, title: tab.title?.trim() ?? '' });
    }
  }
  return { targets, skipped };
}

/** The summary notification's text; it names the copy format unless the list is of plain URLs. */
function summaryOf(result: AllTabsResult, format: CopyFormat): string {
  const made = result.links.length;
  const failed = result.failures.length;
  if (made === 0 && result.failures.some((failure) => failure.queued))
    return tPlural('bg_tabs_all_queued', failed);
  if (made === 0) return tPlural('bg_tabs_none', failed);
  const copied = !result.copied
    ? tPlural('bg_tabs_not_copied', made)
    : format === 'plain'
      ? tPlural('bg_tabs_copied', made)
      : tPlural('bg_tabs_copied_as', made, t(FORMAT_NAMES[format]));
  const queued = result.failures.filter((failure) => failure.queued).length;
  const waiting = queued > 0 ? `\n${tPlural('bg_tabs_queued', queued)}` : '';
  if (failed === queued) return copied + waiting;
  return t('bg_tabs_with_failures', copied, tPlural('bg_tabs_failed', failed - queued)) + waiting;
}

/** Creates the `shortenAllTabs` handler; at most one run at a time. */
export function createAllTabs({ clients, clipboard, notifier, queue, clock = () => Date.now() }: Deps) {
  let running: { windowId: number; result: Promise<AllTabsResult> } | undefined;

  async function run(windowId: number): Promise<AllTabsResult> {
    // Without `tabs`, tabs.query answers tabs without addresses: that would read as "nothing to do".
    const allowed = await browser.permissions.contains({ permissions: ['tabs'] }).catch(() => false);
    if (!allowed) throw new ExtensionError('permission_denied', t('error_tabs_permission_missing'));
    const active = await clients.active();
    const settings = await loadSettings();
    const { behaviour } = settings;
    const tabs = await browser.tabs.query({ windowId });
    // Only the active tab's page could be read for its canonical URL (activeTab): the others keep theirs.
    const { targets, skipped } = addressesOf(tabs, (url) => resolvePageUrl(url, null, behaviour));

    const progress: AllTabsProgress = {
      windowId,
      startedAt: clock(),
      total: targets.length,
      done: 0,
      failed: 0,
      finished: false,
    };
    await publish(progress);

    const cached: CachedLink[] = await getCachedLinks(active.profile.id).then(
      (entry) => entry.links,
      () => [],
    );
    const links: ShortenedTab[] = [];
    const failures: TabFailure[] = [];
    let fatal: ErrorData | undefined;
    // Once the server failed for its own reason, the other tabs wait in the queue without a try each.
    let outage: ErrorData | undefined;
    const enqueue = async (
      longUrl: string,
      title: string,
      input: LinkInput,
      error: ErrorData,
      unsent = false,
    ) => {
      try {
        await queue.add({
          profileId: active.profile.id,
          input,
          pageTitle: title,
          source: 'allTabs',
          error,
          unsent,
        });
        failures.push({
          longUrl,
          title,
          error: { ...error, message: t('bg_queued', error.message) },
          queued: true,
        });
      } catch (refused) {
        failures.push({ longUrl, title, error: toErrorData(refused) });
      }
      progress.failed++;
    };
    for (const { longUrl, title } of targets) {
      if (fatal) {
        failures.push({ longUrl, title, error: fatal });
        progress.failed++;
        continue;
      }
      const known = findByLongUrl(cached, longUrl);
      const input = inputFromDefaults(longUrl, active.profile.defaults, new Date(clock()));
      if (!known && outage) {
        await enqueue(longUrl, title, input, outage, true);
        await publish(progress);
        continue;
      }
      try {
        const link = known ?? (await createLink(active, input, title, new Date(clock())));
        // The tab's own title first, as for every copy of a page: the list reads the same on every run,
        // whatever title the server has stored for a reused link since.
        links.push({ longUrl, shortUrl: link.shortUrl, title: title || link.title.trim(), reused: !!known });
        progress.done++;
      } catch (error) {
        const data = toErrorData(error);
        if (isQueueable(data)) {
          outage = data;
          await enqueue(longUrl, title, input, data);
        } else {
          if (FAILS_FOR_ALL.includes(data.kind)) fatal = data;
          failures.push({ longUrl, title, error: data });
          progress.failed++;
        }
      }
      await publish(progress);
    }

    const payload = copyPayloadForList(
      links.map((link) => ({ shortUrl: link.shortUrl, title: link.title })),
      behaviour.copyFormat,
    );
    let copied = false;
    if (links.length > 0) {
      copied = await clipboard.write(payload).then(
        () => true,
        () => false,
      );
    }
    const result: AllTabsResult = { windowId, links, failures, skipped, text: payload.text, copied };
    await publish({ ...progress, finished: true, result });
    if (targets.length > 0) {
      await notifier.summary(t('ext_name'), summaryOf(result, behaviour.copyFormat), {
        ok: failures.length === 0 && copied,
        notify: behaviour.notifications,
      });
    }
    return result;
  }

  /** Starts a run, or joins the one running for the same window. */
  async function shortenAllTabs({
    windowId,
  }: RequestOf<'shortenAllTabs'>): Promise<ResponseOf<'shortenAllTabs'>> {
    if (running) {
      if (running.windowId === windowId) return running.result;
      throw new ExtensionError('busy', t('error_all_tabs_busy'));
    }
    // Registered before any await, so a second request in the same tick joins this one.
    const current = { windowId, result: run(windowId) };
    running = current;
    try {
      return await current.result;
    } finally {
      if (running === current) running = undefined;
    }
  }

  return { shortenAllTabs };
}
