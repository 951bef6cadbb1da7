/**
 * The management page keeps what the server sent for the page's life (components/server-cache.ts):
 * a user who walks through every section twice within a minute spends no request on the second walk,
 * counted at the reference server over real HTTP.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServerCache, FRESH_MS } from '@/components/server-cache';
import { ServerContext } from '@/entrypoints/manage/api-context';
import { App } from '@/entrypoints/manage/app';
import { createClient, type ShortenerClient } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { CallApi } from '@/lib/messaging/call-api';
import { mount, settle } from '../dom';
import { useServer } from '../server/helpers';

const ref = useServer();

/** The page's `callApi`, answered by the real client against the reference server. */
function serverApi(): CallApi {
  const client = createClient({ baseUrl: ref.server.url, apiKey: ref.server.apiKey, timeoutMs: 5000 });
  return (async (method: keyof ShortenerClient, ...args: unknown[]) => {
    try {
      const call = client[method] as (...a: unknown[]) => Promise<unknown>;
      return { ok: true, data: await call(...args) };
    } catch (error) {
      const { kind, message } = error as ApiError;
      return { ok: false, error: { kind, message } };
    }
  }) as unknown as CallApi;
}

/** Each section and the heading that shows it is drawn. */
const SECTIONS: [hash: string, heading: string][] = [
  ['#/links', 'Links'],
  ['#/campaigns', 'Campaigns'],
  ['#/channels', 'Channels'],
  ['#/channels/1', 'Channel “Work”'],
  ['#/domains', 'Branded domains'],
  ['#/splash', 'Splash pages and CTA overlays'],
  ['#/account', 'Account'],
];

/** Opens `hash` and waits until its view is drawn with what it asked for. */
async function visit(hash: string, heading: string) {
  window.location.hash = hash;
  window.dispatchEvent(new HashChangeEvent('hashchange'));
  // Real HTTP on a machine shared with other test runs: give it time, without asserting on speed.
  await vi.waitFor(
    () => {
      expect(document.querySelector('h1')?.textContent).toBe(heading);
      expect(document.querySelector('.loading, [aria-busy="true"]')).toBeNull();
    },
    { timeout: 20_000 },
  );
  await settle(10);
}

/** The GET requests the server received, as "path?query", from index `from` on. */
const listRequests = (from = 0) =>
  ref.server.requests
    .slice(from)
    .filter((request) => request.method === 'GET')
    .map((request) => request.path);

afterEach(() => {
  vi.useRealTimers();
  window.location.hash = '';
});

describe('the management page’s server cache', () => {
  it('sends no request on a second walk through every section within a minute', {
    timeout: 120_000,
  }, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await mount(
      <ServerContext.Provider value={createServerCache(serverApi())}>
        <App />
      </ServerContext.Provider>,
    );
    for (const [hash, heading] of SECTIONS) await visit(hash, heading);
    // Each list once: links, campaigns, channels, a channel's items, domains, splash pages,
    // overlays, and the account.
    await vi.waitFor(() =>
      expect(listRequests()).toEqual(
        expect.arrayContaining([
          '/api/urls',
          '/api/campaigns',
          '/api/channels',
          '/api/channel/1',
          '/api/domains',
          '/api/splash',
          '/api/overlay',
          '/api/account',
        ]),
      ),
    );

    const before = ref.server.requests.length;
    for (const [hash, heading] of SECTIONS) await visit(hash, heading);
    expect(listRequests(before)).toEqual([]);

    // Older than a minute, a list is asked for again when shown, and only that one.
    vi.setSystemTime(Date.now() + FRESH_MS + 1);
    const later = ref.server.requests.length;
    await visit('#/campaigns', 'Campaigns');
    await vi.waitFor(() => expect(listRequests(later)).toEqual(['/api/campaigns']), { timeout: 20_000 });
    expect(document.querySelectorAll('li.item').length).toBeGreaterThan(0);
  });
});
