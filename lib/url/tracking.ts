/**
 * Optional clean-up of a long URL before it is shortened: tracking parameters that only identify
 * where a click came from are removed, so the short link does not carry someone else's campaign.
 */

/** Exact parameter names that only track (ad click ids, mail and social referrers). */
const TRACKING_PARAMS = new Set([
  'fbclid',
  'gclid',
  'gclsrc',
  'dclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'yclid',
  'twclid',
  'ttclid',
  'li_fat_id',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'oly_anon_id',
  'oly_enc_id',
  'vero_id',
  'rb_clickid',
  's_cid',
  'srsltid',
  'si',
]);

/** Parameter-name prefixes that only track (`utm_source`, `utm_medium`, …). */
const TRACKING_PREFIXES = ['utm_', 'pk_', 'mtm_', 'hsa_'];

/** True for a query parameter name that only tracks. */
export function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return TRACKING_PARAMS.has(lower) || TRACKING_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/**
 * The URL without tracking parameters; everything else (other parameters and their order, the
 * fragment) is kept as it was. A string that is not an http(s) URL comes back unchanged.
 */
export function stripTrackingParams(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return url;
  if (!parsed.search) return url;
  // Rebuilt by hand rather than through URLSearchParams, which would re-encode the parameters kept.
  const kept = parsed.search
    .slice(1)
    .split('&')
    .filter((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed escape is not a tracking name we know; keep the pair as it is.
      }
      return pair !== '' && !isTrackingParam(decoded);
    });
  if (kept.length === parsed.search.slice(1).split('&').length) return url;
  const query = kept.length ? `?${kept.join('&')}` : '';
  return `${parsed.origin}${parsed.pathname}${query}${parsed.hash}`;
}
