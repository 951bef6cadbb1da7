/**
 * Bulk create in real Chromium against the reference server at its default 30 requests a minute: a
 * pasted list of 40 URLs runs to the end in the background with its progress on the page, the server
 * receives each new URL exactly once and never more than its limit, and a page closed and opened again
 * mid-run shows the same job still running.
 */
import { describe, expect } from 'vitest';
import { test } from './fixtures';
import { ManagePage } from './pages/manage';
import { apiRequests } from './reference-server';

const { parts, loaded } = ManagePage;
const URLS = Array.from({ length: 40 }, (_, i) => `https://site.example/articles/${i + 1}`);

describe('bulk create', () => {
  test('a 40-row paste runs to the end, each new URL sent once within the limit, and survives the page closing', async ({
    configuredExt: ext,
    referenceServer: server,
  }) => {
    let manage = await ManagePage.open(ext, 'bulk');
    await manage.page.waitForSelector(loaded.bulk);
    // Two lines repeat earlier ones (a trailing slash, a #fragment): they are made once.
    await manage.fill(
      'Paste URLs (one a line) or CSV',
      [...URLS, `${URLS[0]}/`, `${URLS[1]}#top`].join('\n'),
    );
    await manage.page.waitForFunction(
      (selector) => document.querySelector(selector)?.textContent?.startsWith('40 links: 40 new') ?? false,
      { timeout: 10_000 },
      parts.bulkSummary,
    );
    expect(await manage.text(parts.bulkSummary)).toContain('2 duplicates made once');
    expect(apiRequests(server, 'POST /api/url/add')).toHaveLength(0);

    await manage.pressButton('Start');
    await manage.page.waitForSelector(parts.bulkCounts, { timeout: 10_000 });
    await expect.poll(async () => (await manage.bulkCounts()).made, { timeout: 30_000 }).toBeGreaterThan(3);

    // Closed mid-run, and opened again: the same job, still going, nothing started over.
    const before = await manage.bulkCounts();
    await manage.page.close();
    manage = await ManagePage.open(ext, 'bulk');
    await manage.page.waitForSelector(parts.bulkCounts, { timeout: 10_000 });
    const after = await manage.bulkCounts();
    expect(after.made + after.left).toBe(40);
    expect(after.made).toBeGreaterThanOrEqual(before.made);
    expect(await manage.text(parts.bulkState)).toMatch(/^(Running|Waiting for the server’s rate limit)\./);
    expect(await manage.showsBulkInput()).toBe(false);

    // The job's share of the first window (the limit less the user's reserve) is spent: it waits, with a countdown.
    await manage.waitForBulkState('Waiting for the server’s rate limit.', 30_000);
    expect(await manage.text(parts.bulkState)).toMatch(/Next request in \d+ seconds?\./);

    await manage.waitForBulkState('Finished.', 150_000);
    expect(await manage.bulkCounts()).toEqual({ made: 40, reused: 0, failed: 0, left: 0 });

    const adds = apiRequests(server, 'POST /api/url/add');
    expect(adds.map((r) => (r.body as { url: string }).url).sort()).toEqual([...URLS].sort());
    // The server counts each window and refuses (429) whatever goes over: it never had to.
    expect(server.requests.filter((r) => r.status === 429)).toEqual([]);
  }, 240_000);
});
