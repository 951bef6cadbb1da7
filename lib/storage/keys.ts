/**
 * The storage keys the popup's first reads ask for before its app's code runs
 * (entrypoints/popup/first-reads.ts): defined here, apart from their items in items.ts, whose schemas
 * would then be built before the reads start.
 */
export const SETTINGS_KEY = 'settings';
export const DRAFTS_KEY = 'popupDrafts';
export const PENDING_SHORTEN_KEY = 'pendingShorten';
