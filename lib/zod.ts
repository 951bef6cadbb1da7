/**
 * zod, as every schema of the extension imports it. The extension's pages and worker forbid `eval`
 * (the CSP in wxt.config.ts), so zod's faster parsers, compiled with `new Function`, can never run
 * there; `jitless` keeps zod from trying on a page's first parse, a try the browser reports as a
 * Content Security Policy violation even though zod catches it.
 */
import * as z from 'zod/mini';

z.config({ jitless: true });

export { z };
