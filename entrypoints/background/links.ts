/**
 * The popup's `shorten` and `refresh`. A shorten goes through the one create pipeline
 * (create-link.ts) with the popup's attempt id, so a double click or a reopened popup gets the first
 * answer instead of a second link. A refresh asks the server only for what is older than its
 * time-to-live, because the API allows about 30 requests a minute and the popup opens far more often
 * than links change.
 */
import { ApiError } from '@/lib/api/errors';
import {
  type CachedLink,
  getCachedLists,
  linksFetchedAt,
  type NamedItem,
  putCachedLinks,
  putCachedLists,
  recentLinks,
} from '@/lib/links/cache';
import type { ChoiceLists, RequestOf, ResponseOf } from '@/lib/messaging/protocol';
import type { Clients, ProfileClient } from './clients';
import { type CreateLink, toCachedLink } from './create-link';
import type { Mirror } from './mirror';

export const LINKS_TTL_MS = 5 * 60_000;
export const LISTS_TTL_MS = 10 * 60_000;
/** Links fetched by a refresh: the newest page, enough for the popup's first screen. */
const RECENT_LINKS_LIMIT = 50;
/** Campaigns and channels fetched as choices: the first page only. */
const CHOICES_LIMIT = 100;

function toNamedItem(item: { id: number; name: string }): NamedItem {
  return { id: item.id, name: item.name };
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

/**
 * The `shorten` and `refresh` handlers. `clock` is injectable for tests; `mirror` brings the links made
 * elsewhere since its last look with each refresh.
 */
export function createLinkHandlers(
  clients: Clients,
  createLink: CreateLink,
  { clock = () => Date.now(), mirror }: { clock?: () => number; mirror?: Pick<Mirror, 'catchUp'> } = {},
) {
  const refreshes = new Map<string, Promise<ResponseOf<'refresh'>>>();

  async function shorten({
    requestId,
    input,
    pageTitle,
  }: RequestOf<'shorten'>): Promise<ResponseOf<'shorten'>> {
    const { link, existing } = await createLink({ input, pageTitle, priority: 'user', attemptId: requestId });
    return existing ? { link, existing } : { link };
  }

  async function refreshLinks(
    active: ProfileClient,
    force: boolean,
    now: number,
  ): Promise<CachedLink[] | null> {
    const age = now - (await linksFetchedAt(active.profile.id));
    if (!force && age >= 0 && age < LINKS_TTL_MS) return null;
    const page = await active.client.listLinks({ limit: RECENT_LINKS_LIMIT, order: 'date' });
    const newer = (await mirror?.catchUp(active, page, RECENT_LINKS_LIMIT)) ?? [];
    await putCachedLinks(active.profile.id, [...page.items, ...newer].map(toCachedLink), now);
    // The cache's newest, as a page would read them: what was fetched, merged with what it knew.
    return recentLinks(active.profile.id, RECENT_LINKS_LIMIT);
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
