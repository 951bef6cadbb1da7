/**
 * A bulk create job as stored in bulkJobItem (lib/storage/items.ts) and run by the background
 * (entrypoints/background/bulk.ts): its rows, each row's state, and the transitions between them.
 * Pure and storage-free, so the item reads a job with readBulkJob and the page derives its counts
 * from the same functions the background uses.
 *
 * A row goes pending → sending → made | reused | failed. "sending" is stored BEFORE its request goes
 * out: a worker that stops mid-request finds the row still "sending" on its next start and treats
 * the create as uncertain (the server's newest links are looked at first), so nothing is made twice.
 * The job is running, paused, waiting (for the rate limit, until `waitUntil`), done or cancelled.
 */
import * as z from 'zod/mini';
import type { ErrorData } from '../messaging/result';

/** The fields of POST /api/url/add a batch sets; the same names as the API's. */
export interface BulkInput {
  url: string;
  custom?: string | undefined;
  campaign?: number | undefined;
  channel?: number | undefined;
  expiry?: string | undefined;
  domain?: string | undefined;
  description?: string | undefined;
  status: 'public' | 'private';
}

/** One link to make: its create input, the title it is copied with, and its preset's name ('' when none). */
export interface BulkItem {
  input: BulkInput;
  title: string;
  label: string;
}

type BulkRowState = 'pending' | 'sending' | 'made' | 'reused' | 'failed';

/** A row of a job: the item and where it is. */
interface BulkRow extends BulkItem {
  state: BulkRowState;
  shortUrl?: string | undefined;
  error?: ErrorData | undefined;
}

type BulkJobState = 'running' | 'paused' | 'waiting' | 'done' | 'cancelled';

/** A whole job. */
export interface BulkJob {
  id: string;
  /** The profile whose server and key the links are made with. */
  profileId: string;
  createdAt: number;
  state: BulkJobState;
  /** While `waiting`: when the rate limit lets the next request go (epoch ms). */
  waitUntil: number | null;
  /** Requests per window the server allows, as last seen: the page's estimate of the time left. */
  limit: number;
  /** Why the job stopped for all rows (a key the server refused): set with `paused`. */
  error?: ErrorData | undefined;
  rows: BulkRow[];
}

/** The counts the progress bar shows. */
export interface BulkCounts {
  made: number;
  reused: number;
  failed: number;
  /** Rows still to go (pending or sending). */
  left: number;
  total: number;
}

/** A new job, running, every row pending. */
export function newBulkJob(
  id: string,
  profileId: string,
  items: BulkItem[],
  now: number,
  limit: number,
): BulkJob {
  return {
    id,
    profileId,
    createdAt: now,
    state: 'running',
    waitUntil: null,
    limit,
    rows: items.map((item) => ({ ...item, state: 'pending' })),
  };
}

/** Whether the job still has work the background owns (a second job may not start meanwhile). */
export function isBulkJobActive(job: BulkJob | null): boolean {
  return job !== null && (job.state === 'running' || job.state === 'waiting' || job.state === 'paused');
}

/** The index of the next row to work on (one left "sending" by a stopped worker first), or -1. */
export function nextBulkRow(job: BulkJob): number {
  const sending = job.rows.findIndex((row) => row.state === 'sending');
  return sending >= 0 ? sending : job.rows.findIndex((row) => row.state === 'pending');
}

/** The job's counts. */
export function bulkCounts(job: BulkJob): BulkCounts {
  const counts: BulkCounts = { made: 0, reused: 0, failed: 0, left: 0, total: job.rows.length };
  for (const row of job.rows) {
    if (row.state === 'made') counts.made++;
    else if (row.state === 'reused') counts.reused++;
    else if (row.state === 'failed') counts.failed++;
    else counts.left++;
  }
  return counts;
}

/** The job with one row changed. */
function withRow(job: BulkJob, index: number, row: Partial<BulkRow>): BulkJob {
  const rows = job.rows.slice();
  const current = rows[index];
  if (!current) return job;
  rows[index] = { ...current, ...row };
  return { ...job, rows };
}

/** The row is about to be sent. */
export function markSending(job: BulkJob, index: number): BulkJob {
  return withRow(job, index, { state: 'sending', error: undefined });
}

/** The row has its link: made by a request, or reused from one made before. */
export function markLinked(job: BulkJob, index: number, shortUrl: string, reused: boolean): BulkJob {
  return withRow(job, index, { state: reused ? 'reused' : 'made', shortUrl, error: undefined });
}

/** The row failed; the others go on. */
export function markFailed(job: BulkJob, index: number, error: ErrorData): BulkJob {
  return withRow(job, index, { state: 'failed', error });
}

/** The row goes back to the queue untouched (a rate-limit wait too long to sit through). */
export function markPending(job: BulkJob, index: number): BulkJob {
  return withRow(job, index, { state: 'pending' });
}

/** Running again, or done when nothing is left. */
function runOrFinish(job: BulkJob): BulkJob {
  const state = nextBulkRow(job) === -1 ? 'done' : 'running';
  return { ...job, state, waitUntil: null, error: undefined };
}

/** Pause (only a job that has work left); the row on its way finishes first. */
export function pauseBulkJob(job: BulkJob): BulkJob {
  return job.state === 'running' || job.state === 'waiting'
    ? { ...job, state: 'paused', waitUntil: null }
    : job;
}

/** Paused with a reason every row would meet (e.g. the key was refused): the user fixes it and resumes. */
export function stopBulkJob(job: BulkJob, error: ErrorData): BulkJob {
  return { ...job, state: 'paused', waitUntil: null, error };
}

/** Resume a paused job. */
export function resumeBulkJob(job: BulkJob): BulkJob {
  return job.state === 'paused' ? runOrFinish(job) : job;
}

/** Waiting for the rate limit until `until`. */
export function waitBulkJob(job: BulkJob, until: number): BulkJob {
  return job.state === 'running' ? { ...job, state: 'waiting', waitUntil: until } : job;
}

/** Back to running after a wait. */
export function endBulkWait(job: BulkJob): BulkJob {
  return job.state === 'waiting' ? runOrFinish(job) : job;
}

/** Done once no row is left to go. */
export function finishIfDone(job: BulkJob): BulkJob {
  return job.state === 'running' && nextBulkRow(job) === -1
    ? { ...job, state: 'done', waitUntil: null }
    : job;
}

/** Cancel: the rows not sent stay pending and are never sent; what was made stays made. */
export function cancelBulkJob(job: BulkJob): BulkJob {
  return isBulkJobActive(job) ? { ...job, state: 'cancelled', waitUntil: null } : job;
}

/**
 * Failed rows queued again, each with its edited input when one is given; the job runs again (a
 * cancelled or finished job too: retrying is asking for it). Rows that are not failed are left alone.
 */
export function retryBulkRows(
  job: BulkJob,
  retries: { index: number; input?: BulkInput | undefined }[],
): BulkJob {
  let next = job;
  for (const { index, input } of retries) {
    const row = next.rows[index];
    if (row?.state !== 'failed') continue;
    next = withRow(next, index, { state: 'pending', error: undefined, ...(input ? { input } : {}) });
  }
  if (next === job) return job;
  return next.state === 'paused' ? next : runOrFinish(next);
}

// The stored job is read strictly: it is written only by the background, so anything else is damage,
// and a damaged job reads as none rather than sending requests nobody asked for. Built when read, so
// pages that import the storage items without reading this one (the popup) do not carry it.
function buildJobSchema() {
  const error = z.optional(z.object({ kind: z.string(), message: z.string() }));
  const input = z.object({
    url: z.string(),
    custom: z.optional(z.string()),
    campaign: z.optional(z.number()),
    channel: z.optional(z.number()),
    expiry: z.optional(z.string()),
    domain: z.optional(z.string()),
    description: z.optional(z.string()),
    status: z.enum(['public', 'private']),
  });
  return z.object({
    id: z.string(),
    profileId: z.string(),
    createdAt: z.number(),
    state: z.enum(['running', 'paused', 'waiting', 'done', 'cancelled']),
    waitUntil: z.nullable(z.number()),
    limit: z.number(),
    error,
    rows: z.array(
      z.object({
        input,
        title: z.string(),
        label: z.string(),
        state: z.enum(['pending', 'sending', 'made', 'reused', 'failed']),
        shortUrl: z.optional(z.string()),
        error,
      }),
    ),
  });
}
let jobSchema: ReturnType<typeof buildJobSchema> | undefined;

/** The stored value as a job, or null when absent or unreadable. */
export function readBulkJob(value: unknown): BulkJob | null {
  jobSchema ??= buildJobSchema();
  const parsed = jobSchema.safeParse(value);
  return parsed.success ? (parsed.data as BulkJob) : null;
}
