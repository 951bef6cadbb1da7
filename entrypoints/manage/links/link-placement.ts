/**
 * A link's campaign and channels, as far as the server told this page. The API does not report them
 * with the link (GET /api/url/:id has neither), so the link's page shows what the server confirmed
 * since the page opened: the assignments it accepted here, and the channel lists it sent.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Channel, ChannelItem, Page } from '@/lib/api/schemas';
import type { CallApi } from '@/lib/messaging/call-api';
import { useApi } from '../api-context';
import { cachedUnder, onCacheChange, readCached, writeCached } from '../server-cache';

/** The kept lists of a channel's items are under this resource, followed by the channel's id. */
export const CHANNEL_ITEMS = 'listChannelItems/';

const PLACEMENT = 'placement';

interface Assigned {
  campaign?: string;
  channels: string[];
}

const keyOf = (linkId: number) => `${PLACEMENT}/${linkId}`;

/** Notes that the server accepted link `linkId` into the campaign or the channel named so. */
export function notePlacement(
  api: CallApi,
  linkId: number,
  place: { campaign: string } | { channel: string },
): void {
  const known = readCached<Assigned>(api, keyOf(linkId))?.data ?? { channels: [] };
  const next =
    'campaign' in place
      ? { ...known, campaign: place.campaign }
      : { ...known, channels: [...new Set([...known.channels, place.channel])] };
  writeCached(api, PLACEMENT, keyOf(linkId), next);
}

/**
 * The link's campaign and the names of its channels, as far as this page knows; re-drawn on news.
 * `nameOf` names a channel the kept channel lists do not (from the choice list the caller has).
 */
export function usePlacement(
  linkId: number,
  nameOf: (channelId: number) => string | undefined,
): { campaign: string | undefined; channels: string[] } {
  const api = useApi();
  const [, setVersion] = useState(0);
  useEffect(() => onCacheChange(api, () => setVersion((n) => n + 1)), [api]);
  const assigned = readCached<Assigned>(api, keyOf(linkId))?.data;
  const names = new Map<number, string>();
  for (const { data } of cachedUnder<Page<Channel>>(api, 'listChannels')) {
    for (const channel of data.items) names.set(channel.id, channel.name);
  }
  const listed = cachedUnder<Page<ChannelItem>>(api, CHANNEL_ITEMS)
    .filter(({ data }) => data.items.some((item) => item.type === 'links' && item.id === linkId))
    .map(({ resource }) => Number(resource.slice(CHANNEL_ITEMS.length)))
    .map((id) => names.get(id) || nameOf(id) || `#${id}`);
  return {
    campaign: assigned?.campaign,
    channels: [...new Set([...(assigned?.channels ?? []), ...listed])],
  };
}
