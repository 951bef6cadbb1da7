/**
 * The one job runner: bulk create (and changes to many links), the outage queue and lists copied at
 * the end (all tabs, several URLs at once) are its three uses. A job and its rows are kept in storage
 * (the policy names the item), so a stopped worker or a restarted browser loses nothing: every worker
 * start resumes it, and an alarm wakes a stopped worker for the next try or the end of a rate-limit
 * wait. Each row is made by the create pipeline (create-link.ts), and is stored as `sending` before
 * its request goes out, so a row a new worker finds `sending` may have reached the server: it is
 * looked for there first. A row with a `change` changes a link the server has instead
 * (change-link.ts): sent again after a cut-off try, it changes nothing more. What differs between
 * the three — how a failure ends, the queue's backoff, bulk's pause, a list's copy at the end — is
 * the policy passed in.
 */
import type { ErrorData } from '@/lib/api/errors';
import { jobRequestsPerWindow, type Priority } from '@/lib/api/rate-limiter';
import type { LinkInput } from '@/lib/api/schemas';
import {
  endWait,
  finishIfDone,
  markLinked,
  markPending,
  nextRow,
  resumeRows,
  stopJob,
  waitJob,
  withRow,
  withSentRows,
} from '@/lib/jobs/job';
import type { CachedLink } from '@/lib/links/cache';
import {
  getItems,
  type Job,
  type JobRow,
  type SentRows,
  type StorageItem,
  sentRowsItem,
  setItem,
  setItems,
} from '@/lib/storage/items';
import type { ChangeLink } from '../change-link';
import type { Clients } from '../clients';
import { type Created, type CreateLink, mayHaveMadeLink } from '../create-link';
import { toErrorData } from '../errors';

/**
 * Failures after which every other row of a batch would fail the same way (the key refused, the
 * profile gone, no server or no access to it): the one list the policies stop a batch on.
 */
export const STOPS_BATCH: ReadonlySet<ErrorData['kind']> = new Set([
  'unauthorized',
  'not_configured',
  'not_found',
  'permission_denied',
]);

/** Waited after the window's reset before sending again, for clock skew (as the rate limiter does). */
const RESET_MARGIN_MS = 250;
/** A wait this short is not announced: the next request goes almost at once. */
const SHORT_WAIT_MS = 1_500;

/** How a failed try of a row ends. */
export type Failure =
  /** The row fails (with `error` instead of the try's, and marked handed over to the queue). */
  | { kind: 'fail'; error?: ErrorData; queued?: boolean }
  /** The row is tried again at `at`; with `holdProfile`, the other rows of its profile wait as long. */
  | { kind: 'retry'; at: number; holdProfile?: boolean }
  /** The row goes back to its turn, and the job waits for the rate limit until `until`. */
  | { kind: 'wait'; until: number }
  /** The job pauses with the error, every row kept, until the user resumes it. */
  | { kind: 'stop' }
  /** The row and every row left fail with the error. */
  | { kind: 'failRest' };

/** What one kind of job does differently. */
export interface JobPolicy {
  item: StorageItem<Job | null>;
  /** The alarm that wakes a stopped worker for this job. */
  alarm: string;
  priority: Priority;
  /** A row may take a link to the same address made before, without a request. */
  reuse: boolean;
  /** The job waits for the next window itself once its share of the current one is spent. */
  waitsForWindow: boolean;
  /** The queue's way: rows that got their link leave the job, and the job never ends. */
  endless: boolean;
  /** At most one progress write per this many ms, besides the `sending` mark. */
  writeEveryMs: number;
  /**
   * How a row's `sending` mark is stored: `apart`, only the row (a bulk job: a row then costs the same
   * in a job of ten or of ten thousand; at a thousand rows, writing each whole made a row cost
   * ~0.5 s), or `whole`, with the job (the queue and a list, whose pages show each change at once).
   */
  sendingMarks: 'apart' | 'whole';
  /** A row a new worker finds `sending` is tried again after this long (its request may still be on its way). */
  resumeAfterMs: number;
  /** How a failed try ends; `sent` is false for a row `skip` answered. */
  onFailure(error: ErrorData, row: JobRow, sent: boolean): Failure | Promise<Failure>;
  /** A row not to send (all tabs during an outage): the failure to record it with, or null to try it. */
  skip?(row: JobRow): Promise<ErrorData | null>;
  /**
   * What a row is sent with, when not its stored input (the queue puts back a password kept in
   * memory); or a refusal: the row then fails unsent, with `mark` set on it.
   */
  prepare?(row: JobRow): Promise<{ input: LinkInput } | { refusal: ErrorData; mark: Partial<JobRow> }>;
  /** After every write of the job (the queue's badge). */
  onStored?(job: Job | null): Promise<void>;
  /** A row got its link. */
  onLinked?(row: JobRow, link: CachedLink): Promise<void>;
  /** A run ended with nothing due now, having made `made`: what to keep of the job (null: nothing). */
  onSettled?(job: Job, made: CachedLink[]): Promise<Job | null>;
}

/** One job kind's runner. */
export interface JobRunner {
  /** The job as this worker knows it (read from storage once). */
  load(): Promise<Job | null>;
  /**
   * Changes the job now (the callback sees the latest one), stores it and runs it when it has work.
   * A pause or cancel ends a wait at once.
   */
  change(mutate: (job: Job | null) => Job | null): Promise<Job | null>;
  /** Runs the job unless it already runs in this worker; resolves when nothing is due now. */
  drive(): Promise<void>;
  /** Worker start: rows left `sending` become uncertain, the alarm is set, due rows run. */
  resume(): Promise<void>;
  /** Listens for the job's alarm (synchronously, at the worker's start). */
  register(): void;
}

interface Deps {
  createLink: CreateLink;
  /** Runs rows that change a link the server has (only jobs that take such rows need it). */
  changeLink?: ChangeLink;
  clients: Clients;
  clock?: () => number;
}

/** How a try ended: a link, a link changed, a failure, a row gone meanwhile, or a job that must stop. */
type Tried =
  | { created: Created }
  | { changed: { shortUrl: string } }
  | { error: ErrorData; sent: boolean; mark?: Partial<JobRow> }
  | { gone: true }
  | { stop: ErrorData };

/** Thrown by the `sending` mark of a row that left the job meanwhile: nothing is sent. */
class RowGone extends Error {}
/** Thrown when the `sending` mark could not be stored: nothing is sent. */
class NotMarked extends Error {
  constructor(readonly reason: unknown) {
    super('not marked');
  }
}

/** Creates the runner of one kind of job. */
export function createJobRunner(
  policy: JobPolicy,
  { createLink, changeLink, clients, clock = () => Date.now() }: Deps,
): JobRunner {
  let job: Job | null | undefined;
  const sentItem = sentRowsItem(policy.item);
  // The rows marked `sending` since the job was last written whole: each mark writes only these.
  let sent: SentRows | null = null;
  let driving: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let lastWrite = 0;
  let writeTimer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();
  let alarmAt: number | null | undefined;

  /** The job as stored: written whole, with the rows sent since marked `sending` again. */
  async function readStored(): Promise<Job | null> {
    const [stored, sentSince] = await getItems([policy.item, sentItem]);
    return stored && withSentRows(stored, sentSince);
  }

  async function load(): Promise<Job | null> {
    if (job === undefined) {
      const stored = await readStored();
      // Another read may have finished first and a change made since: that one is newer.
      if (job === undefined) job = stored;
    }
    return job;
  }

  /** When the alarm must wake a stopped worker: the end of a wait, else the next row's try. */
  function nextWake(current: Job | null): number | null {
    if (!current) return null;
    if (current.state === 'waiting') return current.waitUntil;
    if (current.state !== 'running') return null;
    let next: number | null = null;
    for (const row of current.rows) {
      if (row.state === 'pending' && (next === null || row.nextTryAt < next)) next = row.nextTryAt;
    }
    // Chrome delays any alarm to at least 30 s from now; a row due sooner is tried by the run itself.
    return next === null ? null : Math.max(next, clock() + 1_000);
  }

  async function setAlarm(at: number | null): Promise<void> {
    if (at === alarmAt) return;
    alarmAt = at;
    if (at === null) await browser.alarms.clear(policy.alarm).catch(() => undefined);
    else await Promise.resolve(browser.alarms.create(policy.alarm, { when: at })).catch(() => undefined);
  }

  /** Writes the job now (`force`), or within `writeEveryMs`, as one write of its latest state. */
  function save(force: boolean): Promise<void> {
    const due = lastWrite + policy.writeEveryMs - clock();
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
    const value = job ?? null;
    // Written whole, the job holds every row sent so far: the list of sent rows starts over, in the
    // same storage call.
    sent = null;
    // In order: a slow write must never land after a newer one.
    writing = writing
      .catch(() => undefined)
      .then(async () => {
        await setItems([policy.item.entry(value), sentItem.entry(null)], browser.storage[policy.item.area]);
        await Promise.all([policy.onStored?.(value), setAlarm(nextWake(value))]);
      });
    return writing;
  }

  /** Stores that the row is sent, in the small list of rows sent since the job was written whole. */
  function saveSent(jobId: string, rowId: string, mark: JobRow['mark']): Promise<void> {
    const rows = sent?.jobId === jobId ? sent.rows.filter((row) => row.id !== rowId) : [];
    sent = { jobId, rows: [...rows, { id: rowId, mark }] };
    const value = sent;
    // Behind any write of the whole job still on its way, as every write of the job.
    const marked = writing.catch(() => undefined).then(() => setItem(sentItem, value));
    writing = marked.catch(() => undefined);
    return marked;
  }

  /** Sleeps until `until`, or until a pause or cancel wakes it. */
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

  /** Waits for the rate limit's window to reset, saying so and leaving an alarm for a stopped worker. */
  async function waitFor(until: number): Promise<void> {
    if (!job) return;
    job = waitJob(job, until);
    await save(true);
    await sleepUntil(until);
    if (job?.state === 'waiting') {
      job = endWait(job, clock());
      await save(true);
    }
  }

  /**
   * When the job's share of the current window is spent, as the rate limiter counts it (the user's
   * requests and the pages' included): the window's end, else null. The limiter would hold the next
   * request until then anyway; waiting here says so on the page and leaves an alarm. The limit seen
   * is kept with the job, for the page's estimate of the time left.
   */
  async function windowSpentUntil(profileId: string): Promise<number | null> {
    const active = await clients.forProfile(profileId, policy.priority).catch(() => null);
    if (!active) return null;
    const { limit, used, resetAt } = active.budget();
    if (job && limit !== job.limit) job = { ...job, limit };
    if (resetAt === null || resetAt <= clock()) return null;
    return limit - used <= limit - jobRequestsPerWindow(limit) ? resetAt + RESET_MARGIN_MS : null;
  }

  const indexOf = (rowId: string) => job?.rows.findIndex((row) => row.id === rowId) ?? -1;

  /**
   * Stores the row as `sending` before its request goes out; throws RowGone when it left the job
   * meanwhile, NotMarked when the mark could not be stored (then nothing is sent).
   */
  async function markSending(jobId: string, rowId: string, mark: JobRow['mark'] = null): Promise<void> {
    const index = indexOf(rowId);
    if (!job || job.id !== jobId || index === -1) throw new RowGone();
    const current = job.rows[index] as JobRow;
    job = withRow(job, index, { state: 'sending', mark: current.mark ?? mark });
    // Unmarked, a request could not be told apart from one never sent: none goes out.
    const marked =
      policy.sendingMarks === 'whole' ? save(true) : saveSent(jobId, rowId, current.mark ?? mark);
    await marked.catch((error: unknown) => {
      throw new NotMarked(error);
    });
  }

  /** One try of a row: its link, or why not (`sent` once its request may have gone out). */
  async function tryRow(jobId: string, row: JobRow): Promise<Tried> {
    let sent = false;
    const skipped = (await policy.skip?.(row)) ?? null;
    if (skipped) return { error: skipped, sent };
    const prepared = policy.prepare ? await policy.prepare(row) : { input: row.input };
    if ('refusal' in prepared) return { error: prepared.refusal, sent, mark: prepared.mark };
    try {
      if (row.change) {
        if (!changeLink) throw new Error('This job does not change links');
        const changed = await changeLink({
          change: row.change,
          input: prepared.input,
          profileId: row.profileId,
          priority: policy.priority,
          beforeSend: async () => {
            await markSending(jobId, row.id);
            sent = true;
          },
        });
        return { changed };
      }
      const created = await createLink({
        input: prepared.input,
        profileId: row.profileId,
        pageTitle: row.title,
        priority: policy.priority,
        reuse: policy.reuse,
        mark: row.mark,
        uncertain: row.uncertain,
        beforeSend: async (mark) => {
          await markSending(jobId, row.id, mark);
          sent = true;
        },
      });
      return { created };
    } catch (error) {
      if (error instanceof RowGone) return { gone: true };
      // The job can't be trusted to remember what it sends: it stops until the user resumes it.
      if (error instanceof NotMarked) return { stop: toErrorData(error.reason) };
      return { error: toErrorData(error), sent };
    }
  }

  /** Records how a failed try ends. */
  async function fail(
    index: number,
    error: ErrorData,
    sent: boolean,
    mark: Partial<JobRow> = {},
  ): Promise<number | null> {
    if (!job) return null;
    const row = job.rows[index] as JobRow;
    const uncertain = row.uncertain || (sent && mayHaveMadeLink(error));
    const failure = await policy.onFailure(error, row, sent);
    const at = indexOf(row.id);
    if (!job || at === -1) return null;
    switch (failure.kind) {
      case 'fail':
        job = withRow(job, at, {
          ...mark,
          state: 'failed',
          error: failure.error ?? error,
          uncertain,
          ...(failure.queued ? { queued: true } : {}),
        });
        return null;
      case 'retry': {
        job = withRow(job, at, { state: 'pending', nextTryAt: failure.at, error, uncertain });
        if (failure.holdProfile) {
          // One failure says the server is down: its other rows wait with this one instead of each
          // failing the same way (a timeout costs 15 s each).
          const rows = job.rows.map((other) =>
            other.profileId === row.profileId && other.state === 'pending' && other.nextTryAt < failure.at
              ? { ...other, nextTryAt: failure.at }
              : other,
          );
          job = { ...job, rows };
        }
        return null;
      }
      case 'wait':
        job = withRow(markPending(job, at), at, { uncertain, error: undefined });
        return failure.until;
      case 'stop':
        job = stopJob(withRow(markPending(job, at), at, { uncertain }), error);
        return null;
      case 'failRest': {
        const rows = job.rows.map(
          (other, i): JobRow =>
            i === at || other.state === 'pending' ? { ...other, state: 'failed', error } : other,
        );
        job = { ...job, rows: rows.map((r, i) => (i === at ? { ...r, uncertain } : r)) };
        return null;
      }
    }
  }

  async function run(): Promise<void> {
    const started = await load();
    if (!started || (started.state !== 'running' && started.state !== 'waiting')) return;
    const { id } = started;
    const made: CachedLink[] = [];

    for (;;) {
      if (!job || job.id !== id) return;
      if (job.state === 'waiting') {
        const until = job.waitUntil ?? 0;
        if (until > clock()) await sleepUntil(until);
        if (job?.id === id && job.state === 'waiting') {
          job = endWait(job, clock());
          await save(true);
        }
        continue;
      }
      if (job.state !== 'running') break;
      const index = nextRow(job, clock());
      const row = job.rows[index];
      if (!row) {
        if (!policy.endless) job = finishIfDone(job, clock());
        break;
      }
      if (policy.waitsForWindow) {
        const until = await windowSpentUntil(row.profileId);
        if (until !== null && until - clock() > SHORT_WAIT_MS) {
          await waitFor(until);
          continue;
        }
      }
      job = withRow(job, index, { attempts: row.attempts + 1 });
      const outcome = await tryRow(id, row);
      const at = indexOf(row.id);
      if (!job || job.id !== id) return;
      if ('gone' in outcome || at === -1) continue;
      if ('stop' in outcome) {
        job = stopJob(markPending(job, at), outcome.stop);
        break;
      }
      if ('changed' in outcome) {
        job = markLinked(job, at, outcome.changed.shortUrl, false);
      } else if ('created' in outcome) {
        const { link, reused, existing } = outcome.created;
        made.push(link);
        const current = job.rows[at] as JobRow;
        job = policy.endless
          ? { ...job, rows: job.rows.filter((_, i) => i !== at) }
          : withRow(markLinked(job, at, link.shortUrl, reused, existing), at, {
              title: current.title || link.title.trim(),
            });
        await policy.onLinked?.(current, link);
      } else {
        const waitUntil = await fail(at, outcome.error, outcome.sent, outcome.mark);
        if (waitUntil !== null && job?.state === 'running') {
          await waitFor(waitUntil);
          continue;
        }
      }
      await save(false);
    }
    if (job?.id !== id) return;
    // Settled before the end is stored: a page must not see a finished job before its end (all tabs'
    // copy) is done.
    if (policy.onSettled && job) {
      const kept = await policy.onSettled(job, made);
      if (job?.id === id) job = kept;
    }
    await save(true);
  }

  const hasWork = () =>
    !!job && (job.state === 'waiting' || (job.state === 'running' && nextRow(job, clock()) !== -1));

  function drive(): Promise<void> {
    driving ??= (async () => {
      // Again while there is work: rows made due, or a new job started, while the last run was
      // finishing (its request still on the way after a cancel) would otherwise wait for a restart.
      do {
        await run().catch(async (error) => {
          if (job) {
            job = stopJob(job, toErrorData(error));
            await save(true).catch(() => undefined);
          }
        });
      } while (hasWork());
    })().finally(() => {
      driving = null;
    });
    return driving;
  }

  return {
    load,
    drive,
    async change(mutate) {
      if (driving) await load();
      else {
        // Idle, every write has landed: what is stored is the job (a test or an older worker may
        // have written it since this worker read it).
        await writing.catch(() => undefined);
        job = await readStored();
      }
      const before = job ?? null;
      const next = mutate(before);
      if (next === before) return before;
      job = next;
      if (next?.state !== 'running' && next?.state !== 'waiting') wake?.();
      try {
        await save(true);
      } catch (error) {
        // A change that could not be stored did not happen.
        if (job === next) job = before;
        throw error;
      }
      if (hasWork()) void drive();
      return job;
    },
    async resume() {
      const current = await load();
      // This worker has sent nothing yet: a `sending` row was cut off in a worker that stopped.
      if (current) job = resumeRows(current, clock() + policy.resumeAfterMs);
      if (job !== current) await save(true);
      else {
        // The badge and the alarm follow what is stored, also when nothing changed.
        await Promise.all([policy.onStored?.(current), setAlarm(nextWake(current))]);
      }
      await drive();
    },
    register() {
      browser.alarms.onAlarm.addListener((alarm) => {
        if (alarm.name === policy.alarm) return drive();
      });
    },
  };
}
