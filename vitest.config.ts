import preact from '@preact/preset-vite';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

/**
 * WXT defines its build globals (`import.meta.env.FIREFOX` and the like) as booleans and numbers, but
 * Vitest 5 moves every `import.meta.env.*` define into `process.env`, where `false` becomes the
 * string "false", which is true in an `if`. This writes those globals into the code as literals
 * first, as a WXT build does.
 */
function wxtGlobalsAsLiterals(): Plugin {
  const literals = new Map<string, string>();
  return {
    name: 'shortlink:wxt-globals-as-literals',
    enforce: 'pre',
    config: {
      // After the other plugins' config hooks, WxtVitest's among them.
      order: 'post',
      handler(config) {
        for (const [key, value] of Object.entries(config.define ?? {})) {
          const name = /^import\.meta\.env\.([A-Z_]+)$/.exec(key)?.[1];
          if (name && typeof value === 'string' && /^(true|false|\d+)$/.test(value))
            literals.set(name, value);
        }
      },
    },
    transform(code, id) {
      if (id.includes('/node_modules/') || !code.includes('import.meta.env.')) return null;
      const replaced = code.replace(
        /\bimport\.meta\.env\.([A-Z_]+)\b/g,
        (match, name: string) => literals.get(name) ?? match,
      );
      return replaced === code ? null : { code: replaced, map: null };
    },
  };
}

// WxtVitest does not apply wxt.config's vite.plugins, so Preact is added here again.
export default defineConfig({
  plugins: [WxtVitest(), wxtGlobalsAsLiterals(), preact()],
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['test/unit/setup.ts'],
    restoreMocks: true,
    // Property-based tests run thousands of cases; on a loaded 2-core CI machine 5 s is too tight.
    testTimeout: 30_000,
  },
});
