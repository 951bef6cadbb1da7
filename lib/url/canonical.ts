/**
 * Reads the canonical URL a page declares (`<link rel="canonical">`), for "prefer the canonical URL".
 * It runs in the tab through `scripting.executeScript`, allowed only by the activeTab grant that the
 * toolbar button, the menu click or the shortcut gives for that tab: the extension has no host access
 * of its own. The popup (entrypoints/popup/start-url.ts) and the background use the same reader.
 */

/** How long a page may take to answer: a busy or frozen tab must not hold the copy up. */
const CANONICAL_TIMEOUT_MS = 1_500;

/** Where in a tab to run: the whole tab's top frame, or one frame of it (a click inside an iframe). */
export interface PageTarget {
  tabId: number;
  frameId?: number | undefined;
}

/**
 * Runs `func` in the page under the activeTab grant and returns the string it answers, or null
 * when it answers anything else, or cannot run (a browser page, a store page, a PDF, no grant),
 * or does not answer within CANONICAL_TIMEOUT_MS. Never rejects.
 */
export async function readStringFromPage<Args extends unknown[]>(
  { tabId, frameId }: PageTarget,
  func: (...args: Args) => string | null,
  args: Args,
): Promise<string | null> {
  if (typeof browser.scripting?.executeScript !== 'function') return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), CANONICAL_TIMEOUT_MS);
  });
  const target = frameId === undefined ? { tabId } : { tabId, frameIds: [frameId] };
  const read = browser.scripting
    .executeScript({ target, func, args })
    .then(([frame]) => (typeof frame?.result === 'string' ? frame.result : null))
    .catch(() => null);
  try {
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs in the page. `.href` resolves a relative canonical against the page's own base URL. */
function canonicalOfPage(): string | null {
  const link = document.querySelector<HTMLLinkElement>('link[rel~="canonical" i][href]');
  return link ? link.href : null;
}

/**
 * The canonical URL the tab's page declares, or null when it declares none, or when it cannot be
 * read (a browser page, a store page, a tab without the activeTab grant, no answer in time).
 * The caller still checks it (resolvePageUrl accepts only absolute http(s) URLs).
 */
export function readCanonical(tabId: number): Promise<string | null> {
  return readStringFromPage({ tabId }, canonicalOfPage, []);
}
