/**
 * What the release tests share: running a command or a WXT build in a folder, hashing, and reading
 * a zip without an unzip program (a clean CI machine may have none).
 *
 *   await buildWith('zip', { browser: 'chrome', outDir, zip: { zipSources: true } });
 *   const entries = readZip(readFileSync(path));     // [{ name, dosTime, dosDate, data }]
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';

/** The repository root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** package.json's version: the manifest's version and part of every zip's name. */
export const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string })
  .version;

/** How long one build or zip may take on a loaded 2-core machine. */
export const BUILD_TIMEOUT_MS = 180_000;

/** What a finished command printed, and its exit status (null when it was killed). */
export interface RunResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The environment of a shell, without what the test runner adds: vitest sets NODE_ENV=test, and Vite
 * then makes a development build instead of the one `npm run zip` makes. jiti, which loads
 * wxt.config.ts, would otherwise keep a copy of each temporary folder's config in node_modules/.cache.
 */
function shellEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, JITI_FS_CACHE: 'false' };
  for (const name of Object.keys(env)) if (name === 'NODE_ENV' || name.startsWith('VITEST')) delete env[name];
  return env;
}

/** Runs `file args` in `cwd` and resolves with its output whatever its exit status. */
export function runForOutput(file: string, args: string[], cwd: string): Promise<RunResult> {
  return new Promise((done) => {
    execFile(
      file,
      args,
      { cwd, env: shellEnv(), timeout: BUILD_TIMEOUT_MS, killSignal: 'SIGKILL', maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) =>
        done({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

/** Runs `file args` in `cwd`; resolves with stdout, rejects with the output when it fails. */
export async function run(file: string, args: string[], cwd: string): Promise<string> {
  const result = await runForOutput(file, args, cwd);
  if (result.status !== 0) {
    throw new Error(
      `${file} ${args.join(' ')} in ${cwd} exited with ${result.status}:\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result.stdout;
}

/**
 * Runs WXT's `build` or `zip` from the repository with inline options, in a child process: WXT
 * registers one global instance per process, which a test worker must not keep.
 */
export function buildWith(command: 'build' | 'zip', options: Record<string, unknown>): Promise<string> {
  const script = `import { ${command} } from 'wxt'; await ${command}(${JSON.stringify(options)});`;
  return run(process.execPath, ['--input-type=module', '--eval', script], ROOT);
}

/** Hex SHA-256 of a file. */
export function sha256(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** One file in a zip, as its central directory records it. */
export interface ZipEntry {
  name: string;
  /** MS-DOS time and date fields: a reproducible zip has the same ones in every build. */
  dosTime: number;
  dosDate: number;
  data: Buffer;
}

/** Reads every file of a zip (stored or deflated, no zip64), in the order of its central directory. */
export function readZip(zip: Buffer): ZipEntry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('Not a zip: no end of central directory record.');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`Bad central directory entry at ${at}.`);
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressedSize);
    if (method !== 0 && method !== 8)
      throw new Error(`${name}: compression method ${method} is not supported.`);
    entries.push({
      name,
      dosTime: zip.readUInt16LE(at + 12),
      dosDate: zip.readUInt16LE(at + 14),
      data: method === 8 ? inflateRawSync(raw) : Buffer.from(raw),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
