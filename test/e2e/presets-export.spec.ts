/**
 * Issue 15's "one link per UTM preset" and "export all links" in real Chromium against the reference
 * server: two presets ticked in the popup make exactly two links, each long URL with its preset's
 * utm_* parameters, copied as one labelled block; and the CSV the management page downloads parses
 * back to the server's links, formula-looking titles neutralised, fetched 100 links a request.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, onTestFinished } from 'vitest';
import { createLink, type Store } from '../server/store';
import { test } from './fixtures';
import { clearClipboard, type ExtensionBrowser, readClipboard, screenshot } from './harness';
import { samplePage } from './page-server';
import { ManagePage } from './pages/manage';
import { PopupPage } from './pages/popup';
import { apiRequests } from './reference-server';

const ADD = 'POST /api/url/add';

/** Sends the browser's downloads to a new folder, without asking, and returns it; removed after the test. */
async function downloadsFolder(ext: ExtensionBrowser): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'shortlink-downloads-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const session = await ext.browser.target().createCDPSession();
  await session.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir });
  return dir;
}

/** Resolves with the path of the one finished `.csv` download in `dir`, polling until it appears. */
async function downloadedCsv(dir: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const done = readdirSync(dir).filter((name) => name.endsWith('.csv'));
    if (done.length === 1) return join(dir, done[0]!);
    if (Date.now() > deadline)
      throw new Error(`No download in ${dir}: ${readdirSync(dir).join(', ') || 'empty'}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A CSV file's rows (RFC 4180: quoted cells, doubled quotes, line breaks inside quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

/** Adds `count` links to the server, one titled like a spreadsheet formula, one with quotes, a comma and a line break. */
function addLinks(store: Store, count: number): void {
  for (let index = 0; index < count; index++) {
    const id = store.nextId('links');
    const title =
      index === 0
        ? '=HYPERLINK("http://evil.example","click")'
        : index === 1
          ? 'Say "hi",\nthen go'
          : `Extra ${index} – café`;
    store.links.push(
      createLink({
        id,
        alias: `extra-${id}`,
        longurl: `https://example.com/extra/${index}`,
        title,
        date: '2025-01-01 00:00:00',
      }),
    );
  }
}

describe('one link per UTM preset', () => {
  test('two presets ticked make exactly two links with their utm_* parameters, copied as one labelled block', async ({
    configuredExt: ext,
    referenceServer: server,
    site,
  }) => {
    site.setPage('/launch', samplePage('Launch'));
    const popup = await PopupPage.over(ext, site.url('/launch?id=3'));
    await clearClipboard();
    await popup.pickPresets('X', 'LinkedIn');
    await popup.shorten();
    const x = await popup.presetShortUrl('X');
    const linkedin = await popup.presetShortUrl('LinkedIn');

    const made = apiRequests(server, ADD).map((request) => (request.body as { url: string }).url);
    expect(made.sort()).toEqual(
      [
        site.url('/launch?id=3&utm_source=linkedin&utm_medium=social'),
        site.url('/launch?id=3&utm_source=x&utm_medium=social'),
      ].sort(),
    );
    const stored = (url: string) => server.store.links.filter((link) => link.longurl === url);
    expect(stored(site.url('/launch?id=3&utm_source=x&utm_medium=social'))).toHaveLength(1);
    expect(server.store.shortUrl(stored(site.url('/launch?id=3&utm_source=x&utm_medium=social'))[0]!)).toBe(
      x,
    );
    await expect.poll(readClipboard, { timeout: 5_000 }).toBe(`X: ${x}\nLinkedIn: ${linkedin}`);
    await screenshot(popup.page, 'popup-presets-en');
  });
});

describe('export all links', () => {
  test('the CSV downloaded parses back to the server’s links, fetched 100 a request', async ({
    configuredExt: ext,
    referenceServer: server,
  }) => {
    addLinks(server.store, 130);
    const dir = await downloadsFolder(ext);
    const manage = await ManagePage.open(ext, 'links');
    await manage.waitForLinksLoaded();
    const before = apiRequests(server, 'GET /api/urls').length;
    await manage.pressButton('Export');
    await manage.pressButton('Export as CSV', ManagePage.parts.export);
    const file = await downloadedCsv(dir);
    expect(file).toMatch(/shortlink-links-\d{4}-\d{2}-\d{2}\.csv$/);
    await screenshot(manage.page, 'manage-export-en');

    const bytes = readFileSync(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(bytes.toString('utf8').slice(1));
    expect(header).toEqual([
      'id',
      'alias',
      'shortUrl',
      'longUrl',
      'title',
      'description',
      'clicks',
      'date',
      'campaign',
      'channel',
    ]);
    const fromServer = server.store.links.map((link) => [
      String(link.id),
      link.alias,
      server.store.shortUrl(link),
      link.longurl,
      // A title that looks like a formula is kept as text, behind an apostrophe.
      /^[=+\-@\t\r]/.test(link.title) ? `'${link.title}` : link.title,
      link.description,
      String(link.clicks),
      link.date,
    ]);
    const byId = (a: string[], b: string[]) => Number(a[0]) - Number(b[0]);
    expect(rows.map((row) => row.slice(0, 8)).sort(byId)).toEqual(fromServer.sort(byId));
    expect(rows.some((row) => row[4] === 'Say "hi",\nthen go')).toBe(true);
    // Every page at 100 links a request: the seed's links and 130 more take two.
    const pages = apiRequests(server, 'GET /api/urls').slice(before);
    expect(pages.map((request) => request.query)).toEqual(
      Array.from({ length: Math.ceil(server.store.links.length / 100) }, (_, i) =>
        expect.objectContaining({ limit: '100', page: String(i + 1) }),
      ),
    );
  });
});
