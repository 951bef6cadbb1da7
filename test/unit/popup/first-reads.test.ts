import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startFirstReads, takeFirstReads } from '@/entrypoints/popup/first-reads';
import { putCachedLinks, putCachedLists } from '@/lib/links/cache';
import { cachedLink } from '../background/helpers';

const real = () => ({
  local: fakeBrowser.storage.local,
  session: fakeBrowser.storage.session,
  tabs: fakeBrowser.tabs,
});

afterEach(() => {
  takeFirstReads(real());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the popup's first reads", () => {
  it('answers each started read once, then reads afresh', async () => {
    vi.stubGlobal('browser', fakeBrowser);
    await fakeBrowser.storage.local.set({ settings: { version: 1 }, other: 'x' });
    await fakeBrowser.storage.session.set({ popupDrafts: { a: 1 } });
    const query = vi
      .spyOn(fakeBrowser.tabs, 'query')
      .mockResolvedValue([{ url: 'https://a.example/' }] as never);
    startFirstReads('');
    expect(query).toHaveBeenCalledOnce();
    const localGet = vi.spyOn(fakeBrowser.storage.local, 'get');
    const sessionGet = vi.spyOn(fakeBrowser.storage.session, 'get');

    const reads = takeFirstReads(real())!;
    expect(takeFirstReads(real())).toBeUndefined();

    // Answered from the started reads: nothing asked again.
    expect(await reads.local.get('settings')).toEqual({ settings: { version: 1 } });
    expect(await reads.session.get('pendingShorten')).toEqual({});
    expect(await reads.session.get(['popupDrafts'])).toEqual({ popupDrafts: { a: 1 } });
    expect(await reads.tabs.query({ active: true, currentWindow: true })).toEqual([
      { url: 'https://a.example/' },
    ]);
    expect(localGet).not.toHaveBeenCalled();
    expect(sessionGet).not.toHaveBeenCalled();
    expect(query).toHaveBeenCalledOnce();

    // A second read of a key, or a key never started, is the area's own.
    await fakeBrowser.storage.local.set({ settings: { version: 2 } });
    expect(await reads.local.get('settings')).toEqual({ settings: { version: 2 } });
    expect(await reads.local.get('other')).toEqual({ other: 'x' });
    await reads.tabs.query({ active: true, currentWindow: true });
    expect(localGet).toHaveBeenCalledTimes(2);
    expect(query).toHaveBeenCalledTimes(2);
  });

  it('reads the newest links, the tab’s page’s and the lists of the profile the settings name active', async () => {
    vi.stubGlobal('browser', fakeBrowser);
    await fakeBrowser.storage.local.set({ settings: { activeProfileId: 'first-reads' } });
    await putCachedLinks('first-reads', [
      cachedLink(1, 'https://a.example/?utm_source=x', '2031-01-01 00:00:00'),
      cachedLink(2, 'https://b.example/', '2031-01-02 00:00:00'),
    ]);
    await putCachedLists('first-reads', {
      fetchedAt: 1,
      campaigns: [{ id: 3, name: 'Spring' }],
      channels: [],
    });
    vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([{ url: 'https://a.example/' }] as never);
    startFirstReads('');

    const links = await takeFirstReads(real())!.links;
    expect(links).toMatchObject({ profileId: 'first-reads', pageUrl: 'https://a.example/' });
    expect(links?.newest.map((link) => link.id)).toEqual([2, 1]);
    expect(links?.ofPage.map((link) => link.id)).toEqual([1]);
    expect(links?.lists.campaigns).toEqual([{ id: 3, name: 'Spring' }]);
  });

  it('answers a key written or removed since from the area, not from the older read', async () => {
    vi.stubGlobal('browser', fakeBrowser);
    await fakeBrowser.storage.session.set({ popupDrafts: { old: 1 }, pendingShorten: { url: 'x', at: 1 } });
    startFirstReads('?url=x');
    const reads = takeFirstReads(real())!;

    await reads.session.set({ popupDrafts: { new: 2 } });
    await reads.session.remove('pendingShorten');
    expect(await reads.session.get('popupDrafts')).toEqual({ popupDrafts: { new: 2 } });
    expect(await reads.session.get('pendingShorten')).toEqual({});
  });

  it('reads the newest links and the lists even when the tab could not be read', async () => {
    vi.stubGlobal('browser', fakeBrowser);
    await fakeBrowser.storage.local.set({ settings: { activeProfileId: 'no-tab' } });
    await putCachedLinks('no-tab', [cachedLink(3, 'https://c.example/')]);
    vi.spyOn(fakeBrowser.tabs, 'query').mockRejectedValue(new Error('no tab'));
    startFirstReads('');

    const links = await takeFirstReads(real())!.links;
    expect(links).toMatchObject({ profileId: 'no-tab', pageUrl: null, ofPage: [] });
    expect(links?.newest.map((link) => link.id)).toEqual([3]);
  });

  it('reads no links where the settings name no active profile', async () => {
    vi.stubGlobal('browser', fakeBrowser);
    await fakeBrowser.storage.local.set({ settings: { profiles: [] } });
    startFirstReads('');
    expect(await takeFirstReads(real())!.links).toBeNull();
  });

  it('asks for no tab when the popup was opened for a URL of its own', async () => {
    vi.stubGlobal('browser', fakeBrowser);
    const query = vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([] as never);
    startFirstReads('?url=https%3A%2F%2Fb.example%2F');
    expect(query).not.toHaveBeenCalled();
  });

  it('is nothing to take where the start script did not run (the side panel)', () => {
    expect(takeFirstReads(real())).toBeUndefined();
  });
});
