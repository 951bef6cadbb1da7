/**
 * Redirect wrappers: mail scanners, search engines and social networks hand out links that only
 * redirect to another address, carried in the link itself (Outlook Safe Links' `?url=`, Google's
 * `/url?q=`). Shortening the wrapper would shorten someone's scanner, with its tracking and its
 * expiry; the address it wraps is what the user means. Only what the wrapper itself carries is read:
 * no request is ever made, so wrappers that need one to resolve (t.co, lnkd.in) are left alone.
 * A target that is not an http(s) address is refused, never followed.
 */
import { isHttpUrl } from './rules';

/** One kind of wrapper: where it lives, and how its target is read from it. */
interface Wrapper {
  /** The brand name the user knows it by; shown as it is, in every language. */
  name: string;
  host: RegExp;
  path: RegExp;
  /** What may be the wrapped address, as the wrapper carries it, not yet checked. */
  targets(url: URL): (string | null)[];
}

/** The values of the query's `names`, decoded once by URLSearchParams; Google's `q` may be a search's words. */
const params =
  (...names: string[]) =>
  (url: URL): string[] =>
    names.flatMap((name) => url.searchParams.getAll(name));

/**
 * Proofpoint URL Defense v2 (`/v2/url?u=https-3A__example.com_page`): `-` stands for `%` and `_` for
 * `/`, then the text is percent-decoded.
 */
function proofpointV2(url: URL): (string | null)[] {
  return url.searchParams
    .getAll('u')
    .map((encoded) => decodeOnce(encoded.replace(/-/g, '%').replace(/_/g, '/')));
}

/** The run lengths of v3's `**X` tokens: A stands for 2 characters, B for 3, … `_` for 65. */
const V3_RUNS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Proofpoint URL Defense v3 (`/v3/__https://example.com/a*b__;Pw!!…`): the address between `__` and
 * `__;`, whose `*` (one character) and `**X` (a run) stand for the characters base64url-encoded after
 * `__;`, up to the next `!`.
 */
function proofpointV3(url: URL): (string | null)[] {
  return [proofpointV3Target(url.pathname + url.search + url.hash)];
}

function proofpointV3Target(path: string): string | null {
  const match = /^\/v3\/__(.+?)__;([A-Za-z0-9_-]*)!/.exec(path);
  if (!match) return null;
  const [, carried = '', bytes = ''] = match;
  let replaced: string[];
  try {
    const binary = atob(
      bytes
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(bytes.length / 4) * 4, '='),
    );
    replaced = [
      ...new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))),
    ];
  } catch {
    return null;
  }
  const address = decodeOnce(carried);
  if (address === null) return null;
  let next = 0;
  let broken = false;
  const result = address.replace(/\*(\*.)?/g, (token: string) => {
    const runIndex = token.length === 1 ? 0 : V3_RUNS.indexOf(token[2] ?? '');
    const length = token.length === 1 ? 1 : runIndex + 2;
    if (runIndex === -1 || next + length > replaced.length) broken = true;
    const characters = replaced.slice(next, next + length).join('');
    next += length;
    return characters;
  });
  return broken ? null : result;
}

/** Hosts are compared as the URL parser gives them: lower case, without a trailing dot. */
const WRAPPERS: readonly Wrapper[] = [
  {
    name: 'Outlook Safe Links',
    host: /^([a-z0-9-]+\.)*safelinks\.protection\.(outlook\.com|office365\.us)$/,
    path: /^\/?$/,
    targets: params('url'),
  },
  {
    name: 'Google',
    // google.com, google.de, google.co.uk, google.com.au, with or without www.
    host: /^(www\.)?google\.([a-z]{2,3}|com?\.[a-z]{2})$/,
    path: /^\/url$/,
    targets: params('q', 'url'),
  },
  { name: 'Facebook', host: /^(l|lm)\.facebook\.com$/, path: /^\/l\.php$/, targets: params('u') },
  { name: 'Instagram', host: /^l\.instagram\.com$/, path: /^\/?$/, targets: params('u') },
  {
    name: 'LinkedIn',
    host: /^(www\.)?linkedin\.com$/,
    path: /^\/(redir\/redirect|safety\/go)\/?$/,
    targets: params('url'),
  },
  { name: 'Slack', host: /^slack-redir\.net$/, path: /^\/link$/, targets: params('url') },
  { name: 'YouTube', host: /^(www\.|m\.)?youtube\.com$/, path: /^\/redirect$/, targets: params('q') },
  {
    name: 'Proofpoint URL Defense',
    host: /^urldefense(\.proofpoint)?\.com$/,
    path: /^\/v2\/url$/,
    targets: proofpointV2,
  },
  {
    name: 'Proofpoint URL Defense',
    host: /^urldefense(\.proofpoint)?\.com$/,
    path: /^\/v3\//,
    targets: proofpointV3,
  },
  { name: 'Steam', host: /^steamcommunity\.com$/, path: /^\/linkfilter\/?$/, targets: params('url', 'u') },
];

/** Wrappers inside wrappers (a Safe Link to a Google redirect) are taken off up to this depth. */
const MAX_DEPTH = 5;

/** `text` percent-decoded once; null when it holds a broken escape. */
function decodeOnce(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * The http(s) address a carried target means: as carried, or decoded once or twice more when a
 * mail system encoded it again on the way (`https%253A%252F%252F…`). Null when it is none.
 */
function webAddress(carried: string): string | null {
  let candidate: string | null = carried.trim();
  for (let round = 0; round < 3 && candidate !== null; round++) {
    if (/^https?:\/\//i.test(candidate)) return isHttpUrl(candidate) ? candidate : null;
    // Only an encoded scheme is decoded again: anything else (javascript:, data:, a word) is refused.
    if (!/^https?%(25)*3a/i.test(candidate)) return null;
    candidate = decodeOnce(candidate);
  }
  return null;
}

/** The wrapper `url` is, with the address it carries; null when it is none, or carries no web address. */
function unwrapOnce(url: string): { url: string; name: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const host = parsed.hostname.replace(/\.$/, '');
  for (const wrapper of WRAPPERS) {
    if (!wrapper.host.test(host) || !wrapper.path.test(parsed.pathname)) continue;
    for (const carried of wrapper.targets(parsed)) {
      const target = carried === null ? null : webAddress(carried);
      if (target !== null) return { url: target, name: wrapper.name };
    }
    return null;
  }
  return null;
}

/** An address with its wrappers taken off, and their names, outermost first. */
export interface Unwrapped {
  url: string;
  wrappers: string[];
}

/**
 * The address `url` wraps, and the names of the wrappers taken off (outermost first); null when
 * `url` is not a known wrapper carrying an http(s) address.
 */
export function unwrapRedirect(url: string): Unwrapped | null {
  const wrappers: string[] = [];
  let current = url.trim();
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const inner = unwrapOnce(current);
    if (!inner) break;
    wrappers.push(inner.name);
    current = inner.url;
  }
  return wrappers.length > 0 ? { url: current, wrappers } : null;
}
