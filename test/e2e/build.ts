/**
 * Building the extension for the e2e tests and the demo. It goes to its own folder under `.output/`,
 * not `.output/chrome-mv3`: `wxt build` empties its output folder first, so a build someone starts in
 * the same tree while a browser runs would pull the files from under it. For the same reason each
 * `npm run test:e2e` builds into a folder of its own (see global-setup.ts), so two runs in one tree
 * (two engineers, or a run and the demo) never rebuild each other's extension mid-test.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The folder of the demo's build, and of e2e runs with E2E_SKIP_BUILD=1. */
export const DEFAULT_EXT_DIR = 'chrome-mv3-e2e';

/** Names the build folder (under `.output/`) of the current e2e run; global-setup.ts sets it for its workers. */
export const EXT_DIR_ENV = 'E2E_EXT_DIR';

/** The unpacked extension in `.output/<dirName>`. */
export function extPathOf(dirName: string): string {
  return join(ROOT, '.output', dirName);
}

/** The unpacked extension that the e2e tests and the demo load: this run's build, or the default one. */
export const EXT_PATH = extPathOf(process.env[EXT_DIR_ENV] || DEFAULT_EXT_DIR);

const BUILD_TIMEOUT_MS = 180_000;

/**
 * The host of the local servers the specs start (reference-server.ts, page-server.ts). The extension
 * sends nothing to a host the user has not granted, and only a permission dialog grants an optional
 * host: so the e2e build has this one granted at install, as if the user had pressed Grant access
 * for it, and configureExtension's profiles work at once. A spec about granting access uses
 * `localhost` (ungrantedUrl), which the build is not given.
 */
const GRANTED_TEST_HOST = 'http://127.0.0.1/*';

/** The same server under a host the e2e build has no grant for, so that Options has to ask for it. */
export function ungrantedUrl(url: string): string {
  return url.replace('//127.0.0.1', '//localhost');
}

/** The manifest as WXT built it, before grantTestHost: what the packages ship. */
export function shippedManifestPath(extPath: string): string {
  return join(extPath, 'e2e-shipped-manifest.json');
}

/** Grants the local servers' host at install, as if the user had pressed Grant access (see GRANTED_TEST_HOST). */
export function grantTestHost(extPath: string): void {
  const file = join(extPath, 'manifest.json');
  const built = readFileSync(file, 'utf8');
  writeFileSync(shippedManifestPath(extPath), built);
  writeFileSync(file, JSON.stringify({ ...JSON.parse(built), host_permissions: [GRANTED_TEST_HOST] }));
}

// WXT's JS API, because its CLI cannot choose the output folder; inline options win over wxt.config.ts.
const buildScript = (dirName: string, browser: TargetBrowser) => `import { build } from 'wxt';
await build({ browser: ${JSON.stringify(browser)}, manifestVersion: 3, outDirTemplate: ${JSON.stringify(dirName)} });`;

/** The browsers the e2e tests run the extension in. */
export type TargetBrowser = 'chrome' | 'firefox';

/**
 * Builds the extension for `browser` (default Chrome) into `.output/<dirName>` (default: EXT_PATH);
 * throws with the build log if that fails.
 */
export function buildExtension(
  dirName = process.env[EXT_DIR_ENV] || DEFAULT_EXT_DIR,
  browser: TargetBrowser = 'chrome',
): Promise<void> {
  const extPath = extPathOf(dirName);
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      ['--input-type=module', '--eval', buildScript(dirName, browser)],
      {
        cwd: ROOT,
        // Vitest sets NODE_ENV=test, which would make Vite build for development (Preact's jsxDEV
        // with file names in every element): the e2e run must test, and measure, what ships.
        env: { ...process.env, NODE_ENV: 'production' },
        timeout: BUILD_TIMEOUT_MS,
        killSignal: 'SIGKILL',
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error) {
          const why = error.killed
            ? `did not finish within ${BUILD_TIMEOUT_MS} ms`
            : `failed (${error.message})`;
          fail(new Error(`Building the extension ${why}:\n${stdout}\n${stderr}`));
        } else if (!existsSync(join(extPath, 'manifest.json'))) {
          fail(new Error(`The build succeeded but ${extPath}/manifest.json is missing:\n${stdout}`));
        } else {
          // Firefox grants an optional host without its prompt under the e2e's profile (firefox.ts).
          if (browser === 'chrome') grantTestHost(extPath);
          done();
        }
      },
    );
  });
}

/** What a build is made from (as in wxt.config.ts's sources zip), and this file, which edits it. */
const BUILD_INPUTS = [
  'assets',
  'build',
  'components',
  'entrypoints',
  'lib',
  'locales',
  'public',
  'package.json',
  'package-lock.json',
  'wxt.config.ts',
  'test/e2e/build.ts',
];

/** The files under `path` (itself when it is a file), with their modification times. */
function filesOf(path: string): { path: string; mtimeMs: number }[] {
  if (!existsSync(path)) return [];
  const stat = statSync(path);
  if (!stat.isDirectory()) return [{ path, mtimeMs: stat.mtimeMs }];
  return readdirSync(path).flatMap((name) => filesOf(join(path, name)));
}

/**
 * The newest source file changed after the build in `extPath` was made, or null when the build is
 * newer than every source (or there is none to compare).
 */
export function sourceNewerThanBuild(extPath: string, root = ROOT): string | null {
  const manifest = join(extPath, 'manifest.json');
  if (!existsSync(manifest)) return null;
  const built = statSync(manifest).mtimeMs;
  const newest = BUILD_INPUTS.flatMap((input) => filesOf(join(root, input))).reduce<{
    path: string;
    mtimeMs: number;
  } | null>((a, b) => (a && a.mtimeMs >= b.mtimeMs ? a : b), null);
  return newest && newest.mtimeMs > built ? newest.path : null;
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
