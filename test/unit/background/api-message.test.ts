// @vitest-environment node
/**
 * The management page's API calls against the reference server: a link it opens (by id or by short
 * URL) or edits joins the link cache, and so the mirror's search, at once; the cached copy keeps
 * what only the list gives (the campaign).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createApiHandler } from '@/entrypoints/background/api-message';
import { createClients } from '@/entrypoints/background/clients';
import type { CreateLink } from '@/entrypoints/background/create-link';
import { cachedLink, putCachedLinks, putCachedLists } from '@/lib/links/cache';
import { defaultSettings, emptyDefaults } from '@/lib/settings/schema';
import { apiKeysItem, settingsItem } from '@/lib/storage/items';
import { type ReferenceServer, startReferenceServer } from '../../server/server';
import { createLink } from '../../server/store';
import { stubBrowserApis } from './helpers';

let ref: ReferenceServer;

beforeAll(async () => {
  ref = await startReferenceServer({ port: 0, seed: false });
});
afterAll(() => ref.close());

/** A profile on the reference server holding links 1 to 3, and the page's `api` handler for it. */
async function setUp(profileId: string) {
  stubBrowserApis();
  ref.store.links = [1, 2, 3].map((id) =>
    createLink({
      id,
      alias: `old${id}`,
      longurl: `https://site.example/${id}`,
      title: `Page ${id}`,
      clicks: id,
      date: `2024-0${id}-01 10:00:00`,
    }),
  );
  const profile = { id: profileId, name: 'Work', serverUrl: ref.url, defaults: emptyDefaults() };
  await fakeBrowser.storage.local.set({
    ...settingsItem.entry({ ...defaultSettings(), profiles: [profile], activeProfileId: profileId }),
    ...apiKeysItem.entry({ [profileId]: ref.apiKey }),
  });
  const createLinkUnused = (() => Promise.reject(new Error('no create here'))) as unknown as CreateLink;
  return createApiHandler(createClients(), createLinkUnused);
}

describe('links the management page opens or edits join the cache', () => {
  it('a link opened by id or by short URL, with its clicks, keeping the campaign the list gave', async () => {
    const api = await setUp('opened');
    const stale = {
      id: 2,
      alias: 'old2',
      shortUrl: `${ref.url}/old2`,
      longUrl: 'https://site.example/2',
      title: 'Stale title',
      description: '',
      clicks: 0,
      date: '2024-02-01 10:00:00',
      campaign: 'Spring',
    };
    await putCachedLinks('opened', [stale]);
    ref.store.links[1]!.clicks = 42;
    await api({ method: 'getLink', args: [2] });
    expect(await cachedLink('opened', 2)).toEqual({ ...stale, title: 'Page 2', clicks: 42 });

    expect(await cachedLink('opened', 3)).toBeNull();
    await api({ method: 'findLinkByShortUrl', args: [`${ref.url}/old3`] });
    expect(await cachedLink('opened', 3)).toMatchObject({ id: 3, alias: 'old3', title: 'Page 3', clicks: 3 });
  });

  it('an edit: its new long URL, title and alias, with the short URL the server answered', async () => {
    const api = await setUp('edited');
    await listed(api, 'edited', 1);
    await api({
      method: 'updateLink',
      args: [1, { url: 'https://site.example/moved', metatitle: 'Moved page', custom: 'moved' }],
    });
    expect(await cachedLink('edited', 1)).toMatchObject({
      id: 1,
      alias: 'moved',
      shortUrl: `${ref.url}/moved`,
      longUrl: 'https://site.example/moved',
      title: 'Moved page',
    });
  });

  it('an assignment to a campaign or a channel: the link reads as in it, by the name the lists give', async () => {
    const api = await setUp('assigned');
    await listed(api, 'assigned', 1);
    const campaign = (await api({ method: 'addCampaign', args: [{ name: 'Autumn' }] })) as { id: number };
    const channel = (await api({ method: 'addChannel', args: [{ name: 'Social' }] })) as { id: number };
    await putCachedLists('assigned', {
      fetchedAt: Date.now(),
      campaigns: [{ id: campaign.id, name: 'Autumn' }],
      channels: [{ id: channel.id, name: 'Social' }],
    });
    await api({ method: 'assignLinkToCampaign', args: [campaign.id, 1] });
    await api({ method: 'assignToChannel', args: [channel.id, 'links', 1] });
    expect(await cachedLink('assigned', 1)).toMatchObject({ id: 1, campaign: 'Autumn', channel: 'Social' });
    // A QR code or bio page in a channel is not a link: the cache is left alone.
    await api({ method: 'assignToChannel', args: [channel.id, 'bio', 2] }).catch(() => undefined);
    expect((await cachedLink('assigned', 2))?.channel).toBeUndefined();
  });
});

/** The link with this id as the list gives it (and the cache keeps it). */
async function listed(api: ReturnType<typeof createApiHandler>, profileId: string, id: number) {
  await api({ method: 'listLinks', args: [{ limit: 100 }] });
  const link = await cachedLink(profileId, id);
  if (!link) throw new Error(`link ${id} was not listed`);
  return link;
}
