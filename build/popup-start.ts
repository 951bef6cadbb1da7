/**
 * The build's side of the popup's one classic script (entrypoints/popup-start.ts): WXT builds an
 * unlisted script apart from the pages, so popup.html has no module of its own, and a stylesheet the
 * script imported would be written beside it rather than reach the page.
 */
import { isCSSRequest, type Plugin } from 'vite';

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
