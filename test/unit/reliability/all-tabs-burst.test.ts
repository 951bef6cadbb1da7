// @vitest-environment node
/**
 * "Shorten all tabs" against the real reference server over loopback, through the background's own
 * message handler: a window of more tabs than the server allows requests per window waits for the
 * next window instead of being refused, and links shortened before cost no request at all.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '@/entrypoints/background';
import { putCachedLinks } from '@/lib/links/cache';
import type { Profile } from '@/lib/settings/schema';
import { rateLimitWaitItem } from '@/lib/storage/items';
import { type ReferenceServer, startReferenceServer } from '../../server/server';
import { cachedLink, seedProfile, sendFromPopup, stubBrowserApis } from '../background/helpers';

const WINDOW_MS = 1_500;
let ref: ReferenceServer;
let profile: Profile;
let stubs: ReturnType<typeof stubBrowserApis>;
let tabs: { index: number; windowId: number; url: string; title: string }[];

beforeAll(async () => {
  ref = await startReferenceServer({ port: 0, rateLimit: 30, windowMs: WINDOW_MS, seed: false });
});

afterAll(async () => {
  await ref.close();
});

beforeEach(async () => {
  ref.reset();
  vi.unstubAllGlobals();
  stubs = stubBrowserApis();
  tabs = [];
  Object.assign(fakeBrowser.tabs, { query: vi.fn(async () => tabs) });
  background.main();
  profile = await seedProfile({}, { serverUrl: ref.url, apiKey: ref.apiKey });
});

const posts = () => ref.requests.filter((r) => r.method === 'POST' && r.path === '/api/url/add');

describe('shortening all tabs of a window against a server allowing 30 requests per window', () => {
  it('shortens 40 tabs without a single 429, waiting for the next window, in tab order', async () => {
    tabs = Array.from({ length: 40 }, (_, i) => ({
      index: i,
      windowId: 1,
      url: `https://example.com/tab/${i}`,
      title: `Tab ${i}`,
    }));
    const waits: number[] = [];
    fakeBrowser.storage.onChanged.addListener((changes, area) => {
      const wait =
        area === 'session' ? rateLimitWaitItem.read(changes[rateLimitWaitItem.key]?.newValue) : null;
      if (wait) waits.push(wait.queued);
    });
    const started = Date.now();
    const reply = await sendFromPopup('shortenAllTabs', { windowId: 1 });

    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    expect(reply.data.failures).toEqual([]);
    expect(ref.requests.filter((r) => r.status === 429)).toEqual([]);
    expect(posts()).toHaveLength(40);
    expect(reply.data.links.map((l) => l.longUrl)).toEqual(tabs.map((t) => t.url));
    expect(new Set(reply.data.links.map((l) => l.shortUrl)).size).toBe(40);
    expect(ref.store.links).toHaveLength(40);
    // It had to wait for a second window, and said so while it waited.
    expect(Date.now() - started).toBeGreaterThanOrEqual(WINDOW_MS / 2);
    expect(waits.length).toBeGreaterThan(0);
    expect(stubs.copied).toEqual([reply.data.links.map((l) => l.shortUrl).join('\n')]);
  }, 30_000);

  it('sends no request for tabs whose links are cached, and one per new address', async () => {
    await putCachedLinks(
      profile.id,
      Array.from({ length: 25 }, (_, i) => cachedLink(100 + i, `https://example.com/known/${i}`)),
    );
    tabs = [
      ...Array.from({ length: 25 }, (_, i) => `https://example.com/known/${i}`),
      'https://example.com/new/1',
      'https://example.com/new/2',
    ].map((url, index) => ({ index, windowId: 1, url, title: '' }));
    const reply = await sendFromPopup('shortenAllTabs', { windowId: 1 });

    expect(reply.ok && reply.data.links.filter((l) => l.reused)).toHaveLength(25);
    expect(ref.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/url/add',
      'POST /api/url/add',
    ]);
    expect(posts().map((r) => (r.body as { url: string }).url)).toEqual([
      'https://example.com/new/1',
      'https://example.com/new/2',
    ]);

    // The same window again: everything is cached now, so nothing at all is sent.
    const again = await sendFromPopup('shortenAllTabs', { windowId: 1 });
    expect(again.ok && again.data.links.every((l) => l.reused)).toBe(true);
    expect(ref.requests).toHaveLength(2);
  }, 30_000);
});
