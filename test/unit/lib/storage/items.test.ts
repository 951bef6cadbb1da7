/**
 * lib/storage/items.ts: what an item reads (its default when absent, only valid values otherwise), the
 * value as stored for those who need it, the fallback area of drafts, watching (a change seen before
 * the first read answers wins), and the key families.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { defaultSettings, SETTINGS_VERSION } from '@/lib/settings/schema';
import {
  allTabsProgressItem,
  apiKeysItem,
  areaOf,
  completedShortens,
  draftsItem,
  getEntry,
  getItem,
  getStored,
  onItemChanged,
  pendingShortenItem,
  rateLimitWaitItem,
  removeEntry,
  removeExpired,
  removeItem,
  type StorageArea,
  setEntry,
  setItem,
  setItems,
  settingsItem,
  watchItem,
} from '@/lib/storage/items';

const WAIT = { until: 1_900_000_000_000, queued: 2 };

/** The browser as Firefox before 115: no storage.session, until the test ends. */
function withoutSession(): void {
  vi.spyOn(fakeBrowser.storage, 'session', 'get').mockReturnValue(undefined as never);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('getItem', () => {
  it('reads each item as its default when nothing is stored', async () => {
    expect(await getItem(settingsItem)).toEqual(defaultSettings());
    expect(await getItem(apiKeysItem)).toEqual({});
    expect(await getItem(draftsItem)).toEqual({});
    expect(await getItem(pendingShortenItem)).toBeNull();
    expect(await getItem(allTabsProgressItem)).toBeNull();
    expect(await getItem(rateLimitWaitItem)).toBeNull();
  });

  it('reads a valid value as its type, and an unreadable one as the default', async () => {
    await setItem(rateLimitWaitItem, WAIT);
    expect(await getItem(rateLimitWaitItem)).toEqual(WAIT);
    await setItem(rateLimitWaitItem, { until: 'soon', queued: 2 });
    expect(await getItem(rateLimitWaitItem)).toBeNull();

    await setItem(apiKeysItem, { p1: 'key-1', p2: 42 });
    expect({ ...(await getItem(apiKeysItem)) }).toEqual({ p1: 'key-1' });

    await setItem(settingsItem, 'not settings');
    expect(await getItem(settingsItem)).toEqual(defaultSettings());
  });

  it('leaves the value as stored to getStored: older settings stay readable for their migration', async () => {
    const v0 = { serverUrl: 'https://sho.rt', apiKey: 'k' };
    await setItem(settingsItem, v0);
    expect(await getStored(settingsItem)).toEqual(v0);
    expect((await getItem(settingsItem)).version).toBe(SETTINGS_VERSION);
  });

  it('reads the default, and writes nothing, where the browser has no such area', async () => {
    expect(areaOf(rateLimitWaitItem, { local: fakeBrowser.storage.local })).toBeUndefined();
    withoutSession();
    expect(await getItem(rateLimitWaitItem)).toBeNull();
    await setItem(rateLimitWaitItem, WAIT);
    await removeItem(rateLimitWaitItem);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('writes several items of one area in one storage call', async () => {
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    await setItems([settingsItem.entry(defaultSettings()), apiKeysItem.entry({ p1: 'k' })]);
    expect(set).toHaveBeenCalledOnce();
    expect(await getItem(apiKeysItem)).toEqual({ p1: 'k' });
  });
});

describe('an item with a fallback area (drafts, where there is no storage.session)', () => {
  const noSession = { local: fakeBrowser.storage.local, onChanged: fakeBrowser.storage.onChanged };

  it('lives in its own area when there is one, else in the fallback', () => {
    expect(areaOf(draftsItem)).toBe(fakeBrowser.storage.session);
    expect(areaOf(draftsItem, noSession)).toBe(fakeBrowser.storage.local);
  });

  it('reports changes in the area it lives in, and only there', async () => {
    const seen = vi.fn();
    const stop = onItemChanged(draftsItem, seen, noSession);
    await fakeBrowser.storage.session.set({ [draftsItem.key]: {} });
    expect(seen).not.toHaveBeenCalled();
    await fakeBrowser.storage.local.set({ [draftsItem.key]: {} });
    expect(seen).toHaveBeenCalledExactlyOnceWith({});
    stop();
  });

  it('is watched in the fallback area: read now, then on every change', async () => {
    await fakeBrowser.storage.local.set({ [draftsItem.key]: 'damaged' });
    const seen = vi.fn();
    const stop = watchItem(draftsItem, seen, noSession);
    await vi.waitFor(() => expect(seen).toHaveBeenCalledWith({}));
    stop();
    await fakeBrowser.storage.local.set({ [draftsItem.key]: {} });
    expect(seen).toHaveBeenCalledOnce();
  });
});

describe('watchItem', () => {
  it('calls with the value now, then with each change, read as the item reads', async () => {
    await setItem(rateLimitWaitItem, WAIT);
    const seen = vi.fn();
    const stop = watchItem(rateLimitWaitItem, seen);
    await vi.waitFor(() => expect(seen).toHaveBeenCalledWith(WAIT));
    await removeItem(rateLimitWaitItem);
    expect(seen).toHaveBeenLastCalledWith(null);
    stop();
    await setItem(rateLimitWaitItem, WAIT);
    expect(seen).toHaveBeenCalledTimes(2);
  });

  it('drops the first read when a change came before it answered: the change is newer', async () => {
    let answer: (items: Record<string, unknown>) => void = () => undefined;
    const session: StorageArea = {
      ...fakeBrowser.storage.session,
      get: () => new Promise((resolve) => (answer = resolve)) as never,
    };
    const seen = vi.fn();
    watchItem(rateLimitWaitItem, seen, { session, onChanged: fakeBrowser.storage.onChanged });
    await fakeBrowser.storage.session.set({ [rateLimitWaitItem.key]: WAIT });
    answer({});
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen.mock.calls).toEqual([[WAIT]]);
  });
});

describe('key families', () => {
  it('reads, writes and removes one entry by id, under the family prefix', async () => {
    await setEntry(completedShortens, 'r1', { link: 1 });
    await setEntry(completedShortens, 'r2', { link: 2 });
    expect(await fakeBrowser.storage.session.get(null)).toEqual({
      'shortened:r1': { link: 1 },
      'shortened:r2': { link: 2 },
    });
    expect(await getEntry(completedShortens, 'r1')).toEqual({ link: 1 });
    await removeEntry(completedShortens, 'r1');
    expect(await getEntry(completedShortens, 'r1')).toBeUndefined();
    expect(await getEntry(completedShortens, 'r2')).toEqual({ link: 2 });
  });

  it('removes the expired entries of a family, and nothing else', async () => {
    await fakeBrowser.storage.session.set({
      'shortened:old': { at: 1 },
      'shortened:new': { at: 9 },
      'uncertain-create:old': { at: 1 },
      [rateLimitWaitItem.key]: WAIT,
    });
    await removeExpired(completedShortens, (value) => (value as { at: number }).at < 5);
    expect(Object.keys(await fakeBrowser.storage.session.get(null)).sort()).toEqual([
      rateLimitWaitItem.key,
      'shortened:new',
      'uncertain-create:old',
    ]);
  });

  it('does nothing where the browser has no such area', async () => {
    withoutSession();
    await setEntry(completedShortens, 'r1', 1);
    expect(await getEntry(completedShortens, 'r1')).toBeUndefined();
    await removeEntry(completedShortens, 'r1');
    await removeExpired(completedShortens, () => true);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });
});
