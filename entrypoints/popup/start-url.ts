/**
 * The page's canonical URL for the popup's start URL: read from the tab (lib/url/canonical.ts, as the
 * menu and the shortcut read it), then cleaned by the rules of lib/url/page-url.ts.
 */

import type { Behaviour } from '@/lib/settings/settings';
import { readCanonical } from '@/lib/url/canonical';
import { resolvePageUrl } from '@/lib/url/page-url';

/** The start URL by the page's canonical URL and the behaviour settings; null when the page declares none. */
export async function canonicalStartUrl(
  tabId: number,
  tabUrl: string,
  behaviour: Pick<Behaviour, 'stripTracking' | 'preferCanonical'>,
): Promise<string | null> {
  const canonical = await readCanonical(tabId);
  return canonical ? resolvePageUrl(tabUrl, canonical, behaviour) : null;
}
