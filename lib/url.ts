/**
 * URL rules of the pages: which tab addresses can be shortened, what a typed long URL must look
 * like, and which server-supplied URLs may become links. Pure; small enough for the popup.
 */

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
  const why = !url
    ? 'it has no web address'
    : INTERNAL.test(scheme.toLowerCase())
      ? `${name} pages are internal to the browser`
      : scheme.toLowerCase() === 'file'
        ? `${name} pages are on this computer, not on the web`
        : 'only http:// and https:// pages have a web address to share';
  return `This page can't be shortened (${why}). Paste a URL instead.`;
}

/** The message shown next to the Long URL field, or null when the value is usable. */
export function longUrlError(value: string): string | null {
  const url = value.trim();
  if (!url) return 'Enter the URL to shorten.';
  if (!isHttpUrl(url)) return 'Enter a full web address starting with http:// or https://.';
  return null;
}

/** The URL when it may be used as a link target (http/https only), otherwise undefined. */
export function safeHref(url: string): string | undefined {
  return isHttpUrl(url) ? url : undefined;
}
