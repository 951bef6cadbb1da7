/**
 * The one create pipeline. Every link the extension makes — the popup, the side panel, the menu, the
 * shortcut, the address bar, the UTM fan-out, all tabs, bulk create, the outage queue and the
 * management page — is made by `create`, which owns for all of them:
 *
 * - reuse: a link to the same address (and alias, when one is asked for) in the profile's cache is
 *   returned without a request, when the caller allows it;
 * - joining: the same create (`createKey`) asked for again while it is under way gets its answer;
 * - attempts: a popup's attempt id sent again within ten minutes gets the link it made, also after
 *   the worker restarted (the popup may have closed before the answer came);
 * - uncertainty: a failure that may have made the link all the same (a dropped connection, a
 *   timeout, a 5xx) is remembered, and the next create of that link first looks among the server's
 *   newest links for it (`findMadeSince`), so nothing is made twice;
 * - honesty: a server that answers a create with a link it already had (the id is in the cache,
 *   or older than every link known before the request: ids only grow) is said to have done so
 *   (`existing`), rather than the link being shown as made now;
 * - the rate limiter's priority, and the cache write.
 */

import { clean } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { isUnreachable } from '@/lib/api/probe';
import type { Priority } from '@/lib/api/rate-limiter';
import { type LinkDetail, type LinkInput, type LinkSummary, linkInputSchema } from '@/lib/api/schemas';
import { expiryFromDays, toApiDateTime } from '@/lib/dates';
import { t } from '@/lib/i18n';
import {
  type CachedLink,
  cachedLink,
  highestLinkId,
  linksForUrl,
  listedName,
  longUrlKey,
  putCachedLinks,
  recentLinks,
} from '@/lib/links/cache';
import type { LinkDefaults } from '@/lib/settings/schema';
import {
  attemptsFamily,
  type CreateMark,
  getEntry,
  removeEntry,
  removeExpired,
  setEntry,
  uncertainFamily,
} from '@/lib/storage/items';
import type { Clients, ProfileClient } from './clients';

/** After this long the user has moved on: an uncertain create is no longer looked for, an attempt no longer joined. */
export const REMEMBER_MS = 10 * 60_000;
/** Links fetched to look for an uncertain create: the newest page. */
const NEWEST_LIMIT = 50;
/** A page of newest links fetched for a look serves the other looks this long (all tabs retries many). */
const LOOK_REUSE_MS = 30_000;
// Server dates are in the server's time zone; ours may differ by up to 26 hours (UTC-12 to UTC+14).
const MAX_ZONE_GAP_MS = 26 * 3_600_000;

/** One create, and what its caller allows. */
export interface CreateRequest {
  input: LinkInput;
  /** The profile it is made on; the active one when omitted. */
  profileId?: string | undefined;
  /**
   * That profile's client, when the caller read it already for this action, with the same priority:
   * settings and keys are then not read again.
   */
  client?: ProfileClient | undefined;
  /** The page's title, kept with the link. */
  pageTitle?: string | undefined;
  /** The rate limiter's priority: `user` while a person waits, `job` for a batch. */
  priority: Priority;
  /** A link to the same address in the cache is returned without a request. */
  reuse?: boolean;
  /**
   * A job row's mark: what was known before its first try. Links known then are not reused, and
   * with `uncertain` (a try may have reached the server) the server is looked at first.
   */
  mark?: CreateMark | null;
  uncertain?: boolean;
  /** The popup's attempt id: the same id sent again gets the link this attempt made. */
  attemptId?: string | undefined;
  /**
   * Awaited just before the request goes out, with what the cache knows then: a job stores its row
   * as sending. When it rejects, nothing is sent.
   */
  beforeSend?: (mark: CreateMark) => Promise<void>;
  /**
   * Called with a link made or found on the server as soon as it is known, before the cache keeps it:
   * the one-action copy (shorten-and-copy.ts) copies it then. The create's own answer still waits for
   * the cache, so that whatever asks next (a job's next row) finds the link there.
   */
  whenMade?: (made: Created) => void;
}

/**
 * A link made now, or `reused` from before without a request, or `existing`: the server answered the
 * create with a link it had made before.
 */
export interface Created {
  link: CachedLink;
  reused: boolean;
  existing?: true;
}

/** Makes links; see the module comment. */
export type CreateLink = (request: CreateRequest) => Promise<Created>;

/** JSON with object keys sorted, so the same fields give the same text in any order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The one definition of "the same create": one profile, every field (a retry without the password
 * must not be handed the protected link) except the expiry, which the defaults compute afresh each
 * time, and the long URL compared as the cache compares it.
 */
export function createKey(profileId: string, input: LinkInput): string {
  const { expiry: _expiry, ...fields } = input;
  return canonicalJson([profileId, { ...fields, url: longUrlKey(String(input.url)) }]);
}

const UNCERTAIN_KINDS: ReadonlySet<string> = new Set(['network', 'timeout', 'invalid_response', 'server']);

/**
 * True when a failed create may have made the link: not a refusal (4xx, `error: 1`), nor an HTTP
 * 429, which rate limiters answer before the endpoint runs, nor the extension's own limiter (no
 * status), which never let the request go.
 */
export function mayHaveMadeLink(error: { kind: string; status?: number | undefined }): boolean {
  if (error.kind === 'rate_limited') return error.status !== undefined && error.status !== 429;
  return UNCERTAIN_KINDS.has(error.kind);
}

/** The input for a link made with a profile's defaults only (the menu, the shortcut, all tabs). */
export function inputFromDefaults(url: string, defaults: LinkDefaults, now: Date): LinkInput {
  const input: LinkInput = { url, status: defaults.status };
  if (defaults.campaignId !== null) input.campaign = defaults.campaignId;
  if (defaults.channelId !== null) input.channel = defaults.channelId;
  const expiry = expiryFromDays(defaults.expiryDays, now);
  if (expiry) input.expiry = toApiDateTime(expiry);
  const domain = defaults.domain.trim();
  if (domain) input.domain = domain;
  return input;
}

/** What the cache knows before a create of `input` at `at`: a link that create makes is newer than all of it. */
export async function markBefore(
  profileId: string,
  input: LinkInput,
  at: number,
  /** The links of `input.url`, when the caller has just read them. */
  forUrl: Promise<CachedLink[]> = linksForUrl(profileId, input.url),
): Promise<CreateMark> {
  const [known, maxKnownId] = await Promise.all([forUrl, highestLinkId(profileId)]);
  return { at, knownIds: known.map((link) => link.id), maxKnownId };
}

/**
 * The campaign and channel a new link was made in, as the cache keeps them (the name its lists know,
 * else the id): the server's list may not say them, and a reconcile run again compares them.
 */
async function madeIn(
  profileId: string,
  input: LinkInput,
): Promise<Pick<CachedLink, 'campaign' | 'channel'>> {
  const { campaign, channel } = input;
  return {
    ...(typeof campaign === 'number' ? { campaign: await listedName(profileId, 'campaign', campaign) } : {}),
    ...(typeof channel === 'number' ? { channel: await listedName(profileId, 'channel', channel) } : {}),
  };
}

/** A listed link as the cache keeps it. */
export function toCachedLink(link: LinkSummary): CachedLink {
  const { id, alias, shortUrl, longUrl, title, description, clicks, date, campaign, channel } = link;
  return {
    id,
    alias,
    shortUrl,
    longUrl,
    title,
    description,
    clicks,
    date,
    ...(campaign === undefined ? {} : { campaign }),
    ...(channel === undefined ? {} : { channel }),
  };
}

/**
 * A link's details as the cache keeps it: the details lack the alias, campaign and channel of the
 * list, which the cached copy gives (`known`), or the short URL for the alias when it changed.
 */
export function detailToCachedLink(detail: LinkDetail, known: CachedLink | null): CachedLink {
  const { shortUrl, longUrl, title, description, date } = detail.details;
  const same = known?.shortUrl === shortUrl;
  return {
    ...known,
    id: detail.id,
    alias: same ? known.alias : aliasOf(shortUrl),
    shortUrl,
    longUrl,
    title,
    description,
    clicks: detail.stats.clicks,
    date: date || (known?.date ?? ''),
  };
}

/** The last path segment of a short URL: the alias the server gave it. */
function aliasOf(shortUrl: string): string {
  try {
    return new URL(shortUrl).pathname.split('/').filter(Boolean).pop() ?? '';
  } catch {
    return '';
  }
}

/** A `YYYY-MM-DD HH:MM:SS` date as if both were in one zone, for comparing dates of unknown zones. */
const wallClock = (date: string) => Date.parse(`${date.replace(' ', 'T')}Z`);

/** Whether a short URL is on the branded domain asked for (any host when none was). */
function onDomain(shortUrl: string, domain: unknown): boolean {
  if (typeof domain !== 'string' || domain.trim() === '') return true;
  try {
    return new URL(shortUrl).host === new URL(domain.trim()).host;
  } catch {
    return false;
  }
}

/**
 * What an uncertain failure tells the user: that the link may exist and trying again will not make
 * it twice; unless the server could not be reached at all (lib/api/probe.ts), when nothing was sent.
 */
async function uncertainCreateError(error: ApiError, baseUrl: string): Promise<ApiError> {
  if (error.kind === 'network' && baseUrl) {
    const { origin } = new URL(baseUrl);
    if (await isUnreachable(origin)) {
      return new ApiError({ ...error.toJSON(), message: t('error_unreachable_nothing_sent', origin) });
    }
  }
  return new ApiError({
    ...error.toJSON(),
    message: t('error_create_uncertain', error.message),
    uncertain: true,
  });
}

const fresh = (at: number, now: number) => now - at >= 0 && now - at < REMEMBER_MS;

/** Creates the pipeline. `clock` is injectable for tests. */
export function createLinkPipeline(clients: Clients, clock: () => number = () => Date.now()): CreateLink {
  const underWay = new Map<string, Promise<Created>>();
  // The newest links as fetched for a look, per profile: after an outage many creates look at once.
  const looks = new Map<string, { at: number; links: Promise<CachedLink[]> }>();

  /** The profile's newest links, fetched after `since`: a page fetched before that can't show its link. */
  function newestLinks(active: ProfileClient, since: number): Promise<CachedLink[]> {
    const id = active.profile.id;
    const now = clock();
    const recent = looks.get(id);
    if (recent && recent.at >= since && now - recent.at < LOOK_REUSE_MS) return recent.links;
    const links = active.client
      .listLinks({ limit: NEWEST_LIMIT, order: 'date' })
      .then((page) => page.items.map(toCachedLink));
    const entry = { at: now, links };
    looks.set(id, entry);
    links.catch(() => looks.get(id) === entry && looks.delete(id));
    return links;
  }

  /**
   * The link an uncertain create made after all: among the server's newest links, one to the same
   * address, alias and domain, the oldest newer than every link known when the create failed. With
   * nothing known then (an empty cache), one dated within a day of the failure, whatever the zones.
   * A failure to look is thrown: the server is still not answering well.
   */
  async function findMadeSince(active: ProfileClient, input: LinkInput, mark: CreateMark) {
    const links = await newestLinks(active, mark.at);
    await putCachedLinks(active.profile.id, links).catch(() => undefined);
    const alias = typeof input.custom === 'string' ? input.custom.trim() : '';
    const failedAt = wallClock(toApiDateTime(new Date(mark.at)));
    const isNew = (link: CachedLink) =>
      !mark.knownIds.includes(link.id) &&
      (mark.maxKnownId !== null
        ? link.id > mark.maxKnownId
        : Math.abs(wallClock(link.date) - failedAt) <= MAX_ZONE_GAP_MS);
    // The oldest that fits: the lost attempt came before any later create of the same address.
    return links.findLast(
      (link) =>
        longUrlKey(link.longUrl) === longUrlKey(input.url) &&
        (!alias || link.alias === alias) &&
        onDomain(link.shortUrl, input.domain) &&
        isNew(link),
    );
  }

  async function make(active: ProfileClient, request: CreateRequest, key: string): Promise<Created> {
    const { input, attemptId } = request;
    const profileId = active.profile.id;
    const now = clock();
    const title = request.pageTitle?.trim() ?? '';
    const done = async (link: CachedLink, existing = false): Promise<Created> => {
      const found = existing ? { existing: true as const } : {};
      const made: Created = { link, reused: false, ...found };
      request.whenMade?.(made);
      // The link exists on the server whatever happens to the cache: a cache failure is not the user's.
      // Its expiry is known only here (the server's list does not say it): "expiring soon" reads it.
      const expiry = typeof input.expiry === 'string' && input.expiry ? { expiry: input.expiry } : {};
      await putCachedLinks(profileId, [{ ...link, ...expiry }]).catch(() => undefined);
      if (attemptId) {
        await removeExpired(attemptsFamily, (entry) => !fresh(entry.at, now)).catch(() => undefined);
        await setEntry(attemptsFamily, attemptId, { at: now, link, ...found }).catch(() => undefined);
      }
      return made;
    };

    if (attemptId) {
      const earlier = await getEntry(attemptsFamily, attemptId).catch(() => null);
      if (earlier && fresh(earlier.at, now)) {
        return { link: earlier.link, reused: false, ...(earlier.existing ? { existing: true } : {}) };
      }
    }
    const alias = input.custom?.trim() ?? '';
    // Read once: for the reuse and, unless a look at the server comes between, for the mark.
    const forUrl = request.reuse ? linksForUrl(profileId, input.url) : null;
    if (forUrl) {
      const knownThen = request.mark?.knownIds ?? [];
      const known = (await forUrl).find(
        (link) => !knownThen.includes(link.id) && (!alias || link.alias === alias),
      );
      if (known) return { link: known, reused: true };
    }

    const remembered = await getEntry(uncertainFamily, key).catch(() => null);
    const look =
      request.uncertain && request.mark
        ? request.mark
        : remembered && fresh(remembered.at, now)
          ? remembered
          : null;
    if (look) {
      const found = await findMadeSince(active, input, look);
      if (found) {
        await removeEntry(uncertainFamily, key).catch(() => undefined);
        // Titled as a link made now would be, so every copy reads the same.
        return done({ ...found, title });
      }
    }

    const mark = request.mark ?? (await markBefore(profileId, input, now, (!look && forUrl) || undefined));
    await request.beforeSend?.(mark);
    // Read while the server works, not after it answered: the copy waits for what follows the answer.
    const newestBefore = recentLinks(profileId, 1).catch(() => []);
    const named = madeIn(profileId, input);
    let created: { id: number; shortUrl: string };
    try {
      created = await active.client.addLink(input);
    } catch (error) {
      if (!(error instanceof ApiError) || !mayHaveMadeLink(error)) throw error;
      const first = look ?? mark;
      await removeExpired(uncertainFamily, (entry) => !fresh(entry.at, now)).catch(() => undefined);
      await setEntry(uncertainFamily, key, {
        at: now,
        knownIds: [...new Set([...first.knownIds, ...mark.knownIds])],
        // The first failure's: a link made by any of the attempts is newer than it.
        maxKnownId: first.maxKnownId,
      }).catch(() => undefined);
      throw await uncertainCreateError(error, active.client.baseUrl);
    }
    if (look) await removeEntry(uncertainFamily, key).catch(() => undefined);
    // An id above every id the cache had is a link this request made: only a lower one may be known.
    const mayBeKnown = mark.maxKnownId !== null && created.id <= mark.maxKnownId;
    const [known, [newest]] = await Promise.all([
      mayBeKnown ? cachedLink(profileId, created.id) : null,
      newestBefore,
    ]);
    // The same id for another short URL is another link: a server whose ids started again (reinstalled).
    if (known?.shortUrl === created.shortUrl)
      return done(title && !known.title ? { ...known, title } : known, true);
    const older = mark.maxKnownId !== null && created.id < mark.maxKnownId;
    const local = toApiDateTime(new Date(now));
    return done(
      {
        id: created.id,
        alias: alias || aliasOf(created.shortUrl),
        shortUrl: created.shortUrl,
        longUrl: input.url.trim(),
        title,
        description: input.description?.trim() ?? '',
        clicks: 0,
        // Server dates are in the server's time zone, which may run ahead of ours: the newest cached date
        // keeps the new link first. The server's own date replaces it with the next refresh (same id).
        date: newest && newest.date > local ? newest.date : local,
        ...(await named),
      },
      older,
    );
  }

  return async (request) => {
    // Whoever asks (a page, a menu, a stored row), before any reuse: an http(s) address and an
    // input the server may take.
    clean(linkInputSchema, request.input);
    const active = request.client ?? (await clients.forProfile(request.profileId, request.priority));
    const key = createKey(active.profile.id, request.input);
    const running = underWay.get(key);
    if (running) return running;
    const work = make(active, request, key).finally(() => underWay.delete(key));
    underWay.set(key, work);
    return work;
  };
}
