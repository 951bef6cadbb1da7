/**
 * Checks and tidies the server URL a user types in Options, so the client and the host permission
 * are built from one canonical form.
 *
 *   const result = normalizeBaseUrl(' https://go.example.com/api/ ');
 *   if (result.ok) browser.permissions.request({ origins: [originOf(result.url)] });
 */

import { t } from '../i18n';
import { LOCAL_HOSTS, withScheme } from '../url/scheme';

/** `schemeAdded`: the input was a bare host (e.g. `localhost:8787`) and the scheme was chosen for it. */
type BaseUrlResult = { ok: true; url: string; schemeAdded: boolean } | { ok: false; message: string };

const EXAMPLE = 'https://short.example.com';

/**
 * Validates a server URL and returns it without trailing slash or pasted `/api` suffix. With
 * `bareHost` (what a user types in Options; stored and imported addresses must be whole), a bare host
 * gets `http://` when it is localhost or 127.0.0.1, else `https://`.
 */
export function normalizeBaseUrl(input: string, { bareHost = false } = {}): BaseUrlResult {
  const typed = input.trim();
  if (typed === '') return fail(t('error_server_url_missing', EXAMPLE));
  const completed = bareHost ? withScheme(typed) : null;
  const text = completed ?? typed;
  if (!/^[a-z][a-z\d+.-]*:/i.test(text)) return fail(t('error_server_url_no_scheme', EXAMPLE));
  if (/[?#]/.test(text)) return fail(t('error_server_url_query', EXAMPLE));

  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail(t('error_server_url_invalid', EXAMPLE));
  }

  if (url.protocol === 'http:') {
    if (!LOCAL_HOSTS.has(url.hostname)) return fail(t('error_server_url_http'));
  } else if (url.protocol !== 'https:') {
    return fail(t('error_server_url_scheme', EXAMPLE, url.protocol));
  }
  if (url.hostname === '') return fail(t('error_server_url_no_host', EXAMPLE));
  if (url.username !== '' || url.password !== '') return fail(t('error_server_url_credentials'));

  const path = url.pathname
    .replace(/\/+$/, '')
    .replace(/\/api$/i, '')
    .replace(/\/+$/, '');
  return { ok: true, url: `${url.protocol}//${url.host}${path}`, schemeAdded: completed !== null };
}

/**
 * The host-permission match pattern for a normalized base URL, e.g. `https://example.com/*`.
 * The port is left out because Firefox rejects ports in match patterns and Chrome matches any port.
 */
export function originOf(url: string): string {
  const { protocol, hostname } = new URL(url);
  return `${protocol}//${hostname}/*`;
}

function fail(message: string): BaseUrlResult {
  return { ok: false, message };
}
