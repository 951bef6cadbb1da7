/**
 * The build's side of the popup's one module (entrypoints/popup-start.ts): WXT builds an unlisted
 * script apart from the pages, so popup.html has no module of WXT's own, and a stylesheet the script
 * imported would be written beside it rather than reach the page.
 */
import { type InlineConfig, isCSSRequest, type Plugin } from 'vite';

/**
 * Builds the popup's script as a module where WXT builds an unlisted script as one classic file: a
 * module can load the parts a first screen does not show from files of their own
 * (entrypoints/popup/later-parts.ts), sharing its Preact and code with them, which a classic script
 * cannot. popup.html loads it with `type="module"`. The same code as a module rather than a classic
 * script, alone, `npm run bench` in alternated pairs (issue #27): document ready +63.3/+65.8 →
 * +34.1/+27.5 ms over the bare popup, its own part 2.24×/2.08× → 2.07×/1.91×.
 */
export function buildAsModule(config: InlineConfig): void {
  const build = config.build ?? {};
  if (!build.lib)
    throw new Error("popup-start: WXT no longer builds unlisted scripts in Vite's library mode");
  build.lib.formats = ['es'];
  const output = build.rollupOptions?.output;
  if (Array.isArray(output)) throw new Error('popup-start: expected one output');
  build.rollupOptions = {
    ...build.rollupOptions,
    // A library keeps its entry's exports as written, so the code the entry shares with a later part
    // would go to a third file the popup loads first; the popup's module may export more instead.
    preserveEntrySignatures: 'allow-extension',
    output: {
      ...output,
      // Vite keeps a library's whitespace and comments, for the apps that bundle it; this one is
      // loaded as it is, so it is minified as the pages are. Not where the build does not minify
      // (`wxt` dev mode).
      ...(build.minify === false ? {} : { minify: true, comments: false }),
      chunkFileNames: 'chunks/popup-[name]-[hash].js',
    },
  };
  config.build = build;
}

/**
 * The loader WXT adds to each page for its runtime plugins. In `wxt` dev mode it comes from the dev
 * server, and WXT's dev pre-render adds it back after this plugin (harmless: the script initialises the
 * same plugins, and this extension has none); matching that form too keeps the dev build from failing.
 */
const PLUGIN_LOADER = /<script[^>]*\ssrc="[^"]*virtual:wxt-html-plugins"[^>]*><\/script>/;

/**
 * Takes WXT's runtime plugins' loader out of popup.html: the unlisted script initialises them itself
 * (wxt/dist/virtual/unlisted-script-entrypoint), and the loader would be a module of its own, one more
 * file the popup waits for before DOMContentLoaded (issue #27). Added after WXT's plugins (the
 * `vite:build:extendConfig` hook, wxt.config.ts), so it runs after WXT adds the loader.
 */
export function popupWithoutPluginLoader(): Plugin {
  return {
    name: 'shortlink:popup-without-plugin-loader',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      handler(html, { path }) {
        if (!path.endsWith('/popup/index.html')) return html;
        if (!PLUGIN_LOADER.test(html)) throw new Error(`${path}: WXT's plugin loader was not found`);
        return html.replace(PLUGIN_LOADER, '');
      },
    },
  };
}

/** Fails the popup script's build on a stylesheet import, naming where the stylesheet belongs. */
export function noStylesheetImports(): Plugin {
  return {
    name: 'shortlink:no-stylesheet-imports',
    apply: 'build',
    load(id) {
      if (isCSSRequest(id)) {
        this.error(
          `${id}: the popup's script cannot carry a stylesheet to popup.html. List it in entrypoints/popup/styles.css instead of importing it.`,
        );
      }
      return null;
    },
  };
}
