import type { Handler } from './api';
import { getAccount, updateAccount } from './handlers/account';
import {
  addCampaign,
  assignToCampaign,
  deleteCampaign,
  listCampaigns,
  updateCampaign,
} from './handlers/campaigns';
import { listOverlays, listSplash } from './handlers/catalog';
import {
  addChannel,
  assignToChannel,
  deleteChannel,
  listChannelItems,
  listChannels,
  updateChannel,
} from './handlers/channels';
import { addDomain, deleteDomain, listDomains, updateDomain } from './handlers/domains';
import { addLink, getLink, listLinks, updateLink } from './handlers/links';

interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
}

function route(method: string, path: string, handler: Handler): Route {
  // `:name` segments become named groups; nothing else in these paths is special in a RegExp.
  const source = path.replace(/:(\w+)/g, '(?<$1>[^/]+)');
  return { method, pattern: new RegExp(`^${source}$`), handler };
}

/** The spec's 23 endpoints, plus POST /api/account, which the spec's authentication example shows. */
const routes: readonly Route[] = [
  route('GET', '/api/account', getAccount),
  route('POST', '/api/account', getAccount),
  route('PUT', '/api/account/update', updateAccount),
  route('GET', '/api/domains', listDomains),
  route('POST', '/api/domain/add', addDomain),
  route('PUT', '/api/domain/:id/update', updateDomain),
  route('DELETE', '/api/domain/:id/delete', deleteDomain),
  route('GET', '/api/splash', listSplash),
  route('GET', '/api/overlay', listOverlays),
  route('GET', '/api/campaigns', listCampaigns),
  route('POST', '/api/campaign/add', addCampaign),
  route('POST', '/api/campaign/:campaignid/assign/:linkid', assignToCampaign),
  route('PUT', '/api/campaign/:id/update', updateCampaign),
  route('DELETE', '/api/campaign/:id/delete', deleteCampaign),
  route('GET', '/api/channels', listChannels),
  route('GET', '/api/channel/:id', listChannelItems),
  route('POST', '/api/channel/add', addChannel),
  route('POST', '/api/channel/:channelid/assign/:type/:itemid', assignToChannel),
  route('PUT', '/api/channel/:id/update', updateChannel),
  route('DELETE', '/api/channel/:id/delete', deleteChannel),
  route('GET', '/api/urls', listLinks),
  route('GET', '/api/url/:id', getLink),
  route('POST', '/api/url/add', addLink),
  route('PUT', '/api/url/:id/update', updateLink),
];

/** The handler and path parameters for a request, or undefined when no route matches. */
export function matchRoute(
  method: string,
  path: string,
): { handler: Handler; params: Record<string, string> } | undefined {
  for (const candidate of routes) {
    if (candidate.method !== method) continue;
    const match = candidate.pattern.exec(path);
    if (match) return { handler: candidate.handler, params: { ...match.groups } };
  }
  return undefined;
}
