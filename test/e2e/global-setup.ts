/**
 * Vitest globalSetup for the e2e run: builds the extension once, before any spec launches a browser,
 * so every spec tests the current source. The build goes to `.output/chrome-mv3-e2e-<pid>`, this run's
 * own folder (named to the workers through E2E_EXT_DIR, which they inherit), and is removed afterwards;
 * folders left by runs that were killed are removed first. E2E_SKIP_BUILD=1 reuses the default build
 * in `.output/chrome-mv3-e2e` (quick reruns), and refuses one older than a source file.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildExtension,
  DEFAULT_EXT_DIR,
  EXT_DIR_ENV,
  ensureExtensionBuilt,
  extPathOf,
  ROOT,
  sourceNewerThanBuild,
} from './build';

const RUN_DIR = new RegExp(`^${DEFAULT_EXT_DIR}-(\\d+)$`);

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it just is not ours.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the build folders of e2e runs whose process is gone. */
function removeStaleBuilds(): void {
  let names: string[];
  try {
    names = readdirSync(join(ROOT, '.output'));
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(RUN_DIR.exec(name)?.[1]);
    if (pid && pid !== process.pid && !isRunning(pid)) {
      rmSync(extPathOf(name), { recursive: true, force: true });
    }
  }
}

/** Builds the extension before the first spec runs; the returned teardown removes this run's build. */
export default async function setup(): Promise<(() => void) | undefined> {
  const started = Date.now();
  if (process.env.E2E_SKIP_BUILD === '1') {
    // A build older than the sources would test code that is no longer there, and pass or fail for it.
    const changed = process.env.E2E_REBUILD === '1' ? null : sourceNewerThanBuild(extPathOf(DEFAULT_EXT_DIR));
    if (changed) {
      throw new Error(
        `E2E_SKIP_BUILD=1, but ${changed} changed after the build in ${extPathOf(DEFAULT_EXT_DIR)} was made: ` +
          'run without E2E_SKIP_BUILD (or with E2E_REBUILD=1) to test the current sources.',
      );
    }
    const path = await ensureExtensionBuilt();
    console.log(`[e2e] E2E_SKIP_BUILD=1: using the existing build in ${path}`);
    return undefined;
  }
  removeStaleBuilds();
  const dirName = `${DEFAULT_EXT_DIR}-${process.pid}`;
  await buildExtension(dirName);
  process.env[EXT_DIR_ENV] = dirName;
  console.log(`[e2e] built the extension into ${extPathOf(dirName)} in ${Date.now() - started} ms`);
  return () => rmSync(extPathOf(dirName), { recursive: true, force: true });
}
