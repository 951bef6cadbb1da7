/**
 * Loads the lazy part (lazy-part.ts) into Chrome's service worker on first use, from
 * `background-lazy.js` (built from entrypoints/background-lazy.ts). wxt.config.ts swaps this file in
 * for load-lazy-part.ts when it builds a service worker.
 *
 * A service worker may `importScripts` after it is installed only the scripts it imported while it was
 * being installed: so the `install` listener imports the script once, Chrome keeps it with the worker,
 * and any later start of the worker imports it from there when a request first needs it.
 */
import type { LazyPart } from './lazy-part';

declare function importScripts(...urls: string[]): void;

const SCRIPT = '/background-lazy.js';

function importLazyPart(): LazyPart {
  // Already there when the install listener imported it during this life of the worker.
  if (!globalThis.shortlinkLazyPart) importScripts(SCRIPT);
  const part = globalThis.shortlinkLazyPart;
  if (!part) throw new Error(`${SCRIPT} did not provide the lazy part`);
  return part;
}

/** Resolves to the lazy part, importing its script the first time. */
export function loadLazyPart(): Promise<LazyPart> {
  try {
    return Promise.resolve(importLazyPart());
  } catch (error) {
    return Promise.reject(error);
  }
}

/** Imports the lazy part's script while the extension is installed or updated, so it can load later. */
export function registerLazyPartInstall(): void {
  self.addEventListener('install', () => {
    try {
      importLazyPart();
    } catch (error) {
      // Requests will fail with "reload the extension", which installs the worker again.
      console.error('Shortlink: could not import the lazy part:', String(error));
    }
  });
}
