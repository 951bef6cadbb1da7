/**
 * Which address is shortened for a page or a link, by the behaviour settings: the page's canonical
 * URL instead of the tab's (`preferCanonical`), then without tracking parameters (`stripTracking`).
 * Pure: the background (menus, shortcut, all tabs) and the popup use the same rules.
 *
 *   const canonical = await readCanonical(tabId); // the page's <link rel="canonical"> href, or null
 *   const longUrl = resolvePageUrl(tab.url, canonical, settings.behaviour);
 */
import { isHttpUrl } from './rules';
import { sameSite } from './site';
import { stripTrackingParams } from './tracking';

/** The behaviour switches (lib/settings/schema.ts) that change an address before it is shortened. */
export interface UrlHygiene {
  stripTracking: boolean;
  preferCanonical: boolean;
}

/**
 * The address to shorten for a page. The canonical URL is used only when the setting is on and it is
 * an absolute http(s) URL on the page's own site (a relative, `javascript:` or garbled value, or one
 * on another site, falls back to the tab's URL): any page can declare any address its canonical, and
 * one elsewhere would have the user shorten and share a link they never saw. Tracking parameters are
 * removed after, so a canonical URL that carries them is cleaned as well.
 */
export function resolvePageUrl(
  tabUrl: string,
  canonical: string | null | undefined,
  hygiene: UrlHygiene,
): string {
  const declared = canonical?.trim() ?? '';
  const usable = declared !== '' && isHttpUrl(declared) && sameSite(declared, tabUrl.trim());
  const chosen = hygiene.preferCanonical && usable ? declared : tabUrl.trim();
  return hygiene.stripTracking ? stripTrackingParams(chosen) : chosen;
}

/** The address to shorten for a link's target: a link has no canonical URL of its own to read. */
export function resolveLinkUrl(url: string, hygiene: UrlHygiene): string {
  return resolvePageUrl(url, null, hygiene);
}
