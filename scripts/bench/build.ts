/**
 * The benchmark's builds, each into its own folder so that a browser of the e2e tests or of another
 * benchmark never has its files replaced under it:
 *
 *   .output/chrome-mv3-bench   the extension, as `npm run build` makes it (same wxt.config.ts)
 *   .output/bench-baseline     a bare extension whose popup is a Preact page with one input and one
 *                              button (scripts/bench/baseline), built by the same WXT, Vite and Preact
 *                              preset, as the popup's yardstick
 *
 * Both with Vite's hidden source maps: a `.map` file beside each script, which the scripts do not
 * name, so they are byte for byte what a build without maps makes and the browser loads no map; the
 * bench reads them to name the functions of a profiled trace (scripts/bench/tracing.ts).
 *
 * plus the page script that times the popup's search code in Chromium (search-page.ts).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { build } from 'vite';
import { grantTestHost, ROOT } from '../../test/e2e/build';

export const BENCH_EXT_PATH = join(ROOT, '.output', 'chrome-mv3-bench');
export const BASELINE_PATH = join(ROOT, '.output', 'bench-baseline');
const BASELINE_ROOT = join(ROOT, 'scripts', 'bench', 'baseline');

const BUILD_TIMEOUT_MS = 180_000;

// WXT's JS API in a child process, as test/e2e/build.ts does: its CLI cannot choose the output folder.
const EXTENSION_SCRIPT = `import { build } from 'wxt';
await build({
  browser: 'chrome',
  manifestVersion: 3,
  outDirTemplate: 'chrome-mv3-bench',
  vite: () => ({ build: { sourcemap: 'hidden' } }),
});`;

// No config file: everything the baseline needs is here, with the popup's Vite settings. Its manifest
// declares the action's command, as the extension's does, so the bench can bind a key that opens it.
const BASELINE_SCRIPT = `import preact from '@preact/preset-vite';
import { build } from 'wxt';
await build({
  root: ${JSON.stringify(BASELINE_ROOT)},
  configFile: false,
  browser: 'chrome',
  manifestVersion: 3,
  outDir: ${JSON.stringify(join(ROOT, '.output'))},
  outDirTemplate: 'bench-baseline',
  manifest: {
    name: 'Shortlink benchmark baseline',
    version: '1.0.0',
    action: { default_title: 'Baseline' },
    commands: { _execute_action: {} },
  },
  vite: () => ({ plugins: [preact()], build: { modulePreload: false, sourcemap: 'hidden' } }),
});`;

function runBuild(what: string, script: string): Promise<void> {
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      ['--input-type=module', '--eval', script],
      { cwd: ROOT, timeout: BUILD_TIMEOUT_MS, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) fail(new Error(`Building ${what} failed (${error.message}):\n${stdout}\n${stderr}`));
        else done();
      },
    );
  });
}

/** Builds the extension into BENCH_EXT_PATH and the baseline into BASELINE_PATH. */
export async function buildAll(): Promise<void> {
  await runBuild('the extension', EXTENSION_SCRIPT);
  // As the e2e build: the bench's servers are on 127.0.0.1, and the extension sends nothing to a host
  // the user has not granted.
  grantTestHost(BENCH_EXT_PATH);
  await runBuild('the baseline extension', BASELINE_SCRIPT);
}

/**
 * A timing script for a page, as one classic script: `search-page.ts` (it defines `timeSearch`) or
 * `bulk-preview-page.ts` (`timeBulkPreview`).
 */
export async function bundlePage(file: 'search-page.ts' | 'bulk-preview-page.ts'): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    root: ROOT,
    build: {
      write: false,
      lib: {
        entry: join(ROOT, 'scripts', 'bench', file),
        formats: ['iife'],
        name: 'benchPage',
      },
    },
  });
  const [result] = Array.isArray(output) ? output : [output];
  const chunk = result && 'output' in result ? result.output[0] : undefined;
  if (chunk?.type !== 'chunk') throw new Error(`Bundling scripts/bench/${file} gave no script`);
  return chunk.code;
}
