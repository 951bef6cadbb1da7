/**
 * `npm run demo`: the extension in a real Chromium window, configured against the reference server,
 * with a tab on a sample page. Close the browser window or press Ctrl-C to stop everything.
 *
 * Environment: PORT (reference server port, default 8787); DEMO_HEADLESS_OK=1 to run without a
 * desktop under xvfb-run (nothing is visible then; useful only to check that the demo starts).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureExtensionBuilt, ROOT } from '../test/e2e/build';
import { configureExtension } from '../test/e2e/configure';
import { CHROMIUM_PATH, type ExtensionBrowser, launchBrowser } from '../test/e2e/harness';
import { type PageServer, samplePage, startPageServer } from '../test/e2e/page-server';
import {
  loadReferenceServer,
  type ReferenceServer,
  ReferenceServerMissingError,
} from '../test/e2e/reference-server';

const port = Number(process.env.PORT ?? 8787);

/** Re-runs this script under xvfb-run and exits with its status. */
function rerunUnderXvfb(): void {
  const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');
  const child = spawn(
    'xvfb-run',
    ['-a', '--server-args=-screen 0 1280x1024x24', tsx, join(ROOT, 'scripts', 'demo.ts')],
    { stdio: 'inherit' },
  );
  // Ctrl-C reaches the child too (same process group); this process just waits for it to finish.
  process.on('SIGINT', () => undefined);
  child.on('error', (error) => {
    console.error(`Could not run xvfb-run (apt-get install xvfb xauth): ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

async function main(): Promise<void> {
  if (!existsSync(CHROMIUM_PATH)) {
    console.error(
      `The demo runs the extension in Chromium, and there is no Chromium at ${CHROMIUM_PATH}.\n` +
        'Install it (Debian/Ubuntu: `sudo apt-get install chromium`), or point CHROMIUM_PATH at a\n' +
        'Chromium or Chrome binary: `CHROMIUM_PATH=/path/to/chrome npm run demo`.',
    );
    process.exit(1);
  }
  if (!process.env.DISPLAY) {
    if (process.env.DEMO_HEADLESS_OK === '1') {
      console.log('No desktop (DISPLAY is unset): running the demo invisibly under xvfb-run.');
      rerunUnderXvfb();
      return;
    }
    console.error(
      'The demo opens a Chromium window, so it needs a desktop: DISPLAY is unset.\n' +
        'Run `npm run demo` in a graphical session (or with X forwarding), or set DEMO_HEADLESS_OK=1 ' +
        'to run it under xvfb-run where nothing is visible.',
    );
    process.exit(1);
  }

  console.log('Building the extension…');
  const extPath = await ensureExtensionBuilt({ force: true });

  let server: ReferenceServer | undefined;
  try {
    const start = await loadReferenceServer();
    server = await start({ port });
  } catch (error) {
    if (!(error instanceof ReferenceServerMissingError)) {
      console.error(
        `Could not start the reference server on port ${port}: ${(error as Error).message}\n` +
          'Is another demo or `npm run sandbox` running? Stop it, or choose another port: PORT=8788 npm run demo',
      );
      process.exit(1);
    }
    console.warn(`${error.message}\nContinuing without a server: the extension stays unconfigured.`);
  }

  let site: PageServer | undefined;
  let ext: ExtensionBrowser | undefined;
  let stopping = false;
  const stop = async (why: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${why}: stopping…`);
    await ext?.close();
    await site?.close();
    await server?.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('Ctrl-C'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  site = await startPageServer({ '/': samplePage('Shortlink demo: a page to shorten') });
  ext = await launchBrowser({ extPath, handleSignals: false });
  ext.browser.on('disconnected', () => void stop('The browser was closed'));
  if (server) {
    await configureExtension(await ext.serviceWorker(), {
      serverUrl: server.url,
      apiKey: server.apiKey,
      behaviour: { mirror: true },
    });
  }
  // Like the action's Alt+Shift+P, the suggested key is not applied to an extension loaded this way.
  await ext.bindCommand('shorten-page', 'Alt+Shift+S');
  const [tab] = await ext.browser.pages();
  await (tab ?? (await ext.browser.newPage())).goto(site.url('/'));

  const pages = `chrome-extension://${ext.extensionId}`;
  const setup = server
    ? `  Reference server: ${server.url}   API key: ${server.apiKey} (already saved in the extension)`
    : '  Reference server: not running. Open Options (below) and connect your own server first.';
  console.log(`
Shortlink demo is running.
${setup}
  Sample page:      ${site.url('/')}
  Extension:        ${extPath} (id ${ext.extensionId})

Try it in the Chromium window:
  - Alt+Shift+P (or the puzzle-piece icon in the toolbar, then Shortlink) opens the popup: press
    Shorten, and the short URL is on the clipboard. Open it again on the same page to see it offered again.
  - Right-click a link on the sample page, then Shortlink > Shorten link: its short URL is copied.
  - Alt+Shift+S shortens the current page and copies it without opening anything.
  - In the address bar, type sl, a space and a word of a link's title: Enter copies that link.
  - Alt+Shift+L opens the side panel, which follows the tab you are on.
  - Options:      ${pages}/options.html (UTM presets, profiles)
  - Link manager: ${pages}/manage.html (Bulk create, Export on the links list)
Close the browser or press Ctrl-C to stop.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
