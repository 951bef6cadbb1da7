/**
 * The service worker's start in real Chromium: stopped, as Chromium does after 30 s idle, and woken
 * again by a message, it still answers from the cache, shortens and saves settings. Each check stops
 * the worker first, so the restarted worker is the one that is checked.
 */
import type { Page } from 'puppeteer-core';
import { describe, expect } from 'vitest';
import { sendFrom, waitForStatus, watchWorker } from '@/scripts/bench/measure';
import { test } from './fixtures';
import type { ExtensionBrowser } from './harness';

/** Stops the extension's service worker, as Chromium does when it has been idle. */
async function stopWorker(page: Page, ext: ExtensionBrowser): Promise<void> {
  // The harness keeps DevTools attached to the worker, which would hold it: close() stops and detaches.
  await (await ext.serviceWorker()).close();
  const session = await page.createCDPSession();
  try {
    const status = await watchWorker(session, ext.extensionId);
    await session.send('ServiceWorker.stopAllWorkers');
    await waitForStatus(status, 'stopped');
  } finally {
    await session.detach().catch(() => undefined);
  }
}

async function send(page: Page, type: string, payload: unknown): Promise<unknown> {
  return (await sendFrom(page, { type, payload })).reply;
}

describe('the service worker, started again', () => {
  test('answers a warm-cache refresh without a request, and shortens', async ({
    configuredExt: ext,
    referenceServer: server,
  }) => {
    const page = await ext.extensionPage('offscreen.html');
    // Fills the cache, so that the next refresh is within its time-to-live.
    expect(await send(page, 'refresh', { force: true })).toMatchObject({ ok: true });

    await stopWorker(page, ext);
    const requests = server.requests.length;
    expect(await send(page, 'refresh', {})).toEqual({ ok: true, data: { links: null, lists: null } });
    expect(server.requests.length).toBe(requests);

    await stopWorker(page, ext);
    const reply = await send(page, 'shorten', {
      requestId: 'worker-start-1',
      input: { url: 'https://example.com/worker-start', status: 'private' },
    });
    expect(reply).toMatchObject({
      ok: true,
      data: { link: { longUrl: 'https://example.com/worker-start' } },
    });
  });

  test('saves a profile change after a restart', async ({ configuredExt: ext }) => {
    const page = await ext.extensionPage('offscreen.html');
    await stopWorker(page, ext);
    expect(await send(page, 'setActiveProfile', { id: 'e2e-profile' })).toEqual({ ok: true, data: null });
    expect(await send(page, 'getAccount', {})).toMatchObject({ ok: true, data: { id: expect.any(Number) } });
  });
});
