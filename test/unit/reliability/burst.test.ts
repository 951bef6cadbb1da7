// @vitest-environment node
/**
 * A burst of user actions against the real reference server over loopback, through the background's
 * own message handler: the server allows 30 requests per (short) window, so 100 shortens must queue
 * across several windows without a single 429, and without losing or doubling a link.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '@/entrypoints/background';
import type { RateLimitWait } from '@/lib/api/rate-limiter';
import { rateLimitWaitItem } from '@/lib/storage/items';
import { type ReferenceServer, startReferenceServer } from '../../server/server';
import { seedProfile, sendFromPopup, stubBrowserApis } from '../background/helpers';

const WINDOW_MS = 1_500;
let ref: ReferenceServer;

beforeAll(async () => {
  ref = await startReferenceServer({ port: 0, rateLimit: 30, windowMs: WINDOW_MS, seed: false });
});

afterAll(async () => {
  await ref.close();
});

/** Every waiting state the background published, in order (null: the key was removed). */
let published: (RateLimitWait | null)[];

beforeEach(async () => {
  ref.reset();
  vi.unstubAllGlobals();
  stubBrowserApis();
  published = [];
  fakeBrowser.storage.onChanged.addListener((changes, area) => {
    const change = changes[rateLimitWaitItem.key];
    if (area === 'session' && change) published.push(rateLimitWaitItem.read(change.newValue));
  });
  background.main();
  await seedProfile({}, { serverUrl: ref.url, apiKey: ref.apiKey });
});

const posts = () => ref.requests.filter((r) => r.method === 'POST' && r.path === '/api/url/add');

function shorten(i: number) {
  return sendFromPopup('shorten', {
    requestId: `burst-${i}`,
    input: { url: `https://example.com/article/${i}` },
  });
}

describe('a burst of 100 shortens against a server allowing 30 per window', () => {
  it('completes every one, creates each link exactly once, and is never refused', async () => {
    const started = Date.now();
    const replies = await Promise.all(Array.from({ length: 100 }, (_, i) => shorten(i)));
    const elapsed = Date.now() - started;

    const failed = replies.filter((r) => !r.ok);
    expect(failed).toEqual([]);
    expect(ref.requests.filter((r) => r.status === 429)).toEqual([]);
    expect(ref.requests.every((r) => r.status === 200)).toBe(true);

    // No link lost or doubled: one POST per requestId, one link per POST.
    expect(posts()).toHaveLength(100);
    expect(new Set(posts().map((r) => (r.body as { url: string }).url)).size).toBe(100);
    const links = replies.flatMap((r) => (r.ok ? [r.data.link] : []));
    expect(new Set(links.map((l) => l.id)).size).toBe(100);
    expect(new Set(links.map((l) => l.shortUrl)).size).toBe(100);
    expect(links.map((l) => l.longUrl).sort()).toEqual(
      Array.from({ length: 100 }, (_, i) => `https://example.com/article/${i}`).sort(),
    );
    expect(ref.store.links).toHaveLength(100);

    // It had to wait: 100 requests need at least 4 windows of 30.
    expect(elapsed).toBeGreaterThanOrEqual(3 * WINDOW_MS);
    expect(published.some((w) => w !== null && w.queued > 0 && w.until > started)).toBe(true);
    await vi.waitFor(() => expect(published.at(-1)).toBeNull());
    expect(await fakeBrowser.storage.session.get(rateLimitWaitItem.key)).toEqual({});

    // Sending the same 100 again creates nothing: each requestId already has its link.
    const again = await Promise.all(Array.from({ length: 100 }, (_, i) => shorten(i)));
    expect(again).toEqual(replies);
    expect(posts()).toHaveLength(100);
  }, 30_000);

  it('makes a background refresh wait behind the user’s actions, also those that come after it', async () => {
    // A longer window here, so that the steps below surely happen within the first one.
    const slow = await startReferenceServer({ port: 0, rateLimit: 30, windowMs: 3_000, seed: false });
    onTestFinished(() => slow.close());
    await seedProfile({}, { serverUrl: slow.url, apiKey: slow.apiKey });
    // 40 shortens: 30 fill this window, 10 wait for the next.
    const first = Array.from({ length: 40 }, (_, i) => shorten(i));
    const queued = () => published.at(-1)?.queued ?? 0;
    await vi.waitFor(() => expect(queued()).toBe(10), { timeout: 5_000 });
    // The refresh's three reads queue behind them…
    const refresh = sendFromPopup('refresh', {});
    await vi.waitFor(() => expect(queued()).toBe(13), { timeout: 5_000 });
    // …and 30 more shortens arrive after it, all still in the first window, yet go before it.
    const second = Array.from({ length: 30 }, (_, i) => shorten(40 + i));
    await vi.waitFor(() => expect(queued()).toBe(43), { timeout: 5_000 });
    const [replies, refreshed] = await Promise.all([Promise.all([...first, ...second]), refresh]);
    expect(replies.every((r) => r.ok)).toBe(true);
    expect(refreshed).toMatchObject({ ok: true, data: { links: expect.any(Array) } });
    const reads = slow.requests.flatMap((r, i) => (r.method === 'GET' ? [i] : []));
    expect(reads).toHaveLength(3);
    // Requests sent at the same moment may arrive in any order, so the check is per window: the
    // second window went to the 40 user actions waiting then, none to the refresh queued before 30 of
    // them (in arrival order it would have had 3 of those places).
    expect(Math.min(...reads)).toBeGreaterThanOrEqual(60);
    expect(slow.requests.filter((r) => r.method === 'POST')).toHaveLength(70);
    expect(slow.requests.filter((r) => r.status === 429)).toEqual([]);
  }, 30_000);
});
