/**
 * Actions on many links, in real Chromium against the reference server: three rows of the links list
 * selected (a click, then a Shift+click for the range) and added to a campaign as one bulk job. The
 * server receives exactly one assignment per link, and the rows then show the campaign.
 */
import { describe, expect } from 'vitest';
import { test } from './fixtures';
import { screenshot } from './harness';
import { ManagePage } from './pages/manage';
import { apiRequests, waitForQuiet } from './reference-server';

const { parts, loaded } = ManagePage;
const ASSIGN = /^POST \/api\/campaign\/2\/assign\/\d+$/;

describe('actions on selected links', () => {
  test('three links selected by a click and a Shift+click range, added to a campaign with one request each', async ({
    configuredExt: ext,
    referenceServer: server,
  }) => {
    const manage = await ManagePage.open(ext, 'links');
    await manage.page.waitForSelector(loaded.links, { timeout: 15_000 });
    // Newest first: link 4, then 2, then 1 (none of them in "Newsletter", campaign 2).
    await manage.selectRow('example/shortlink-extension');
    await manage.selectRow('HTTP | MDN', true);
    expect(await manage.selectedRows()).toEqual([
      'example/shortlink-extension',
      'Product launch',
      'HTTP | MDN',
    ]);
    expect(await manage.text(parts.selectionBar)).toContain('Selected: 3');

    await manage.pressButton('Add to campaign…', parts.selectionBar);
    await manage.choose('Campaign', '2', parts.selectionBar);
    await screenshot(manage.page, 'link-actions-campaign');
    await manage.pressButton('Apply', parts.selectionBar);

    await manage.page.waitForFunction(
      () => document.querySelector('#bulk-changes')?.textContent === 'Added to Newsletter: 3 of 3',
      { timeout: 30_000 },
    );
    await waitForQuiet(server);
    const assigns = server.requests
      .map((request) => `${request.method} ${request.path}`)
      .filter((endpoint) => ASSIGN.test(endpoint));
    expect(assigns.sort()).toEqual([
      'POST /api/campaign/2/assign/1',
      'POST /api/campaign/2/assign/2',
      'POST /api/campaign/2/assign/4',
    ]);
    expect(apiRequests(server, 'POST /api/url/add')).toHaveLength(0);

    // The rows read what the background wrote: each selected link now in Newsletter.
    await manage.page.waitForFunction(
      () =>
        [...document.querySelectorAll('table.list tbody tr.selected')].filter((row) =>
          row.textContent?.includes('Campaign: Newsletter'),
        ).length === 3,
      { timeout: 15_000 },
    );
    await screenshot(manage.page, 'link-actions-done');

    // An Extend of links whose expiry the extension does not know (the server's list does not say):
    // each is listed with why, and nothing is sent.
    await manage.pressButton('+7 days', parts.selectionBar);
    await manage.page.waitForFunction(
      (bar) => document.querySelectorAll(`${bar} .plan-report li`).length === 3,
      { timeout: 15_000 },
      parts.selectionBar,
    );
    expect(await manage.text(`${parts.selectionBar} .plan-report`)).toContain(
      'HTTP | MDN: expiry unknown, not extended. Set a date instead.',
    );
    expect(await manage.text(parts.selectionBar)).not.toContain('already as asked');
    await screenshot(manage.page, 'link-actions-skipped');
    expect(apiRequests(server, 'PUT /api/url/1/update')).toHaveLength(0);
  }, 120_000);
});
