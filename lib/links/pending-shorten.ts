/**
 * The "Shorten with options…" hand-over: the context menu (entrypoints/background/menus.ts) leaves
 * `{ url, at }` under pendingShortenItem (lib/storage/items.ts) for the popup it opens
 * (entrypoints/popup/start-url.ts). Nothing here touches storage, so the item can name this type
 * without an import cycle.
 */

/** A URL the context menu asked the popup to shorten. */
export interface PendingShorten {
  url: string;
  /** Epoch ms when the menu was clicked: an old request is stale. */
  at: number;
}

/** The stored request, or null when absent or unreadable. */
export function readPendingShorten(value: unknown): PendingShorten | null {
  if (!value || typeof value !== 'object') return null;
  const { url, at } = value as Record<string, unknown>;
  return typeof url === 'string' && typeof at === 'number' && Number.isFinite(at) ? { url, at } : null;
}
