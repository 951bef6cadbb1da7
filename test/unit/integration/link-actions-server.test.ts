// @vitest-environment node
/**
 * Actions on selected links against the reference server: the bulk job the links list starts sends
 * each assignment and each update once, and the server then holds what was asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createClients } from '@/entrypoints/background/clients';
import { createLinkPipeline } from '@/entrypoints/background/create-link';
import { createBulk } from '@/entrypoints/background/jobs/bulk';
import { planLinkAction } from '@/lib/jobs/link-actions';
import { type CachedLink, putCachedLinks } from '@/lib/links/cache';
import { defaultSettings, emptyDefaults } from '@/lib/settings/schema';
import { apiKeysItem, bulkJobItem, getItem, type Job, settingsItem } from '@/lib/storage/items';
import { type ReferenceServer, startReferenceServer } from '../../server/server';
import { createLink } from '../../server/store';
import { stubBrowserApis } from '../background/helpers';

let ref: ReferenceServer;

beforeAll(async () => {
  ref = await startReferenceServer({ port: 0, seed: false, rateLimit: 1_000 });
});
afterAll(() => ref.close());

/** The reference server with links 1 to 4 and a campaign, a profile on it, and its bulk job handlers. */
async function setUp() {
  stubBrowserApis();
  ref.reset();
  ref.store.links = [1, 2, 3, 4].map((id) =>
    createLink({
      id,
      alias: `l${id}`,
      longurl: `https://site.example/${id}`,
      title: `Page ${id}`,
      date: '2030-01-01 10:00:00',
    }),
  );
  ref.requests.length = 0;
  const profile = { id: 'actions', name: 'Work', serverUrl: ref.url, defaults: emptyDefaults() };
  await fakeBrowser.storage.local.set({
    ...settingsItem.entry({ ...defaultSettings(), profiles: [profile], activeProfileId: profile.id }),
    ...apiKeysItem.entry({ [profile.id]: ref.apiKey }),
  });
  const clients = createClients();
  const bulk = createBulk({ clients, createLink: createLinkPipeline(clients) });
  const links: CachedLink[] = ref.store.links.map((link) => ({
    id: link.id,
    alias: link.alias,
    shortUrl: `${ref.url}/${link.alias}`,
    longUrl: link.longurl,
    title: link.title,
    description: '',
    clicks: 0,
    date: '2030-01-01 10:00:00',
  }));
  await putCachedLinks(profile.id, links);
  return { bulk, links };
}

async function finished(): Promise<Job> {
  for (let i = 0; i < 400; i++) {
    const job = await getItem(bulkJobItem);
    if (job?.state === 'done') return job;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`The job never finished: ${JSON.stringify(await getItem(bulkJobItem))}`);
}

const writes = () => ref.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);

describe('actions on selected links, against the reference server', () => {
  it('adds three selected links to a campaign with exactly three assignments, then sets their expiry once each', async () => {
    const { bulk, links } = await setUp();
    const campaign = {
      id: ref.store.nextId('campaigns'),
      name: 'Autumn',
      slug: null,
      public: false,
      nameKey: 'name' as const,
    };
    ref.store.campaigns.push(campaign);
    const selected = [links[0]!, links[2]!, links[3]!];
    const assign = planLinkAction(
      selected,
      { kind: 'campaign', to: { id: campaign.id, name: 'Autumn' } },
      Date.now(),
    );
    await bulk.bulkStart({ items: assign.items });
    expect((await finished()).rows.map((row) => row.state)).toEqual(['made', 'made', 'made']);
    expect(writes()).toEqual([1, 3, 4].map((id) => `POST /api/campaign/${campaign.id}/assign/${id}`));
    await bulk.bulkControl({ action: 'clear' });

    ref.requests.length = 0;
    const expiry = planLinkAction(selected, { kind: 'expiry', expiry: '2031-06-30 18:00:00' }, Date.now());
    await bulk.bulkStart({ items: expiry.items });
    await finished();
    expect(writes()).toEqual([1, 3, 4].map((id) => `PUT /api/url/${id}/update`));
    expect(
      ref.store.links.filter((link) => link.expiry === '2031-06-30 18:00:00').map((link) => link.id),
    ).toEqual([1, 3, 4]);
  });
});
