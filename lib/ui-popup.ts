/**
 * Where the popup's long URL comes from: a fresh "Shorten with options…" request left by the
 * background in storage.session, the popup's own `?url=` (when opened as a window), or the active tab.
 */
import { unshortenableReason } from './url';

/** storage.session key the background's context menu writes `{ url, at }` under. */
export const PENDING_SHORTEN_KEY = 'pendingShorten';
/** Older requests are stale: the user opened the popup for something else since. */
export const PENDING_SHORTEN_TTL_MS = 60_000;

/** The popup's starting URL; `url` is '' and `reason` says why when it cannot be shortened. */
export interface StartUrl {
  url: string;
  /** The tab's title, only when the URL is the tab's. */
  title?: string;
  reason: string | null;
}

type SessionArea = Pick<typeof browser.storage.session, 'get' | 'remove'>;

/** Takes (reads and removes) the pending menu request; its URL when fresher than the TTL. */
export async function takePendingUrl(session: SessionArea | undefined, now: number): Promise<string | null> {
  if (!session) return null;
  const pending = (await session.get(PENDING_SHORTEN_KEY))[PENDING_SHORTEN_KEY] as
    | { url?: unknown; at?: unknown }
    | undefined;
  if (pending === undefined) return null;
  void session.remove(PENDING_SHORTEN_KEY);
  const fresh = typeof pending?.at === 'number' && now - pending.at < PENDING_SHORTEN_TTL_MS;
  return fresh && typeof pending.url === 'string' ? pending.url : null;
}

/** Resolves the starting URL: pending request, then `?url=`, then the active tab of this window. */
export async function resolveStartUrl(
  search: string,
  session: SessionArea | undefined = browser.storage.session,
  tabs: Pick<typeof browser.tabs, 'query'> = browser.tabs,
  now = Date.now(),
): Promise<StartUrl> {
  let url = (await takePendingUrl(session, now)) ?? new URLSearchParams(search).get('url');
  let title: string | undefined;
  if (url === null) {
    const [tab] = await tabs.query({ active: true, currentWindow: true });
    url = tab?.url ?? '';
    title = tab?.title;
  }
  const reason = unshortenableReason(url);
  return reason ? { url: '', reason } : { url: url.trim(), reason: null, ...(title ? { title } : {}) };
}
