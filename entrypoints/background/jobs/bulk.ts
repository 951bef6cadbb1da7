/**
 * Bulk create: the job the management page starts (`bulkStart`) and then only watches. Its policy on
 * the job runner: the user's own shortens go first and the last requests of a window stay theirs (the
 * `job` priority), the job waits for the next window itself and says so; a rate-limit refusal puts the
 * row back and waits; a failure every row would meet (STOPS_BATCH) pauses the whole job until the
 * user resumes it; any other failure is the row's. Progress is written at most once a second.
 */
import { clean } from '@/lib/api/client';
import { linkInputSchema, linkUpdateInputSchema } from '@/lib/api/schemas';
import { t } from '@/lib/i18n';
import {
  cancelJob,
  isJobActive,
  type JobItem,
  jobCounts,
  newJob,
  pauseJob,
  resumeJob,
  retryRows,
} from '@/lib/jobs/job';
import type { RequestOf, ResponseOf } from '@/lib/messaging/protocol';
import { bulkJobItem } from '@/lib/storage/items';
import { type ChangeLink, createChangeLink } from '../change-link';
import type { Clients } from '../clients';
import type { CreateLink } from '../create-link';
import { ExtensionError } from '../errors';
import { createJobRunner, STOPS_BATCH } from './runner';

interface Deps {
  createLink: CreateLink;
  /** Rows that change a link the server has (actions on many links); change-link.ts's by default. */
  changeLink?: ChangeLink;
  clients: Clients;
  clock?: () => number;
}

/** The alarm that wakes a stopped worker when the job's rate-limit wait is over. */
export const BULK_ALARM = 'bulk-job';

/**
 * Refuses the whole request for a row the server could not take: a page is never trusted. An
 * assignment sends no body: its input only names the link.
 */
function checkRow({ input, change }: Pick<JobItem, 'input' | 'change'>): void {
  try {
    if (!change) clean(linkInputSchema, input);
    else if (change.kind === 'update') clean(linkUpdateInputSchema, input);
  } catch {
    throw new ExtensionError('bad_message', t('error_bulk_bad_row', String(input.url).slice(0, 200)));
  }
}

/** Creates the bulk job's handlers and its resumption. */
export function createBulk({ createLink, changeLink, clients, clock = () => Date.now() }: Deps) {
  const runner = createJobRunner(
    {
      item: bulkJobItem,
      alarm: BULK_ALARM,
      priority: 'job',
      reuse: true,
      waitsForWindow: true,
      endless: false,
      writeEveryMs: 1_000,
      sendingMarks: 'apart',
      resumeAfterMs: 0,
      onFailure(error, row) {
        // Longer than the limiter would hold it: the row goes back to its turn and the job sleeps.
        if (error.kind === 'rate_limited') return { kind: 'wait', until: error.retryAt ?? clock() + 60_000 };
        // The server's 404 to a change is about that one link (gone since the list was read).
        if (row.change && error.status === 404) return { kind: 'fail' };
        return STOPS_BATCH.has(error.kind) ? { kind: 'stop' } : { kind: 'fail' };
      },
    },
    { createLink, changeLink: changeLink ?? createChangeLink(clients), clients, clock },
  );

  async function current() {
    const job = await runner.load();
    if (!job) throw new ExtensionError('not_found', t('error_bulk_none'));
    return job;
  }

  async function bulkStart({ items }: RequestOf<'bulkStart'>): Promise<ResponseOf<'bulkStart'>> {
    if (isJobActive(await runner.load())) throw new ExtensionError('busy', t('error_bulk_busy'));
    if (items.length === 0) throw new ExtensionError('bad_message', t('error_bulk_empty'));
    for (const item of items) checkRow(item);
    const active = await clients.active('job');
    const job = newJob('bulk', crypto.randomUUID(), active.profile.id, items, clock(), active.budget().limit);
    try {
      await runner.change(() => job);
    } catch {
      // Not stored, not started: the page says why and keeps the rows.
      throw new ExtensionError('internal', t('error_bulk_not_stored'));
    }
    return { id: job.id, total: job.rows.length };
  }

  async function bulkControl({ action }: RequestOf<'bulkControl'>): Promise<ResponseOf<'bulkControl'>> {
    const job = await current();
    if (action === 'clear') {
      if (isJobActive(job)) throw new ExtensionError('busy', t('error_bulk_clear_running'));
      await runner.change(() => null);
      return null;
    }
    await runner.change((latest) => {
      if (!latest) return latest;
      if (action === 'pause') return pauseJob(latest);
      if (action === 'cancel') return cancelJob(latest);
      return resumeJob(latest, clock());
    });
    return null;
  }

  async function bulkRetry({ rows }: RequestOf<'bulkRetry'>): Promise<ResponseOf<'bulkRetry'>> {
    const job = await current();
    for (const { index, input } of rows) if (input) checkRow({ input, change: job.rows[index]?.change });
    const retried = await runner.change((latest) => latest && retryRows(latest, rows, clock()));
    return jobCounts(retried ?? (await current()));
  }

  async function bulkRateLimit(): Promise<ResponseOf<'bulkRateLimit'>> {
    const active = await clients.active('job');
    return { limit: active.budget().limit };
  }

  return {
    bulkStart,
    bulkControl,
    bulkRetry,
    bulkRateLimit,
    /** Listens for the job's alarm and goes on with a job the previous worker left (background start). */
    register() {
      runner.register();
      void runner.resume().catch(() => undefined);
    },
  };
}
