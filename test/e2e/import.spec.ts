/**
 * Import from another shortener in real Chromium against the reference server: a Shlink CSV and a
 * YOURLS export pasted into Bulk create are recognised, made with their slugs kept, and the finished
 * import offers its redirect map; a file of unknown columns is mapped by the user, and its tag makes
 * the campaign its links are put in.
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

// A spreadsheet of no known shortener: its columns are named in German, its tags are a new campaign's.
const UNKNOWN = [
  'Ziel,Kürzel,Notiz,Schlagwort',
  'https://shop.example/winter,winter-deal,Winterangebot,Winter 2025',
  'https://docs.example/faq,faq-page,,Winter 2025',
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

  test('an unknown file is mapped by the user and imported with its slugs, its tag made a campaign once', async ({
    configuredExt: ext,
    referenceServer: server,
  }) => {
    const manage = await ManagePage.open(ext, 'bulk');
    await manage.page.waitForSelector(loaded.bulk);
    await manage.fill('Paste URLs (one a line) or CSV', UNKNOWN);
    await manage.page.waitForSelector('#bulk-mapping');
    // The addresses are guessed; the slugs and tags the user names.
    expect(await manage.valueOfControl('Column “Ziel”')).toBe('url');
    await manage.choose('Column “Kürzel”', 'alias');
    await manage.choose('Column “Schlagwort”', 'tags');
    await manage.pressButton('Read the file with these columns');
    await manage.page.waitForFunction(
      () =>
        document.querySelector('#bulk-format')?.textContent?.startsWith('Read with your columns: 2 links.'),
      { timeout: 10_000 },
    );
    expect(await manage.text('#bulk-create-campaigns')).toContain('“Winter 2025”');
    expect(apiRequests(server, 'POST /api/campaign/add')).toEqual([]);
    await manage.pressButton('Start');
    await manage.waitForBulkState('Finished.', 60_000);
    expect(await manage.bulkCounts()).toEqual({ made: 2, reused: 0, failed: 0, left: 0 });

    const created = apiRequests(server, 'POST /api/campaign/add');
    expect(created.map((r) => r.body)).toEqual([{ name: 'Winter 2025' }]);
    const campaign = server.store.campaigns.find((c) => c.name === 'Winter 2025');
    const links = ['https://shop.example/winter', 'https://docs.example/faq'].map((url) =>
      server.store.links.find((l) => l.longurl === url),
    );
    expect(links.map((l) => [l?.alias, l?.campaign])).toEqual([
      ['winter-deal', campaign?.id],
      ['faq-page', campaign?.id],
    ]);
    expect(campaign?.id).toBeTypeOf('number');
  }, 120_000);
});
