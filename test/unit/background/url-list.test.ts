/**
 * Several URLs at once, in the background: `shortenUrls` (the popup's pasted list) and the menu's
 * selection that holds several URLs. One list copied at the end, on the same policy as all tabs:
 * each address once, cleaned and unwrapped, links made before reused, a summary that says how many
 * were made, reused and failed.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MENU } from '@/entrypoints/background/menus';
import { newJob } from '@/lib/jobs/job';
import { putCachedLinks } from '@/lib/links/cache';
import type { Behaviour, Settings } from '@/lib/settings/schema';
import { getItem, listJobItem, queueJobItem, setItem, settingsItem } from '@/lib/storage/items';
import {
  cachedLink,
  type FakeServer,
  fakeServer,
  seedProfile,
  sendFromPopup,
  startBackground,
  stubBrowserApis,
} from './helpers';

let server: FakeServer;
let stubs: ReturnType<typeof stubBrowserApis>;

beforeEach(() => {
  stubs = stubBrowserApis();
  server = fakeServer();
  startBackground(server);
});

async function setBehaviour(patch: Partial<Behaviour>): Promise<void> {
  const stored = (await fakeBrowser.storage.local.get(settingsItem.key))[settingsItem.key] as Settings;
  await fakeBrowser.storage.local.set({
    [settingsItem.key]: { ...stored, behaviour: { ...stored.behaviour, ...patch } },
  });
}

const adds = () => server.calls.filter((c) => c.method === 'POST' && c.path === '/api/url/add');
const notificationTexts = () =>
  Object.values(fakeBrowser.notifications.getAllCreateOptions()).map((n) => `${n.title}: ${n.message}`);
const item = (url: string, title = '') => ({
  input: { url, status: 'private' as const, campaign: 7 },
  title,
  label: '',
});
const SAFE_LINK = `https://eur01.safelinks.protection.outlook.com/?url=${encodeURIComponent('https://c.example/')}&data=05`;

describe('shortenUrls (several URLs pasted in the popup)', () => {
  it('makes each address once with the form’s options, reuses a link made before, and copies the list', async () => {
    const profile = await seedProfile();
    await putCachedLinks(profile.id, [{ ...cachedLink(12, 'https://known.example/page'), title: 'Known' }]);

    const reply = await sendFromPopup('shortenUrls', {
      source: 'popup',
      items: [
        item('https://a.example/'),
        item('https://known.example/page', 'Known'),
        item('https://a.example'),
        item(SAFE_LINK),
      ],
    });

    // The duplicate once, the Safe Link as the address it wraps, the known one without a request.
    expect(adds().map((c) => c.body)).toEqual([
      { url: 'https://a.example/', status: 'private', campaign: 7 },
      { url: 'https://c.example/', status: 'private', campaign: 7 },
    ]);
    expect(reply).toEqual({
      ok: true,
      data: {
        rows: [
          { longUrl: 'https://a.example/', title: '', state: 'made', shortUrl: 'https://sho.rt/a500' },
          {
            longUrl: 'https://known.example/page',
            title: 'Known',
            state: 'reused',
            shortUrl: 'https://sho.rt/c12',
          },
          { longUrl: 'https://c.example/', title: '', state: 'made', shortUrl: 'https://sho.rt/a501' },
        ],
        text: 'https://sho.rt/a500\nhttps://sho.rt/c12\nhttps://sho.rt/a501',
        copied: true,
      },
    });
    expect(stubs.copied).toEqual(['https://sho.rt/a500\nhttps://sho.rt/c12\nhttps://sho.rt/a501']);
    expect(notificationTexts()).toEqual([
      'Shortlink: Copied 3 short links, one a line.\nNew: 2 · reused: 1 · failed: 0',
    ]);
  });

  it('labels each line with its page title when known, in the copy format', async () => {
    const profile = await seedProfile();
    await setBehaviour({ copyFormat: 'markdown' });
    await putCachedLinks(profile.id, [
      { ...cachedLink(12, 'https://known.example/page'), title: 'Known page' },
    ]);

    await sendFromPopup('shortenUrls', {
      source: 'popup',
      items: [item('https://known.example/page', 'Known page'), item('https://new.example/')],
    });

    expect(stubs.copied).toEqual([
      '[Known page](https://sho.rt/c12)\n[https://sho.rt/a500](https://sho.rt/a500)',
    ]);
    expect(notificationTexts()[0]).toContain('Copied 2 short links as Markdown link');
  });

  it('marks a link the server had made before as existing', async () => {
    const profile = await seedProfile();
    await putCachedLinks(profile.id, [cachedLink(100, 'https://z.example/')]);
    server.state.existing = true;
    // Made long ago, elsewhere (an id below the newest known): the server answers the create with it.
    server.state.links.push({
      id: 40,
      alias: 'old',
      shorturl: 'https://sho.rt/old',
      longurl: 'https://a.example/',
      title: '',
      date: '2020-01-01 10:00:00',
    });
    const reply = await sendFromPopup('shortenUrls', {
      source: 'popup',
      items: [item('https://a.example/'), item('https://b.example/')],
    });
    expect(reply.ok && reply.data.rows.map((row) => [row.shortUrl, row.existing ?? false])).toEqual([
      ['https://sho.rt/old', true],
      ['https://sho.rt/a500', false],
    ]);
  });

  it('fails its rows without queueing them when the server is down, and says none was made', async () => {
    await seedProfile();
    server.state.fail = { status: 503, body: { error: 1, message: 'Down for maintenance' } };
    const reply = await sendFromPopup('shortenUrls', {
      source: 'popup',
      items: [item('https://a.example/'), item('https://b.example/')],
    });
    expect(reply.ok && reply.data.rows.map((row) => row.state)).toEqual(['failed', 'failed']);
    expect(reply.ok && reply.data.copied).toBe(false);
    expect(await getItem(queueJobItem)).toBeNull();
    expect(notificationTexts()).toEqual([
      'Shortlink: None of the 2 links could be made.\nNew: 0 · reused: 0 · failed: 2',
    ]);
  });

  it('is busy while another list has work left', async () => {
    const profile = await seedProfile();
    await setItem(listJobItem, {
      ...newJob('list', 'other', profile.id, [item('https://x.example/')], Date.now(), 0),
      source: 'tabs',
      windowId: 4,
      state: 'paused',
    });
    const reply = await sendFromPopup('shortenUrls', {
      source: 'popup',
      items: [item('https://a.example/')],
    });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'busy' } });
    expect(adds()).toEqual([]);
  });
});

describe('the menu on a selection with several URLs', () => {
  const tab = { id: 3, url: 'https://blog.example/post', title: 'A post' };
  const click = (selectionText: string) =>
    stubs.contextMenus.onClicked.trigger({ menuItemId: MENU.selection, selectionText }, tab);

  it('makes each once with the profile’s defaults, copies them together and says what was made and reused', async () => {
    const profile = await seedProfile();
    await putCachedLinks(profile.id, [cachedLink(12, 'https://known.example/page')]);

    await click(
      'Links: https://a.example/one, https://known.example/page; https://a.example/one\n(https://b.example/two).',
    );

    expect(adds().map((c) => (c.body as { url: string }).url)).toEqual([
      'https://a.example/one',
      'https://b.example/two',
    ]);
    expect(stubs.copied).toEqual(['https://sho.rt/a500\nhttps://sho.rt/c12\nhttps://sho.rt/a501']);
    expect(notificationTexts()).toEqual([
      'Shortlink: Copied 3 short links, one a line.\nNew: 2 · reused: 1 · failed: 0',
    ]);
    expect((await getItem(listJobItem))?.source).toBe('menu');
  });

  it('shortens one URL among words as a single link, as ever', async () => {
    await seedProfile();
    await click('read this: https://a.example/one please');
    expect(adds().map((c) => (c.body as { url: string }).url)).toEqual(['https://a.example/one']);
    expect(notificationTexts()).toEqual(['Shortlink: Short URL copied: https://sho.rt/a500']);
    expect(await getItem(listJobItem)).toBeNull();
  });

  it('says so when the list cannot start', async () => {
    const profile = await seedProfile();
    await setItem(listJobItem, {
      ...newJob('list', 'other', profile.id, [item('https://x.example/')], Date.now(), 0),
      source: 'popup',
      state: 'paused',
    });
    await click('https://a.example/ https://b.example/');
    expect(adds()).toEqual([]);
    expect(notificationTexts()).toEqual([
      'The links could not be shortened: Shortlink is still shortening another list of links. Wait until it has finished, then try again.',
    ]);
  });
});
