/**
 * webextension-polyfill, made cheap to import where the browser has the `browser` namespace itself
 * (Firefox, and the Chromium the extension runs in). The polyfill is CommonJS; the bundler imports it
 * by copying every own property of what it exports onto a module object, and where it exports the
 * browser's own `browser`, reading those properties makes the browser set up every extension API the
 * extension may use, at the top of every page and of the service worker. `npm run bench` traced a
 * stopped worker's script evaluation at 17 ms of which 8.5 ms in that copy (issue #27).
 *
 * It now exports an object whose prototype is the browser's namespace: every API is found as before
 * (`browser.tabs`, `'tabs' in browser`), and there is nothing to copy. The build fails if a new
 * version of the polyfill no longer has the line this rewrites.
 */
import type { Plugin } from 'vite';

const POLYFILL = /[\\/]webextension-polyfill[\\/]dist[\\/]browser-polyfill\.js$/;
const NATIVE_EXPORT = 'module.exports = globalThis.browser;';

/** The Vite plugin (every build: the pages, the popup's script and the service worker). */
export function browserPolyfillWithoutCopy(): Plugin {
  return {
    name: 'shortlink:browser-polyfill-without-copy',
    transform(code, id) {
      if (!POLYFILL.test(id)) return null;
      if (!code.includes(NATIVE_EXPORT)) {
        this.error(`${id}: "${NATIVE_EXPORT}" not found; see build/browser-polyfill.ts`);
      }
      return { code: code.replace(NATIVE_EXPORT, 'module.exports = Object.create(globalThis.browser);'), map: null };
    },
  };
}
