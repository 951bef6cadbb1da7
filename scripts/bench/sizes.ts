/**
 * What a page or the service worker of a built extension loads before it runs, in gzip bytes:
 *
 *   const popup = initialLoad(EXT_PATH, 'popup.html');   // { files: [{ path, raw, gzip }], gzip }
 *   const worker = workerLoad(EXT_PATH);                 // background.js and what it loads at start
 *
 * A page's initial load is the HTML, every script and stylesheet its tags name, and, recursively,
 * every module those scripts import statically (`import … from`, `export … from`, bare `import '…'`).
 * Dynamic `import()` is what loads only when used, so it is not followed.
 *
 * A classic service worker loads what it passes to `importScripts` while its script first runs: the
 * calls in the script's top-level code, including in functions it calls at once, written
 * `(function () { … })()` (the form of WXT's bundles). A call inside any other function, such as an
 * event listener, runs later, so its script is not counted. A module worker's static imports count.
 * Nothing here knows the build's file names: it follows what the HTML and the scripts name.
 *
 * Scripts are read with Vite's parser, not searched as text. Each file is gzipped on its own at level
 * 9, as a size measure that does not depend on the machine (extensions load from disk).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseAst } from 'vite';

/**
 * The fences `npm run bench` prints the sizes against, in bytes of gzip ("40 KB" and "60 KB" read as
 * 40 × 1024 and 60 × 1024, as issue #21 set them). They are not targets: speed is what the bench guards; a size past its
 * fence is a reason to measure what it costs the user, not a failure.
 */
export const POPUP_FENCE = 40 * 1024;
export const WORKER_FENCE = 60 * 1024;

/** One loaded file: its path inside the extension, raw and gzip bytes. */
interface LoadedFile {
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

type Node = { type: string; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

const FUNCTIONS = new Set(['FunctionExpression', 'FunctionDeclaration', 'ArrowFunctionExpression']);

/** The text of a string literal, or of a template literal without expressions; else null. */
function literalText(node: unknown): string | null {
  if (!isNode(node)) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  const quasis = node.quasis as { value: { cooked: string } }[] | undefined;
  if (node.type === 'TemplateLiteral' && quasis?.length === 1) return quasis[0]!.value.cooked;
  return null;
}

/**
 * The relative module specifiers a script imports statically, and the scripts a classic worker
 * `importScripts` while it first runs (see the top of this file). Throws when a call made at start
 * names its script by anything but a literal: which bytes it loads would be a guess.
 */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  const add = (specifier: string | null) => {
    // Bare specifiers ('preact') cannot occur in a built chunk; skip them rather than guess a path.
    if (specifier && (specifier.startsWith('.') || specifier.startsWith('/'))) found.add(specifier);
  };
  const visit = (node: Node, atStart: boolean) => {
    if (node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration')
      add(literalText(node.source));
    if (node.type === 'ExportNamedDeclaration' && node.source) add(literalText(node.source));
    const callee = node.type === 'CallExpression' && isNode(node.callee) ? node.callee : null;
    if (atStart && callee?.type === 'Identifier' && callee.name === 'importScripts') {
      for (const argument of node.arguments as unknown[]) {
        const url = literalText(argument);
        if (url === null) throw new Error('importScripts at start with a script named by an expression');
        if (!/^[a-z][\w+.-]*:/i.test(url)) found.add(url);
      }
    }
    for (const [key, value] of Object.entries(node)) {
      for (const child of Array.isArray(value) ? value : [value]) {
        if (!isNode(child)) continue;
        // A function's body runs when it is called: at start only for `(function () { … })()`.
        const runsNow = !FUNCTIONS.has(child.type) || (key === 'callee' && node.type === 'CallExpression');
        visit(child, atStart && runsNow);
      }
    }
  };
  visit(parseAst(code) as unknown as Node, true);
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
