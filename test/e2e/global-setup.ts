/**
 * Vitest globalSetup for the e2e run: builds the extension once, before any spec launches a browser,
 * so every spec tests the current source. E2E_SKIP_BUILD=1 reuses an existing build (quick reruns).
 */
import { buildExtension, EXT_PATH, ensureExtensionBuilt } from './build';

/** Builds the extension before the first spec runs. */
export default async function setup(): Promise<void> {
  const started = Date.now();
  if (process.env.E2E_SKIP_BUILD === '1') {
    await ensureExtensionBuilt();
    console.log(`[e2e] E2E_SKIP_BUILD=1: using the existing build in ${EXT_PATH}`);
    return;
  }
  await buildExtension();
  console.log(`[e2e] built the extension into ${EXT_PATH} in ${Date.now() - started} ms`);
}
