/**
 * The address bar's keyword end to end in the background: typing reads the cache and sends nothing;
 * Enter copies a picked link, opens it in a new tab, shortens a typed address or the current tab.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { clearProfileCache, putCachedLinks } from '@/lib/links/cache';
import type { Profile, Settings } from '@/lib/settings/schema';
import { settingsItem } from '@/lib/storage/items';
import {
  cachedLink,
  type FakeServer,
  fakeServer,
  seedProfile,
  startBackground,
  stubBrowserApis,
} from './helpers';

let server: FakeServer;
let stubs: ReturnType<typeof stubBrowserApis>;
let profile: Profile;

beforeEach(() => {
  stubs = stubBrowserApis();
  server = fakeServer();
  startBackground(server);
});

const messages = () => Object.values(fakeBrowser.notifications.getAllCreateOptions()).map((n) => n.message);
const posts = () => server.calls.filter((c) => c.method === 'POST');
const postedUrls = () => posts().map((c) => (c.body as { url: string }).url);

/** Types `text` after the keyword, as the browser reports it; returns the rows and the first row. */
async function type(text: string) {
  let rows: { content: string; description: string }[] = [];
  await stubs.omnibox.onInputChanged.trigger(text, (shown) => {
    rows = shown;
  });
  const calls = stubs.omnibox.setDefaultSuggestion.mock.calls;
  return { rows, first: calls.at(-1)?.[0].description };
}
const enter = (text: string, disposition = 'currentTab') =>
  stubs.omnibox.onInputEntered.trigger(text, disposition);

async function withLinks() {
  profile = await seedProfile();
  await putCachedLinks(profile.id, [
    { ...cachedLink(1, 'https://docs.example/plan'), title: 'Launch plan' },
    cachedLink(2, 'https://shop.example/'),
  ]);
  await stubs.omnibox.onInputStarted.trigger();
}

describe('typing after the keyword', () => {
  it('suggests cached links and sends nothing to the server', async () => {
    await withLinks();
    for (const text of ['l', 'la', 'launch']) await type(text);
    const { rows, first } = await type('launch');
    expect(rows.map((r) => r.content)).toEqual(['https://sho.rt/c1']);
    expect(rows[0]!.description).toContain('<match>Launch</match> plan');
    expect(first).toBe('Enter copies, Alt+Enter opens the long URL of: <url>https://sho.rt/c1</url>');
    expect(server.calls).toEqual([]);
  });

  it('sets the first row before the rows, and answers only the newest of keystrokes Chrome has not taken yet', async () => {
    await withLinks();
    // Chrome draws the first row it holds when the rows arrive, and takes each one only once parsed.
    const shown: string[] = [];
    let parsed!: () => void;
    const parsing = new Promise<void>((resolve) => {
      parsed = resolve;
    });
    stubs.omnibox.setDefaultSuggestion.mockImplementation(async ({ description }) => {
      shown.push(`first row: ${description}`);
      await parsing;
    });
    const typed = ['l', 'la', 'launch'].map((text) =>
      stubs.omnibox.onInputChanged.trigger(text, (rows) =>
        shown.push(`rows for ${text}: ${rows.map((r) => r.content).join(' ')}`),
      ),
    );
    parsed();
    await Promise.all(typed);
    expect(shown.filter((entry) => entry.startsWith('rows'))).toEqual(['rows for launch: https://sho.rt/c1']);
    expect(shown.slice(-2)).toEqual([
      'first row: Enter copies, Alt+Enter opens the long URL of: <url>https://sho.rt/c1</url>',
      'rows for launch: https://sho.rt/c1',
    ]);
    expect(shown.join('\n')).not.toMatch(/“la”/);
  });

  it('says what Enter does as soon as the keyword is typed, before any text', async () => {
    await withLinks();
    expect(stubs.omnibox.setDefaultSuggestion).toHaveBeenLastCalledWith({
      description: 'Press Enter to shorten the current tab and copy its short URL',
    });
  });

  it('reads the cache again when a new keyword session starts', async () => {
    await withLinks();
    expect((await type('fresh')).rows).toEqual([]);
    await putCachedLinks(profile.id, [{ ...cachedLink(3, 'https://new.example/'), title: 'Fresh' }]);
    expect((await type('fresh')).rows).toEqual([]);
    await stubs.omnibox.onInputStarted.trigger();
    expect((await type('fresh')).rows.map((r) => r.content)).toEqual(['https://sho.rt/c3']);
  });

  it('a new session sees a link edited or gone since the last one', async () => {
    await withLinks();
    expect((await type('launch')).rows.map((r) => r.content)).toEqual(['https://sho.rt/c1']);
    await putCachedLinks(profile.id, [{ ...cachedLink(1, 'https://docs.example/plan'), title: 'Roadmap' }]);
    await stubs.omnibox.onInputStarted.trigger();
    expect((await type('launch')).rows).toEqual([]);
    expect((await type('roadmap')).rows.map((r) => r.content)).toEqual(['https://sho.rt/c1']);
    await clearProfileCache(profile.id);
    await putCachedLinks(profile.id, [cachedLink(2, 'https://shop.example/')]);
    await stubs.omnibox.onInputStarted.trigger();
    expect((await type('roadmap')).rows).toEqual([]);
  });

  it('says Enter opens Options when no server is configured, and Enter does', async () => {
    const { rows, first } = await type('anything');
    expect(rows).toEqual([]);
    expect(first).toBe('No server configured: press Enter to open Options');
    await enter('anything');
    expect(fakeBrowser.runtime.openOptionsPage).toHaveBeenCalledOnce();
    expect(server.calls).toEqual([]);
  });
});

describe('Enter', () => {
  it("copies a picked link in the user's copy format and confirms it, without a request", async () => {
    await withLinks();
    const stored = (await fakeBrowser.storage.local.get(settingsItem.key))[settingsItem.key] as Settings;
    await fakeBrowser.storage.local.set({
      [settingsItem.key]: { ...stored, behaviour: { ...stored.behaviour, copyFormat: 'markdown' } },
    });
    await enter('https://sho.rt/c1');
    expect(stubs.copied).toEqual(['[Launch plan](https://sho.rt/c1)']);
    expect(messages()).toEqual(['Short URL copied as Markdown link: https://sho.rt/c1']);
    expect(server.calls).toEqual([]);
  });

  it('copies the first match of words typed', async () => {
    await withLinks();
    await enter('shop');
    expect(stubs.copied).toEqual(['https://sho.rt/c2']);
  });

  it.each([
    ['newForegroundTab', true],
    ['newBackgroundTab', false],
  ])('opens the long URL with %s, and copies nothing', async (disposition, active) => {
    await withLinks();
    await enter('https://sho.rt/c1', disposition);
    const tabs = await fakeBrowser.tabs.query({});
    expect(tabs.filter((t) => t.url === 'https://docs.example/plan').map((t) => t.active)).toEqual([active]);
    expect(stubs.copied).toEqual([]);
  });

  it('refuses to open a long URL that is not a web address, and says how to copy instead', async () => {
    profile = await seedProfile();
    await putCachedLinks(profile.id, [cachedLink(7, 'javascript:alert(1)')]);
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    await enter('https://sho.rt/c7', 'newForegroundTab');
    expect(create).not.toHaveBeenCalled();
    expect(messages()).toEqual([
      'Its long URL is not a web address, so it was not opened. Press Enter without Alt to copy the short URL.',
    ]);
  });

  it('shortens a typed web address once and copies it; the same address again reuses the link', async () => {
    await withLinks();
    await enter('https://new.example/page');
    expect(postedUrls()).toEqual(['https://new.example/page']);
    expect(stubs.copied).toEqual(['https://sho.rt/a500']);
    await stubs.omnibox.onInputStarted.trigger();
    await enter('https://new.example/page');
    expect(posts()).toHaveLength(1);
    expect(stubs.copied).toEqual(['https://sho.rt/a500', 'https://sho.rt/a500']);
  });

  it('shortens the current tab when nothing is typed', async () => {
    await withLinks();
    // The keyword passes no tab: the active one is looked up (fakeBrowser has no current window).
    const query = vi
      .spyOn(fakeBrowser.tabs, 'query')
      .mockResolvedValue([{ id: 8, url: 'https://blog.example/post', title: 'Post' }] as never);
    await enter('');
    expect(query).toHaveBeenCalledWith({ active: true, currentWindow: true });
    expect(postedUrls()).toEqual(['https://blog.example/post']);
    expect(stubs.copied).toEqual(['https://sho.rt/a500']);
  });

  it('explains words that match no link, and sends nothing', async () => {
    await withLinks();
    await enter('nothing like it');
    expect(messages()).toEqual([
      'No saved link matches “nothing like it”. Type a web address (https://…) to shorten it.',
    ]);
    expect(server.calls).toEqual([]);
    expect(stubs.copied).toEqual([]);
  });

  it('explains a failed shorten', async () => {
    await withLinks();
    server.state.fail = { status: 500, body: 'oops' };
    await enter('https://new.example/page');
    expect(stubs.copied).toEqual([]);
    expect(messages()).toHaveLength(1);
    expect(messages()[0]).toMatch(/server/i);
  });
});
