/**
 * The X desktop as a person uses it: real key presses and mouse clicks (xdotool), the real clipboard
 * (xclip) and the list of visible windows (how a native context menu is seen to open).
 * Everything here needs DISPLAY; `npm run test:e2e` provides one through scripts/with-display.sh.
 * Every command runs with a time limit, so a hung X tool fails the test instead of hanging CI.
 */
import { execFile, spawn } from 'node:child_process';

const COMMAND_TIMEOUT_MS = 10_000;

/** Result of a finished X tool. */
interface CommandResult {
  stdout: string;
  stderr: string;
  code: number;
}

/** Throws a clear error when there is no X display to drive. */
export function requireDisplay(): string {
  const display = process.env.DISPLAY;
  if (!display) {
    throw new Error(
      'No X display (DISPLAY is unset). Run the e2e tests with `npm run test:e2e`, which starts Xvfb ' +
        'through scripts/with-display.sh, or run under `xvfb-run -a`.',
    );
  }
  return display;
}

/** Runs an X tool to completion within a time limit; resolves with its exit code rather than throwing. */
function runTool(command: string, args: string[], timeoutMs = COMMAND_TIMEOUT_MS): Promise<CommandResult> {
  requireDisplay();
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: timeoutMs, killSignal: 'SIGKILL' }, (error, stdout, stderr) => {
      if (error && 'code' in error && error.code === 'ENOENT') {
        reject(new Error(`${command} is not installed (apt-get install ${command}).`));
        return;
      }
      if (error?.killed) {
        reject(
          new Error(`\`${command} ${args.join(' ')}\` did not finish within ${timeoutMs} ms and was killed.`),
        );
        return;
      }
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ stdout, stderr, code });
    });
  });
}

/** Runs xdotool with the given arguments and returns its output; throws on a non-zero exit. */
export async function xdotool(...args: string[]): Promise<string> {
  const result = await runTool('xdotool', args);
  if (result.code !== 0) {
    throw new Error(`\`xdotool ${args.join(' ')}\` failed (exit ${result.code}): ${result.stderr.trim()}`);
  }
  return result.stdout;
}

/** Presses keys in order; xdotool key names: `alt+shift+p`, `Up`, `Return`, `Escape`. */
export async function pressKeys(...keys: string[]): Promise<void> {
  await xdotool('key', '--delay', '50', ...keys);
}

/**
 * Ids of all visible top-level X windows. A context menu shows up here as a new id; a permission
 * dialog does not (Chromium draws it inside the browser window).
 */
export async function visibleWindows(): Promise<string[]> {
  const result = await runTool('xdotool', ['search', '--onlyvisible', '--name', '']);
  // xdotool search exits 1 when nothing matches, which is an answer, not a failure.
  if (result.code !== 0 && result.stdout.trim() === '') return [];
  return result.stdout.split('\n').filter((line) => line.trim() !== '');
}

/** Position and size of an X window, in screen pixels. */
export interface WindowGeometry {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where window `id` is on screen. */
async function windowGeometry(id: string): Promise<WindowGeometry> {
  const shell = await xdotool('getwindowgeometry', '--shell', id);
  const value = (name: string) =>
    Number(new RegExp(`^${name}=(-?\\d+)$`, 'm').exec(shell)?.[1] ?? Number.NaN);
  return { x: value('X'), y: value('Y'), width: value('WIDTH'), height: value('HEIGHT') };
}

/**
 * Waits until a visible window that is not in `before` (and, if given, passes `accept`) appears and
 * returns its id. Windows that vanish while being examined are skipped.
 */
export async function waitForNewWindow(
  before: readonly string[],
  what: string,
  { timeoutMs = 5_000, accept }: { timeoutMs?: number; accept?: (geometry: WindowGeometry) => boolean } = {},
): Promise<string> {
  const known = new Set(before);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const id of await visibleWindows()) {
      if (known.has(id)) continue;
      if (!accept) return id;
      const geometry = await windowGeometry(id).catch(() => undefined);
      if (geometry && accept(geometry)) return id;
    }
    await sleep(100);
  }
  throw new Error(`${what} did not appear within ${timeoutMs} ms (no new visible X window).`);
}

/** Waits until the window `id` is no longer visible. */
export async function waitForWindowGone(id: string, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!(await visibleWindows()).includes(id)) return;
    await sleep(100);
  }
  throw new Error(`${what} was still open after ${timeoutMs} ms.`);
}

/** Gives window `id` the X input focus, so that key presses go to it. */
export async function focusWindow(id: string): Promise<void> {
  await xdotool('windowfocus', '--sync', id);
}

/** Reads the text on the CLIPBOARD selection; '' when it is empty. */
export async function readClipboard(): Promise<string> {
  const result = await runTool('xclip', ['-o', '-selection', 'clipboard']);
  if (result.code === 0) return result.stdout;
  // An empty clipboard has no owner to offer text, and xclip reports that as an error.
  if (/target .* not available/i.test(result.stderr)) return '';
  throw new Error(`Reading the clipboard failed (xclip exit ${result.code}): ${result.stderr.trim()}`);
}

/** Reads the text/html flavour on the CLIPBOARD selection; '' when there is none. */
export async function readClipboardHtml(): Promise<string> {
  const result = await runTool('xclip', ['-o', '-selection', 'clipboard', '-t', 'text/html']);
  return result.code === 0 ? result.stdout : '';
}

/** Reads the image/png flavour on the CLIPBOARD selection; an empty buffer when there is none. */
export function readClipboardPng(): Promise<Buffer> {
  requireDisplay();
  return new Promise((resolve, reject) => {
    execFile(
      'xclip',
      ['-o', '-selection', 'clipboard', '-t', 'image/png'],
      { encoding: 'buffer', timeout: COMMAND_TIMEOUT_MS, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024 },
      (error, stdout) => {
        if (error?.killed) reject(new Error('xclip did not give the clipboard image in time.'));
        else resolve(error ? Buffer.alloc(0) : stdout);
      },
    );
  });
}

/** Empties the CLIPBOARD selection, so a later read proves that something was copied. */
export function clearClipboard(timeoutMs = COMMAND_TIMEOUT_MS): Promise<void> {
  return writeClipboard('', timeoutMs);
}

/** Puts `text` on the CLIPBOARD selection, as if the user had copied it from another application. */
export function writeClipboard(text: string, timeoutMs = COMMAND_TIMEOUT_MS): Promise<void> {
  requireDisplay();
  return new Promise((resolve, reject) => {
    // xclip forks a child that owns the selection until something else is copied; stdout/stderr are
    // ignored so that child does not keep our pipes (and this promise) open.
    const child = spawn('xclip', ['-selection', 'clipboard', '-i'], { stdio: ['pipe', 'ignore', 'ignore'] });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`xclip did not write the clipboard within ${timeoutMs} ms.`));
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`Could not run xclip to write the clipboard: ${error.message}`));
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`xclip exited with ${code} while writing the clipboard.`));
    });
    child.stdin.end(text);
  });
}

/**
 * The grey level (0 black … 255 white) of each pixel of the screen's column `x`, rows `top` to
 * `bottom` (exclusive), read from a dump of the whole screen (xwd, in x11-apps): how a test sees what
 * the browser draws outside any page, such as the address bar's list.
 */
export function screenColumn(x: number, top: number, bottom: number): Promise<number[]> {
  requireDisplay();
  return new Promise((resolve, reject) => {
    execFile(
      'xwd',
      ['-root', '-silent'],
      { encoding: 'buffer', timeout: COMMAND_TIMEOUT_MS, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024 },
      (error, dump) => {
        if (error) {
          reject(new Error(`xwd could not dump the screen (apt-get install x11-apps): ${error.message}`));
          return;
        }
        // XWD: a header of big-endian 32-bit fields, the colour map (12 bytes an entry), then the pixels.
        const field = (index: number) => dump.readUInt32BE(index * 4);
        const [headerSize, width, height, byteOrder, bitsPerPixel, bytesPerLine, colours] = [
          field(0),
          field(4),
          field(5),
          field(7),
          field(11),
          field(12),
          field(19),
        ];
        if (bitsPerPixel !== 32 || x >= width || bottom > height) {
          reject(
            new Error(
              `Cannot read column ${x} to row ${bottom} of a ${width}x${height}x${bitsPerPixel} screen.`,
            ),
          );
          return;
        }
        const pixels = headerSize + colours * 12;
        const levels: number[] = [];
        for (let y = top; y < bottom; y++) {
          const at = pixels + y * bytesPerLine + x * 4;
          const pixel = byteOrder === 0 ? dump.readUInt32LE(at) : dump.readUInt32BE(at);
          const [r, g, b] = [(pixel >> 16) & 0xff, (pixel >> 8) & 0xff, pixel & 0xff];
          levels.push(Math.round(0.299 * r + 0.587 * g + 0.114 * b));
        }
        resolve(levels);
      },
    );
  });
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
