/**
 * Changes to links the server has: an update (`PUT /api/url/:id/update`) or an assignment to a
 * campaign or a channel. The one place that sends a job row's change, and that writes what a change
 * did to the link cache: the management page's own edits, one link at a time through the `api`
 * message, go through `noteLinkChange` too, so a link reads the same in the cache however it changed.
 *
 *   const changeLink = createChangeLink(clients);
 *   const { shortUrl } = await changeLink({ change, input, profileId, priority: 'job' });
 */
import type { Priority } from '@/lib/api/rate-limiter';
import type { LinkInput, UpdatedLink } from '@/lib/api/schemas';
import { isObject } from '@/lib/is-object';
import { type CachedLink, cachedLink, putCachedLinks, putLinkExpiry } from '@/lib/links/cache';
import type { LinkChange } from '@/lib/storage/items';
import type { Clients } from './clients';

export interface ChangeRequest {
  change: LinkChange;
  /** The update's body; for an assignment, only the link's URL (not sent). */
  input: LinkInput;
  profileId: string;
  priority: Priority;
  /** Right before the request goes out (a job stores its row as `sending`). */
  beforeSend?: () => Promise<void>;
}

/** The link's short URL after the change ('' when neither the server nor the cache said it). */
export type ChangeLink = (request: ChangeRequest) => Promise<{ shortUrl: string }>;

const typed = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** A cached link after an update the server accepted: what the update changed, and the short URL it answered. */
function updated(known: CachedLink, input: unknown, answer: UpdatedLink | null): CachedLink {
  const fields = isObject(input) ? input : {};
  return {
    ...known,
    longUrl: typed(fields.url) ?? known.longUrl,
    title: typed(fields.metatitle) ?? known.title,
    alias: typed(fields.custom) ?? known.alias,
    shortUrl: answer?.shortUrl ?? known.shortUrl,
  };
}

/**
 * Writes what a change the server accepted did to the cached link (and its mirror), when the cache
 * has it; answers the link as it now reads, or null.
 */
export async function noteLinkChange(
  profileId: string,
  change: LinkChange,
  input: unknown,
  answer: UpdatedLink | null = null,
): Promise<CachedLink | null> {
  const known = await cachedLink(profileId, change.linkId);
  let now: CachedLink | null = null;
  if (known) {
    if (change.kind === 'update') now = updated(known, input, answer);
    else now = { ...known, [change.kind]: change.to.name || String(change.to.id) };
    await putCachedLinks(profileId, [now]);
  }
  // What an update says of the expiry stays with the link, where "expiring soon" reads it.
  if (change.kind === 'update' && isObject(input) && typeof input.expiry === 'string' && input.expiry)
    await putLinkExpiry(profileId, change.linkId, input.expiry);
  return now;
}

/** Creates the function a job runs a change row with. */
export function createChangeLink(clients: Clients): ChangeLink {
  return async ({ change, input, profileId, priority, beforeSend }) => {
    const { client } = await clients.forProfile(profileId, priority);
    await beforeSend?.();
    let answer: UpdatedLink | null = null;
    if (change.kind === 'update') answer = await client.updateLink(change.linkId, input);
    else if (change.kind === 'campaign') await client.assignLinkToCampaign(change.to.id, change.linkId);
    else await client.assignToChannel(change.to.id, 'links', change.linkId);
    // A broken cache must not fail a change the server made: it is only a cache.
    const now = await noteLinkChange(profileId, change, input, answer).catch(() => null);
    return { shortUrl: now?.shortUrl ?? answer?.shortUrl ?? '' };
  };
}
