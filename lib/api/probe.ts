/**
 * Whether a server can be reached at all, asked after a create failed with a network error. fetch
 * rejects with the same TypeError for a refused connection (nothing was sent) and for one dropped
 * after the request went out (the server may have made the link), so a second, plain request to the
 * origin tells them apart: if it cannot connect either, the first one most likely never did.
 *
 *   if (await isUnreachable('https://sho.rt')) say('nothing was sent');
 *
 * The probe carries no API key and no cookies, follows no redirect and bypasses the rate limiter:
 * it is not an API request, and the server's answer (any status) only proves it is listening.
 */

/** How long the probe may take: enough for a connection, short because the user is waiting. */
const PROBE_TIMEOUT_MS = 3_000;

interface ProbeOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** The browser's own view of the network; false means no request can have left. */
  online?: () => boolean;
}

/**
 * True when `origin` cannot be reached: the browser is offline, or a plain request to it fails to
 * connect. A probe that times out counts as reachable: a server that accepts connections but answers
 * slowly may well have received the request.
 */
export async function isUnreachable(origin: string, options: ProbeOptions = {}): Promise<boolean> {
  const online = options.online ?? (() => globalThis.navigator?.onLine !== false);
  if (!online()) return true;
  const fetchOrigin = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? PROBE_TIMEOUT_MS);
  try {
    await fetchOrigin(`${origin}/`, {
      method: 'HEAD',
      credentials: 'omit',
      cache: 'no-store',
      redirect: 'manual',
      signal: controller.signal,
    });
    return false;
  } catch {
    return !timedOut;
  } finally {
    clearTimeout(timer);
  }
}
