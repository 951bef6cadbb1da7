/**
 * A job — a batch of creates the background runs (entrypoints/background/jobs/) and pages watch —
 * and the moves between its states. Pure, so the runner and the pages count and decide alike.
 *
 * A row goes pending → sending → made | reused | failed; `sending` is stored before its request goes
 * out (see JobRow in lib/storage/items.ts). The job is running, paused, waiting (for the rate limit,
 * until `waitUntil`), done or cancelled.
 */
import type { ErrorData } from '../api/errors';
import type { LinkInput } from '../api/schemas';
import type { Job, JobKind, JobRow, LinkChange, SentRows } from '../storage/items';

/**
 * One link to make: its create input, the title it is kept and copied with, its label ('' when none),
 * and, imported from another shortener, the short URL (or slug) it had there: the redirect map's.
 * With `change`, a link the server has is changed instead (`input` is the update's body, or only the
 * link's URL for an assignment).
 */
export interface JobItem {
  input: LinkInput;
  title: string;
  label: string;
  from?: string;
  change?: LinkChange;
}

/** The counts a progress bar shows. */
export interface JobCounts {
  made: number;
  reused: number;
  failed: number;
  /** Rows still to go (pending or sending). */
  left: number;
  total: number;
}

/** A row of `profileId` that has not been tried. */
export function newRow(id: string, profileId: string, item: JobItem, nextTryAt = 0): JobRow {
  return {
    id,
    profileId,
    ...item,
    state: 'pending',
    attempts: 0,
    nextTryAt,
    uncertain: false,
    mark: null,
  };
}

/** A new job, running, every row pending. */
export function newJob(
  kind: JobKind,
  id: string,
  profileId: string,
  items: JobItem[],
  now: number,
  limit: number,
): Job {
  return {
    id,
    kind,
    profileId,
    createdAt: now,
    state: 'running',
    waitUntil: null,
    limit,
    rows: items.map((item, index) => newRow(String(index), profileId, item)),
  };
}

/** Whether the job still has work the background owns (a second one may not start meanwhile). */
export function isJobActive(job: Job | null): boolean {
  return job !== null && (job.state === 'running' || job.state === 'waiting' || job.state === 'paused');
}

/** The index of the next row due at `now`, or -1. */
export function nextRow(job: Job, now: number): number {
  return job.rows.findIndex((row) => row.state === 'pending' && row.nextTryAt <= now);
}

/** True while a row waits for a later try (the queue's backoff). */
const waitsLater = (job: Job, now: number) =>
  job.rows.some((row) => row.state === 'pending' && row.nextTryAt > now);

/** The job's counts. */
export function jobCounts(job: Job): JobCounts {
  const counts: JobCounts = { made: 0, reused: 0, failed: 0, left: 0, total: job.rows.length };
  for (const row of job.rows) {
    if (row.state === 'made') counts.made++;
    else if (row.state === 'reused') counts.reused++;
    else if (row.state === 'failed') counts.failed++;
    else counts.left++;
  }
  return counts;
}

/** The job with one row changed. */
export function withRow(job: Job, index: number, change: Partial<JobRow>): Job {
  const current = job.rows[index];
  if (!current) return job;
  const rows = job.rows.slice();
  rows[index] = { ...current, ...change };
  return { ...job, rows };
}

/**
 * The row has its link: made by a request (`existing` when the server answered with a link it had
 * made before), or reused from one made before.
 */
export function markLinked(
  job: Job,
  index: number,
  shortUrl: string,
  reused: boolean,
  existing = false,
): Job {
  return withRow(job, index, {
    state: reused ? 'reused' : 'made',
    shortUrl,
    error: undefined,
    existing: existing ? true : undefined,
  });
}

/** The row failed; the others go on. */
export function markFailed(job: Job, index: number, error: ErrorData): Job {
  return withRow(job, index, { state: 'failed', error });
}

/** The row goes back to wait for its turn (at `nextTryAt`, at once by default), keeping why it failed. */
export function markPending(job: Job, index: number, nextTryAt = 0): Job {
  return withRow(job, index, { state: 'pending', nextTryAt });
}

/**
 * The rows a stopped worker left `sending`, at a new worker's start: their request may have reached
 * the server, so they wait until `at` and then look there first (`uncertain`).
 */
export function resumeRows(job: Job, at: number): Job {
  if (!job.rows.some((row) => row.state === 'sending')) return job;
  const rows = job.rows.map(
    (row): JobRow =>
      row.state === 'sending' ? { ...row, state: 'pending', uncertain: true, nextTryAt: at } : row,
  );
  return { ...job, rows };
}

/**
 * The job with the rows `sent` names (stored as sent after the job was last stored whole) marked
 * `sending` again, with their marks, unless the job already says more of them.
 */
export function withSentRows(job: Job, sent: SentRows | null): Job {
  if (!sent || sent.jobId !== job.id || sent.rows.length === 0) return job;
  const marks = new Map(sent.rows.map((row) => [row.id, row.mark]));
  const rows = job.rows.map((row): JobRow => {
    if (!marks.has(row.id) || (row.state !== 'pending' && row.state !== 'sending')) return row;
    return { ...row, state: 'sending', mark: row.mark ?? marks.get(row.id) ?? null };
  });
  return { ...job, rows };
}

/** Running again, or done when nothing is left. */
function runOrFinish(job: Job, now: number): Job {
  return finishIfDone({ ...job, state: 'running', waitUntil: null, error: undefined }, now);
}

/** Pause (only a job that has work left); the row on its way finishes first. */
export function pauseJob(job: Job): Job {
  return job.state === 'running' || job.state === 'waiting'
    ? { ...job, state: 'paused', waitUntil: null }
    : job;
}

/** Paused with a reason every row would meet (e.g. the key was refused): the user fixes it and resumes. */
export function stopJob(job: Job, error: ErrorData): Job {
  return { ...job, state: 'paused', waitUntil: null, error };
}

/** Resume a paused job. */
export function resumeJob(job: Job, now: number): Job {
  return job.state === 'paused' ? runOrFinish(job, now) : job;
}

/** Waiting for the rate limit until `until`. */
export function waitJob(job: Job, until: number): Job {
  return job.state === 'running' ? { ...job, state: 'waiting', waitUntil: until } : job;
}

/** Back to running after a wait. */
export function endWait(job: Job, now: number): Job {
  return job.state === 'waiting' ? runOrFinish(job, now) : job;
}

/**
 * Done once no row is left to go. A job whose rows wait for later tries (the queue) is never done:
 * it keeps running until they are made or fail.
 */
export function finishIfDone(job: Job, now: number): Job {
  return job.state === 'running' && nextRow(job, now) === -1 && !waitsLater(job, now)
    ? { ...job, state: 'done', waitUntil: null }
    : job;
}

/** Cancel: the rows not sent stay pending and are never sent; what was made stays made. */
export function cancelJob(job: Job): Job {
  return isJobActive(job) ? { ...job, state: 'cancelled', waitUntil: null } : job;
}

/**
 * Failed rows queued again, each with its edited input when one is given; the job runs again (a
 * cancelled or finished job too: retrying is asking for it). Rows that are not failed are left alone.
 */
export function retryRows(
  job: Job,
  retries: { index: number; input?: LinkInput | undefined }[],
  now: number,
): Job {
  let next = job;
  for (const { index, input } of retries) {
    if (next.rows[index]?.state !== 'failed') continue;
    next = withRow(next, index, {
      state: 'pending',
      nextTryAt: 0,
      error: undefined,
      ...(input ? { input, mark: null, uncertain: false } : {}),
    });
  }
  if (next === job) return job;
  return next.state === 'paused' ? next : runOrFinish(next, now);
}
