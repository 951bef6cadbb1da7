/**
 * webextension-polyfill, made cheap to import where the browser has the `browser` namespace itself
 * (Firefox, and the Chromium the extension runs in). The polyfill is CommonJS; the bundler imports it
 * by copying every own property of what it exports onto a module object, and where it exports the
 * browser's own `browser`, reading those properties makes the browser set up every extension API the
 * extension may use, at the top of every page and of the service worker.
 *
 * It now exports an object whose prototype is the browser's namespace: every API is found as before
 * (`browser.tabs`, `'tabs' in browser`), set up when first used, and there is nothing to copy. The
 * build fails if a new version of the polyfill no longer has the line this rewrites. (`npm run dev`
 * may serve the polyfill as Vite pre-bundled it, which this plugin does not reach: there the copy
 * stays, a cost and not a difference in behaviour.)
 *
 * Measured with `npm run bench` (issue #27), two alternated pairs of `--only ready,shortcut,trace
 * --runs 10` on a quiet machine: the popup's document ready +14.3/+15.1 → +7.85/+8.85 ms over the
 * bare popup, its own part 2.28×/2.01× → 1.83×/1.80×; the stopped worker's script evaluation the same
 * (8.21/7.85 → 8.30/7.52 ms: its listeners use most of those APIs at once anyway).
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
      return {
        code: code.replace(NATIVE_EXPORT, 'module.exports = Object.create(globalThis.browser);'),
        map: null,
      };
    },
  };
}
