/**
 * The storage keys the popup's start script reads before any module loads
 * (entrypoints/popup/first-reads.ts): defined here, apart from their items in items.ts, whose schemas
 * would bring zod into that script.
 */
export const SETTINGS_KEY = 'settings';
export const DRAFTS_KEY = 'popupDrafts';
export const PENDING_SHORTEN_KEY = 'pendingShorten';
