/**
 * What the address bar's keyword (`sl <text>`) means and shows, from the local link cache only: typing
 * never reaches the server. The search is the popup's (`createLinkSearch`, which refines the previous
 * keystroke's results); this adds what the text means when Enter is pressed, and the suggestions'
 * descriptions.
 *
 *   const cache = omniboxCache(links, index);                // once per keyword session
 *   const { suggestions, description } = omniboxSuggestions(text, cache, 'chrome');
 *   const intent = omniboxIntent(text, cache);               // what Enter does
 *
 * Chrome styles a description with `<match>`, `<url>` and `<dim>` XML (so text must be XML-escaped)
 * and shows the first row set for the text typed. Firefox shows a description as plain text, markup
 * included, so it gets plain text; and it shows the first row set while the previous keystroke was
 * answered (the extension's name on the first), so there that row is one text, true whatever is typed.
 */
import { t } from '@/lib/i18n';
import { type CachedLink, createLinkSearch, type LinkSearch, queryWords } from '@/lib/links/cache';
import { urlFromSelection } from '@/lib/url/rules';

/** Whose address bar the rows are for (see above). */
export type OmniboxBrowser = 'chrome' | 'firefox';

/** How many links the address bar lists; Chrome and Firefox show about this many extension rows. */
const OMNIBOX_LIMIT = 6;

/** The links of the active profile as the keyword searches them, built once per keyword session. */
export interface OmniboxCache {
  links: readonly CachedLink[];
  search: LinkSearch;
}

/** Builds the cache the keyword searches over `links`, newest first (and their index, when built). */
export function omniboxCache(links: readonly CachedLink[], index?: readonly string[]): OmniboxCache {
  return { links, search: createLinkSearch(links, index) };
}

/** What Enter does with the text after the keyword. */
export type OmniboxIntent =
  | { kind: 'current-tab' }
  | { kind: 'shorten'; url: string }
  | { kind: 'link'; link: CachedLink }
  | { kind: 'no-match'; query: string };

/**
 * What Enter does with `text`: nothing typed shortens the current tab; a picked suggestion (its short
 * URL) or words copy that link or the first match; a web address (as the context menu reads a selected
 * one) is shortened.
 */
export function omniboxIntent(text: string, cache: OmniboxCache): OmniboxIntent {
  const query = text.trim();
  return intentOf(query, cache, () => cache.search.find(query, 1)[0]);
}

/** omniboxIntent for a trimmed query; `firstMatch` lets a caller that already searched reuse its rows. */
function intentOf(
  query: string,
  cache: OmniboxCache,
  firstMatch: () => CachedLink | undefined,
): OmniboxIntent {
  if (!query) return { kind: 'current-tab' };
  // A picked row's text is its short URL; words, which hold no slash, need no look for one.
  const picked = query.includes('/') ? cache.links.find((link) => link.shortUrl === query) : undefined;
  if (picked) return { kind: 'link', link: picked };
  const url = urlFromSelection(query);
  if (url) return { kind: 'shorten', url };
  const first = firstMatch();
  return first ? { kind: 'link', link: first } : { kind: 'no-match', query };
}

/** One row of the address bar: `content` comes back to onInputEntered when the row is picked. */
interface Suggestion {
  content: string;
  description: string;
}

/**
 * What XML 1.0 has no place for, even escaped: C0 controls but tab, LF and CR, U+FFFE, U+FFFF, and
 * half of a surrogate pair without its other half.
 */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are what it finds.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Escapes the five XML specials and drops what XML cannot hold: Chrome rejects a description that is
 * not well-formed XML, and a page title can carry anything.
 */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * `text` XML-escaped with every occurrence of a query word wrapped in `<match>`. Overlapping and
 * adjacent hits are merged, so the markup never nests a match in a match.
 */
function highlight(text: string, words: readonly string[]): string {
  const lower = text.toLowerCase();
  // A few letters change length when lower-cased (İ): positions would not line up, so no highlight.
  if (lower.length !== text.length || words.length === 0) return escapeXml(text);
  const hits: [number, number][] = [];
  for (const word of words) {
    for (let at = lower.indexOf(word); at !== -1; at = lower.indexOf(word, at + 1)) {
      hits.push([at, at + word.length]);
    }
  }
  hits.sort((a, b) => a[0] - b[0]);
  let out = '';
  let done = 0;
  for (const [start, end] of hits) {
    if (end <= done) continue;
    const from = Math.max(start, done);
    out += `${escapeXml(text.slice(done, from))}<match>${escapeXml(text.slice(from, end))}</match>`;
    done = end;
  }
  return out + escapeXml(text.slice(done));
}

/** A description made of plain and styled parts, as markup for Chrome or as plain text. */
type Part = string | { style: 'url' | 'dim'; text: string };

function describe(parts: readonly Part[], words: readonly string[], markup: boolean): string {
  return parts
    .map((part) => {
      const text = typeof part === 'string' ? part : part.text;
      if (!markup) return text;
      if (typeof part === 'string') return escapeXml(part);
      return `<${part.style}>${highlight(text, words)}</${part.style}>`;
    })
    .join('');
}

/** The link's row: its title (or alias), its short URL and, dimmed, its long URL; query words highlighted. */
function linkDescription(link: CachedLink, words: readonly string[], markup: boolean): string {
  const name = link.title.trim() || link.alias;
  const head = markup ? highlight(name, words) : name;
  const rest = describe(
    [' — ', { style: 'url', text: link.shortUrl }, ' ', { style: 'dim', text: link.longUrl }],
    words,
    markup,
  );
  return name ? `${head}${rest}` : rest.slice(' — '.length);
}

/** Chrome's first row, which says what Enter will do with the text typed. */
function defaultDescription(intent: OmniboxIntent): string {
  switch (intent.kind) {
    case 'current-tab':
      return describe([t('bg_omnibox_enter_current_tab')], [], true);
    case 'shorten':
      return describe([t('bg_omnibox_enter_shorten'), ' ', { style: 'url', text: intent.url }], [], true);
    case 'link':
      return describe(
        [t('bg_omnibox_enter_copy'), ' ', { style: 'url', text: intent.link.shortUrl }],
        [],
        true,
      );
    case 'no-match':
      return describe([t('bg_omnibox_no_match', intent.query)], [], true);
  }
}

/** The description of the first row when no server is configured: Enter opens Options. */
export function unconfiguredDescription(browser: OmniboxBrowser): string {
  return describe([t('bg_omnibox_no_server')], [], browser === 'chrome');
}

/** Firefox's first row, the same for any text: what Enter does with each kind of text. */
function fixedDescription(): string {
  return t('bg_omnibox_enter_any');
}

/**
 * The rows for `text`: the first row's description (what Enter does) and the matching links, each
 * with its short URL as content, so picking one hands that URL to onInputEntered.
 */
export function omniboxSuggestions(
  text: string,
  cache: OmniboxCache,
  browser: OmniboxBrowser,
): { description: string; suggestions: Suggestion[] } {
  const markup = browser === 'chrome';
  const query = text.trim();
  const words = queryWords(query);
  // Nothing typed lists nothing: Enter then shortens the current tab, and the rows would hide that.
  const found = query ? cache.search.find(query, OMNIBOX_LIMIT) : [];
  // One scan per keystroke: Enter's first match is the first row.
  const description = markup
    ? defaultDescription(intentOf(query, cache, () => found[0]))
    : fixedDescription();
  return {
    description,
    suggestions: found
      // Chrome drops a row whose content is the text typed; Enter on it does the same anyway.
      .filter((link) => link.shortUrl !== query)
      .map((link) => ({ content: link.shortUrl, description: linkDescription(link, words, markup) })),
  };
}
