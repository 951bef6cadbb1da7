/**
 * Addresses typed without a scheme: `localhost:8787` in Options, `go.example.com/abc` in Find by
 * short URL. One rule for both, so the server URL and a short URL are completed the same way.
 */

/** Hosts a server may be reached on over plain http: the user's own machine. */
export const LOCAL_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1']);

/** A host name, an optional port, and an optional path: `localhost:8787`, `go.example.com/api`. */
const BARE_HOST = /^([a-z\d](?:[a-z\d-]*[a-z\d])?(?:\.[a-z\d](?:[a-z\d-]*[a-z\d])?)*)(:\d{1,5})?(\/\S*)?$/i;

/**
 * The input with `http://` (localhost) or `https://` (any other host) in front when it is a bare host,
 * else null. `localhost:8787` would otherwise read as the scheme `localhost:`. A single word without a
 * dot or a port (`test`) is more likely a typo or an alias than a host, and is left to the caller.
 */
export function withScheme(text: string): string | null {
  const match = BARE_HOST.exec(text);
  const host = match?.[1]?.toLowerCase();
  if (!match || !host) return null;
  const local = LOCAL_HOSTS.has(host);
  if (!local && !host.includes('.') && !match[2]) return null;
  return `${local ? 'http' : 'https'}://${text}`;
}
