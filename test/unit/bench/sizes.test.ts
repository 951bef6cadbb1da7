/**
 * The size measure behind `npm run bench`'s fences: it must follow every file a page loads before it
 * runs, and nothing that loads later, or the fences measure the wrong bytes.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gzipSize, htmlResources, initialLoad, staticImports, workerLoad } from '@/scripts/bench/sizes';

describe('htmlResources', () => {
  it('lists scripts, stylesheets and module preloads, not other links', () => {
    const html = `<html><head>
      <script type="module" crossorigin src="/chunks/popup-1.js"></script>
      <link rel="modulepreload" crossorigin href="/chunks/shared-2.js">
      <link rel="stylesheet" href='/assets/popup-3.css'>
      <link rel="icon" href="/icon/16.png">
      <script>inline()</script>
    </head></html>`;
    expect(htmlResources(html)).toEqual(['/chunks/popup-1.js', '/chunks/shared-2.js', '/assets/popup-3.css']);
  });
});

describe('staticImports', () => {
  it('finds minified static imports and re-exports, not dynamic imports or packages', () => {
    const code =
      'import{a as e,b as t}from"./shared-1.js";import"./side-2.js";export*from"./all-3.js";' +
      'export{x}from"./some-4.js";import x from "/abs-5.js";' +
      'const m=()=>import("./lazy-6.js");import{y}from"preact";';
    expect(staticImports(code)).toEqual([
      './shared-1.js',
      './side-2.js',
      './all-3.js',
      './some-4.js',
      '/abs-5.js',
    ]);
  });

  it('finds what a classic worker imports while it first runs, not what a listener or loader imports later', () => {
    const code =
      'var background=(function(){importScripts("start-1.js");(()=>{importScripts(`start-2.js`)})();' +
      'self.addEventListener("install",()=>{importScripts("/later.js")});' +
      'function load(){importScripts("later-3.js")}const part={get(){importScripts("later-4.js")}};' +
      'return {main(){importScripts("later-5.js")}}})();importScripts("start-6.js","https://cdn.example/x.js");';
    expect(staticImports(code)).toEqual(['start-1.js', 'start-2.js', 'start-6.js']);
  });

  it('refuses a script imported at start under a name it cannot read', () => {
    expect(() => staticImports('const s="a.js";importScripts(s);')).toThrow(/named by an expression/);
    expect(staticImports('function f(s){importScripts(s)}')).toEqual([]);
  });
});

describe('initialLoad and workerLoad', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function extension(files: Record<string, string>): string {
    root = mkdtempSync(join(tmpdir(), 'sizes-test-'));
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), content);
    }
    return root;
  }

  it('sums the page, its scripts and styles and their static imports, once each, lazy chunks left out', () => {
    const files = {
      'popup.html':
        '<script type="module" src="/chunks/popup.js"></script><link rel="stylesheet" href="/assets/p.css">',
      'chunks/popup.js': 'import{a}from"./shared.js";import"./shared.js";const l=()=>import("./lazy.js");',
      'chunks/shared.js': `export const a=${JSON.stringify('x'.repeat(500))};`,
      'chunks/lazy.js': 'import{a}from"./shared.js";export const big=1;',
      'assets/p.css': 'body{margin:0}',
    };
    const load = initialLoad(extension(files), 'popup.html');
    expect(load.files.map((f) => f.path).sort()).toEqual(
      ['assets/p.css', 'chunks/popup.js', 'chunks/shared.js', 'popup.html'].sort(),
    );
    const expected = ['popup.html', 'chunks/popup.js', 'chunks/shared.js', 'assets/p.css'].reduce(
      (sum, path) => sum + gzipSize(files[path as keyof typeof files]),
      0,
    );
    expect(load.gzip).toBe(expected);
  });

  it('fails loudly when a loaded file is missing, instead of counting it as empty', () => {
    const dir = extension({ 'popup.html': '<script type="module" src="/chunks/gone.js"></script>' });
    expect(() => initialLoad(dir, 'popup.html')).toThrow(/gone\.js is loaded but missing/);
  });

  it('starts the worker from the manifest and follows what it imports at start, not what it loads later', () => {
    const dir = extension({
      'manifest.json': JSON.stringify({ background: { service_worker: 'background.js' } }),
      'background.js':
        'importScripts("chunks/api.js", "/chunks/zod.js");var a=1;' +
        'self.addEventListener("install",()=>importScripts("later.js"));',
      'chunks/api.js': 'var api=1;',
      'chunks/zod.js': 'var z=1;',
      'later.js': 'var lazy=1;',
    });
    expect(workerLoad(dir).files.map((f) => f.path)).toEqual([
      'background.js',
      'chunks/api.js',
      'chunks/zod.js',
    ]);
  });
});
