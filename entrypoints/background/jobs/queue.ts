/**
 * The outage queue: a create that failed because the server or the network did (refused, offline, a
 * timeout, a 5xx, a long rate-limit wait) waits as a row of the queue's job and is made later, so a
 * link asked for from the menu, the shortcut, all tabs or the popup is never simply lost. Its policy
 * on the job runner: tries with backoff (lib/jobs/queue.ts), at once when the browser comes back
 * online or another request to the profile's server succeeds; one failure holds the profile's other
 * rows; a row leaves the queue with its link, and one notification announces what a run made.
 *
 * A link password never reaches storage.local, where drafts keep none either: a queued create keeps
 * it in storage.session (memory, gone when the browser closes) and gets it back when it is sent. Of
 * the two ways out, refusing to queue such a create would lose the very link the queue exists to
 * keep; this one keeps it and costs only the typing of the password again after a browser restart,
 * the row saying so. Sent without it, the link would be made unprotected: it never is.
 */

import { clean } from '@/lib/api/client';
import type { ErrorData } from '@/lib/api/errors';
import { type LinkInput, linkInputSchema } from '@/lib/api/schemas';
import { t, tPlural } from '@/lib/i18n';
import { newRow } from '@/lib/jobs/job';
import { isQueueable, retryDelay } from '@/lib/jobs/queue';
import type { CachedLink } from '@/lib/links/cache';
import { copyPayloadFor, copyPayloadForList } from '@/lib/links/copy-format';
import { dropDraft } from '@/lib/links/draft';
import type { RequestOf } from '@/lib/messaging/protocol';
import {
  getEntry,
  getItem,
  type Job,
  type JobRow,
  type QueueSource,
  queueJobItem,
  queueMadeItem,
  queuePasswordFamily,
  removeEntry,
  setEntry,
  setItem,
} from '@/lib/storage/items';
import { loadSettings } from '@/lib/storage/settings';
import { LIST_LIMITS } from '@/lib/text-limits';
import type { Clients } from '../clients';
import type { ClipboardWriter } from '../clipboard';
import { type CreateLink, createKey, markBefore, mayHaveMadeLink } from '../create-link';
import { ExtensionError, toErrorData } from '../errors';
import { type Notifier, notifyQueueMade, showQueueCount } from '../notify';
import { createJobRunner } from './runner';

/** A failed create to keep for later. */
export interface QueueRequest {
  profileId: string;
  input: LinkInput;
  pageTitle?: string | undefined;
  source: QueueSource;
  /** Why it failed: must be the server's or the network's (isQueueable). */
  error: ErrorData;
  /** True when this create was never sent (queued because another just failed the same way). */
  unsent?: boolean;
  /** The popup's draft of this create, dropped once the link is made. */
  draftUrl?: string | undefined;
}

/** The queue's actions. */
export interface CreateQueue {
  /** Queues a failed create; rejects with `queue_full` when LIST_LIMITS.queue creates wait already. */
  add(request: QueueRequest): Promise<JobRow>;
  /** Tries a row now (a failed one too); `password` is the link password typed again for a row that lost it. */
  retryNow(id: string, password?: string): Promise<void>;
  /** Removes a row; one being sent may still make its link, which then joins the recent list. */
  cancel(id: string): Promise<void>;
  /** Tries every row that is due; resolves when nothing is due. */
  run(): Promise<void>;
  /** Worker start: rows left `sending` wait one backoff step and look first; the badge and alarm are set. */
  start(): Promise<void>;
  /** Another request to this profile's server succeeded: its waiting rows are tried now. */
  serverAnswered(profileId: string): void;
  /** The browser is online again: every waiting row is tried now. */
  online(): void;
  /** Copies the links the last "made" notification announced (its click). */
  copyMade(): Promise<void>;
  /** Listens for the queue's alarm. */
  register(): void;
}

interface Deps {
  createLink: CreateLink;
  clients: Clients;
  clipboard: ClipboardWriter;
  notifier: Notifier;
  clock?: () => number;
}

const emptyQueue = (now: number): Job => ({
  id: 'queue',
  kind: 'queue',
  profileId: '',
  createdAt: now,
  state: 'running',
  waitUntil: null,
  limit: 0,
  rows: [],
});

/** Creates the queue. Nothing runs until `start`, an alarm, or a call. */
export function createCreateQueue({
  createLink,
  clients,
  clipboard,
  notifier,
  clock = () => Date.now(),
}: Deps): CreateQueue {
  /** Rows waiting, as last stored by this worker (only it writes the queue); null before. */
  let waiting: number | null = null;

  /** A row's whole input, its password put back; null when the password is gone. */
  async function fullInput(row: JobRow): Promise<LinkInput | null> {
    if (row.password === undefined) return row.input;
    if (row.password === 'lost') return null;
    const password = await getEntry(queuePasswordFamily, row.id).catch(() => null);
    return password === null ? null : { ...row.input, password };
  }

  const passwordLost = (): ErrorData => ({ kind: 'validation', message: t('bg_queue_password_lost') });

  /** Rows whose password the browser forgot (it was restarted) fail at once, saying so, instead of at their try. */
  async function markLostPasswords(): Promise<void> {
    const current = await runner.load();
    const kept = current?.rows.filter((row) => row.password === 'session') ?? [];
    const lost = new Set<string>();
    for (const row of kept) if ((await fullInput(row)) === null) lost.add(row.id);
    if (lost.size === 0) return;
    await runner.change(
      (job) =>
        job && {
          ...job,
          rows: job.rows.map((row) =>
            lost.has(row.id) && row.password === 'session'
              ? { ...row, state: 'failed', password: 'lost', error: passwordLost() }
              : row,
          ),
        },
    );
  }

  async function announce(made: CachedLink[]): Promise<void> {
    const links = made.map((link) => ({ shortUrl: link.shortUrl, title: link.title }));
    await setItem(queueMadeItem, links).catch(() => undefined);
    const show = await loadSettings().then(
      (s) => s.behaviour.notifications,
      () => true,
    );
    if (show) await notifyQueueMade(tPlural('bg_queue_made', made.length, made.at(-1)?.shortUrl ?? ''));
  }

  const runner = createJobRunner(
    {
      item: queueJobItem,
      alarm: 'queue-retry',
      priority: 'job',
      // An address that got a link since it was queued (made by hand meanwhile) needs no request.
      reuse: true,
      waitsForWindow: false,
      endless: true,
      async prepare(row) {
        const input = await fullInput(row);
        return input ? { input } : { refusal: passwordLost(), mark: { password: 'lost' } };
      },
      writeEveryMs: 0,
      sendingMarks: 'whole',
      // After the first backoff step (longer than a request's timeout) the server has made the link
      // of a cut-off request or never will, and the look finds it.
      resumeAfterMs: retryDelay(1),
      onFailure(error, row) {
        if (!isQueueable(error)) return { kind: 'fail' };
        // The wait before the first try was the first step of the backoff: this one waits the next.
        const at = Math.max(clock() + retryDelay(row.attempts + 1), error.retryAt ?? 0);
        return { kind: 'retry', at, holdProfile: true };
      },
      async onStored(job) {
        const rows = job?.rows ?? [];
        waiting = rows.filter((row) => row.state === 'pending').length;
        // Every row counts (failed ones wait for the user).
        await showQueueCount(rows.length).catch(() => undefined);
      },
      async onLinked(row) {
        if (row.draftUrl) await dropDraft(row.draftUrl).catch(() => undefined);
        if (row.password) await removeEntry(queuePasswordFamily, row.id).catch(() => undefined);
      },
      async onSettled(job, made) {
        if (made.length > 0) await announce(made);
        return job;
      },
    },
    { createLink, clients, clock },
  );

  /** Makes the waiting rows that `which` picks due now. */
  async function dueNow(which: (row: JobRow) => boolean): Promise<void> {
    const now = clock();
    await runner.change((job) =>
      job?.rows.some((r) => r.state === 'pending' && which(r) && r.nextTryAt > now)
        ? {
            ...job,
            rows: job.rows.map((r) =>
              r.state === 'pending' && which(r) && r.nextTryAt > now ? { ...r, nextTryAt: now } : r,
            ),
          }
        : job,
    );
    await runner.drive();
  }

  return {
    async add({ profileId, input, pageTitle, source, error, unsent = false, draftUrl }) {
      // Refused here, not only when sent: a row that can never become a link is not even stored.
      clean(linkInputSchema, input);
      const now = clock();
      // What is known now: a link to this address made later (by hand, meanwhile) resolves the row;
      // one known already does not (the popup's "Create new anyway" asked for another).
      const { password, ...withoutPassword } = input;
      const id = crypto.randomUUID();
      const row: JobRow = {
        ...newRow(id, profileId, {
          input: password ? withoutPassword : input,
          title: pageTitle?.trim() ?? '',
          label: '',
        }),
        nextTryAt: Math.max(now + retryDelay(1), error.retryAt ?? 0),
        error: { kind: error.kind, message: error.message },
        // The failure that brought it here may have reached the server: the first try looks first.
        uncertain: !unsent && mayHaveMadeLink(error),
        mark: await markBefore(profileId, input, now),
        source,
        askedAt: now,
        ...(draftUrl ? { draftUrl } : {}),
        ...(password ? { password: 'session' as const } : {}),
      };
      // Stored before the row, so no row ever waits for a password that was never kept.
      if (password) await setEntry(queuePasswordFamily, id, password);
      const inputs = new Map<string, LinkInput | null>();
      for (const r of (await runner.load())?.rows ?? []) inputs.set(r.id, await fullInput(r));
      let queued = row;
      const key = createKey(profileId, input);
      try {
        await runner.change((current) => {
          const job = current ?? emptyQueue(now);
          // The same link asked for again (a second click while the server is down) waits once.
          const same = job.rows.find((r) => {
            const full = inputs.has(r.id) ? inputs.get(r.id) : r.input;
            return r.state !== 'failed' && !!full && createKey(r.profileId, full) === key;
          });
          if (same) {
            queued = same;
            return job;
          }
          if (job.rows.length >= LIST_LIMITS.queue)
            throw new ExtensionError('queue_full', t('error_queue_full', LIST_LIMITS.queue));
          return { ...job, state: 'running', rows: [...job.rows, row] };
        });
      } finally {
        if (password && queued !== row) await removeEntry(queuePasswordFamily, id).catch(() => undefined);
      }
      return queued;
    },
    async retryNow(id, password) {
      if (password) await setEntry(queuePasswordFamily, id, password);
      await runner.change(
        (job) =>
          job && {
            ...job,
            rows: job.rows.map((r) => {
              if (r.id !== id || r.state === 'sending') return r;
              // A password typed again goes back in memory; without one a row that lost its own stays put.
              if (r.password === 'lost' && !password) return r;
              return {
                ...r,
                state: 'pending',
                nextTryAt: clock(),
                ...(r.password && password ? { password: 'session' as const } : {}),
              };
            }),
          },
      );
      await runner.drive();
    },
    async cancel(id) {
      await runner.change((job) => job && { ...job, rows: job.rows.filter((r) => r.id !== id) });
      await removeEntry(queuePasswordFamily, id).catch(() => undefined);
    },
    run: () => runner.drive(),
    async start() {
      await markLostPasswords().catch(() => undefined);
      await runner.resume();
    },
    serverAnswered(profileId) {
      // Every answer to the user's requests comes here: with nothing waiting, storage is not read.
      if (waiting === 0) return;
      void dueNow((row) => row.profileId === profileId).catch(() => undefined);
    },
    online() {
      if (waiting === 0) return;
      void dueNow(() => true).catch(() => undefined);
    },
    async copyMade() {
      const links = await getItem(queueMadeItem);
      if (links.length === 0) return;
      const format = await loadSettings().then(
        (s) => s.behaviour.copyFormat,
        () => 'plain' as const,
      );
      const [only] = links;
      const payload =
        only && links.length === 1 ? copyPayloadFor(only, format) : copyPayloadForList(links, format);
      try {
        await clipboard.write(payload);
      } catch (error) {
        await notifier.failed(t('bg_queue_copy_failed_title'), toErrorData(error));
      }
    },
    register: () => runner.register(),
  };
}

// The queue the `online` listener wakes: one listener for the global scope, registered once, so a
// background started again in the same scope (tests do) has one queue answering it, not two.
let onlineQueue: CreateQueue | undefined;

/** Wires the queue's wake-ups: its alarm, the browser coming back online. */
export function registerQueueTriggers(queue: CreateQueue): void {
  queue.register();
  // Service workers get `online` like pages; a Firefox event page is a page.
  if (!onlineQueue) globalThis.addEventListener?.('online', () => onlineQueue?.online());
  onlineQueue = queue;
}

/** The popup's `queueCreate`, `queueRetry` and `queueCancel` handlers. */
export function createQueueHandlers(queue: CreateQueue, clients: Clients) {
  return {
    async queueCreate({ input, pageTitle, draftUrl, error }: RequestOf<'queueCreate'>): Promise<null> {
      const { profile } = await clients.active();
      await queue.add({ profileId: profile.id, input, pageTitle, source: 'popup', error, draftUrl });
      return null;
    },
    async queueRetry({ id, password }: RequestOf<'queueRetry'>): Promise<null> {
      // Answered at once: the popup follows the try in storage, and may close meanwhile.
      void queue.retryNow(id, password).catch(() => undefined);
      return null;
    },
    async queueCancel({ id }: RequestOf<'queueCancel'>): Promise<null> {
      await queue.cancel(id);
      return null;
    },
  };
}
