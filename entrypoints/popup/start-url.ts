/**
 * The popup's URL hygiene: the start URL cleaned by the rules of lib/page-url.ts, and the page's
 * canonical URL read from the tab. Part of the popup's lazy extras (extras.ts).
 */
import { resolvePageUrl } from '@/lib/page-url';
import type { Behaviour } from '@/lib/settings';

export { resolvePageUrl };

type Scripting = Pick<typeof browser.scripting, 'executeScript'>;

/**
 * The tab's `<link rel="canonical">` address (absolute, as the page resolves it), or null when it has
 * none or cannot be read (a browser page, the store, a tab the popup has no activeTab grant for).
 */
export async function readCanonical(
  tabId: number,
  scripting: Scripting | undefined = browser.scripting,
): Promise<string | null> {
  try {
    if (!scripting) return null;
    const [frame] = await scripting.executeScript({
      target: { tabId },
      // Runs in the page: `href` is the absolute URL even when the attribute is relative.
      func: () => document.querySelector<HTMLLinkElement>('link[rel~="canonical" i][href]')?.href ?? null,
    });
    return typeof frame?.result === 'string' ? frame.result : null;
  } catch {
    return null;
  }
}

/** The start URL by the page's canonical URL and the behaviour settings; null when the page declares none. */
export async function canonicalStartUrl(
  tabId: number,
  tabUrl: string,
  behaviour: Pick<Behaviour, 'stripTracking' | 'preferCanonical'>,
  scripting?: Scripting,
): Promise<string | null> {
  const canonical = await readCanonical(tabId, scripting);
  return canonical ? resolvePageUrl(tabUrl, canonical, behaviour) : null;
}
