/**
 * /popup-start.js: the popup's code, the one module popup.html loads at its start. It starts the
 * reads the first screen waits for (entrypoints/popup/start-reads.ts), then draws the app
 * (entrypoints/popup/main.tsx).
 *
 * WXT builds an unlisted script apart from the pages, as one file that bundles what it imports, so
 * the popup waits for this file alone: each file costs the popup's document a request and its
 * answer's handling on the main thread before DOMContentLoaded. `npm run bench`, alternated pairs
 * (issue #27; README, Performance), one file against seven (an entry and five chunks shared with the
 * other pages, and a start script): document ready +75/+130 → +64/+51 ms over the bare popup, its own
 * part 2.23×/2.60× → 2.27×/1.90×. Built as a module (build/popup-start.ts), the parts a first screen
 * does not show are a file of their own, loaded after it (entrypoints/popup/later-parts.ts).
 */
// First: modules run in the order they are imported, so the reads are asked for before the app's
// modules set up.
import './popup/start-reads';
import { showPopup } from './popup/main';

export default defineUnlistedScript(showPopup);
