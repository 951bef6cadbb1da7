/**
 * How the popup starts: where its long URL comes from (a fresh "Shorten with options…" request left
 * by the background in storage.session, the popup's own `?url=` when opened as a window, or the
 * active tab), its canonical URL, and the form's initial values.
 */
import { defaultExpiryValue } from '@/lib/dates';
import type { Behaviour, LinkDefaults } from '@/lib/settings/schema';
import type { ShortenForm } from '@/lib/storage/items';
import { getItem, pendingShortenItem, removeItem, type StorageArea } from '@/lib/storage/items';
import { readCanonical } from '@/lib/url/canonical';
import { resolvePageUrl } from '@/lib/url/page-url';
import { unshortenableReason } from '@/lib/url/rules';

/** Older requests are stale: the user opened the popup for something else since. */
export const PENDING_SHORTEN_TTL_MS = 60_000;

/** The popup's starting URL; `url` is '' and `reason` says why when it cannot be shortened. */
export interface StartUrl {
  url: string;
  /** The tab's title, only when the URL is the tab's. */
  title?: string;
  /** The tab's id, only when the URL is the tab's: its canonical URL can then be read. */
  tabId?: number;
  reason: string | null;
}

type SessionArea = Pick<StorageArea, 'get' | 'remove'>;

/** Takes (reads and removes) the pending menu request; its URL when fresher than the TTL. */
async function takePendingUrl(session: SessionArea | undefined, now: number): Promise<string | null> {
  if (!session) return null;
  const pending = await getItem(pendingShortenItem, session);
  if (pending === null) return null;
  void removeItem(pendingShortenItem, session);
  return now - pending.at < PENDING_SHORTEN_TTL_MS ? pending.url : null;
}

/** Resolves the starting URL: pending request, then `?url=`, then the active tab of this window. */
export async function resolveStartUrl(
  search: string,
  session: SessionArea | undefined = browser.storage.session,
  tabs: Pick<typeof browser.tabs, 'query'> = browser.tabs,
  now = Date.now(),
): Promise<StartUrl> {
  const own = new URLSearchParams(search).get('url');
  // The tab is asked for beside the pending request, not after it: the popup's first screen waits
  // for both. Its answer is dropped when a request is pending.
  const active = own === null ? tabs.query({ active: true, currentWindow: true }) : null;
  active?.catch(() => undefined);
  const url = (await takePendingUrl(session, now)) ?? own;
  if (url !== null) return tabStartUrl({ url });
  const [tab] = await active!;
  return tabStartUrl(tab ?? {});
}

/** What a tab reads as: its URL, title and id. */
export interface TabInfo {
  url?: string | undefined;
  title?: string | undefined;
  id?: number | undefined;
}

/** The start URL of a tab (the side panel follows the active one): its URL, or why it cannot be shortened. */
export function tabStartUrl(tab: TabInfo): StartUrl {
  const url = tab.url ?? '';
  const reason = unshortenableReason(url);
  if (reason) return { url: '', reason };
  return {
    url: url.trim(),
    reason: null,
    ...(tab.title ? { title: tab.title } : {}),
    ...(tab.id !== undefined ? { tabId: tab.id } : {}),
  };
}

const idValue = (id: number | null) => (id === null ? '' : String(id));

/** A fresh shorten form for `url` with the profile's defaults (expiry = now + expiryDays). */
export function initialForm(url: string, defaults: LinkDefaults, now: Date): ShortenForm {
  return {
    url,
    alias: '',
    campaignId: idValue(defaults.campaignId),
    channelId: idValue(defaults.channelId),
    expiry: defaultExpiryValue(defaults.expiryDays, now),
  };
}

/**
 * The start URL by the page's canonical URL and the behaviour settings; null when the page declares
 * none, or one that is not used (another site's, not http(s)).
 */
export async function canonicalStartUrl(
  tabId: number,
  tabUrl: string,
  behaviour: Pick<Behaviour, 'stripTracking' | 'preferCanonical'>,
): Promise<string | null> {
  const canonical = await readCanonical(tabId);
  if (!canonical) return null;
  const resolved = resolvePageUrl(tabUrl, canonical, behaviour);
  return resolved === resolvePageUrl(tabUrl, null, behaviour) ? null : resolved;
}
