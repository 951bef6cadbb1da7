import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// WxtVitest does not apply wxt.config's vite.plugins, so Preact is added here again.
export default defineConfig({
  plugins: [WxtVitest(), preact()],
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['test/unit/setup.ts'],
    restoreMocks: true,
    // Property-based tests run thousands of cases; on a loaded 2-core CI machine 5 s is too tight.
    testTimeout: 30_000,
  },
});
