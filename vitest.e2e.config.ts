import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// End-to-end tests: the built extension in real Chromium under an X display (see scripts/with-display.sh).
// One browser at a time: specs share the screen, the mouse and the clipboard.
export default defineConfig({
  // The specs import the extension's own modules the way its code does (`@/lib/...`).
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    include: ['test/e2e/**/*.spec.ts'],
    environment: 'node',
    globalSetup: ['test/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
