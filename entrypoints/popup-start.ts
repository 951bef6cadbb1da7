/**
 * /popup-start.js: the classic script popup.html runs before its modules, which starts the reads the
 * first screen waits for (entrypoints/popup/first-reads.ts). It must stay small: it imports nothing
 * that builds a schema or wraps the extension API.
 */
import { startFirstReads } from './popup/first-reads';

export default defineUnlistedScript(() => startFirstReads());
