/**
 * URL rules of the pages: which tab addresses can be shortened, what a typed long URL must look
 * like, and which server-supplied URLs may become links. Pure; small enough for the popup.
 */

import { t } from '../i18n';

/** True for an absolute http: or https: URL with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Schemes of the browser's own pages; `*-extension` covers chrome-extension: and moz-extension:. */
const INTERNAL = /^(about|chrome|edge|brave|opera|vivaldi|view-source|[a-z]+-extension)$/;

/**
 * Null when the tab's address can be shortened, otherwise the message to show. Only http(s)
 * addresses of a real host are shortenable: anything else would give a link nobody else can open.
 */
export function unshortenableReason(tabUrl: string | undefined): string | null {
  const url = (tabUrl ?? '').trim();
  if (isHttpUrl(url)) return null;
  const [, scheme = '', slashes = ''] = /^([a-z][a-z\d+.-]*):(\/\/)?/i.exec(url) ?? [];
  const name = `${scheme.toLowerCase()}:${slashes}`;
  if (!url) return t('error_page_no_address');
  if (INTERNAL.test(scheme.toLowerCase())) return t('error_page_internal', name);
  if (scheme.toLowerCase() === 'file') return t('error_page_local_file', name);
  return t('error_page_not_web');
}

/** The message shown next to the Long URL field, or null when the value is usable. */
export function longUrlError(value: string): string | null {
  const url = value.trim();
  if (!url) return t('error_long_url_empty');
  if (!isHttpUrl(url)) return t('error_long_url_not_web');
  return null;
}

/** The URL when it may be used as a link target (http/https only), otherwise undefined. */
export function safeHref(url: string): string | undefined {
  return isHttpUrl(url) ? url : undefined;
}

/**
 * The URL when it is an http(s) address on `serverUrl`'s own origin, otherwise undefined: what a page
 * may load by itself (an avatar), so that a server's answer cannot make it fetch a third party's
 * tracking pixel.
 */
export function ownServerSrc(url: string, serverUrl: string | undefined): string | undefined {
  if (!serverUrl || !isHttpUrl(url) || !URL.canParse(serverUrl)) return undefined;
  return new URL(url).origin === new URL(serverUrl).origin ? url : undefined;
}

/** Opening brackets and quotes: a URL never starts with one. */
const LEADING_WRAPPERS = /^[([<"'“‘«]+/;
/**
 * Sentence punctuation ("see https://x.example/a."), closing quotes and `>` at the end: the
 * selection's text around the URL, never part of what the user means.
 */
const TRAILING_TEXT = /[.,;:!?"'”’»>…\s]$/u;

function occurrences(text: string, char: string): number {
  return text.split(char).length - 1;
}

/**
 * True when the URL's last character belongs to the text around it. A `)` or `]` is kept when it
 * closes one inside the URL (`/wiki/Foo_(bar)`, `http://[::1]/`), and dropped when it closes nothing.
 */
function endsInSurroundingText(url: string): boolean {
  if (TRAILING_TEXT.test(url)) return true;
  const closer = url.at(-1);
  const opener = closer === ')' ? '(' : closer === ']' ? '[' : undefined;
  return closer !== undefined && opener !== undefined && occurrences(url, opener) < occurrences(url, closer);
}

/**
 * The http(s) URL a selected text means, or null when it is not one web address: the brackets and
 * quotes around it and sentence punctuation after it are dropped, and `www.` addresses get https://.
 */
export function urlFromSelection(text: string): string | null {
  // Trimmed again after the wrappers: French quotes have a space inside (« https://… »).
  let url = text.trim().replace(LEADING_WRAPPERS, '').trimStart();
  while (endsInSurroundingText(url)) url = url.slice(0, -1);
  // Spaces left mean words or several URLs: which one was meant cannot be told.
  if (/\s/.test(url)) return null;
  // "www.example.org/doc": a host name that goes on after www. is taken for a web address.
  if (/^www\.[^./?#:]+\./i.test(url)) url = `https://${url}`;
  return /^https?:\/\//i.test(url) && isHttpUrl(url) ? url : null;
}
