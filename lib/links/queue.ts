/**
 * The outage queue's shapes: creates that failed because the server or the network did, kept in
 * storage.local (createQueueItem in lib/storage/items.ts) until the background
 * (entrypoints/background/queue.ts) makes them. Nothing here touches storage, so the item can name
 * these types without an import cycle, and the popup shares the rules (what queues, the backoff).
 */
import type { LinkInput } from '../api/schemas';
import type { ErrorData } from '../messaging/result';

/** At most this many entries; past it a new create is refused, never silently dropped. */
export const QUEUE_LIMIT = 500;

/** Waits between tries, by attempt: 30 s, 1, 2, 4, 8 min, then every 15 min. */
const BACKOFF_MS = [30_000, 60_000, 120_000, 240_000, 480_000, 900_000] as const;

/** Where the create was asked for. */
const QUEUE_SOURCES = ['popup', 'menu', 'shortcut', 'omnibox', 'allTabs'] as const;
export type QueueSource = (typeof QUEUE_SOURCES)[number];

/**
 * `waiting` for its next try; `sending` while a try is under way (stored before the request, so an
 * entry found `sending` by a restarted worker may have reached the server); `failed` for good until
 * the user retries it (a refusal of its input, a deleted profile).
 */
type QueueState = 'waiting' | 'sending' | 'failed';

/** What was known before a try: a link made by it is newer (see findMadeSince in links.ts). */
interface CreateMark {
  /** Epoch ms of the first try that may have reached the server. */
  at: number;
  /** Ids of links to the same address known then. */
  knownIds: number[];
  /** The highest id of any link known then; null when none was. */
  maxKnownId: number | null;
}

/** One queued create. */
export interface QueuedCreate {
  id: string;
  profileId: string;
  /** The create as asked for, options included. */
  input: LinkInput;
  pageTitle: string;
  source: QueueSource;
  /** Epoch ms. */
  askedAt: number;
  /** Tries made since it was queued. */
  attempts: number;
  /** Epoch ms of the next try. */
  nextTryAt: number;
  state: QueueState;
  lastError: Pick<ErrorData, 'kind' | 'message'> | null;
  /** True once a try may have reached the server: the next one looks among its newest links first. */
  uncertain: boolean;
  /** What the cache knew when it was queued (null in an entry that never had one); kept, so every later look compares with it. */
  mark: CreateMark | null;
  /** The popup's draft of this create (its page's URL), dropped once the link is made. */
  draftUrl?: string;
}

const QUEUEABLE: ReadonlySet<ErrorData['kind']> = new Set([
  'network',
  'timeout',
  'server',
  // The rate limiter holds a request for up to 90 s; what reaches a caller waits longer than that.
  'rate_limited',
]);

/**
 * Whether a failed create is the server's or the network's, and so may wait in the queue. An answer
 * the extension can't read is too (most often a proxy's or captive portal's page during an outage;
 * the retry looks for the link first, so it cannot make a second one), but not a redirect (no
 * status, or 3xx): that is the server's set-up, which waiting does not change.
 */
export function isQueueable(error: Pick<ErrorData, 'kind' | 'status'>): boolean {
  if (error.kind === 'invalid_response')
    return error.status !== undefined && (error.status < 300 || error.status >= 500);
  return QUEUEABLE.has(error.kind);
}

/** How long to wait after the given number of tries (1 or more). */
export function retryDelay(attempts: number): number {
  return BACKOFF_MS[Math.min(Math.max(attempts, 1), BACKOFF_MS.length) - 1] ?? BACKOFF_MS[0];
}

const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

function readMark(value: unknown): CreateMark | null | undefined {
  if (value === null) return null;
  if (!value || typeof value !== 'object') return undefined;
  const { at, knownIds, maxKnownId } = value as Record<string, unknown>;
  if (!isTime(at) || !Array.isArray(knownIds) || !knownIds.every(Number.isInteger)) return undefined;
  if (maxKnownId !== null && !Number.isInteger(maxKnownId)) return undefined;
  return { at, knownIds: knownIds as number[], maxKnownId: maxKnownId as number | null };
}

function readError(value: unknown): QueuedCreate['lastError'] | undefined {
  if (value === null) return null;
  if (!value || typeof value !== 'object') return undefined;
  const { kind, message } = value as Record<string, unknown>;
  return typeof kind === 'string' && typeof message === 'string'
    ? { kind: kind as ErrorData['kind'], message }
    : undefined;
}

function readEntry(value: unknown): QueuedCreate | null {
  if (!value || typeof value !== 'object') return null;
  const e = value as Record<string, unknown>;
  const input = e.input as Record<string, unknown> | null;
  if (typeof e.id !== 'string' || typeof e.profileId !== 'string') return null;
  if (!input || typeof input !== 'object' || typeof input.url !== 'string') return null;
  if (typeof e.pageTitle !== 'string' || !QUEUE_SOURCES.includes(e.source as QueueSource)) return null;
  if (!isTime(e.askedAt) || !isTime(e.nextTryAt) || !isCount(e.attempts)) return null;
  if (e.state !== 'waiting' && e.state !== 'sending' && e.state !== 'failed') return null;
  const lastError = readError(e.lastError);
  const mark = readMark(e.mark);
  if (lastError === undefined || mark === undefined || typeof e.uncertain !== 'boolean') return null;
  return {
    id: e.id,
    profileId: e.profileId,
    input: input as LinkInput,
    pageTitle: e.pageTitle,
    source: e.source as QueueSource,
    askedAt: e.askedAt,
    attempts: e.attempts,
    nextTryAt: e.nextTryAt,
    state: e.state,
    lastError,
    uncertain: e.uncertain,
    mark,
    ...(typeof e.draftUrl === 'string' ? { draftUrl: e.draftUrl } : {}),
  };
}

/** The stored queue, oldest first; entries that can't be read are left out, and anything else reads as empty. */
export function readQueue(value: unknown): QueuedCreate[] {
  if (!Array.isArray(value)) return [];
  return value.map(readEntry).filter((entry): entry is QueuedCreate => entry !== null);
}

/** A short link made from the queue, as its notification's click copies it. */
export interface QueueMadeLink {
  shortUrl: string;
  title: string;
}

/** The links of the latest "made from the queue" notification; empty when absent or unreadable. */
export function readQueueMade(value: unknown): QueueMadeLink[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (link): link is QueueMadeLink =>
      !!link &&
      typeof link === 'object' &&
      typeof (link as QueueMadeLink).shortUrl === 'string' &&
      typeof (link as QueueMadeLink).title === 'string',
  );
}
