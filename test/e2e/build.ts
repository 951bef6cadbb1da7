/**
 * Building the extension for the e2e tests and the demo. It goes to its own folder,
 * `.output/chrome-mv3-e2e`, not `.output/chrome-mv3`: `wxt build` empties its output folder first, so a
 * build someone starts in the same tree while a browser runs would pull the files from under it.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const OUT_DIR_TEMPLATE = 'chrome-mv3-e2e';

/** The unpacked extension that the e2e tests and the demo load. */
export const EXT_PATH = join(ROOT, '.output', OUT_DIR_TEMPLATE);

const BUILD_TIMEOUT_MS = 180_000;

// WXT's JS API, because its CLI cannot choose the output folder; inline options win over wxt.config.ts.
const BUILD_SCRIPT = `import { build } from 'wxt';
await build({ browser: 'chrome', manifestVersion: 3, outDirTemplate: ${JSON.stringify(OUT_DIR_TEMPLATE)} });`;

/** Builds the extension into EXT_PATH; throws with the build log if that fails. */
export function buildExtension(): Promise<void> {
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      ['--input-type=module', '--eval', BUILD_SCRIPT],
      { cwd: ROOT, timeout: BUILD_TIMEOUT_MS, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) {
          const why = error.killed
            ? `did not finish within ${BUILD_TIMEOUT_MS} ms`
            : `failed (${error.message})`;
          fail(new Error(`Building the extension ${why}:\n${stdout}\n${stderr}`));
        } else if (!existsSync(join(EXT_PATH, 'manifest.json'))) {
          fail(new Error(`The build succeeded but ${EXT_PATH}/manifest.json is missing:\n${stdout}`));
        } else {
          done();
        }
      },
    );
  });
}

/**
 * Builds the extension when `force` is set, when E2E_REBUILD=1, or when no build exists yet;
 * otherwise keeps the existing build. Returns the extension's folder.
 */
export async function ensureExtensionBuilt({ force = false } = {}): Promise<string> {
  if (force || process.env.E2E_REBUILD === '1' || !existsSync(join(EXT_PATH, 'manifest.json'))) {
    await buildExtension();
  }
  return EXT_PATH;
}
