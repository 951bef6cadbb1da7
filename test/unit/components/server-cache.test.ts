/**
 * components/server-cache.ts: a page's one cache of what the server sent, keyed by API method and
 * arguments (not by who asks), shared by the management page and the popup's More options.
 */
import { describe, expect, it } from 'vitest';
import { createServerCache, FRESH_MS, forgetChoices, patchListed } from '@/components/server-cache';
import type { CallApi } from '@/lib/messaging/call-api';
import type { Result } from '@/lib/messaging/protocol';

/** A caller that answers every request with `answer(method, args)`, and records them. */
function fakeCall(answer: (method: string, args: unknown[]) => Result<unknown>) {
  const calls: [string, unknown[]][] = [];
  const call = (async (method: string, ...args: unknown[]) => {
    calls.push([method, args]);
    return answer(method, args);
  }) as unknown as CallApi;
  return { call, calls };
}

const page = (items: { id: number; name: string }[]) => ({
  items,
  total: items.length,
  perPage: 25,
  currentPage: 1,
  nextPage: null,
  maxPage: 1,
});

describe('the server cache', () => {
  it('asks once for the same method and arguments, whoever asks and in whatever key order', async () => {
    const { call, calls } = fakeCall(() => ({ ok: true, data: page([{ id: 1, name: 'Spring' }]) }));
    const cache = createServerCache(call);
    const [a, b] = await Promise.all([
      cache.load('listCampaigns', [{ limit: 25, page: 1 }]),
      cache.load('listCampaigns', [{ page: 1, limit: 25 }]),
    ]);
    expect(a).toEqual(b);
    await cache.load('listCampaigns', [{ limit: 25, page: 1 }]);
    expect(calls).toHaveLength(1);
    await cache.load('listCampaigns', [{ limit: 25, page: 2 }]);
    await cache.load('listChannels', [{ limit: 25, page: 1 }]);
    expect(calls.map(([method, [query]]) => [method, (query as { page: number }).page])).toEqual([
      ['listCampaigns', 1],
      ['listCampaigns', 2],
      ['listChannels', 1],
    ]);
  });

  it('asks again once an answer is older than it may be, or when forced; a failure is not kept', async () => {
    let fail = true;
    const { call, calls } = fakeCall(() =>
      fail ? { ok: false, error: { kind: 'network', message: 'down' } } : { ok: true, data: page([]) },
    );
    const cache = createServerCache(call);
    expect((await cache.load('listDomains', [{ limit: 25, page: 1 }])).ok).toBe(false);
    expect(cache.peek('listDomains', [{ limit: 25, page: 1 }])).toBeUndefined();
    fail = false;
    await cache.load('listDomains', [{ limit: 25, page: 1 }]);
    expect(cache.peek('listDomains', [{ limit: 25, page: 1 }])?.fresh).toBe(true);
    expect(cache.peek('listDomains', [{ limit: 25, page: 1 }], 0)?.fresh).toBe(false);
    await cache.load('listDomains', [{ limit: 25, page: 1 }], { maxAgeMs: FRESH_MS });
    await cache.load('listDomains', [{ limit: 25, page: 1 }], { force: true });
    expect(calls).toHaveLength(3);
  });

  it('applies the page’s own edit to every kept answer of a method, and tells who listens', async () => {
    const { call, calls } = fakeCall((_method, [query]) => ({
      ok: true,
      data: page(
        (query as { page: number }).page === 1 ? [{ id: 1, name: 'Old' }] : [{ id: 2, name: 'Two' }],
      ),
    }));
    const cache = createServerCache(call);
    await cache.load('listChannels', [{ limit: 25, page: 1 }]);
    await cache.load('listChannels', [{ limit: 25, page: 2 }]);
    let told = 0;
    const stop = cache.subscribe(() => told++);
    patchListed<{ id: number; name: string }>(cache, 'listChannels', 1, { name: 'New' });
    expect(cache.kept('listChannels').flatMap(({ data }) => data.items.map((item) => item.name))).toEqual([
      'New',
      'Two',
    ]);
    expect(told).toBe(1);
    stop();
    // An answer the change cannot redo is kept to show, but asked for again when next loaded.
    cache.change('listChannels', (data, [query]) =>
      (query as { page: number }).page === 2 ? undefined : data,
    );
    expect(cache.peek('listChannels', [{ limit: 25, page: 2 }])?.fresh).toBe(false);
    await cache.load('listChannels', [{ limit: 25, page: 2 }]);
    expect(calls).toHaveLength(3);
    expect(told).toBe(1);
  });

  it('forgets a choice list when it changed, and starts empty for another server', async () => {
    const { call, calls } = fakeCall(() => ({ ok: true, data: page([]) }));
    const cache = createServerCache(call);
    await cache.load('listCampaigns', [{ limit: 100, page: 1 }]);
    forgetChoices(cache, 'listCampaigns');
    await cache.load('listCampaigns', [{ limit: 100, page: 1 }]);
    expect(calls).toHaveLength(2);
    const other = createServerCache(call);
    expect(other.peek('listCampaigns', [{ limit: 100, page: 1 }])).toBeUndefined();
  });
});
