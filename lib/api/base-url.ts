/**
 * Checks and tidies the server URL a user types in Options, so the client and the host permission
 * are built from one canonical form.
 *
 *   const result = normalizeBaseUrl(' https://go.example.com/api/ ');
 *   if (result.ok) browser.permissions.request({ origins: [originOf(result.url)] });
 */

import { t } from '../i18n';

type BaseUrlResult = { ok: true; url: string } | { ok: false; message: string };

const EXAMPLE = 'https://short.example.com';
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

/** Validates a server URL and returns it without trailing slash or pasted `/api` suffix. */
export function normalizeBaseUrl(input: string): BaseUrlResult {
  const text = input.trim();
  if (text === '') return fail(t('error_server_url_missing', EXAMPLE));
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
  return { ok: true, url: `${url.protocol}//${url.host}${path}` };
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
