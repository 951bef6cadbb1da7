/**
 * UTM presets applied to a long URL: "one link per preset" makes one short link for each platform the
 * user posts to, each long URL carrying that platform's utm_* parameters.
 */
import { stripTrackingParams } from './tracking';

/** The UTM parameters a preset sets, in the order a URL carries them. */
export const UTM_PARAMS = ['source', 'medium', 'campaign', 'term', 'content'] as const;

/** The values of a UTM preset (lib/settings/schema.ts); an empty one is not set. */
type UtmValues = Record<(typeof UTM_PARAMS)[number], string>;

/** A query pair's name as the server will read it, or the raw text when it is not valid encoding. */
function pairName(pair: string): string {
  const name = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
}

/**
 * `url` with the preset's non-empty parameters set as utm_source, utm_medium, …: a parameter of the
 * same name already in the URL is replaced. Every other parameter is kept exactly as written (the
 * query is not re-encoded: some servers read `+` and `%20` differently), and so is the fragment. A URL
 * that does not parse is returned unchanged (the caller's URL check reports it).
 */
export function withUtmPreset(url: string, preset: UtmValues): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const set = UTM_PARAMS.map((param) => [`utm_${param}`, preset[param].trim()] as const).filter(
    ([, value]) => value !== '',
  );
  if (set.length === 0) return parsed.href;
  const names = new Set<string>(set.map(([name]) => name));
  const kept = parsed.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && !names.has(pairName(pair)));
  const added = set.map(([name, value]) => `${name}=${encodeURIComponent(value)}`);
  parsed.search = [...kept, ...added].join('&');
  return parsed.href;
}

/**
 * The long URL of one preset's link: the tracking parameters removed first when the user strips
 * them (so a utm_* the page carried never mixes with the preset's), then the preset's set.
 */
export function presetLongUrl(url: string, preset: UtmValues, stripTracking: boolean): string {
  return withUtmPreset(stripTracking ? stripTrackingParams(url.trim()) : url.trim(), preset);
}

/**
 * The name of the preset whose parameters `url` carries (each of its non-empty ones, and no other
 * utm_*), or null: a page's links are told apart by the preset they were made with.
 */
export function presetNameOf(url: string, presets: readonly (UtmValues & { name: string })[]): string | null {
  let params: URLSearchParams;
  try {
    params = new URL(url).searchParams;
  } catch {
    return null;
  }
  const carried = UTM_PARAMS.map((param) => params.get(`utm_${param}`) ?? '');
  if (carried.every((value) => value === '')) return null;
  return (
    presets.find((preset) => UTM_PARAMS.every((param, i) => preset[param].trim() === carried[i]))?.name ??
    null
  );
}
