/**
 * Reconcile applied through the bulk job: only the dry run's changes reach the server, each once, and
 * the cache the job writes makes the same file's next dry run all unchanged.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { diffReconcile, readReconcileRows } from '@/lib/jobs/reconcile';
import { getCachedLinks, putCachedLinks } from '@/lib/links/cache';
import { bulkJobItem, getItem } from '@/lib/storage/items';
import {
  cachedLink,
  type FakeServer,
  fakeServer,
  seedProfile,
  sendFromPopup,
  settle,
  startBackground,
  stubBrowserApis,
} from './helpers';

let server: FakeServer;
const MANAGE = () => ({ id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/manage.html') });
const sent = () => server.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);

const FILE = [
  'alias,url,title,expiry,campaign,channel',
  'fresh,https://fresh.example/,Fresh,2031-05-01 10:00:00,Spring,Blog',
  'c3,,Renamed,2031-01-01,,',
  'c4,,,,spring,',
  'c5,https://five.example/,,,,',
].join('\n');

beforeEach(() => {
  stubBrowserApis();
  server = fakeServer();
});

describe('reconcile applied', () => {
  it('sends exactly the changes, once each, and the same file then diffs all unchanged', async () => {
    const profile = await seedProfile();
    const known = [
      cachedLink(3, 'https://three.example/'),
      cachedLink(4, 'https://four.example/'),
      cachedLink(5, 'https://five.example/'),
    ];
    for (const link of known)
      server.state.links.push({
        id: link.id,
        alias: link.alias,
        shorturl: link.shortUrl,
        longurl: link.longUrl,
        title: '',
        date: link.date,
      });
    await putCachedLinks(profile.id, known);
    startBackground(server);
    const lists = {
      campaigns: server.state.campaigns,
      channels: server.state.channels,
      now: new Date(2030, 0, 1),
    };
    const dryRun = async () =>
      diffReconcile(readReconcileRows(FILE), { cached: (await getCachedLinks(profile.id)).links, ...lists });

    const first = await dryRun();
    expect(first.counts).toEqual({ create: 1, update: 2, unchanged: 1, problem: 0 });
    const reply = await sendFromPopup('bulkStart', { items: first.items }, MANAGE());
    expect(reply).toMatchObject({ ok: true, data: { total: 3 } });
    for (let i = 0; i < 200 && (await getItem(bulkJobItem))?.state !== 'done'; i++) await settle(5);
    const job = await getItem(bulkJobItem);
    expect(job?.rows.map((row) => row.state)).toEqual(['made', 'made', 'made']);
    expect(sent()).toEqual(['POST /api/url/add', 'PUT /api/url/3/update', 'POST /api/campaign/7/assign/4']);
    const bodies = server.calls.filter((c) => c.method !== 'GET').map((c) => c.body);
    expect(bodies[0]).toMatchObject({
      url: 'https://fresh.example/',
      custom: 'fresh',
      campaign: 7,
      channel: 9,
    });
    expect(bodies[1]).toEqual({
      url: 'https://three.example/',
      metatitle: 'Renamed',
      expiry: '2031-01-01 23:59:59',
    });

    const again = await dryRun();
    expect(again.rows.map((row) => [row.alias, row.status])).toEqual([
      ['fresh', 'unchanged'],
      ['c3', 'unchanged'],
      ['c4', 'unchanged'],
      ['c5', 'unchanged'],
    ]);
    expect(again.items).toEqual([]);
  });
});
