/**
 * Creating and refreshing links for the active profile. A `shorten` request carries a requestId so
 * that a double click or a retry returns the first answer instead of creating a second link; a
 * `refresh` asks the server only for what is older than its time-to-live, because the API allows about
 * 30 requests a minute and the popup opens far more often than links change.
 */
import { ApiError } from '@/lib/api/errors';
import type { LinkInput, LinkSummary } from '@/lib/api/schemas';
import { expiryFromDays, toApiDateTime } from '@/lib/dates';
import {
  type CachedLink,
  getCachedLinks,
  getCachedLists,
  type NamedItem,
  putCachedLinks,
  putCachedLists,
  sameLongUrl,
} from '@/lib/links/cache';
import { aliasOf } from '@/lib/links/shorten-form';
import type { ChoiceLists, RequestOf, ResponseOf } from '@/lib/messaging/protocol';
import type { LinkDefaults } from '@/lib/settings/schema';
import { completedShortens, getEntry, removeExpired, setEntry } from '@/lib/storage/items';
import type { Clients, ProfileClient } from './clients';
import {
  createKey,
  forgetUncertain,
  isUncertainFailure,
  readUncertain,
  rememberUncertain,
  type UncertainCreate,
  uncertainCreateError,
} from './uncertain-creates';

export const LINKS_TTL_MS = 5 * 60_000;
export const LISTS_TTL_MS = 10 * 60_000;
const SHORTEN_DEDUPE_MS = 10 * 60_000;
/** Links fetched by a refresh: the newest page, enough for the popup's first screen. */
const RECENT_LINKS_LIMIT = 50;
/** Campaigns and channels fetched as choices: the first page only. */
const CHOICES_LIMIT = 100;

/** A listed link as the cache keeps it. */
function toCachedLink(link: LinkSummary): CachedLink {
  return {
    id: link.id,
    alias: link.alias,
    shortUrl: link.shortUrl,
    longUrl: link.longUrl,
    title: link.title,
    description: link.description,
    clicks: link.clicks,
    date: link.date,
  };
}

function toNamedItem(item: { id: number; name: string }): NamedItem {
  return { id: item.id, name: item.name };
}

/** The input for a link made with a profile's defaults only (menus and the keyboard command). */
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

/** What the cache knows before a create of `input`: a link that create makes is newer than all of it. */
export function markOf(cached: readonly CachedLink[], input: LinkInput, at: number): UncertainCreate {
  const knownIds = cached.filter((link) => sameLongUrl(link.longUrl, input.url)).map((link) => link.id);
  // A loop, not Math.max(...ids): a cache of tens of thousands of links would overflow the call.
  const maxKnownId = cached.reduce<number | null>(
    (max, link) => (max === null || link.id > max ? link.id : max),
    null,
  );
  return { at, knownIds, maxKnownId };
}

/**
 * Creates a link on the profile's server and puts it at the front of that profile's cache. When an
 * earlier create of the same link failed without a clear answer, the server's newest links are
 * looked at first, and a link made since is returned instead of making a second one. The same create
 * asked for again while it is under way (the popup, the menu, all tabs, bulk create and the outage
 * queue all come here) joins it: one request, one link.
 */
export function createLink(
  active: ProfileClient,
  input: LinkInput,
  pageTitle: string | undefined,
  now: Date,
): Promise<CachedLink> {
  const key = createKey(active.profile.id, input);
  const joined = active.creates.get(key);
  if (joined) return joined;
  const made = createOnce(active, input, pageTitle, now).finally(() => active.creates.delete(key));
  active.creates.set(key, made);
  return made;
}

async function createOnce(
  active: ProfileClient,
  input: LinkInput,
  pageTitle: string | undefined,
  now: Date,
): Promise<CachedLink> {
  const profileId = active.profile.id;
  // A worker that has just started opens the cache's database while the server works, not after.
  const cachedBefore = getCachedLinks(profileId).catch(() => null);
  const uncertain = await readUncertain(profileId, input, now.getTime()).catch(() => null);
  if (uncertain) {
    const found = await findMadeSince(active, input, uncertain);
    if (found) {
      await forgetUncertain(profileId, input).catch(() => undefined);
      // Titled as a link made now would be (the page's title, or none), so every copy reads the same.
      const made = { ...found, title: pageTitle?.trim() ?? '' };
      await putCachedLinks(profileId, [made]).catch(() => undefined);
      return made;
    }
  }
  let created: { id: number; shortUrl: string };
  try {
    created = await active.client.addLink(input);
  } catch (error) {
    if (!isUncertainFailure(error)) throw error;
    const mark = markOf((await cachedBefore)?.links ?? [], input, now.getTime());
    await rememberUncertain(profileId, input, {
      at: mark.at,
      knownIds: [...new Set([...(uncertain?.knownIds ?? []), ...mark.knownIds])],
      // The first failure's mark: a link made by any of the attempts is newer than it.
      maxKnownId: uncertain ? uncertain.maxKnownId : mark.maxKnownId,
    }).catch(() => undefined);
    throw await uncertainCreateError(error, active.client.baseUrl);
  }
  if (uncertain) await forgetUncertain(profileId, input).catch(() => undefined);
  const [newest] = (await getCachedLinks(profileId)).links;
  const local = toApiDateTime(now);
  const link: CachedLink = {
    id: created.id,
    alias: input.custom?.trim() || aliasOf(created.shortUrl),
    shortUrl: created.shortUrl,
    longUrl: input.url.trim(),
    title: pageTitle?.trim() ?? '',
    description: input.description?.trim() ?? '',
    clicks: 0,
    // Server dates are in the server's time zone, which may run ahead of ours: the newest cached date
    // keeps the new link first. The server's own date replaces it with the next refresh (same id).
    date: newest && newest.date > local ? newest.date : local,
  };
  // The link exists on the server whatever happens to the cache, so a cache failure is not the user's.
  await putCachedLinks(profileId, [link]).catch(() => undefined);
  return link;
}

// Server dates are in the server's time zone; ours may differ by up to 26 hours (UTC-12 to UTC+14).
const MAX_ZONE_GAP_MS = 26 * 3_600_000;

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

// The newest links as fetched for a look, per profile: after an outage, "Shorten all tabs" retries
// many links at once, and each would otherwise fetch the same page (30 requests a minute).
const recentLooks = new Map<string, { at: number; links: Promise<CachedLink[]> }>();
const LOOK_REUSE_MS = 30_000;

/** The profile's newest links, fetched after `since`: a page fetched before that can't show its link. */
function newestLinks(active: ProfileClient, since: number, now: number): Promise<CachedLink[]> {
  const id = active.profile.id;
  const recent = recentLooks.get(id);
  if (recent && recent.at >= since && now - recent.at < LOOK_REUSE_MS) return recent.links;
  const links = active.client
    .listLinks({ limit: RECENT_LINKS_LIMIT, order: 'date' })
    .then((page) => page.items.map(toCachedLink));
  const entry = { at: now, links };
  recentLooks.set(id, entry);
  links.catch(() => recentLooks.get(id) === entry && recentLooks.delete(id));
  return links;
}

/**
 * The link an uncertain create made after all: among the server's newest links, one to the same
 * address, alias and domain, the oldest newer than every link known when the create failed. With
 * nothing known then (an empty cache), one dated within a day of the failure, whatever the zones.
 * The page fetched refreshes the cache too. A failure to look is thrown: the server is still not
 * answering well.
 */
export async function findMadeSince(
  active: ProfileClient,
  input: LinkInput,
  uncertain: UncertainCreate,
): Promise<CachedLink | undefined> {
  const links = await newestLinks(active, uncertain.at, Date.now());
  await putCachedLinks(active.profile.id, links).catch(() => undefined);
  const alias = typeof input.custom === 'string' ? input.custom.trim() : '';
  const failedAt = wallClock(toApiDateTime(new Date(uncertain.at)));
  const isNew = (link: CachedLink) =>
    !uncertain.knownIds.includes(link.id) &&
    (uncertain.maxKnownId !== null
      ? link.id > uncertain.maxKnownId
      : Math.abs(wallClock(link.date) - failedAt) <= MAX_ZONE_GAP_MS);
  // The oldest that fits: the lost attempt came before any later create of the same address.
  return links.findLast(
    (link) =>
      sameLongUrl(link.longUrl, input.url) &&
      (!alias || link.alias === alias) &&
      onDomain(link.shortUrl, input.domain) &&
      isNew(link),
  );
}

type Completed = { at: number; link: CachedLink };

async function readCompleted(requestId: string, now: number): Promise<CachedLink | null> {
  const entry = (await getEntry(completedShortens, requestId)) as Completed | undefined;
  return entry && now - entry.at < SHORTEN_DEDUPE_MS ? entry.link : null;
}

async function rememberCompleted(requestId: string, link: CachedLink, now: number): Promise<void> {
  await removeExpired(completedShortens, (value) => now - (value as Completed).at >= SHORTEN_DEDUPE_MS);
  await setEntry(completedShortens, requestId, { at: now, link } satisfies Completed);
}

const isRateLimited = (result: PromiseSettledResult<unknown>) =>
  result.status === 'rejected' && result.reason instanceof ApiError && result.reason.kind === 'rate_limited';

/**
 * One refresh answer from its two parts. A part skipped for the rate limit answers null ("nothing
 * new"), so what the other part fetched still reaches the page; only when both were skipped does
 * the page hear why. Any other failure is the answer.
 */
function combineRefresh(
  links: PromiseSettledResult<CachedLink[] | null>,
  lists: PromiseSettledResult<ChoiceLists | null>,
): ResponseOf<'refresh'> {
  for (const part of [links, lists]) {
    if (part.status === 'rejected' && !isRateLimited(part)) throw part.reason;
  }
  if (links.status === 'rejected' && lists.status === 'rejected') throw links.reason;
  return {
    links: links.status === 'fulfilled' ? links.value : null,
    lists: lists.status === 'fulfilled' ? lists.value : null,
  };
}

/** A try of the outage queue under way for the same create, which a new ask joins (queue.ts). */
type SendingCreate = (profileId: string, input: LinkInput) => Promise<CachedLink> | undefined;

/** The `shorten` and `refresh` handlers. `clock` is injectable for tests. */
export function createLinkHandlers(
  clients: Clients,
  { clock = () => Date.now(), sending }: { clock?: () => number; sending?: SendingCreate } = {},
) {
  const shortens = new Map<string, { result: Promise<CachedLink>; doneAt?: number }>();
  const refreshes = new Map<string, Promise<ResponseOf<'refresh'>>>();

  function forgetOldShortens(now: number): void {
    for (const [id, entry] of shortens) {
      if (entry.doneAt !== undefined && now - entry.doneAt >= SHORTEN_DEDUPE_MS) shortens.delete(id);
    }
  }

  async function createOnce({ requestId, input, pageTitle }: RequestOf<'shorten'>): Promise<CachedLink> {
    const earlier = await readCompleted(requestId, clock()).catch(() => null);
    if (earlier) return earlier;
    const active = await clients.active();
    // The queue may be sending this very create as the server comes back: one request, not two.
    const queued = await sending?.(active.profile.id, input)?.catch(() => undefined);
    const link = queued ?? (await createLink(active, input, pageTitle, new Date(clock())));
    await rememberCompleted(requestId, link, clock()).catch(() => undefined);
    return link;
  }

  async function shorten(request: RequestOf<'shorten'>): Promise<ResponseOf<'shorten'>> {
    forgetOldShortens(clock());
    const known = shortens.get(request.requestId);
    if (known) return { link: await known.result };
    const entry: { result: Promise<CachedLink>; doneAt?: number } = { result: createOnce(request) };
    // Registered before any await, so a second send in the same tick joins this one.
    shortens.set(request.requestId, entry);
    entry.result.then(
      () => {
        entry.doneAt = clock();
      },
      // A failed attempt created nothing (or nothing we know of): the same requestId may try again.
      () => shortens.delete(request.requestId),
    );
    return { link: await entry.result };
  }

  async function refreshLinks(
    active: ProfileClient,
    force: boolean,
    now: number,
  ): Promise<CachedLink[] | null> {
    const cached = await getCachedLinks(active.profile.id);
    const age = now - cached.fetchedAt;
    if (!force && age >= 0 && age < LINKS_TTL_MS) return null;
    const page = await active.client.listLinks({ limit: RECENT_LINKS_LIMIT, order: 'date' });
    const merged = await putCachedLinks(active.profile.id, page.items.map(toCachedLink), now);
    return merged.links;
  }

  async function refreshLists(
    active: ProfileClient,
    force: boolean,
    now: number,
  ): Promise<ChoiceLists | null> {
    const cached = await getCachedLists(active.profile.id);
    const age = now - cached.fetchedAt;
    if (!force && age >= 0 && age < LISTS_TTL_MS) return null;
    const [campaigns, channels] = await Promise.all([
      active.client.listCampaigns({ limit: CHOICES_LIMIT }),
      active.client.listChannels({ limit: CHOICES_LIMIT }),
    ]);
    const lists: ChoiceLists = {
      campaigns: campaigns.items.map(toNamedItem),
      channels: channels.items.map(toNamedItem),
    };
    await putCachedLists(active.profile.id, { fetchedAt: now, ...lists });
    return lists;
  }

  async function refresh({ force = false }: RequestOf<'refresh'>): Promise<ResponseOf<'refresh'>> {
    // A refresh yields to the user's own requests: it waits behind them, and is skipped when the
    // server's rate limit is nearly used up (see lib/api/rate-limiter.ts).
    const active = await clients.active('background');
    // Two popups (or a popup and Options) opening together share one round of requests.
    const key = `${active.profile.id}\n${force}`;
    const running = refreshes.get(key);
    if (running) return running;
    const now = clock();
    const work = Promise.allSettled([refreshLinks(active, force, now), refreshLists(active, force, now)])
      .then(([links, lists]) => combineRefresh(links, lists))
      .finally(() => refreshes.delete(key));
    refreshes.set(key, work);
    return work;
  }

  return { shorten, refresh };
}
