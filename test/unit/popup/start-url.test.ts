import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PENDING_SHORTEN_TTL_MS, resolveStartUrl } from '@/entrypoints/popup/start-url';
import { pendingShortenItem } from '@/lib/storage/items';

const NOW = 1_800_000_000_000;

function tabs(url?: string, title?: string, id?: number) {
  return { query: vi.fn(async () => (url === undefined ? [] : [{ url, title, id }]) as never) };
}

describe('where the popup gets its URL', () => {
  it('takes the active tab of this window, with its title and id (to read its canonical URL)', async () => {
    const t = tabs('https://example.com/post', 'A post', 12);
    const start = await resolveStartUrl('', fakeBrowser.storage.session, t, NOW);
    expect(start).toEqual({ url: 'https://example.com/post', title: 'A post', tabId: 12, reason: null });
    expect(t.query).toHaveBeenCalledWith({ active: true, currentWindow: true });
  });

  it('prefers a fresh "Shorten with options…" request and removes it', async () => {
    await fakeBrowser.storage.session.set({
      [pendingShortenItem.key]: { url: 'https://example.com/linked', at: NOW - 5_000 },
    });
    const t = tabs('https://example.com/post', 'A post');
    const start = await resolveStartUrl('', fakeBrowser.storage.session, t, NOW);
    // The tab, asked for beside the request, is not used.
    expect(start).toEqual({ url: 'https://example.com/linked', reason: null });
    expect(await fakeBrowser.storage.session.get(pendingShortenItem.key)).toEqual({});
  });

  it('ignores (and removes) a request older than a minute', async () => {
    await fakeBrowser.storage.session.set({
      [pendingShortenItem.key]: { url: 'https://example.com/old', at: NOW - PENDING_SHORTEN_TTL_MS - 1 },
    });
    const start = await resolveStartUrl(
      '',
      fakeBrowser.storage.session,
      tabs('https://example.com/tab'),
      NOW,
    );
    expect(start.url).toBe('https://example.com/tab');
    expect(await fakeBrowser.storage.session.get(pendingShortenItem.key)).toEqual({});
  });

  it('uses ?url= of its own address when opened as a window', async () => {
    const t = tabs('chrome-extension://id/popup.html');
    const start = await resolveStartUrl(
      `?url=${encodeURIComponent('https://example.com/a?b=1')}`,
      fakeBrowser.storage.session,
      t,
      NOW,
    );
    expect(start).toEqual({ url: 'https://example.com/a?b=1', reason: null });
    expect(t.query).not.toHaveBeenCalled();
  });

  it('works without storage.session (older Firefox)', async () => {
    const start = await resolveStartUrl('', undefined, tabs('https://example.com/'), NOW);
    expect(start.url).toBe('https://example.com/');
  });

  it('gives an empty URL and the reason for a browser page', async () => {
    const start = await resolveStartUrl('', fakeBrowser.storage.session, tabs('chrome://newtab/'), NOW);
    expect(start.url).toBe('');
    expect(start.reason).toContain('chrome:// pages are internal to the browser');
  });

  it('gives a reason when there is no tab at all', async () => {
    const start = await resolveStartUrl('', fakeBrowser.storage.session, tabs(), NOW);
    expect(start).toEqual({
      url: '',
      reason: "This page can't be shortened (it has no web address). Paste a URL instead.",
    });
  });
});
