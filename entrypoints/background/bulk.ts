/**
 * Bulk create: the job the management page starts (`bulkStart`) and then only watches. The background
 * owns it, like Shorten all tabs, but it is persisted (bulkJobItem in storage.local, shaped and moved
 * by lib/links/bulk-job.ts), because a job of 1,000 links at 30 requests a minute outlives many service
 * workers: every worker start resumes a running job, and an alarm wakes a stopped worker when a
 * rate-limit wait is over. The worker is kept alive by its work only.
 *
 * Each row goes through createLink with the job's priority (the user's own shortens go first, and the
 * last requests of a window stay theirs); a cached link is reused without a request. A row is stored
 * as "sending" before its request goes out: a worker that stops mid-request finds it so and looks among
 * the server's newest links before sending it again (entrypoints/background/uncertain-creates.ts), so
 * nothing is made twice. Progress writes are throttled to one a second, except that mark.
 */
import { jobRequestsPerWindow } from '@/lib/api/rate-limiter';
import { t } from '@/lib/i18n';
import {
  type BulkItem,
  type BulkJob,
  bulkCounts,
  cancelBulkJob,
  endBulkWait,
  finishIfDone,
  isBulkJobActive,
  markFailed,
  markLinked,
  markPending,
  markSending,
  newBulkJob,
  nextBulkRow,
  pauseBulkJob,
  resumeBulkJob,
  retryBulkRows,
  stopBulkJob,
  waitBulkJob,
} from '@/lib/links/bulk-job';
import { type CachedLink, getCachedLinks, longUrlKey } from '@/lib/links/cache';
import { aliasError } from '@/lib/links/shorten-form';
import type { ErrorData, RequestOf, ResponseOf } from '@/lib/messaging/protocol';
import { bulkJobItem, getItem, removeItem, setItem } from '@/lib/storage/items';
import { isHttpUrl } from '@/lib/url/rules';
import type { Clients, ProfileClient } from './clients';
import { ExtensionError, toErrorData } from './errors';
import { createLink, markOf } from './links';
import { rememberUncertain } from './uncertain-creates';

/** The alarm that wakes a stopped worker when a rate-limit wait is over. */
export const BULK_ALARM = 'bulk-job';
/** At most one progress write a second: a 1,000-row job must not write its rows a thousand times a minute. */
const WRITE_EVERY_MS = 1_000;
/** Waited after the window's reset before sending again, for clock skew (as the rate limiter does). */
const RESET_MARGIN_MS = 250;
/** A wait this short is not announced: the next request goes almost at once. */
const SHORT_WAIT_MS = 1_500;
/** Errors after which every other row would fail the same way: the job stops until the user resumes it. */
const FAILS_FOR_ALL: readonly ErrorData['kind'][] = ['unauthorized', 'not_configured', 'not_found'];

interface Deps {
  clients: Clients;
  clock?: () => number;
}

/** Creates the bulk job's handlers and its resumption. */
export function createBulk({ clients, clock = () => Date.now() }: Deps) {
  /** The job as this worker knows it; undefined until read from storage. */
  let job: BulkJob | null | undefined;
  let driving: Promise<void> | null = null;
  /** Ends the current wait early (pause, cancel). */
  let wake: (() => void) | null = null;
  let lastWrite = 0;
  let writeTimer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();

  async function load(): Promise<BulkJob | null> {
    if (job === undefined) {
      const stored = await getItem(bulkJobItem);
      // Another read may have finished first and a request changed the job since: that one is newer.
      if (job === undefined) job = stored;
    }
    return job;
  }

  /** Writes the job now (`force`), or within a second, as one write of its latest state. */
  function save(force: boolean): Promise<void> {
    const due = lastWrite + WRITE_EVERY_MS - clock();
    if (!force && due > 0) {
      writeTimer ??= setTimeout(() => {
        writeTimer = undefined;
        void save(true).catch(() => undefined);
      }, due);
      return writing;
    }
    clearTimeout(writeTimer);
    writeTimer = undefined;
    lastWrite = clock();
    const value = job;
    // In order: a slow write must never land after a newer one.
    writing = writing
      .catch(() => undefined)
      .then(() => (value ? setItem(bulkJobItem, value) : removeItem(bulkJobItem)));
    return writing;
  }

  async function setAlarm(until: number | null): Promise<void> {
    if (until === null) await browser.alarms.clear(BULK_ALARM).catch(() => undefined);
    else await browser.alarms.create(BULK_ALARM, { when: until }).catch(() => undefined);
  }

  /** Sleeps until `until`, or until pause or cancel wakes it. */
  function sleepUntil(until: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, Math.max(0, until - clock()));
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });
  }

  /** Waits for the rate limit's window to reset, announcing it and leaving an alarm for a stopped worker. */
  async function waitFor(until: number): Promise<void> {
    if (!job) return;
    job = waitBulkJob(job, until);
    await Promise.all([save(true), setAlarm(until)]);
    await sleepUntil(until);
    if (job?.state === 'waiting') {
      job = endBulkWait(job);
      await save(true);
    }
  }

  /**
   * When the job's share of the current window is spent, as the rate limiter counts it (the user's
   * requests and the pages' included): the window's end, else null. The limiter would hold the next
   * request until then anyway; waiting here instead says so on the page and leaves an alarm.
   */
  function windowSpentUntil(active: ProfileClient): number | null {
    const { limit, used, resetAt } = active.budget();
    if (resetAt === null || resetAt <= clock()) return null;
    return limit - used <= limit - jobRequestsPerWindow(limit) ? resetAt + RESET_MARGIN_MS : null;
  }

  async function run(): Promise<void> {
    const started = await load();
    if (!started || (started.state !== 'running' && started.state !== 'waiting')) return;
    const { id, profileId } = started;
    let active: ProfileClient;
    try {
      active = await clients.forProfile(profileId, 'job');
    } catch (error) {
      job = stopBulkJob(started, toErrorData(error));
      await save(true);
      return;
    }
    const cachedLinks = (await getCachedLinks(profileId).catch(() => null))?.links ?? [];
    const cached = new Map<string, CachedLink>();
    for (const link of cachedLinks) {
      const key = longUrlKey(link.longUrl);
      if (!cached.has(key)) cached.set(key, link);
    }

    for (;;) {
      if (!job || job.id !== id) return;
      if (job.state === 'waiting') {
        const until = job.waitUntil ?? 0;
        if (until > clock()) await sleepUntil(until);
        if (job?.id === id && job.state === 'waiting') {
          job = endBulkWait(job);
          await save(true);
        }
        continue;
      }
      if (job.state !== 'running') break;
      const index = nextBulkRow(job);
      const row = job.rows[index];
      if (!row) {
        job = finishIfDone(job);
        break;
      }
      const known = row.input.custom ? undefined : cached.get(longUrlKey(row.input.url));
      if (known && row.state === 'pending') {
        job = markLinked(job, index, known.shortUrl, true);
        await save(false);
        continue;
      }
      const spentUntil = windowSpentUntil(active);
      if (spentUntil !== null && spentUntil - clock() > SHORT_WAIT_MS) {
        await waitFor(spentUntil);
        continue;
      }
      if (row.state === 'sending') {
        // The previous worker stopped with this request on its way: it may have made the link.
        // What the cache knew: a link that request made is newer than all of it.
        await rememberUncertain(profileId, row.input, markOf(cachedLinks, row.input, clock())).catch(
          () => undefined,
        );
      }
      job = markSending(job, index);
      try {
        await save(true);
      } catch (error) {
        // Unmarked, a request could not be told apart from one never sent: none goes out.
        job = stopBulkJob(markPending(job, index), toErrorData(error));
        break;
      }
      let outcome: { link: CachedLink } | { error: ErrorData };
      try {
        outcome = { link: await createLink(active, row.input, row.title, new Date(clock())) };
      } catch (error) {
        outcome = { error: toErrorData(error) };
      }
      if (!job || job.id !== id) return;
      if ('link' in outcome) {
        job = markLinked(job, index, outcome.link.shortUrl, false);
      } else if (outcome.error.kind === 'rate_limited') {
        // Longer than the limiter would wait: the row goes back to the queue and the job sleeps.
        job = markPending(job, index);
        if (job.state === 'running') {
          await waitFor(outcome.error.retryAt ?? clock() + 60_000);
          continue;
        }
      } else if (FAILS_FOR_ALL.includes(outcome.error.kind)) {
        job = stopBulkJob(markPending(job, index), outcome.error);
      } else {
        job = markFailed(job, index, outcome.error);
      }
      const { limit } = active.budget();
      if (limit !== job.limit) job = { ...job, limit };
      await save(false);
    }
    if (job?.id === id) {
      if (job.state !== 'waiting') await setAlarm(null);
      await save(true);
    }
  }

  const wantsRun = () => job?.state === 'running' || job?.state === 'waiting';

  /** Runs the job unless it already runs in this worker. */
  function drive(): Promise<void> {
    driving ??= (async () => {
      // Again while there is work: a job resumed, or a new one started, while the last run was
      // finishing (its request still on the way after a cancel) would otherwise wait for a restart.
      do {
        await run().catch(async (error) => {
          if (job) {
            job = stopBulkJob(job, toErrorData(error));
            await save(true).catch(() => undefined);
          }
        });
      } while (wantsRun());
    })().finally(() => {
      driving = null;
    });
    return driving;
  }

  function checkItem(item: BulkItem): void {
    const alias = item.input.custom ?? '';
    if (!isHttpUrl(item.input.url.trim()) || aliasError(alias)) {
      throw new ExtensionError('bad_message', t('error_bulk_bad_row', item.input.url.slice(0, 200)));
    }
  }

  async function bulkStart({ items }: RequestOf<'bulkStart'>): Promise<ResponseOf<'bulkStart'>> {
    if (isBulkJobActive(await load())) throw new ExtensionError('busy', t('error_bulk_busy'));
    if (items.length === 0) throw new ExtensionError('bad_message', t('error_bulk_empty'));
    items.forEach(checkItem);
    const active = await clients.active('job');
    const before = job;
    job = newBulkJob(crypto.randomUUID(), active.profile.id, items, clock(), active.budget().limit);
    try {
      await save(true);
    } catch {
      // Not stored, not started: the page says why and keeps the rows.
      job = before;
      throw new ExtensionError('internal', t('error_bulk_not_stored'));
    }
    void drive();
    return { id: job.id, total: job.rows.length };
  }

  async function bulkControl({ action }: RequestOf<'bulkControl'>): Promise<ResponseOf<'bulkControl'>> {
    const current = await load();
    if (!current) throw new ExtensionError('not_found', t('error_bulk_none'));
    if (action === 'clear') {
      if (isBulkJobActive(current)) throw new ExtensionError('busy', t('error_bulk_clear_running'));
      job = null;
      await save(true);
      return null;
    }
    job =
      action === 'pause'
        ? pauseBulkJob(current)
        : action === 'cancel'
          ? cancelBulkJob(current)
          : resumeBulkJob(current);
    wake?.();
    await save(true);
    if (job.state === 'running') void drive();
    else await setAlarm(null);
    return null;
  }

  async function bulkRetry({ rows }: RequestOf<'bulkRetry'>): Promise<ResponseOf<'bulkRetry'>> {
    const current = await load();
    if (!current) throw new ExtensionError('not_found', t('error_bulk_none'));
    for (const { input } of rows) if (input) checkItem({ input, title: '', label: '' });
    job = retryBulkRows(current, rows);
    await save(true);
    if (job.state === 'running') void drive();
    return bulkCounts(job);
  }

  async function bulkRateLimit(): Promise<ResponseOf<'bulkRateLimit'>> {
    const active = await clients.active('job');
    return { limit: active.budget().limit };
  }

  /** Listens for the wake-up alarm and resumes a job the previous worker left running (background start). */
  function register(): void {
    browser.alarms.onAlarm.addListener((alarm) => {
      if (alarm.name === BULK_ALARM) void drive();
    });
    void drive();
  }

  return { bulkStart, bulkControl, bulkRetry, bulkRateLimit, register };
}
