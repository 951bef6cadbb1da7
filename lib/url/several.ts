/**
 * The web addresses in a pasted or selected text that holds several: one a line, or separated by
 * spaces, commas or semicolons, with words, brackets and quotes around them ignored. Each piece is
 * read as a selection of one URL is (urlFromSelection), so the two never disagree.
 */
import { urlFromSelection } from './rules';

/** Where a URL starts inside a piece of text: `(https://…`, `<https://…>`, `[title](https://…)`. */
const URL_START = /https?:\/\/|(?<![\w.-])www\./i;

/**
 * The http(s) URLs of `text`, in order, as written (not yet cleaned nor collapsed). A comma or a
 * semicolon only separates where another URL follows it: a query's `a=1,2` stays whole.
 */
export function urlsInText(text: string): string[] {
  const urls: string[] = [];
  for (const piece of text.split(/\s+/)) {
    for (const part of piece.split(/[,;](?=https?:\/\/|www\.)/i)) {
      const start = part.search(URL_START);
      if (start === -1) continue;
      const url = urlFromSelection(part.slice(start));
      if (url) urls.push(url);
    }
  }
  return urls;
}

/**
 * `url` with `sl=<n>` (replacing an `sl` it carries), the rest of its query kept as written: a
 * second address for the same page, for a server that answers a create of a page it has with the
 * link it made before, when a distinct link is wanted (one per row, to count each row's clicks).
 * A URL that does not parse is returned unchanged.
 */
export function distinctUrl(url: string, n: number): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const kept = parsed.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && pair.split('=', 1)[0] !== 'sl');
  parsed.search = [...kept, `sl=${n}`].join('&');
  return parsed.href;
}
