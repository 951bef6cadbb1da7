/**
 * Checks and tidies the server URL a user types in Options, so the client and the host permission
 * are built from one canonical form.
 *
 *   const result = normalizeBaseUrl(' https://go.example.com/api/ ');
 *   if (result.ok) browser.permissions.request({ origins: [originOf(result.url)] });
 */

export type BaseUrlResult = { ok: true; url: string } | { ok: false; message: string };

const EXAMPLE = 'https://short.example.com';
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

/** Validates a server URL and returns it without trailing slash or pasted `/api` suffix. */
export function normalizeBaseUrl(input: string): BaseUrlResult {
  const text = input.trim();
  if (text === '') return fail(`Enter the address of your link-shortening server, e.g. ${EXAMPLE}.`);
  if (!/^[a-z][a-z\d+.-]*:/i.test(text)) return fail(`Start the address with https://, e.g. ${EXAMPLE}.`);
  if (/[?#]/.test(text))
    return fail(`Remove the ?query or #fragment: enter only the address, e.g. ${EXAMPLE}.`);

  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail(`That is not a valid web address. Enter it like ${EXAMPLE}.`);
  }

  if (url.protocol === 'http:') {
    if (!LOCAL_HOSTS.has(url.hostname)) return fail('Use https:// — only localhost may use http://.');
  } else if (url.protocol !== 'https:') {
    return fail(`Use an https:// address, e.g. ${EXAMPLE}; ${url.protocol} addresses are not supported.`);
  }
  if (url.hostname === '') return fail(`The address has no server name. Enter it like ${EXAMPLE}.`);
  if (url.username !== '' || url.password !== '') {
    return fail('Remove the user name and password from the address; the API key goes in its own field.');
  }

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
