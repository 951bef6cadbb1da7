/**
 * /popup-start.js: the popup's code, the one module popup.html loads. It starts the reads the first
 * screen waits for (entrypoints/popup/start-reads.ts), then draws the app (entrypoints/popup/main.tsx).
 *
 * WXT builds an unlisted script apart from the pages, as one file that bundles what it imports; built
 * as a module (build/popup-start.ts), the parts a first screen does not show are files of their own,
 * loaded after it (entrypoints/popup/later-parts.ts). The popup had been a module graph of seven
 * files (an entry, five chunks it shares with the other pages, and a start script), and each file
 * costs the popup's document a request and its answer's handling on the main thread before
 * DOMContentLoaded. `npm run bench`, alternated pairs (issue #27; README, Performance): one file
 * against seven, document ready +75/+130 → +64/+51 ms over the bare popup, the popup's own part
 * 2.23×/2.60× → 2.27×/1.90×, its first load 63.4 → 57.1 KB gzip (only what the popup uses).
 */
// First: modules run in the order they are imported, so the reads are asked for before the app's
// modules set up.
import './popup/start-reads';
import { showPopup } from './popup/main';

export default defineUnlistedScript(showPopup);
