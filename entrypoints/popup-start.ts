/**
 * /popup-start.js: the popup's code, the one script popup.html loads. It starts the reads the first
 * screen waits for (entrypoints/popup/first-reads.ts), then runs the app (entrypoints/popup/main.tsx).
 *
 * WXT builds an unlisted script apart from the pages, as one classic file that bundles what it
 * imports. The popup had been a module graph of seven files (an entry, five chunks it shares with the
 * other pages, and this script), and each file costs the popup's document a request and its answer's
 * handling on the main thread before DOMContentLoaded. `npm run bench`, alternated pairs (issue #27;
 * README, Performance): document ready +75/+130 → +64/+51 ms over the bare popup, the popup's own part
 * 2.23×/2.60× → 2.27×/1.90×, its first load 63.4 → 57.1 KB gzip (only what the popup uses).
 *
 * The app is imported where the reads have started: the bundle runs a module reached through
 * `import()` only when it is called, so the app's top-level work (its schemas, the extension API's
 * wrapper, Preact) comes after the reads are asked for, not before.
 */
import { startFirstReads } from './popup/first-reads';

export default defineUnlistedScript(() => {
  startFirstReads();
  // Returned, so that WXT's wrapper reports the app failing to start.
  return import('./popup/main');
});
