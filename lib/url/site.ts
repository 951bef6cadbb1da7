/**
 * Which site an address belongs to: its registrable domain, the public suffix and one label before
 * it (`news.example.co.uk` → `example.co.uk`). A page may name its canonical URL on its own site
 * only (lib/url/page-url.ts): anything else is another party's address.
 *
 * The suffixes are a compact rule set, not the Public Suffix List (about 10,000 rules that change
 * every month): the top-level domain, the second-level suffixes of the countries that use them most,
 * and the best-known hosts where strangers' sites are subdomains of one name (github.io and the
 * like). Its limit, stated: on a shared host or country suffix it does not know, two strangers'
 * sites read as one site, so a page there can still name a neighbour's address as its canonical URL.
 * An IP address, or a name of one label (localhost), is a site of its own and matches only itself.
 */

const PUBLIC_SUFFIXES = new Set([
  // Second-level suffixes of country domains.
  ...['co', 'org', 'me', 'ltd', 'plc', 'net', 'ac', 'gov', 'sch', 'nhs', 'police'].map((s) => `${s}.uk`),
  ...['com', 'net', 'org', 'edu', 'gov', 'asn', 'id'].map((s) => `${s}.au`),
  ...['co', 'org', 'net', 'govt', 'ac', 'school'].map((s) => `${s}.nz`),
  ...['co', 'ne', 'or', 'ac', 'go', 'gr', 'ed', 'lg'].map((s) => `${s}.jp`),
  ...['co', 'or', 'ne', 'go', 'ac'].map((s) => `${s}.kr`),
  ...['co', 'net', 'org', 'firm', 'gen', 'ind', 'ac', 'edu', 'gov'].map((s) => `${s}.in`),
  ...['co', 'or', 'go', 'ac', 'web'].map((s) => `${s}.id`),
  ...['co', 'org', 'ac', 'gov'].map((s) => `${s}.il`),
  ...['co', 'org', 'ac', 'gov', 'net'].map((s) => `${s}.za`),
  ...['com', 'net', 'org', 'gov', 'edu'].flatMap((s) =>
    [
      'br',
      'cn',
      'tw',
      'hk',
      'mx',
      'ar',
      'tr',
      'sg',
      'my',
      'ph',
      'pk',
      'ua',
      'vn',
      'eg',
      'sa',
      'ng',
      'co',
    ].map((country) => `${s}.${country}`),
  ),
  'gob.mx',
  'gob.ar',
  // Hosts that give each customer a subdomain.
  'github.io',
  'gitlab.io',
  'codeberg.page',
  'blogspot.com',
  'wordpress.com',
  'tumblr.com',
  'substack.com',
  'herokuapp.com',
  'netlify.app',
  'vercel.app',
  'pages.dev',
  'workers.dev',
  'web.app',
  'firebaseapp.com',
  'appspot.com',
  'azurewebsites.net',
  'cloudfront.net',
  'amazonaws.com',
  'onrender.com',
  'fly.dev',
  'glitch.me',
  'surge.sh',
  'neocities.org',
  'myshopify.com',
  'wixsite.com',
  'weebly.com',
  'webflow.io',
  'ngrok.io',
  'ngrok-free.app',
]);

/** True for an IPv4 or (bracketed, as URL gives it) IPv6 address. */
function isIpAddress(hostname: string): boolean {
  return hostname.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);
}

/** The site of a host name as URL gives it (lower case, IDNs in their xn-- form). */
export function siteOf(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const labels = host.split('.');
  if (isIpAddress(host) || labels.length < 2) return host;
  let suffixLength = 1;
  for (let start = 0; start < labels.length - 1; start++) {
    if (PUBLIC_SUFFIXES.has(labels.slice(start).join('.'))) {
      suffixLength = labels.length - start;
      break;
    }
  }
  // A host that is itself a public suffix (github.io) is no one's site but its own.
  return labels.length > suffixLength ? labels.slice(-(suffixLength + 1)).join('.') : host;
}

/** True when two absolute URLs are on the same site; false when either is not a URL. */
export function sameSite(a: string, b: string): boolean {
  try {
    return siteOf(new URL(a).hostname) === siteOf(new URL(b).hostname);
  } catch {
    return false;
  }
}
