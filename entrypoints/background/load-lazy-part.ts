/**
 * Loads the lazy part (lazy-part.ts). Here, for Firefox's background page and the tests, it is simply
 * bundled with the rest; Chrome's service worker build uses load-lazy-part-sw.ts instead (swapped in
 * by wxt.config.ts), which loads it on first use.
 */
import { type LazyPart, lazyPart } from './lazy-part';

/** Resolves to the lazy part. */
export function loadLazyPart(): Promise<LazyPart> {
  return Promise.resolve(lazyPart);
}

/** Makes the lazy part loadable later; nothing to do when it is bundled. */
export function registerLazyPartInstall(): void {}
