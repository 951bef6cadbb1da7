/**
 * What a page or the service worker of a built extension loads before it runs, in gzip bytes:
 *
 *   const popup = initialLoad(EXT_PATH, 'popup.html');   // { files: [{ path, raw, gzip }], gzip }
 *   const worker = workerLoad(EXT_PATH);                 // background.js and its static imports
 *
 * A page's initial load is the HTML, every script and stylesheet its tags name, and, recursively,
 * every module those scripts import statically (`import … from`, `export … from`, bare `import '…'`,
 * and a classic worker's `importScripts`).
 * Dynamic `import()` is what loads only when used, so it is not followed. Each file is gzipped on its
 * own at level 9, as a size measure that does not depend on the machine (extensions load from disk).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The goals, in bytes of gzip: "15 KB" and "16 KB" read as 15 × 1024 and 16 × 1024. */
export const POPUP_BUDGET = 15 * 1024;
export const WORKER_BUDGET = 16 * 1024;

/** One loaded file: its path inside the extension, raw and gzip bytes. */
export interface LoadedFile {
  path: string;
  raw: number;
  gzip: number;
}

/** Everything one page or worker loads at start. */
export interface InitialLoad {
  files: LoadedFile[];
  raw: number;
  gzip: number;
}

/** Gzip size of some bytes at level 9. */
export function gzipSize(data: Buffer | string): number {
  return gzipSync(data, { level: 9 }).length;
}

// Static module specifiers of minified ES modules: `import{a}from"./x.js"`, `export*from"./x.js"`,
// `import"./x.js"`. A specifier inside a string literal would match too; the built chunks have none,
// and such a match names a file that is not there, which fails loudly instead of hiding bytes.
const STATIC_IMPORT = /(?:\bimport|\bexport)\s*(?:[\w*${},\s]+?\s*from\s*)?["'`]([^"'`]+)["'`]/g;

// A classic service worker's `importScripts("a.js", "b.js")`.
const IMPORT_SCRIPTS = /\bimportScripts\s*\(([^)]*)\)/g;

/** The relative module specifiers a chunk imports statically, and the scripts it `importScripts`. */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const [, specifier] of code.matchAll(STATIC_IMPORT)) {
    // Bare specifiers ('preact') cannot occur in a built chunk; skip them rather than guess a path.
    if (specifier!.startsWith('.') || specifier!.startsWith('/')) found.add(specifier!);
  }
  for (const [, args] of code.matchAll(IMPORT_SCRIPTS)) {
    for (const [, url] of args!.matchAll(/["'`]([^"'`]+)["'`]/g)) {
      if (!/^[a-z][\w+.-]*:/i.test(url!)) found.add(url!);
    }
  }
  return [...found];
}

/** The URLs of `<script src>`, `<link rel="stylesheet|modulepreload" href>` of an HTML page. */
export function htmlResources(html: string): string[] {
  const urls: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
    if (tag.toLowerCase().startsWith('<script')) {
      const src = attr('src');
      if (src) urls.push(src);
    } else if (/^(stylesheet|modulepreload)$/i.test(attr('rel') ?? '')) {
      const href = attr('href');
      if (href) urls.push(href);
    }
  }
  return urls;
}

function resolveIn(from: string, url: string): string {
  const path = url.startsWith('/') ? url.slice(1) : posix.join(posix.dirname(from), url);
  return posix.normalize(path.split(/[?#]/)[0]!);
}

function collect(root: string, start: string[]): InitialLoad {
  const seen = new Set<string>();
  const files: LoadedFile[] = [];
  const queue = [...start];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const full = join(root, path);
    if (!existsSync(full))
      throw new Error(`${relative(process.cwd(), full)} is loaded but missing from the build`);
    const data = readFileSync(full);
    files.push({ path, raw: data.length, gzip: gzipSize(data) });
    if (path.endsWith('.html')) {
      for (const url of htmlResources(data.toString('utf8'))) queue.push(resolveIn(path, url));
    } else if (path.endsWith('.js')) {
      for (const url of staticImports(data.toString('utf8'))) queue.push(resolveIn(path, url));
    }
  }
  return {
    files,
    raw: files.reduce((sum, f) => sum + f.raw, 0),
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
  };
}

/** What `page` (e.g. 'popup.html') of the unpacked extension in `root` loads before it runs. */
export function initialLoad(root: string, page: string): InitialLoad {
  return collect(root, [page]);
}

/** What the service worker named in the manifest loads when it starts. */
export function workerLoad(root: string): InitialLoad {
  const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8')) as {
    background?: { service_worker?: string };
  };
  const script = manifest.background?.service_worker;
  if (!script) throw new Error(`${join(root, 'manifest.json')} declares no background service worker`);
  return collect(root, [posix.normalize(script)]);
}
