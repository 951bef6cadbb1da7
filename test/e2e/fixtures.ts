/**
 * Vitest fixtures for e2e specs. Import `test` from here instead of from vitest:
 *
 *   test('shortens the current page', async ({ ext, site, referenceServer }) => { ... });
 *
 * Each fixture starts only when a test names it, and is torn down after that test. `ext` saves a
 * screenshot of every open page to test/e2e/artifacts/ when its test fails. To launch another
 * extension or with other flags in one describe block: `test.override({ launchOptions: { ... } })`.
 * `configuredExt` is `ext` with one profile already pointing at `referenceServer` (as if the user had
 * saved it in Options); `configOverrides` changes that profile (defaults, behaviour switches).
 *
 * Where the rest of test/e2e is:
 * - pages/: page objects for the popup, the side panel, Options and the management page; the only place with selectors.
 * - harness.ts: Chromium with the extension, the shortcut, context menus, permission dialogs, screenshots.
 * - desktop.ts: the X display under it (xdotool keys and windows, the clipboard).
 * - extension-state.ts: storage, host access, badge and notifications, through the service worker.
 * - configure.ts: a configured profile written to storage (also used by scripts/demo.ts and the bench).
 * - page-server.ts, reference-server.ts: the local site and the API server the specs use.
 */
import type { Page } from 'puppeteer-core';
import { test as base } from 'vitest';
import { configureExtension, type ExtensionConfig } from './configure';
import {
  type ExtensionBrowser,
  isPopupTarget,
  isSidePanelTarget,
  type LaunchOptions,
  launchBrowser,
  screenshot,
} from './harness';
import { type PageServer, samplePage, startPageServer } from './page-server';
import { type ReferenceServer, startReference } from './reference-server';
import { requireChromiumLanguage } from './system';

interface Fixtures {
  /** How `ext` launches; default the WXT build with the action shortcut bound. */
  launchOptions: LaunchOptions;
  /** Chromium with the built extension loaded and the action shortcut bound. */
  ext: ExtensionBrowser;
  /** A local site; `/` is samplePage(), add more with setPage. */
  site: PageServer;
  /** The reference API server from test/server/, on a free port. */
  referenceServer: ReferenceServer;
  /** What configuredExt writes besides the server URL and key (profile name, defaults, behaviour). */
  configOverrides: Omit<ExtensionConfig, 'serverUrl' | 'apiKey'>;
  /** `ext`, configured with one active profile for `referenceServer` and its API key. */
  configuredExt: ExtensionBrowser;
}

export const test = base.extend<Fixtures>({
  launchOptions: {},
  ext: async ({ task, launchOptions }, use) => {
    // Chromium without its language pack shows English, which would fail a test misleadingly.
    requireChromiumLanguage(launchOptions.language);
    const ext = await launchBrowser(launchOptions);
    try {
      await use(ext);
    } finally {
      if (task.result?.state === 'fail') await saveFailureScreenshots(ext, task.name);
      await ext.close();
    }
  },
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern.
  site: async ({}, use) => {
    const site = await startPageServer({ '/': samplePage() });
    try {
      await use(site);
    } finally {
      await site.close();
    }
  },
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern.
  referenceServer: async ({}, use) => {
    const server = await startReference();
    try {
      await use(server);
    } finally {
      await server.close();
    }
  },
  configOverrides: {},
  configuredExt: async ({ ext, referenceServer, configOverrides }, use) => {
    await configureExtension(await ext.serviceWorker(), {
      ...configOverrides,
      serverUrl: referenceServer.url,
      apiKey: referenceServer.apiKey,
    });
    await use(ext);
  },
});

/** Screenshots every page, open popup and side panel; errors are logged, never thrown over the test's own failure. */
async function saveFailureScreenshots(ext: ExtensionBrowser, testName: string): Promise<void> {
  const pages: Page[] = await ext.browser.pages().catch(() => []);
  // browser.pages() leaves out extension popups and side panels.
  for (const target of ext.browser.targets()) {
    const shown = isPopupTarget(target) || isSidePanelTarget(target);
    if (shown && !pages.some((page) => page.target() === target)) {
      const popup = await target.asPage().catch(() => undefined);
      if (popup) pages.push(popup);
    }
  }
  for (const [index, page] of pages.entries()) {
    try {
      const path = await screenshot(page, `FAILED-${testName}-${index}`);
      console.error(`[e2e] failure screenshot of ${page.url()}: ${path}`);
    } catch (error) {
      console.error(`[e2e] could not screenshot ${page.url()}: ${(error as Error).message}`);
    }
  }
}
