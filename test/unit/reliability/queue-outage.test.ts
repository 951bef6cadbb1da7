// @vitest-environment node
/**
 * The outage queue against the real reference server over loopback (issue #14's proof): the server
 * is stopped (connections refused), 20 links are asked for from the context menu and the shortcut,
 * the worker is restarted twice, the server comes back on the same port, and the queue's next try
 * makes exactly 20 links, each once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '@/entrypoints/background';
import { type ReferenceServer, startReferenceServer } from '../../server/server';
import { queuedRows, restartWorker, seedProfile, stubBrowserApis } from '../background/helpers';

let ref: ReferenceServer | undefined;

afterEach(async () => {
  vi.useRealTimers();
  await ref?.close();
  ref = undefined;
});

const fireAlarm = () =>
  fakeBrowser.alarms.onAlarm.trigger({
    name: 'queue-retry',
    scheduledTime: Date.now(),
    persistAcrossSessions: true,
  });

describe('server down, 20 creates, two worker restarts, server up', () => {
  it('makes exactly the 20 links, each once', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2031, 0, 15, 9, 30, 0) });
    // A plan larger than this run: the limiter learns it from the first answer's headers.
    ref = await startReferenceServer({ port: 0, seed: false, rateLimit: 1_000 });
    const { port, url, apiKey } = ref;
    let stubs = stubBrowserApis();
    vi.unstubAllGlobals();
    background.main();
    await seedProfile({}, { serverUrl: url, apiKey });
    await ref.close();
    ref = undefined;

    const tab = { id: 3, url: 'https://blog.example/', title: 'Blog' };
    for (let i = 0; i < 10; i++) {
      await stubs.contextMenus.onClicked.trigger(
        { menuItemId: 'shorten-link', linkUrl: `https://x.example/menu/${i}` },
        tab,
      );
      const page = { id: 10 + i, url: `https://x.example/page/${i}`, title: `Page ${i}` };
      await stubs.commands.onCommand.trigger('shorten-page', page);
    }
    const queued = await queuedRows();
    expect(queued).toHaveLength(20);
    expect(new Set(queued.map((e) => e.source))).toEqual(new Set(['menu', 'shortcut']));
    expect(await fakeBrowser.action.getBadgeText({})).toBe('20');

    stubs = await restartWorker();
    stubs = await restartWorker();
    expect(await queuedRows()).toHaveLength(20);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('20');

    ref = await startReferenceServer({ port, seed: false, rateLimit: 1_000 });
    vi.setSystemTime(Date.now() + 30_000);
    await fireAlarm();

    expect(await queuedRows()).toEqual([]);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('');
    const posts = ref.requests.filter((r) => r.method === 'POST' && r.path === '/api/url/add');
    expect(posts).toHaveLength(20);
    const made = ref.store.links.map((link) => link.longurl).sort();
    expect(made).toEqual(queued.map((e) => e.input.url).sort());
    expect(new Set(made).size).toBe(20);
  });
});

describe('a dropped answer after the server made the link', () => {
  it('is queued, and its try finds the link instead of making a second one', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2031, 0, 15, 9, 30, 0) });
    ref = await startReferenceServer({ port: 0, seed: false, rateLimit: 1_000 });
    const stubs = stubBrowserApis();
    vi.unstubAllGlobals();
    background.main();
    await seedProfile({}, { serverUrl: ref.url, apiKey: ref.apiKey });
    ref.setFault({ kind: 'drop', after: true, match: 'POST /api/url/add', times: 1 });
    const tab = { id: 3, url: 'https://blog.example/', title: 'Blog' };
    await stubs.contextMenus.onClicked.trigger(
      { menuItemId: 'shorten-link', linkUrl: 'https://x.example/dropped' },
      tab,
    );
    expect(await queuedRows()).toEqual([expect.objectContaining({ uncertain: true })]);
    expect(ref.store.links).toHaveLength(1);

    // Longer than a click's uncertain-create memory (10 min): the entry's own mark must count.
    vi.setSystemTime(Date.now() + 11 * 60_000);
    await fireAlarm();
    expect(await queuedRows()).toEqual([]);
    expect(ref.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(ref.store.links).toHaveLength(1);
    expect(stubs.copied).toEqual([]);
    await fakeBrowser.notifications.onClicked.trigger('shortlink-queue-made');
    expect(stubs.copied).toEqual([expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/\w+$/)]);
  });
});
