/**
 * Which address is shortened for a page or a link, by the behaviour settings: the page's canonical
 * URL instead of the tab's (`preferCanonical`), the address a redirect wrapper carries instead of the
 * wrapper (`unwrapRedirects`), then without tracking parameters (`stripTracking`).
 * Pure: the background (menus, shortcut, all tabs, lists) and the popup use the same rules.
 *
 *   const canonical = await readCanonical(tabId); // the page's <link rel="canonical"> href, or null
 *   const longUrl = resolvePageUrl(tab.url, canonical, settings.behaviour);
 */
import { isHttpUrl } from './rules';
import { sameSite } from './site';
import { stripTrackingParams } from './tracking';
import { unwrapRedirect } from './unwrap';

/** The behaviour switches (lib/settings/schema.ts) that change an address before it is shortened. */
export interface UrlHygiene {
  stripTracking: boolean;
  preferCanonical: boolean;
  /** Absent: off. */
  unwrapRedirects?: boolean;
}

/** The address to shorten, and the names of the redirect wrappers taken off it (outermost first). */
export interface ResolvedUrl {
  url: string;
  unwrapped: string[];
}

/** `url` without its wrappers when that is on, then without tracking parameters when that is on. */
function cleaned(url: string, hygiene: UrlHygiene): ResolvedUrl {
  const inner = hygiene.unwrapRedirects ? unwrapRedirect(url) : null;
  const address = inner?.url ?? url;
  return {
    url: hygiene.stripTracking ? stripTrackingParams(address) : address,
    unwrapped: inner?.wrappers ?? [],
  };
}

/**
 * The address to shorten for a page, and the wrappers taken off it. The canonical URL is used only
 * when the setting is on and it is an absolute http(s) URL on the page's own site (a relative,
 * `javascript:` or garbled value, or one on another site, falls back to the tab's URL): any page can
 * declare any address its canonical, and one elsewhere would have the user shorten and share a link
 * they never saw. The rest (tracking parameters, wrappers) applies to it as to the tab's.
 */
export function resolvePage(
  tabUrl: string,
  canonical: string | null | undefined,
  hygiene: UrlHygiene,
): ResolvedUrl {
  const declared = canonical?.trim() ?? '';
  const usable = declared !== '' && isHttpUrl(declared) && sameSite(declared, tabUrl.trim());
  return cleaned(hygiene.preferCanonical && usable ? declared : tabUrl.trim(), hygiene);
}

/** The address to shorten for a link's target (a link has no canonical URL to read), and the wrappers taken off it. */
export function resolveLink(url: string, hygiene: UrlHygiene): ResolvedUrl {
  return cleaned(url.trim(), hygiene);
}

/** The address to shorten for a page (see resolvePage). */
export function resolvePageUrl(
  tabUrl: string,
  canonical: string | null | undefined,
  hygiene: UrlHygiene,
): string {
  return resolvePage(tabUrl, canonical, hygiene).url;
}

/** The address to shorten for a link's target (see resolveLink). */
export function resolveLinkUrl(url: string, hygiene: UrlHygiene): string {
  return resolveLink(url, hygiene).url;
}
