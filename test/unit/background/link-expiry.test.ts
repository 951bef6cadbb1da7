// @vitest-environment node
/**
 * What the extension learns of a link's expiry, against the reference server: a link's details and
 * an update that sets it store it with the cached link, where "Expiring soon" reads it; the update
 * is one PUT with the date; the mirror's and the refresh's pages, which say nothing of expiry, keep it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createApiHandler } from '@/entrypoints/background/api-message';
import { createClients } from '@/entrypoints/background/clients';
import type { CreateLink } from '@/entrypoints/background/create-link';
import { cachedLink, expiringLinks, putCachedLinks } from '@/lib/links/cache';
import { defaultSettings, emptyDefaults } from '@/lib/settings/schema';
import { apiKeysItem, settingsItem } from '@/lib/storage/items';
import { type ReferenceServer, startReferenceServer } from '../../server/server';
import { createLink } from '../../server/store';
import { cachedLink as linkOf, stubBrowserApis } from './helpers';

let ref: ReferenceServer;

beforeAll(async () => {
  ref = await startReferenceServer({ port: 0, seed: false });
});

afterAll(async () => {
  await ref.close();
});

beforeEach(() => {
  ref.reset();
  stubBrowserApis();
});

async function saveProfile(): Promise<string> {
  const id = crypto.randomUUID();
  await fakeBrowser.storage.local.set({
    ...settingsItem.entry({
      ...defaultSettings(),
      profiles: [{ id, name: 'Work', serverUrl: ref.url, defaults: emptyDefaults() }],
      activeProfileId: id,
    }),
    ...apiKeysItem.entry({ [id]: ref.apiKey }),
  });
  return id;
}

const noCreates = (() => {
  throw new Error('This test makes no link');
}) as unknown as CreateLink;

describe('a link’s expiry', () => {
  it('is stored from its details and from an update, one PUT with the date, and kept through list pages', async () => {
    ref.store.links = [
      createLink({
        id: 5,
        alias: 'x',
        longurl: 'https://x.example/',
        date: '2030-01-01 00:00:00',
        expiry: '2030-06-13 18:30:00',
      }),
    ];
    const profileId = await saveProfile();
    const api = createApiHandler(createClients(), noCreates);
    await putCachedLinks(profileId, [linkOf(5, 'https://x.example/')]);

    await api({ method: 'getLink', args: [5] });
    const soon = (await expiringLinks(profileId, '2030-06-10 00:00:00', '2030-06-17 00:00:00')).map(
      (l) => l.id,
    );
    expect(soon).toEqual([5]);

    await api({
      method: 'updateLink',
      args: [5, { url: 'https://x.example/', expiry: '2030-06-20 18:30:00' }],
    });
    const puts = ref.requests.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => [r.path, (r.body as { expiry?: string }).expiry])).toEqual([
      ['/api/url/5/update', '2030-06-20 18:30:00'],
    ]);
    expect(ref.store.links[0]?.expiry).toBe('2030-06-20 18:30:00');
    expect((await cachedLink(profileId, 5))?.expiry).toBe('2030-06-20 18:30:00');
    expect(await expiringLinks(profileId, '2030-06-10 00:00:00', '2030-06-17 00:00:00')).toEqual([]);

    // A refresh's page says nothing of expiry: what the extension knew stays.
    await api({ method: 'listLinks', args: [{ limit: 10 }] });
    expect((await cachedLink(profileId, 5))?.expiry).toBe('2030-06-20 18:30:00');
  });
});
