/**
 * Import from another shortener in real Chromium against the reference server: a Shlink CSV and a
 * YOURLS export pasted into Bulk create are recognised, made with their slugs kept, and the finished
 * import offers its redirect map.
 */
import { describe, expect } from 'vitest';
import { test } from './fixtures';
import { ManagePage } from './pages/manage';
import { apiRequests } from './reference-server';

const { parts, loaded } = ManagePage;

// As Shlink's web client exports (shlinkio/shlink-web-component ExportShortUrlsBtn.tsx).
const SHLINK = [
  'createdAt,domain,shortCode,shortUrl,longUrl,title,tags,visits',
  '2024-03-01T10:00:00+00:00,s.example.com,autumn-deal,https://s.example.com/autumn-deal,https://shop.example/autumn,Autumn,promo,42',
  '2024-03-02T11:30:00+00:00,s.example.com,handbook,https://s.example.com/handbook,https://docs.example/handbook,Handbook,,7',
].join('\r\n');
// As YOURLS' export writes its `yourls_url` table.
const YOURLS = [
  'keyword,url,title,timestamp,ip,clicks',
  'ozh,http://ozh.org/,Ozh,2009-05-25 16:12:12,127.0.0.1,142',
  'yourls-home,https://yourls.org/,YOURLS,2009-05-26 08:00:00,127.0.0.1,8',
].join('\n');

/** Pastes `csv`, checks the export is named, starts the job and waits for its end. */
async function importFile(manage: ManagePage, csv: string, named: string): Promise<void> {
  await manage.fill('Paste URLs (one a line) or CSV', csv);
  await manage.page.waitForFunction(
    (name) => document.querySelector('#bulk-format')?.textContent === name,
    { timeout: 10_000 },
    named,
  );
  await manage.pressButton('Start');
  await manage.waitForBulkState('Finished.', 60_000);
}

describe('import from another shortener', () => {
  test('a Shlink CSV and a YOURLS export are made with their slugs kept, and give a redirect map', async ({
    configuredExt: ext,
    referenceServer: server,
  }) => {
    const manage = await ManagePage.open(ext, 'bulk');
    await manage.page.waitForSelector(loaded.bulk);
    await importFile(manage, SHLINK, 'Shlink export: 2 links.');
    expect(await manage.bulkCounts()).toEqual({ made: 2, reused: 0, failed: 0, left: 0 });
    const results = await manage.text('[aria-labelledby="bulk-results-heading"]');
    expect(results).toContain('https://s.example.com/autumn-deal');
    expect(results).toContain('Download redirect map (CSV)');

    await manage.pressButton('New batch');
    await manage.page.waitForSelector('#bulk-text');
    await importFile(manage, YOURLS, 'YOURLS export: 2 links.');

    const sent = apiRequests(server, 'POST /api/url/add').map(
      (r) => r.body as { url: string; custom?: string },
    );
    expect(sent.map((body) => [body.custom, body.url])).toEqual([
      ['autumn-deal', 'https://shop.example/autumn'],
      ['handbook', 'https://docs.example/handbook'],
      ['ozh', 'http://ozh.org/'],
      ['yourls-home', 'https://yourls.org/'],
    ]);
    expect(await manage.text(parts.bulkState)).toMatch(/^Finished\./);
  }, 120_000);
});
