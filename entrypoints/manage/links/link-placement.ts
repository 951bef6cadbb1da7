/**
 * A link's campaign and channels, as far as the server told this page. The API does not report them
 * with the link (GET /api/url/:id has neither), so the link's page shows what the server confirmed
 * since the page opened: the assignments it accepted here, and the channel lists it sent.
 */
import { useEffect, useState } from 'preact/hooks';
import type { ServerCache } from '@/components/server-cache';
import { useServerCache } from '../api-context';

interface Assigned {
  campaign?: string;
  channels: string[];
}

const keyOf = (linkId: number) => `placement/${linkId}`;

/** Notes that the server accepted link `linkId` into the campaign or the channel named so. */
export function notePlacement(
  cache: ServerCache,
  linkId: number,
  place: { campaign: string } | { channel: string },
): void {
  const known = cache.noted<Assigned>(keyOf(linkId)) ?? { channels: [] };
  const next =
    'campaign' in place
      ? { ...known, campaign: place.campaign }
      : { ...known, channels: [...new Set([...known.channels, place.channel])] };
  cache.note(keyOf(linkId), next);
}

/**
 * The link's campaign and the names of its channels, as far as this page knows; re-drawn on news.
 * `nameOf` names a channel the kept channel lists do not (from the choice list the caller has).
 */
export function usePlacement(
  linkId: number,
  nameOf: (channelId: number) => string | undefined,
): { campaign: string | undefined; channels: string[] } {
  const cache = useServerCache();
  const [, setVersion] = useState(0);
  useEffect(() => cache.subscribe(() => setVersion((n) => n + 1)), [cache]);
  const assigned = cache.noted<Assigned>(keyOf(linkId));
  const names = new Map<number, string>();
  for (const { data } of cache.kept('listChannels')) {
    for (const channel of data.items) names.set(channel.id, channel.name);
  }
  const listed = cache
    .kept('listChannelItems')
    .filter(({ data }) => data.items.some((item) => item.type === 'links' && item.id === linkId))
    .map(({ args: [channelId] }) => names.get(channelId) || nameOf(channelId) || `#${channelId}`);
  return {
    campaign: assigned?.campaign,
    channels: [...new Set([...(assigned?.channels ?? []), ...listed])],
  };
}
