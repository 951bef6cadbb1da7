/**
 * Reads a link's text from the page, for the copy formats that title a link (Markdown, HTML,
 * "title — url"). Firefox gives the text with the menu click (`linkText`); Chrome does not, so the
 * text is read from the page under the activeTab grant the menu click gives, like the canonical URL.
 */
import { type PageTarget, readStringFromPage } from '@/lib/url/canonical';

/** The longest link text copied: a link wrapping a whole card must not paste a paragraph. */
export const LINK_TEXT_MAX = 200;

/**
 * Runs in the page, so it must not use anything from outside itself. Finds the links whose resolved
 * address is `linkUrl`, prefers the focused one (Chromium focuses a link on right-click), and
 * answers its visible text, else its aria-label, title or image alt; null when none has any.
 */
export function linkTextInPage(linkUrl: string, max: number): string | null {
  const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const links = Array.from(
    document.querySelectorAll<HTMLAnchorElement | HTMLAreaElement>('a[href], area[href]'),
  ).filter((link) => link.href === linkUrl);
  const focused = document.activeElement?.closest('a[href], area[href]');
  const link = links.find((candidate) => candidate === focused) ?? links[0];
  if (!link) return null;
  const text =
    // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, without hidden parts or <style>.
    (link instanceof HTMLAnchorElement ? clean(link.innerText || link.textContent) : '') ||
    clean(link.getAttribute('aria-label')) ||
    clean(link.getAttribute('title')) ||
    clean(link instanceof HTMLAreaElement ? link.alt : link.querySelector('img[alt]')?.getAttribute('alt'));
  if (!text) return null;
  // Cut on code points, not UTF-16 units, so an emoji at the limit is not split in half.
  const chars = Array.from(text);
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : text;
}

/**
 * The text of the link to `linkUrl` in the clicked frame, or null when the page has no such link
 * with any text, or cannot be read (no grant, a PDF or store page, no answer in time).
 */
export function readLinkText(target: PageTarget, linkUrl: string): Promise<string | null> {
  return readStringFromPage(target, linkTextInPage, [linkUrl, LINK_TEXT_MAX]);
}
