import type { IndexHtmlTransformContext, InlineConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { buildAsModule, noStylesheetImports, popupWithoutPluginLoader } from '@/build/popup-start';
import { callHook } from './plugin-hook';

type Handler = (html: string, context: Pick<IndexHtmlTransformContext, 'path'>) => string;

function transformHtml(html: string, path: string): string {
  const hook = popupWithoutPluginLoader().transformIndexHtml as { handler: Handler };
  return hook.handler(html, { path });
}

function load(id: string): unknown {
  return callHook(noStylesheetImports().load, id);
}

const PAGE = (loader: string) =>
  `<!DOCTYPE html><html><head>${loader}<title>Shortlink</title></head><body><script src="/popup-start.js"></script></body></html>`;

describe("the popup's one module (build/popup-start.ts)", () => {
  it("builds WXT's unlisted script as a minified module whose later parts are chunks of their own", () => {
    // The shape WXT gives an unlisted script's build (wxt/dist/core/builders/vite).
    const config: InlineConfig = {
      build: {
        lib: { entry: 'entrypoints/popup-start.ts', formats: ['iife'], name: 'popupStart' },
        rollupOptions: { output: { entryFileNames: 'popup-start.js' } },
      },
    };
    buildAsModule(config);
    expect(config.build?.lib).toMatchObject({ formats: ['es'] });
    // What the entry shares with a later part stays in it, not in a third file loaded first.
    expect(config.build?.rollupOptions?.preserveEntrySignatures).toBe('allow-extension');
    expect(config.build?.rollupOptions?.output).toEqual({
      entryFileNames: 'popup-start.js',
      minify: true,
      comments: false,
      chunkFileNames: 'chunks/popup-[name]-[hash].js',
    });
  });

  it('leaves it unminified where the build is not minified (`wxt` dev mode)', () => {
    const config: InlineConfig = {
      build: { minify: false, lib: { entry: 'entrypoints/popup-start.ts', formats: ['iife'] } },
    };
    buildAsModule(config);
    expect(config.build?.rollupOptions?.output).not.toHaveProperty('minify');
    expect(config.build?.rollupOptions?.output).not.toHaveProperty('comments');
  });

  it('fails the build where WXT no longer builds the script as a library', () => {
    expect(() => buildAsModule({ build: {} })).toThrow(/library mode/);
  });

  it("takes WXT's plugin loader out of popup.html, whatever its attributes' order and origin", () => {
    for (const loader of [
      '<script src="virtual:wxt-html-plugins" type="module"></script>',
      '<script type="module" src="virtual:wxt-html-plugins"></script>',
      // `wxt` dev mode: from the dev server.
      '<script src="http://localhost:3000/@id/virtual:wxt-html-plugins" type="module"></script>',
    ]) {
      expect(transformHtml(PAGE(loader), '/entrypoints/popup/index.html')).toBe(PAGE(''));
    }
  });

  it('leaves the other pages their loader, and fails where the popup has none to take out', () => {
    const loader = '<script src="virtual:wxt-html-plugins" type="module"></script>';
    expect(transformHtml(PAGE(loader), '/entrypoints/sidepanel/index.html')).toBe(PAGE(loader));
    expect(() => transformHtml(PAGE(''), '/entrypoints/popup/index.html')).toThrow(
      /plugin loader was not found/,
    );
  });

  it("fails the popup script's build on a stylesheet import, naming where the stylesheet belongs", () => {
    expect(() => load('/work/entrypoints/popup/components/more-options.css')).toThrow(
      /List it in entrypoints\/popup\/styles\.css/,
    );
    expect(() => load('/work/assets/popup.css?inline')).toThrow(/styles\.css/);
    expect(load('/work/entrypoints/popup/app.tsx')).toBeNull();
  });
});
