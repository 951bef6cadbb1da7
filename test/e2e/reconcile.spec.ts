/**
 * Reconcile from a file in real Chromium against the reference server, the local copy on: the dry run
 * of a file with a create, a title update, a campaign change and an unchanged link counts 1/2/1;
 * Apply sends exactly those three requests; the same file's next dry run is all unchanged and sends
 * nothing.
 */
import { describe, expect } from 'vitest';
import { configureExtension } from './configure';
import { test } from './fixtures';
import { ManagePage } from './pages/manage';
import { OptionsPage } from './pages/options';
import { apiRequests, waitForQuiet } from './reference-server';

const { parts, loaded } = ManagePage;

// Seeded: `gh` is link 4, `talk` link 6 (no campaign), `docs` link 1 titled "HTTP | MDN"; campaign 2 is Newsletter.
const FILE = [
  'Alias,URL,Title,Campaign',
  'fresh-page,https://example.com/fresh,Fresh page,',
  'gh,,The extension’s source,',
  'talk,,,newsletter',
  'docs,,HTTP | MDN,',
].join('\n');

/** Presses Dry run once the local copy is complete, and answers the summary it shows. */
async function dryRun(manage: ManagePage): Promise<string> {
  await manage.page.waitForFunction(
    () => {
      const button = document.querySelector<HTMLButtonElement>('#reconcile-dry-run');
      return button && !button.disabled;
    },
    { timeout: 20_000 },
  );
  await manage.page.click('#reconcile-dry-run');
  await manage.page.waitForSelector('#reconcile-summary');
  return manage.text('#reconcile-summary');
}

describe('reconcile from a file', () => {
  test('a dry run counts the changes, Apply sends exactly them, and the file applied again sends nothing', async ({
    ext,
    referenceServer: server,
  }) => {
    // Room for the sync and the job in one window: the spec counts requests, it does not wait a minute.
    server.setRateLimit(3_000);
    await configureExtension(await ext.serviceWorker(), {
      serverUrl: server.url,
      apiKey: server.apiKey,
      behaviour: { mirror: true },
    });
    const options = await OptionsPage.open(ext);
    await options.syncMirrorToEnd();

    const manage = await ManagePage.open(ext, 'bulk');
    await manage.page.waitForSelector(loaded.bulk);
    await manage.check('Reconcile from a file');
    await manage.fill('CSV text', FILE);
    expect(await dryRun(manage)).toMatch(/^1 to create, 2 to update, 1 unchanged, 0 with a problem\./);
    const table = await manage.text('#reconcile-table');
    expect(table).toContain('gh');
    expect(table).toContain('The extension’s source');
    expect(table).toContain('current value unknown');

    await manage.pressButton('Apply');
    await manage.waitForBulkState('Finished.', 60_000);
    expect(await manage.bulkCounts()).toEqual({ made: 3, reused: 0, failed: 0, left: 0 });
    await waitForQuiet(server);
    const writes = server.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
    expect(writes).toEqual(['POST /api/url/add', 'PUT /api/url/4/update', 'POST /api/campaign/2/assign/6']);
    expect(apiRequests(server, 'POST /api/url/add')[0]?.body).toMatchObject({
      url: 'https://example.com/fresh',
      custom: 'fresh-page',
      metatitle: 'Fresh page',
    });
    expect(apiRequests(server, 'PUT /api/url/4/update')[0]?.body).toEqual({
      url: 'https://github.com/example/shortlink-extension',
      metatitle: 'The extension’s source',
    });

    // The same file again: the page keeps it while the job shows.
    // A job of changes closes its results (a job of creates starts a new batch).
    await manage.pressButton('Close results');
    await manage.page.waitForSelector('#reconcile-text');
    await waitForQuiet(server);
    const before = server.requests.length;
    expect(await dryRun(manage)).toMatch(/^0 to create, 0 to update, 4 unchanged, 0 with a problem\./);
    expect(await manage.text('#reconcile-nothing')).toBe('Nothing to change');
    const apply = await manage.page.$eval(
      `${parts.main} button.primary`,
      (button) => [button.textContent?.trim(), (button as HTMLButtonElement).disabled] as const,
    );
    expect(apply).toEqual(['Apply', true]);
    await waitForQuiet(server);
    expect(server.requests.slice(before)).toEqual([]);
  }, 120_000);
});
