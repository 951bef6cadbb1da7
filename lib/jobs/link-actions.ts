/**
 * Actions on many links at once (the links list's selection), as the rows of one bulk job: an
 * assignment to a campaign or a channel, or an update of the expiry, per link. Pure: what a link
 * already has is left out here, before any request.
 *
 *   const plan = planLinkAction(selectedLinks, { kind: 'campaign', to: { id: 7, name: 'Spring' } }, Date.now());
 *   if (plan.items.length > 0) await bulkService.start(plan.items);
 */
import { extendedExpiry } from '../dates';
import type { CachedLink, NamedItem } from '../links/cache';
import type { LinkChange } from '../storage/items';
import type { JobItem } from './job';

/** What to do to each selected link. */
export type LinkAction =
  | { kind: 'campaign' | 'channel'; to: NamedItem }
  /** A new expiry, as the API writes it (`YYYY-MM-DD HH:MM:SS`). */
  | { kind: 'expiry'; expiry: string }
  /** The expiry moved `days` days later. */
  | { kind: 'extend'; days: number };

/** Why a link gets no row: `unknown`, its expiry is not known here; `never`, it has none. */
type SkipReason = 'expiry-unknown' | 'never-expires';

/** The rows to run, the links that already are as asked, and those the action cannot apply to. */
export interface LinkActionPlan {
  items: JobItem[];
  unchanged: CachedLink[];
  skipped: { link: CachedLink; reason: SkipReason }[];
}

/** A change row of `link`: `input` carries its long URL, which the API requires in every update. */
function changeRow(link: CachedLink, change: LinkChange, input: JobItem['input']): JobItem {
  return { input, title: link.title, label: '', change };
}

/**
 * The job's rows for `action` on `links`. A link already in the campaign or channel (by the name the
 * cache keeps, which is the id when the server's has none) is unchanged; an extend of a link whose
 * expiry is not known is skipped rather than guessed from now.
 */
export function planLinkAction(
  links: readonly CachedLink[],
  action: LinkAction,
  now: number,
): LinkActionPlan {
  const plan: LinkActionPlan = { items: [], unchanged: [], skipped: [] };
  for (const link of links) {
    if (action.kind === 'campaign' || action.kind === 'channel') {
      const name = action.to.name || String(action.to.id);
      if (link[action.kind] === name) plan.unchanged.push(link);
      else
        plan.items.push(
          changeRow(link, { linkId: link.id, kind: action.kind, to: action.to }, { url: link.longUrl }),
        );
      continue;
    }
    let expiry = action.kind === 'expiry' ? action.expiry : undefined;
    if (action.kind === 'extend') {
      if (link.expiry === undefined) {
        plan.skipped.push({ link, reason: 'expiry-unknown' });
        continue;
      }
      if (link.expiry === null) {
        plan.skipped.push({ link, reason: 'never-expires' });
        continue;
      }
      expiry = extendedExpiry(link.expiry, action.days, now);
    }
    if (expiry === undefined || link.expiry === expiry) plan.unchanged.push(link);
    else plan.items.push(changeRow(link, { linkId: link.id, kind: 'update' }, { url: link.longUrl, expiry }));
  }
  return plan;
}
