/**
 * A list copied at the end, from one of two sources: the tabs of a window ("Shorten all tabs",
 * `shortenAllTabs`), or the several URLs of a text pasted in the popup or selected in a page
 * (`shortenUrls`). Every address once, cleaned as the behaviour settings say. One policy on the job
 * runner: the user's priority (a person waits for the list), a link shortened before reused without
 * a request; a failure every row would meet (STOPS_BATCH) fails the rest; for tabs, once the server
 * failed for its own reason the tab and every later one wait in the outage queue without a try each
 * (a pasted list's rows just fail: the popup shows them, and Shorten again retries). At the end the
 * list is copied in the copy format and summed up by badge and notification. The run belongs to the
 * background, not to the popup that asked, and a worker that stopped mid-run goes on with it.
 */
import type { ErrorData } from '@/lib/api/errors';
import { t, tPlural } from '@/lib/i18n';
import { type AllTabsResult, allTabsResultOf } from '@/lib/jobs/all-tabs';
import { isJobActive, type JobItem, jobCounts, newJob } from '@/lib/jobs/job';
import { isQueueable } from '@/lib/jobs/queue';
import { distinctUrls, type UrlListResult, urlListResultOf } from '@/lib/jobs/url-list';
import { linksForUrl, sameLongUrl } from '@/lib/links/cache';
import { copyPayloadForList, FORMAT_NAMES } from '@/lib/links/copy-format';
import type { RequestOf, ResponseOf } from '@/lib/messaging/protocol';
import type { CopyFormat } from '@/lib/settings/schema';
import { type Job, listJobItem } from '@/lib/storage/items';
import { loadSettings } from '@/lib/storage/settings';
import { resolveLinkUrl, resolvePageUrl } from '@/lib/url/page-url';
import { isHttpUrl } from '@/lib/url/rules';
import type { Clients } from '../clients';
import type { ClipboardWriter } from '../clipboard';
import { type CreateLink, inputFromDefaults } from '../create-link';
import { ExtensionError, toErrorData } from '../errors';
import type { Notifier } from '../notify';
import type { CreateQueue } from './queue';
import { createJobRunner, STOPS_BATCH } from './runner';

/** The tab fields a run reads. */
type TabInfo = { index: number; url?: string | undefined; title?: string | undefined };

interface Deps {
  createLink: CreateLink;
  clients: Clients;
  clipboard: ClipboardWriter;
  notifier: Notifier;
  /** Where a create the server could not make waits. */
  queue: Pick<CreateQueue, 'add'>;
  clock?: () => number;
}

/** Whether the run is of a window's tabs (a run stored before lists had a source is). */
const isTabs = (job: Job | null) => (job?.source ?? 'tabs') === 'tabs';

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

/**
 * A pasted or selected list's summary: what was copied, then how many links were made, reused and
 * failed. It names the copy format unless the list is of plain URLs.
 */
function urlListSummaryOf(job: Job, format: CopyFormat): string {
  const { made, reused, failed, total } = jobCounts(job);
  const linked = made + reused;
  const head =
    linked === 0
      ? tPlural('bg_list_none', total)
      : !job.copied
        ? tPlural('bg_list_not_copied', linked)
        : format === 'plain'
          ? tPlural('bg_list_copied', linked)
          : tPlural('bg_list_copied_as', linked, t(FORMAT_NAMES[format]));
  return `${head}\n${t('bg_list_counts', made, reused, failed)}`;
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

/** Creates the `shortenAllTabs` and `shortenUrls` handlers and the run's resumption; at most one run at a time. */
export function createCopyList({
  createLink,
  clients,
  clipboard,
  notifier,
  queue,
  clock = () => Date.now(),
}: Deps) {
  /** Waiters for the end of a run, by job id. */
  const waiters = new Map<string, ((job: Job) => void)[]>();
  /** Once the server failed for its own reason in the run, the other tabs wait in the queue untried. */
  let outage: ErrorData | undefined;

  /** Copies the list, sums the run up, and answers whoever waits for it. */
  async function finish(job: Job): Promise<Job> {
    const behaviour = await loadSettings().then((s) => s.behaviour);
    const result = allTabsResultOf(job);
    const payload = copyPayloadForList(
      result.links.map((link) => ({ shortUrl: link.shortUrl, title: link.title })),
      behaviour.copyFormat,
    );
    const copied =
      result.links.length > 0 &&
      (await clipboard.write(payload).then(
        () => true,
        () => false,
      ));
    const done: Job = { ...job, text: payload.text, copied };
    const final = { ...result, text: payload.text, copied };
    if (job.rows.length > 0) {
      const summary = isTabs(job)
        ? summaryOf(final, behaviour.copyFormat)
        : urlListSummaryOf(done, behaviour.copyFormat);
      await notifier.summary(t('ext_name'), summary, {
        ok: final.failures.length === 0 && copied,
        notify: behaviour.notifications,
      });
    }
    outage = undefined;
    for (const answer of waiters.get(job.id) ?? []) answer(done);
    waiters.delete(job.id);
    return done;
  }

  const runner = createJobRunner(
    {
      item: listJobItem,
      alarm: 'all-tabs',
      priority: 'user',
      reuse: true,
      waitsForWindow: false,
      endless: false,
      writeEveryMs: 0,
      sendingMarks: 'whole',
      resumeAfterMs: 0,
      async skip(row) {
        if (!outage) return null;
        // A tab shortened before is still reused: only a request would wait for the server.
        const known = await linksForUrl(row.profileId, row.input.url);
        return known.length > 0 ? null : outage;
      },
      async onFailure(error, row, sent) {
        if (STOPS_BATCH.has(error.kind)) return { kind: 'failRest' };
        if (!isQueueable(error) || !isTabs(await runner.load())) return { kind: 'fail' };
        outage ??= error;
        try {
          await queue.add({
            profileId: row.profileId,
            input: row.input,
            pageTitle: row.title,
            source: 'allTabs',
            error,
            unsent: !sent,
          });
          return { kind: 'fail', error: { ...error, message: t('bg_queued', error.message) }, queued: true };
        } catch (refused) {
          return { kind: 'fail', error: toErrorData(refused) };
        }
      },
      async onSettled(job) {
        return job.state === 'done' ? finish(job) : job;
      },
    },
    { createLink, clients, clock },
  );

  /** Waits for the end of the run `jobId`. */
  const ended = (jobId: string) =>
    new Promise<Job>((resolve) => waiters.set(jobId, [...(waiters.get(jobId) ?? []), resolve]));

  async function start(windowId: number): Promise<Job> {
    // Without `tabs`, tabs.query answers tabs without addresses: that would read as "nothing to do".
    const allowed = await browser.permissions.contains({ permissions: ['tabs'] }).catch(() => false);
    if (!allowed) throw new ExtensionError('permission_denied', t('error_tabs_permission_missing'));
    const active = await clients.active();
    const { behaviour } = await loadSettings();
    const tabs = await browser.tabs.query({ windowId });
    // Only the active tab's page could be read for its canonical URL (activeTab): the others keep theirs.
    const { targets, skipped } = addressesOf(tabs, (url) => resolvePageUrl(url, null, behaviour));
    const items = targets.map(({ longUrl, title }) => ({
      input: inputFromDefaults(longUrl, active.profile.defaults, new Date(clock())),
      title,
      label: '',
    }));
    return {
      ...newJob('list', crypto.randomUUID(), active.profile.id, items, clock(), 0),
      source: 'tabs',
      windowId,
      skipped,
    };
  }

  /** Runs `job`, or answers `busy` while another list has work left; resolves with it ended. */
  async function run(job: Job, joins: (current: Job) => boolean): Promise<Job> {
    let active: Job | null = null;
    const result = ended(job.id);
    // Decided on the job as stored: a run another worker left counts too.
    await runner.change((current) => {
      if (current && isJobActive(current)) {
        active = current;
        return current;
      }
      outage = undefined;
      return job;
    });
    const other = active as Job | null;
    if (other) {
      waiters.delete(job.id);
      if (joins(other)) return ended(other.id);
      throw new ExtensionError('busy', t(isTabs(other) ? 'error_all_tabs_busy' : 'error_list_busy'));
    }
    // Nothing to shorten: the run ends without a try.
    if (job.rows.length === 0) await runner.drive();
    return result;
  }

  /** Starts a run, or joins the one going for the same window. */
  async function shortenAllTabs({
    windowId,
  }: RequestOf<'shortenAllTabs'>): Promise<ResponseOf<'shortenAllTabs'>> {
    const current = await runner.load();
    // The same window's run is joined before its tabs are read again.
    if (current && isJobActive(current) && current.windowId === windowId) {
      return allTabsResultOf(await ended(current.id));
    }
    const job = await start(windowId);
    return allTabsResultOf(await run(job, (other) => other.windowId === windowId));
  }

  /**
   * Starts a run of several URLs (pasted in the popup with the form's options, or selected in a page
   * with the profile's defaults): each cleaned and unwrapped as the behaviour settings say, each once.
   */
  async function shortenUrls({ items, source }: RequestOf<'shortenUrls'>): Promise<UrlListResult> {
    const active = await clients.active();
    const { behaviour } = await loadSettings();
    const cleaned = items.map((item) => ({
      ...item,
      input: { ...item.input, url: resolveLinkUrl(item.input.url, behaviour) },
    }));
    const kept = distinctUrls(cleaned.map((item) => item.input.url));
    const distinct = kept.map((url) => cleaned.find((item) => item.input.url === url) as JobItem);
    const job: Job = {
      ...newJob('list', crypto.randomUUID(), active.profile.id, distinct, clock(), 0),
      source,
    };
    return urlListResultOf(await run(job, () => false));
  }

  /** The menu's several URLs: each with the active profile's defaults. */
  async function shortenSelectedUrls(urls: string[]): Promise<UrlListResult> {
    const active = await clients.active();
    const now = new Date(clock());
    const items = urls.map((url) => ({
      input: inputFromDefaults(url, active.profile.defaults, now),
      title: '',
      label: '',
    }));
    return shortenUrls({ items, source: 'menu' });
  }

  return {
    shortenAllTabs,
    shortenUrls,
    shortenSelectedUrls,
    /** Listens for the run's alarm and goes on with a run the previous worker left (background start). */
    register() {
      runner.register();
      void runner.resume().catch(() => undefined);
    },
  };
}
