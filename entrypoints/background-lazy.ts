/**
 * The lazy part of Chrome's service worker (entrypoints/background/lazy-part.ts), as a classic script
 * that the worker imports on first use (load-lazy-part-sw.ts). Not built for Firefox, whose background
 * page bundles the part.
 */
import { lazyPart } from './background/lazy-part';

export default defineUnlistedScript({
  exclude: ['firefox'],
  main() {
    globalThis.shortlinkLazyPart = lazyPart;
  },
});
