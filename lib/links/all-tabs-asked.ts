/**
 * The popup's record that it asked for the `tabs` permission to shorten all tabs: a module of its own
 * because the popup writes it in its first load, while the rest of lib/links/all-tabs.ts belongs
 * to its lazy part.
 */

/**
 * storage.session key: when (epoch ms) a popup last asked for the `tabs` permission to shorten all
 * tabs. Chromium closes the popup as its permission dialog opens, so the popup cannot go on itself:
 * once the user allows it, the background starts the run (background/tabs-permission.ts), and the
 * next popup shows that run (popup/all-tabs.tsx).
 */
export const ALL_TABS_ASKED_KEY = 'allTabsAsked';

/** A permission request older than this was not for the grant seen now, nor for a popup opening now. */
export const ALL_TABS_ASKED_TTL_MS = 120_000;

/** The time of a request stored under ALL_TABS_ASKED_KEY that is still fresh at `now`, or null. */
export function freshAllTabsRequest(value: unknown, now: number): number | null {
  return typeof value === 'number' && now - value < ALL_TABS_ASKED_TTL_MS ? value : null;
}
