/**
 * An action on a selection of links, end to end in the background: the rows planLinkAction builds
 * run as one bulk job, each change sent once, links already as asked not sent at all.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { planLinkAction } from '@/lib/jobs/link-actions';
import { type CachedLink, linksById, putCachedLinks } from '@/lib/links/cache';
import { bulkJobItem, getItem, type Job } from '@/lib/storage/items';
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

/** When this test began: a job an earlier test's worker writes late is none of its own. */
let testStart = 0;

async function finished(): Promise<Job> {
  for (let i = 0; i < 200; i++) {
    const job = await getItem(bulkJobItem);
    if (job?.state === 'done' && job.createdAt >= testStart) return job;
    await settle(5);
  }
  throw new Error(`The job never finished: ${JSON.stringify(await getItem(bulkJobItem))}`);
}

/** Three links the server and the cache have; the second is already in Spring and expires on a known day. */
async function seed(): Promise<{ profileId: string; links: CachedLink[] }> {
  const profile = await seedProfile();
  const links = [
    cachedLink(1, 'https://one.example/'),
    { ...cachedLink(2, 'https://two.example/'), campaign: 'Spring', expiry: '2030-01-01 10:00:00' },
    cachedLink(3, 'https://three.example/'),
  ];
  for (const link of links)
    server.state.links.push({
      id: link.id,
      alias: link.alias,
      shorturl: link.shortUrl,
      longurl: link.longUrl,
      title: '',
      date: link.date,
    });
  await putCachedLinks(profile.id, links);
  return { profileId: profile.id, links };
}

const changes = () => server.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);

beforeEach(() => {
  testStart = Date.now();
  stubBrowserApis();
  server = fakeServer();
});

describe('actions on selected links', () => {
  it('adds a selection to a campaign with one request per link not in it yet, and the cache says so', async () => {
    const { profileId, links } = await seed();
    startBackground(server);
    const plan = planLinkAction(links, { kind: 'campaign', to: { id: 7, name: 'Spring' } }, Date.now());
    expect(plan.unchanged.map((l) => l.id)).toEqual([2]);
    expect(await sendFromPopup('bulkStart', { items: plan.items }, MANAGE())).toMatchObject({ ok: true });
    const job = await finished();
    expect(job.rows.map((r) => r.state)).toEqual(['made', 'made']);
    expect(changes()).toEqual(['POST /api/campaign/7/assign/1', 'POST /api/campaign/7/assign/3']);
    const cached = await linksById(profileId, [1, 2, 3]);
    expect(cached.map((l) => l.campaign)).toEqual(['Spring', 'Spring', 'Spring']);
  });

  it('extends only the expiry it knows, with one update carrying the long URL', async () => {
    const { profileId, links } = await seed();
    startBackground(server);
    const plan = planLinkAction(links, { kind: 'extend', days: 30 }, Date.now());
    expect(plan.skipped.map((s) => [s.link.id, s.reason])).toEqual([
      [1, 'expiry-unknown'],
      [3, 'expiry-unknown'],
    ]);
    await sendFromPopup('bulkStart', { items: plan.items }, MANAGE());
    await finished();
    expect(changes()).toEqual(['PUT /api/url/2/update']);
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      url: 'https://two.example/',
      expiry: '2030-01-31 10:00:00',
    });
    const [cached] = await linksById(profileId, [2]);
    expect(cached?.expiry).toBe('2030-01-31 10:00:00');
  });

  it('sets an expiry on every link of the selection, each sent once', async () => {
    const { links } = await seed();
    startBackground(server);
    const plan = planLinkAction(links, { kind: 'expiry', expiry: '2031-06-30 18:00:00' }, Date.now());
    await sendFromPopup('bulkStart', { items: plan.items }, MANAGE());
    await finished();
    expect(changes()).toEqual(['PUT /api/url/1/update', 'PUT /api/url/2/update', 'PUT /api/url/3/update']);
  });
});
