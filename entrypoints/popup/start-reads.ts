/**
 * Starts the popup's first reads when this module runs (first-reads.ts). The popup's script
 * (entrypoints/popup-start.ts) imports it before the app: modules run in the order they are imported,
 * so the reads are asked for before the app's modules set up (their schemas, the extension API's
 * wrapper, Preact) and render.
 */
import { startFirstReads } from './first-reads';

startFirstReads();
