/**
 * `shortenAllTabs`: every http(s) tab of a window once, cleaned, cached links reused, the rest created
 * one by one; progress in storage.session; the list copied in the copy format; a summary.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '@/entrypoints/background';
import { lastFocusedBrowserWindow } from '@/entrypoints/background/tabs-permission';
import { watchAllTabs } from '@/entrypoints/popup/all-tabs';
import { type AllTabsProgress, allTabsProgressOf } from '@/lib/jobs/all-tabs';
import { newJob } from '@/lib/jobs/job';
import { putCachedLinks } from '@/lib/links/cache';
import type { Behaviour, Settings } from '@/lib/settings/schema';
import { allTabsAskedItem, getItem, listJobItem, queueJobItem, settingsItem } from '@/lib/storage/items';
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
let stubs: ReturnType<typeof stubBrowserApis>;
/** Every progress the background published, in order. */
let published: (AllTabsProgress | null)[];

type Tab = { index: number; windowId: number; url?: string; title?: string };
let tabs: Tab[];

beforeEach(() => {
  stubs = stubBrowserApis();
  server = fakeServer();
  tabs = [];
  Object.assign(fakeBrowser.tabs, {
    query: vi.fn(async ({ windowId }: { windowId?: number }) => tabs.filter((t) => t.windowId === windowId)),
  });
  published = [];
  fakeBrowser.storage.onChanged.addListener((changes, area) => {
    const change = changes[listJobItem.key];
    if (area !== 'session' || !change) return;
    const job = listJobItem.read(change.newValue);
    const progress = job && allTabsProgressOf(job);
    // A write that changes no count (a tab marked as being sent) shows the same progress again.
    if (JSON.stringify(progress) !== JSON.stringify(published.at(-1))) published.push(progress);
  });
  startBackground(server);
});

async function setBehaviour(patch: Partial<Behaviour>): Promise<void> {
  const stored = (await fakeBrowser.storage.local.get(settingsItem.key))[settingsItem.key] as Settings;
  await fakeBrowser.storage.local.set({
    [settingsItem.key]: { ...stored, behaviour: { ...stored.behaviour, ...patch } },
  });
}

/** Tabs of window 1 in this order (index = position); title "Tab <n>". */
function openTabs(...urls: string[]): void {
  tabs = urls.map((url, index) => ({ index, windowId: 1, url, title: `Tab ${index}` }));
}

const adds = () => server.calls.filter((c) => c.method === 'POST' && c.path === '/api/url/add');
const notifications = () => Object.values(fakeBrowser.notifications.getAllCreateOptions());

describe('shortenAllTabs', () => {
  it('refuses clearly without the tabs permission, and sends nothing', async () => {
    await seedProfile();
    openTabs('https://a.example/');
    stubs.permissions.contains.mockImplementation(async (p) => !p.permissions?.includes('tabs'));
    const reply = await sendFromPopup('shortenAllTabs', { windowId: 1 });
    expect(reply).toEqual({
      ok: false,
      error: {
        kind: 'permission_denied',
        message:
          'Shortlink may not read the addresses of your tabs. Click “Shorten all tabs” again and choose Allow.',
      },
    });
    expect(server.calls).toEqual([]);
    expect(stubs.copied).toEqual([]);
  });

  it('says when no server is set up', async () => {
    openTabs('https://a.example/');
    const reply = await sendFromPopup('shortenAllTabs', { windowId: 1 });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'not_configured' } });
  });

  it('shortens each web tab once, in tab order, reuses cached links and copies the list', async () => {
    const profile = await seedProfile();
    await putCachedLinks(profile.id, [{ ...cachedLink(12, 'https://known.example/page'), title: 'Known' }]);
    // Given out of order: the list follows the tabs' positions.
    tabs = [
      { index: 2, windowId: 1, url: 'https://b.example/', title: 'B' },
      { index: 0, windowId: 1, url: 'https://a.example/', title: 'A' },
      { index: 1, windowId: 1, url: 'chrome://settings/', title: 'Settings' },
      { index: 3, windowId: 1, url: 'https://known.example/page#part', title: 'Known again' },
      { index: 4, windowId: 1, url: 'https://a.example', title: 'A twin' },
      { index: 5, windowId: 1, title: 'No address' },
      { index: 0, windowId: 2, url: 'https://other-window.example/', title: 'Elsewhere' },
    ];
    const reply = await sendFromPopup('shortenAllTabs', { windowId: 1 });

    expect(adds().map((c) => c.body)).toEqual([
      { url: 'https://a.example/', status: 'private' },
      { url: 'https://b.example/', status: 'private' },
    ]);
    expect(reply).toEqual({
      ok: true,
      data: {
        windowId: 1,
        links: [
          { longUrl: 'https://a.example/', shortUrl: 'https://sho.rt/a500', title: 'A', reused: false },
          { longUrl: 'https://b.example/', shortUrl: 'https://sho.rt/a501', title: 'B', reused: false },
          {
            longUrl: 'https://known.example/page#part',
            shortUrl: 'https://sho.rt/c12',
            // The tab's title, not the one the cached link has: each run lists a tab the same way.
            title: 'Known again',
            reused: true,
          },
        ],
        failures: [],
        skipped: 2,
        text: 'https://sho.rt/a500\nhttps://sho.rt/a501\nhttps://sho.rt/c12',
        copied: true,
      },
    });
    expect(stubs.copied).toEqual(['https://sho.rt/a500\nhttps://sho.rt/a501\nhttps://sho.rt/c12']);
    expect(notifications().map((n) => n.message)).toEqual([
      'Copied the short links of 3 tabs, one line per tab.',
    ]);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('✓');
  });

  it('publishes its progress, ending with the result a reopened popup can show', async () => {
    await seedProfile();
    openTabs('https://a.example/', 'https://b.example/');
    const reply = await sendFromPopup('shortenAllTabs', { windowId: 1 });
    await settle();
    expect(published.map((p) => p && [p.total, p.done, p.failed, p.finished])).toEqual([
      [2, 0, 0, false],
      [2, 1, 0, false],
      [2, 2, 0, false],
      [2, 2, 0, true],
    ]);
    const stored = await getItem(listJobItem);
    expect(stored && allTabsProgressOf(stored).result).toEqual(reply.ok ? reply.data : undefined);
  });

  it('lets a page watch the progress with watchAllTabs', async () => {
    await seedProfile();
    openTabs('https://a.example/');
    const seen: (AllTabsProgress | null)[] = [];
    const stop = watchAllTabs((progress) => seen.push(progress));
    await settle();
    expect(seen).toEqual([null]);
    await sendFromPopup('shortenAllTabs', { windowId: 1 });
    await settle();
    stop();
    expect(seen.at(-1)).toMatchObject({ windowId: 1, total: 1, done: 1, failed: 0, finished: true });
  });

  it('copies the list in the copy format, one line per tab, with HTML as both flavours', async () => {
    await seedProfile();
    await setBehaviour({ copyFormat: 'html' });
    openTabs('https://a.example/', 'https://b.example/');
    await sendFromPopup('shortenAllTabs', { windowId: 1 });
    expect(stubs.copied).toEqual([
      '<a href="https://sho.rt/a500">Tab 0</a>\n<a href="https://sho.rt/a501">Tab 1</a>',
    ]);
    expect(stubs.copiedHtml).toEqual([
      '<a href="https://sho.rt/a500">Tab 0</a><br>\n<a href="https://sho.rt/a501">Tab 1</a>',
    ]);
    // The notification says in which format, as the menu's and the shortcut's do.
    expect(notifications().map((n) => n.message)).toEqual([
      'Copied the short links of 2 tabs as HTML link, one line per tab.',
    ]);
  });

  it('strips tracking parameters first, so twins that differ only by them collapse', async () => {
    await seedProfile();
    await setBehaviour({ stripTracking: true });
    openTabs(
      'https://a.example/?utm_source=x',
      'https://a.example/?fbclid=y',
      'https://a.example/?id=1&gclid=z',
    );
    await sendFromPopup('shortenAllTabs', { windowId: 1 });
    expect(adds().map((c) => (c.body as { url: string }).url)).toEqual([
      'https://a.example/',
      'https://a.example/?id=1',
    ]);
  });

  it('goes on after a failure, and names what failed', async () => {
    await seedProfile();
    openTabs('https://a.example/', 'https://b.example/', 'https://c.example/');
    let call = 0;
    const original = server.fetch.getMockImplementation()!;
    // A refusal of this one address (not an outage, which queues: test/unit/background/queue.test.ts).
    server.fetch.mockImplementation(async (input, init) => {
      if (++call === 2)
        return new Response(JSON.stringify({ error: 1, message: 'This URL is blocked.' }), { status: 400 });
      return original(input, init);
    });
    const reply = await sendFromPopup('shortenAllTabs', { windowId: 1 });
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    expect(reply.data.links.map((l) => l.longUrl)).toEqual(['https://a.example/', 'https://c.example/']);
    expect(reply.data.failures).toEqual([
      {
        longUrl: 'https://b.example/',
        title: 'Tab 1',
        error: expect.objectContaining({
          kind: 'validation',
          message: expect.stringMatching(/This URL is blocked/),
        }),
      },
    ]);
    expect(stubs.copied).toEqual(['https://sho.rt/a500\nhttps://sho.rt/a501']);
    expect(notifications().map((n) => n.message)).toEqual([
      'Copied the short links of 2 tabs, one line per tab. 1 tab failed: the popup says why.',
    ]);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('!');
  });

  it('queues the tabs when the server is down, trying only the first, and says they wait', async () => {
    await seedProfile();
    server.state.fail = 'network';
    openTabs('https://a.example/', 'https://b.example/', 'https://c.example/');
    const reply = await sendFromPopup('shortenAllTabs', { windowId: 1 });
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    expect(reply.data.links).toEqual([]);
    expect(reply.data.failures.map((f) => [f.longUrl, f.queued, f.error.kind])).toEqual([
      ['https://a.example/', true, 'network'],
      ['https://b.example/', true, 'network'],
      ['https://c.example/', true, 'network'],
    ]);
    expect(reply.data.failures[0]?.error.message).toMatch(
      /It waits in the queue and will be made when the server answers\.$/,
    );
    expect(adds()).toHaveLength(1);
    // Only the tab that was tried may have reached the server: only it looks there before its next try.
    expect(
      ((await getItem(queueJobItem))?.rows ?? []).map((e) => [e.input.url, e.source, e.title, e.uncertain]),
    ).toEqual([
      ['https://a.example/', 'allTabs', 'Tab 0', true],
      ['https://b.example/', 'allTabs', 'Tab 1', false],
      ['https://c.example/', 'allTabs', 'Tab 2', false],
    ]);
    expect(notifications().map((n) => n.message)).toEqual([
      'The server did not answer: 3 tabs wait in the queue and will be made when it does.',
    ]);
  });

  it('says which tabs wait in the queue beside those copied', async () => {
    await seedProfile();
    openTabs('https://a.example/', 'https://b.example/');
    let call = 0;
    const original = server.fetch.getMockImplementation()!;
    server.fetch.mockImplementation(async (input, init) => {
      if (++call === 2) throw new TypeError('Failed to fetch');
      return original(input, init);
    });
    await sendFromPopup('shortenAllTabs', { windowId: 1 });
    expect(notifications().map((n) => n.message)).toEqual([
      'Copied the short link of 1 tab.\n1 tab waits in the queue and will be made when the server answers.',
    ]);
  });

  it('stops sending after the key is refused: every other request would be refused too', async () => {
    await seedProfile();
    server.state.key = 'rotated';
    openTabs('https://a.example/', 'https://b.example/', 'https://c.example/');
    const reply = await sendFromPopup('shortenAllTabs', { windowId: 1 });
    expect(adds()).toHaveLength(1);
    expect(reply.ok && reply.data.failures.map((f) => f.error.kind)).toEqual([
      'unauthorized',
      'unauthorized',
      'unauthorized',
    ]);
    expect(stubs.copied).toEqual([]);
    expect(notifications().map((n) => n.message)).toEqual([
      'None of the 3 tabs could be shortened. Open the Shortlink popup to see why.',
    ]);
  });

  it('says when the list could not be copied, and still answers it', async () => {
    await seedProfile();
    stubs.clipboard.works = false;
    openTabs('https://a.example/');
    const reply = await sendFromPopup('shortenAllTabs', { windowId: 1 });
    expect(reply).toMatchObject({ ok: true, data: { copied: false, text: 'https://sho.rt/a500' } });
    expect(notifications().map((n) => n.message)).toEqual([
      'Shortened 1 tab but could not copy the list: copy it in the popup.',
    ]);
  });

  it('shows no notification when notifications are off', async () => {
    await seedProfile();
    await setBehaviour({ notifications: false });
    openTabs('https://a.example/');
    await sendFromPopup('shortenAllTabs', { windowId: 1 });
    expect(stubs.copied).toEqual(['https://sho.rt/a500']);
    expect(notifications()).toEqual([]);
  });

  it('answers an empty list for a window without web tabs, and copies nothing', async () => {
    await seedProfile();
    openTabs('chrome://newtab/', 'file:///home/me/notes.txt');
    const reply = await sendFromPopup('shortenAllTabs', { windowId: 1 });
    expect(reply).toMatchObject({ ok: true, data: { links: [], failures: [], skipped: 2, copied: false } });
    expect(stubs.copied).toEqual([]);
    expect(notifications()).toEqual([]);
  });

  it('lets a second request for the same window join the run, and refuses another window', async () => {
    await seedProfile();
    openTabs('https://a.example/', 'https://b.example/');
    let open!: () => void;
    server.state.gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const first = sendFromPopup('shortenAllTabs', { windowId: 1 });
    await vi.waitFor(() => expect(adds()).toHaveLength(1));
    const again = sendFromPopup('shortenAllTabs', { windowId: 1 });
    const other = await sendFromPopup('shortenAllTabs', { windowId: 2 });
    expect(other).toEqual({
      ok: false,
      error: {
        kind: 'busy',
        message:
          'Shortlink is still shortening the tabs of another window. Wait until it has finished, then try again.',
      },
    });
    open();
    server.state.gate = null;
    const [a, b] = await Promise.all([first, again]);
    expect(a).toEqual(b);
    expect(adds()).toHaveLength(2);
    expect(stubs.copied).toHaveLength(1);
    // Once finished, another window may go.
    tabs.push({ index: 0, windowId: 2, url: 'https://c.example/', title: 'C' });
    expect(await sendFromPopup('shortenAllTabs', { windowId: 2 })).toMatchObject({ ok: true });
  });

  it('goes on, when a worker starts, with a run the previous worker left unfinished', async () => {
    const profile = await seedProfile();
    const items = ['https://a.example/', 'https://b.example/'].map((url, i) => ({
      input: { url },
      title: `Tab ${i}`,
      label: '',
    }));
    const job = newJob('list', 'run-1', profile.id, items, Date.now(), 0);
    // The previous worker made the first tab's link, then stopped.
    const unfinished = {
      ...job,
      windowId: 1,
      skipped: 0,
      rows: job.rows.map((row, i) =>
        i === 0 ? { ...row, state: 'made' as const, shortUrl: 'https://sho.rt/a' } : row,
      ),
    };
    await fakeBrowser.storage.session.set({ [listJobItem.key]: unfinished });
    background.main();
    await vi.waitFor(async () => expect((await getItem(listJobItem))?.state).toBe('done'));
    expect(adds().map((c) => (c.body as { url: string }).url)).toEqual(['https://b.example/']);
    expect(stubs.copied).toEqual(['https://sho.rt/a\nhttps://sho.rt/a500']);
  });

  it('rejects a payload without a whole window id', async () => {
    const reply = await sendFromPopup('shortenAllTabs', { windowId: 1.5 });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'bad_message' } });
  });
});

describe('shortenAllTabs started by the permission grant (the popup closed with its dialog)', () => {
  /** The grant as Chromium reports it to the worker, and the window the popup was over. */
  function grantTabs(windowId = 1, type = 'normal') {
    vi.spyOn(fakeBrowser.windows, 'getLastFocused').mockResolvedValue({ id: windowId, type } as never);
    return stubs.permissions.onAdded.trigger({ permissions: ['tabs'] });
  }
  const askedSecondsAgo = (seconds: number) =>
    fakeBrowser.storage.session.set({ [allTabsAskedItem.key]: Date.now() - seconds * 1000 });

  it('listens for granted permissions from the worker’s first turn', () => {
    expect(stubs.permissions.onAdded.hasListeners()).toBe(true);
  });

  it('shortens the focused window’s tabs, copies the list and notifies, with no page open', async () => {
    await seedProfile();
    openTabs('https://a.example/', 'https://b.example/');
    tabs.push({ index: 0, windowId: 2, url: 'https://other.example/', title: 'Elsewhere' });
    await askedSecondsAgo(3);
    await grantTabs(1);

    await vi.waitFor(() => expect(stubs.copied).toEqual(['https://sho.rt/a500\nhttps://sho.rt/a501']));
    expect(fakeBrowser.windows.getLastFocused).toHaveBeenCalledWith({ windowTypes: ['normal'] });
    expect(adds().map((c) => (c.body as { url: string }).url)).toEqual([
      'https://a.example/',
      'https://b.example/',
    ]);
    await vi.waitFor(() =>
      expect(notifications().map((n) => n.message)).toEqual([
        'Copied the short links of 2 tabs, one line per tab.',
      ]),
    );
    const stored = await fakeBrowser.storage.session.get([listJobItem.key, allTabsAskedItem.key]);
    const run = listJobItem.read(stored[listJobItem.key]);
    expect(run && allTabsProgressOf(run)).toMatchObject({ windowId: 1, finished: true });
    // Left for the next popup, which shows this run instead of starting one (entrypoints/popup/all-tabs.ts).
    expect(stored[allTabsAskedItem.key]).toBeTypeOf('number');
  });

  it('is joined by the shortenAllTabs of a popup that stayed open: one run, one copy', async () => {
    await seedProfile();
    openTabs('https://a.example/', 'https://b.example/');
    await askedSecondsAgo(1);
    let open!: () => void;
    server.state.gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    await grantTabs(1);
    await vi.waitFor(() => expect(adds()).toHaveLength(1));
    const reply = sendFromPopup('shortenAllTabs', { windowId: 1 });
    open();
    server.state.gate = null;
    expect(await reply).toMatchObject({ ok: true, data: { windowId: 1, links: [{}, {}] } });
    expect(adds()).toHaveLength(2);
    await vi.waitFor(() => expect(notifications()).toHaveLength(1));
    expect(stubs.copied).toHaveLength(1);
  });

  it('starts nothing for a grant no popup asked for just now, or for another permission', async () => {
    await seedProfile();
    openTabs('https://a.example/');
    await grantTabs(1);
    await askedSecondsAgo(3 * 60);
    await grantTabs(1);
    await askedSecondsAgo(1);
    await stubs.permissions.onAdded.trigger({ origins: ['https://sho.rt/*'] });
    await settle();
    // No window's tabs were read (the tab marker may look at every tab when `tabs` comes or goes).
    expect(fakeBrowser.tabs.query).not.toHaveBeenCalledWith(
      expect.objectContaining({ windowId: expect.anything() }),
    );
    expect(server.calls).toEqual([]);
    expect(stubs.copied).toEqual([]);
    expect(notifications()).toEqual([]);
  });

  it('starts nothing when the last focused window is not a browser window (Firefox ignores the filter)', async () => {
    await seedProfile();
    openTabs('https://a.example/');
    await askedSecondsAgo(1);
    await grantTabs(1, 'popup');
    await settle();
    // No window's tabs were read (the tab marker may look at every tab when `tabs` comes or goes).
    expect(fakeBrowser.tabs.query).not.toHaveBeenCalledWith(
      expect.objectContaining({ windowId: expect.anything() }),
    );
    expect(server.calls).toEqual([]);
  });

  it('asks Firefox for the last focused window without the deprecated windowTypes', async () => {
    const getLastFocused = vi
      .spyOn(fakeBrowser.windows, 'getLastFocused')
      .mockResolvedValue({ id: 4, type: 'normal' } as never);
    expect(await lastFocusedBrowserWindow(true)).toBe(4);
    expect(getLastFocused).toHaveBeenCalledWith(undefined);
    expect(await lastFocusedBrowserWindow(false)).toBe(4);
    expect(getLastFocused).toHaveBeenLastCalledWith({ windowTypes: ['normal'] });
  });

  it('says in a notification why nothing was shortened, since no page is open to show it', async () => {
    openTabs('https://a.example/');
    await askedSecondsAgo(1);
    await grantTabs(1);
    // The badge and the notification are shown side by side: either may come first.
    await vi.waitFor(async () => {
      expect(notifications()).toHaveLength(1);
      expect(await fakeBrowser.action.getBadgeText({})).toBe('!');
    });
    expect(notifications()[0]).toMatchObject({
      title: 'Shortlink',
      message: expect.stringMatching(/Options/),
    });
    expect(server.calls).toEqual([]);
  });
});
