/**
 * The `api` message: management pages call a client method by name. Only names on this list are
 * callable, so a message can never reach a property that is not an API method (`constructor`,
 * `__proto__`) or send a request to a URL of its choosing; the client validates the arguments.
 */
import type { ShortenerClient } from '@/lib/api/client';
import type { ApiMethod, RequestOf } from '@/lib/protocol';
import type { Clients } from './active-client';
import { ExtensionError } from './errors';

// A Record, so that a method added to the client does not compile until it is listed here.
const ALLOWED: Record<ApiMethod, true> = {
  getAccount: true,
  updateAccount: true,
  listDomains: true,
  addDomain: true,
  updateDomain: true,
  deleteDomain: true,
  listSplash: true,
  listOverlays: true,
  listCampaigns: true,
  addCampaign: true,
  assignLinkToCampaign: true,
  updateCampaign: true,
  deleteCampaign: true,
  listChannels: true,
  listChannelItems: true,
  addChannel: true,
  assignToChannel: true,
  updateChannel: true,
  deleteChannel: true,
  listLinks: true,
  findLinkByShortUrl: true,
  getLink: true,
  addLink: true,
  updateLink: true,
};

/** True for a client method that pages may call. */
export function isApiMethod(name: unknown): name is ApiMethod {
  return typeof name === 'string' && Object.hasOwn(ALLOWED, name);
}

/** The `api` handler: calls the method on the active profile's client and returns plain data. */
export function createApiHandler(clients: Clients) {
  return async function api({ method, args }: RequestOf<'api'>): Promise<unknown> {
    if (!isApiMethod(method))
      throw new ExtensionError('bad_message', `“${String(method)}” is not an API method.`);
    const { client } = await clients.active();
    const call = client[method] as (this: ShortenerClient, ...a: unknown[]) => Promise<unknown>;
    const result = await call.apply(client, args);
    // Plain JSON data only: what crosses messaging must look the same in Chrome and Firefox.
    return result === undefined ? null : JSON.parse(JSON.stringify(result));
  };
}
