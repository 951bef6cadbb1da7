/**
 * The `api` message: management pages call a client method by name. Only names on this list are
 * callable, so a message can never reach a property that is not an API method (`constructor`,
 * `__proto__`) or send a request to a URL of its choosing; the client validates the arguments.
 */

import type { ShortenerClient } from '@/lib/api/client';
import type { CreatedLink, LinkDetail, LinkInput, LinkSummary, Page, UpdatedLink } from '@/lib/api/schemas';
import { t } from '@/lib/i18n';
import { isObject } from '@/lib/is-object';
import { cachedLink, listedName, putCachedLinks, putLinkExpiry } from '@/lib/links/cache';
import type { ApiMethod, RequestOf } from '@/lib/messaging/protocol';
import { noteLinkChange } from './change-link';
import type { Clients } from './clients';
import { type CreateLink, detailToCachedLink, toCachedLink } from './create-link';
import { ExtensionError } from './errors';

/**
 * How many data arguments each method takes, before its RequestOptions. A Record, so that a method
 * added to the client does not compile until it is listed here. Arguments beyond these are dropped:
 * options such as an AbortSignal cannot cross messaging, so a page's "options" are only ever junk.
 */
const DATA_ARGS: Record<ApiMethod, number> = {
  getAccount: 0,
  updateAccount: 1,
  listDomains: 1,
  addDomain: 1,
  updateDomain: 2,
  deleteDomain: 1,
  listSplash: 1,
  listOverlays: 1,
  listCampaigns: 1,
  addCampaign: 1,
  assignLinkToCampaign: 2,
  updateCampaign: 2,
  deleteCampaign: 1,
  listChannels: 1,
  listChannelItems: 2,
  addChannel: 1,
  assignToChannel: 3,
  updateChannel: 2,
  deleteChannel: 1,
  listLinks: 1,
  findLinkByShortUrl: 1,
  getLink: 1,
  addLink: 1,
  updateLink: 2,
};

/** The number of data arguments of an API method (what a page may pass). */
export function dataArgumentCount(method: ApiMethod): number {
  return DATA_ARGS[method];
}

/** True for a client method that pages may call. */
export function isApiMethod(name: unknown): name is ApiMethod {
  return typeof name === 'string' && Object.hasOwn(DATA_ARGS, name);
}

/** Enough of a LinkInput to look it up; the client validates every field when it sends it. */
export function isLinkInputShape(value: unknown): value is LinkInput {
  return isObject(value) && typeof value.url === 'string';
}

/**
 * Writes what an answer says of links to the link cache (and its mirror): the links of a list, a
 * link looked at (by id or short URL) and a link edited join it at once.
 */
async function joinCache(profileId: string, method: ApiMethod, args: unknown[], result: unknown) {
  if (method === 'listLinks') {
    await putCachedLinks(profileId, (result as Page<LinkSummary>).items.map(toCachedLink));
  } else if ((method === 'getLink' || method === 'findLinkByShortUrl') && result) {
    const detail = result as LinkDetail;
    await putCachedLinks(profileId, [detailToCachedLink(detail, await cachedLink(profileId, detail.id))]);
    // What a link's details say of its expiry stays with it, where "expiring soon" reads it.
    await putLinkExpiry(profileId, detail.id, detail.details.expiry || null);
  } else if (method === 'updateLink' && typeof args[0] === 'number') {
    await noteLinkChange(profileId, { linkId: args[0], kind: 'update' }, args[1], result as UpdatedLink);
  } else if (method === 'assignLinkToCampaign' || method === 'assignToChannel') {
    const [to, type, linkId] = method === 'assignToChannel' ? args : [args[0], 'links', args[1]];
    if (typeof to !== 'number' || typeof linkId !== 'number' || type !== 'links') return;
    const kind = method === 'assignToChannel' ? 'channel' : 'campaign';
    const name = await listedName(profileId, kind, to);
    await noteLinkChange(profileId, { linkId, kind, to: { id: to, name } }, null);
  }
}

/** The `api` handler: calls the method on the active profile's client and returns plain data. */
export function createApiHandler(clients: Clients, createLink: CreateLink) {
  return async function api({ method, args }: RequestOf<'api'>): Promise<unknown> {
    if (!isApiMethod(method))
      throw new ExtensionError('bad_message', t('error_not_api_method', String(method).slice(0, 40)));
    const active = await clients.active();
    const { client } = active;
    const [input] = args;
    if (method === 'addLink' && isLinkInputShape(input)) {
      // The one way links are made (popup, menu, management page): cached at once, and an earlier
      // create whose answer was lost is looked for before a second one is made.
      const { link } = await createLink({ input, profileId: active.profile.id, priority: 'user' });
      return { id: link.id, shortUrl: link.shortUrl } satisfies CreatedLink;
    }
    const call = client[method] as (this: ShortenerClient, ...a: unknown[]) => Promise<unknown>;
    const result = await call.apply(client, args.slice(0, DATA_ARGS[method]));
    // A broken cache must not fail the answer: it is only a cache.
    await joinCache(active.profile.id, method, args, result).catch(() => undefined);
    // Plain JSON data only: what crosses messaging must look the same in Chrome and Firefox.
    return result === undefined ? null : JSON.parse(JSON.stringify(result));
  };
}
