/**
 * The outage queue: a create that failed because the server or the network did (refused, offline,
 * timeout, 5xx, a long rate-limit wait) waits in storage.local (createQueueItem) and is made later,
 * so a link asked for from the menu, the shortcut, all tabs or the popup is never simply lost.
 *
 * - Tries run on an alarm (a stopped worker wakes for it) with backoff (lib/links/queue.ts), at once
 *   when the browser comes back online or another request to the profile's server succeeds, and always
 *   through the rate limiter as a `job`: behind the user's own requests, never in their reserve.
 * - Exactly once: an entry is stored as `sending` before its request, so a worker that stopped
 *   mid-send leaves it uncertain; an uncertain entry first looks among the server's newest links for
 *   the link it may have made (findMadeSince), and an address that got a link meanwhile (in the
 *   profile's cache) is resolved without a request.
 * - Every write goes through one promise chain: the worker runs many handlers at once, and two
 *   read-modify-writes of one stored list would otherwise lose one of them.
 */
import type { LinkInput } from '@/lib/api/schemas';
import { t, tPlural } from '@/lib/i18n';
import { type CachedLink, findByLongUrl, getCachedLinks, putCachedLinks } from '@/lib/links/cache';
import { copyPayloadFor, copyPayloadForList } from '@/lib/links/copy-format';
import { dropDraft } from '@/lib/links/draft';
import { isQueueable, QUEUE_LIMIT, type QueuedCreate, type QueueSource, retryDelay } from '@/lib/links/queue';
import type { ErrorData, RequestOf } from '@/lib/messaging/protocol';
import { loadSettings } from '@/lib/settings/settings';
import { createQueueItem, getItem, queueMadeItem, setItem } from '@/lib/storage/items';
import type { Clients, ProfileClient } from './clients';
import type { ClipboardWriter } from './clipboard';
import { ExtensionError, toErrorData } from './errors';
import { createLink, findMadeSince, markOf } from './links';
import { type Notifier, notifyQueueMade, showQueueCount } from './notify';
import { createKey, mayHaveMadeLink } from './uncertain-creates';

/** The one alarm of the queue: the next entry's try. */
const QUEUE_ALARM = 'queue-retry';

/** The same create of one profile, as createKey (uncertain-creates.ts) defines it. */
function sameCreate(profileId: string, a: LinkInput, b: LinkInput): boolean {
  return createKey(profileId, a) === createKey(profileId, b);
}

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

/** The queue's actions; see the module comment. */
export interface CreateQueue {
  /** Queues a failed create; rejects with `queue_full` when QUEUE_LIMIT entries wait already. */
  add(request: QueueRequest): Promise<QueuedCreate>;
  /** Tries an entry now (a failed one too). */
  retryNow(id: string): Promise<void>;
  /** Removes an entry; one being sent may still make its link, which then joins the recent list. */
  cancel(id: string): Promise<void>;
  /** Tries every entry that is due; resolves when the round (and any asked for meanwhile) is over. */
  run(): Promise<void>;
  /** On worker start: entries left `sending` become uncertain and due; the badge and alarm are set. */
  start(): Promise<void>;
  /** Another request to this profile's server succeeded: its waiting entries are tried now. */
  serverAnswered(profileId: string): void;
  /** The browser is online again: every waiting entry is tried now. */
  online(): void;
  /** Copies the links the last "made" notification announced (its click). */
  copyMade(): Promise<void>;
  /** The link a try under way is making for this profile and create, for a new ask to join. */
  sending(profileId: string, input: LinkInput): Promise<CachedLink> | undefined;
}

interface Deps {
  clients: Clients;
  clipboard: ClipboardWriter;
  notifier: Notifier;
  clock?: () => number;
}

/** How one try ended: a link, a wait until `retryAt` for this profile, or neither. */
type Outcome = { link?: CachedLink; retryAt?: number };

/** Creates the queue. Nothing runs until `start`, an alarm, or a call. */
export function createCreateQueue({
  clients,
  clipboard,
  notifier,
  clock = () => Date.now(),
}: Deps): CreateQueue {
  let writes: Promise<unknown> = Promise.resolve();
  let running: Promise<void> | null = null;
  let again = false;
  const underWay: { profileId: string; input: LinkInput; link: Promise<CachedLink> }[] = [];

  /** Runs `change` on the stored queue, after every earlier change; stores and shows what it returns. */
  /** Entries waiting, as last written or read by this worker (only it writes the queue); null before. */
  let waitingCount: number | null = null;

  function update<T>(change: (entries: QueuedCreate[]) => { entries: QueuedCreate[]; value: T }): Promise<T> {
    const next = writes.then(async () => {
      const before = await getItem(createQueueItem);
      const { entries, value } = change(before);
      if (entries !== before) {
        await setItem(createQueueItem, entries);
        await reflect(entries);
      }
      return value;
    });
    writes = next.catch(() => undefined);
    return next;
  }

  /** Changes one entry by id; nothing when it is gone (cancelled meanwhile). */
  const patch = (id: string, change: (entry: QueuedCreate) => QueuedCreate | null) =>
    update((entries) => {
      const index = entries.findIndex((entry) => entry.id === id);
      const old = entries[index];
      if (!old) return { entries, value: null };
      const changed = change(old);
      const copy = [...entries];
      if (changed) copy[index] = changed;
      else copy.splice(index, 1);
      return { entries: copy, value: changed };
    });

  /** The badge shows every entry (failed ones wait for the user); the alarm wakes for the next try. */
  async function reflect(entries: QueuedCreate[]): Promise<void> {
    await showQueueCount(entries.length).catch(() => undefined);
    const waiting = entries.filter((entry) => entry.state === 'waiting');
    waitingCount = waiting.length;
    if (waiting.length === 0) {
      await browser.alarms.clear(QUEUE_ALARM).catch(() => undefined);
      return;
    }
    const next = Math.min(...waiting.map((entry) => entry.nextTryAt));
    // Chrome delays any alarm to at least 30 s from now; an entry due sooner is tried by `run` itself.
    await Promise.resolve(
      browser.alarms.create(QUEUE_ALARM, { when: Math.max(next, clock() + 1_000) }),
    ).catch(() => undefined);
  }

  async function add({
    profileId,
    input,
    pageTitle,
    source,
    error,
    unsent = false,
    draftUrl,
  }: QueueRequest): Promise<QueuedCreate> {
    const now = clock();
    // What is known now: a link to this address made later (by hand, meanwhile) resolves the entry;
    // one known already does not (the popup's "Create new anyway" asked for another).
    const cached = await getCachedLinks(profileId).then(
      (c) => c.links,
      () => [],
    );
    const entry: QueuedCreate = {
      id: crypto.randomUUID(),
      profileId,
      input,
      pageTitle: pageTitle?.trim() ?? '',
      source,
      askedAt: now,
      attempts: 0,
      nextTryAt: now + retryDelay(1),
      state: 'waiting',
      lastError: { kind: error.kind, message: error.message },
      // The failure that brought it here may have reached the server: the first try looks first.
      uncertain: !unsent && mayHaveMadeLink(error),
      mark: markOf(cached, input, now),
      ...(draftUrl ? { draftUrl } : {}),
    };
    if (error.retryAt) entry.nextTryAt = Math.max(entry.nextTryAt, error.retryAt);
    return update((entries) => {
      // The same link asked for again (a second click while the server is down) waits once.
      const same = entries.find(
        (e) => e.profileId === profileId && e.state !== 'failed' && sameCreate(profileId, e.input, input),
      );
      if (same) return { entries, value: same };
      if (entries.length >= QUEUE_LIMIT)
        throw new ExtensionError('queue_full', t('error_queue_full', QUEUE_LIMIT));
      return { entries: [...entries, entry], value: entry };
    });
  }

  /** Marks the entry `sending` (stored before the request) with what the cache knows; null when gone. */
  const claim = (id: string, cached: CachedLink[]) =>
    patch(id, (entry) =>
      entry.state !== 'waiting'
        ? entry
        : {
            ...entry,
            state: 'sending',
            attempts: entry.attempts + 1,
            mark: entry.mark ?? markOf(cached, entry.input, clock()),
          },
    );

  /** The entry's link exists: it leaves the queue, and the popup's draft of it is done with. */
  async function done(entry: QueuedCreate): Promise<void> {
    await patch(entry.id, () => null);
    if (entry.draftUrl) await dropDraft(entry.draftUrl);
  }

  async function attempt(entry: QueuedCreate): Promise<Outcome> {
    let active: ProfileClient;
    try {
      // Always the profile it was asked on: a deleted one fails the entry, never sends it elsewhere.
      active = await clients.forProfile(entry.profileId, 'job');
    } catch (error) {
      const { kind, message } = toErrorData(error);
      await patch(entry.id, (e) => ({ ...e, state: 'failed', lastError: { kind, message } }));
      return {};
    }
    const cached = await getCachedLinks(entry.profileId).then(
      (c) => c.links,
      () => [],
    );
    const alias = typeof entry.input.custom === 'string' ? entry.input.custom.trim() : '';
    const knownThen = entry.mark?.knownIds ?? [];
    const known = findByLongUrl(
      cached.filter((link) => !knownThen.includes(link.id)),
      entry.input.url,
    );
    if (known && (!alias || known.alias === alias)) {
      await done(entry);
      return { link: known };
    }
    const claimed = await claim(entry.id, cached);
    if (claimed?.state !== 'sending') return {};
    const making = makeOnce(active, claimed);
    const mine = { profileId: entry.profileId, input: entry.input, link: making };
    underWay.push(mine);
    try {
      const link = await making;
      await done(entry);
      return { link };
    } catch (error) {
      const data = toErrorData(error);
      const lastError = { kind: data.kind, message: data.message };
      const uncertain = claimed.uncertain || mayHaveMadeLink(data);
      if (!isQueueable(data)) {
        await patch(entry.id, (e) => ({ ...e, state: 'failed', lastError, uncertain }));
        return {};
      }
      // The wait before the first try was the first step of the backoff: this one waits the next.
      const retryAt = Math.max(clock() + retryDelay(claimed.attempts + 1), data.retryAt ?? 0);
      await patch(entry.id, (e) => ({ ...e, state: 'waiting', nextTryAt: retryAt, lastError, uncertain }));
      return { retryAt };
    } finally {
      underWay.splice(underWay.indexOf(mine), 1);
    }
  }

  /** The entry's link: the one an earlier try may have made, else a new one. */
  async function makeOnce(active: ProfileClient, entry: QueuedCreate): Promise<CachedLink> {
    if (entry.uncertain && entry.mark) {
      const found = await findMadeSince(active, entry.input, entry.mark);
      if (found) {
        const made = { ...found, title: entry.pageTitle };
        await putCachedLinks(entry.profileId, [made]).catch(() => undefined);
        return made;
      }
    }
    return createLink(active, entry.input, entry.pageTitle || undefined, new Date(clock()));
  }

  async function round(): Promise<void> {
    const now = clock();
    const due = (await getItem(createQueueItem)).filter((e) => e.state === 'waiting' && e.nextTryAt <= now);
    const made: CachedLink[] = [];
    // A profile whose server failed this round: its other entries wait with it instead of each
    // failing the same way (a timeout costs 15 s each).
    const held = new Map<string, number>();
    for (const entry of due) {
      const until = held.get(entry.profileId);
      if (until !== undefined) {
        await patch(entry.id, (e) => (e.state === 'waiting' ? { ...e, nextTryAt: until } : e));
        continue;
      }
      const outcome = await attempt(entry);
      if (outcome.link) made.push(outcome.link);
      if (outcome.retryAt !== undefined) held.set(entry.profileId, outcome.retryAt);
    }
    if (made.length > 0) await announce(made);
  }

  async function announce(made: CachedLink[]): Promise<void> {
    const links = made.map((link) => ({ shortUrl: link.shortUrl, title: link.title }));
    await setItem(queueMadeItem, links).catch(() => undefined);
    const show = await loadSettings().then(
      (s) => s.behaviour.notifications,
      () => true,
    );
    if (!show) return;
    const last = made.at(-1)?.shortUrl ?? '';
    await notifyQueueMade(tPlural('bg_queue_made', made.length, last));
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await round();
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  /** Makes the waiting entries that `which` picks due now, then runs. */
  async function dueNow(which: (entry: QueuedCreate) => boolean): Promise<void> {
    const now = clock();
    await update((entries) => {
      if (!entries.some((e) => e.state === 'waiting' && which(e) && e.nextTryAt > now))
        return { entries, value: null };
      const changed = entries.map((e) =>
        e.state === 'waiting' && which(e) && e.nextTryAt > now ? { ...e, nextTryAt: now } : e,
      );
      return { entries: changed, value: null };
    });
    await run();
  }

  return {
    add,
    async retryNow(id) {
      await patch(id, (e) => (e.state === 'sending' ? e : { ...e, state: 'waiting', nextTryAt: clock() }));
      await run();
    },
    async cancel(id) {
      await patch(id, () => null);
    },
    run,
    sending: (profileId, input) =>
      underWay.find((u) => u.profileId === profileId && sameCreate(profileId, u.input, input))?.link,
    async start() {
      const now = clock();
      const entries = await update((stored) => {
        if (!stored.some((e) => e.state === 'sending')) return { entries: stored, value: stored };
        // This worker has sent nothing yet: a `sending` entry was cut off in a worker that stopped.
        // Its request may still be on the server's way; after the first backoff (longer than the
        // request timeout) the server has made its link or never will, and the look finds it.
        const fixed = stored.map((e) =>
          e.state === 'sending'
            ? { ...e, state: 'waiting' as const, uncertain: true, nextTryAt: now + retryDelay(1) }
            : e,
        );
        return { entries: fixed, value: fixed };
      });
      await reflect(entries);
      if (entries.some((e) => e.state === 'waiting' && e.nextTryAt <= now)) await run();
    },
    serverAnswered(profileId) {
      // Every answer to the user's requests comes here: with nothing waiting, storage is not read.
      if (waitingCount === 0) return;
      void dueNow((e) => e.profileId === profileId).catch(() => undefined);
    },
    online() {
      if (waitingCount === 0) return;
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
  };
}

// The queue the `online` listener wakes: one listener for the global scope, registered once, so a
// background started again in the same scope (tests do) has one queue answering it, not two.
let onlineQueue: CreateQueue | undefined;

/** Wires the queue's wake-ups: its alarm, the browser coming back online. */
export function registerQueueTriggers(queue: CreateQueue): void {
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === QUEUE_ALARM) return queue.run();
  });
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
    async queueRetry({ id }: RequestOf<'queueRetry'>): Promise<null> {
      // Answered at once: the popup follows the try in storage, and may close meanwhile.
      void queue.retryNow(id).catch(() => undefined);
      return null;
    },
    async queueCancel({ id }: RequestOf<'queueCancel'>): Promise<null> {
      await queue.cancel(id);
      return null;
    },
  };
}
