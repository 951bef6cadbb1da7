import { describe, expect, it } from 'vitest';
import { browserPolyfillWithoutCopy } from '@/build/browser-polyfill';
import { callHook } from './plugin-hook';

const POLYFILL_ID = '/repo/node_modules/webextension-polyfill/dist/browser-polyfill.js';

function transform(code: string, id: string): unknown {
  return callHook(browserPolyfillWithoutCopy().transform, code, id);
}

describe("webextension-polyfill's import without its copy (build/browser-polyfill.ts)", () => {
  it("exports an object over the browser's own namespace instead of the namespace", () => {
    const code =
      'if (native) {\n    module.exports = globalThis.browser;\n  } else {\n    module.exports = wrap(chrome);\n  }';
    const out = transform(code, POLYFILL_ID) as { code: string };
    expect(out.code).toContain('module.exports = Object.create(globalThis.browser);');
    expect(out.code).not.toContain('module.exports = globalThis.browser;');
    // The wrapper for browsers without the namespace is left as it is.
    expect(out.code).toContain('module.exports = wrap(chrome);');
  });

  it('rewrites the polyfill that is installed', async () => {
    const { readFile } = await import('node:fs/promises');
    const installed = await readFile('node_modules/webextension-polyfill/dist/browser-polyfill.js', 'utf8');
    const out = transform(installed, POLYFILL_ID) as { code: string };
    expect(out.code).toContain('Object.create(globalThis.browser)');
  });

  it('fails the build when a new polyfill no longer has the line it rewrites', () => {
    expect(() => transform('module.exports = somethingElse;', POLYFILL_ID)).toThrow(/not found/);
  });

  it('leaves every other module alone', () => {
    expect(transform('module.exports = globalThis.browser;', '/repo/lib/other.js')).toBeNull();
  });
});
