/**
 * lib/storage/items.ts: what an item reads (its fallback when absent, only values its schema accepts
 * otherwise), the value as stored for those who need it, watching (a change seen before the first
 * read answers wins), and the key families.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { defaultSettings, SETTINGS_VERSION } from '@/lib/settings/schema';
import {
  apiKeysItem,
  bulkJobItem,
  draftsItem,
  getEntry,
  getItem,
  getStored,
  listJobItem,
  pendingShortenItem,
  queueJobItem,
  rateLimitWaitItem,
  removeEntry,
  removeExpired,
  removeItem,
  type StorageArea,
  setEntry,
  setItem,
  setItems,
  settingsItem,
  uncertainFamily,
  watchItem,
} from '@/lib/storage/items';

const WAIT = { until: 1_900_000_000_000, queued: 2 };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('getItem', () => {
  it('reads each item as its default when nothing is stored', async () => {
    expect(await getItem(settingsItem)).toEqual(defaultSettings());
    expect(await getItem(apiKeysItem)).toEqual({});
    expect(await getItem(draftsItem)).toEqual({});
    expect(await getItem(pendingShortenItem)).toBeNull();
    expect(await getItem(listJobItem)).toBeNull();
    expect(await getItem(bulkJobItem)).toBeNull();
    expect(await getItem(queueJobItem)).toBeNull();
    expect(await getItem(rateLimitWaitItem)).toBeNull();
  });

  it('reads a valid value as its type, and an unreadable one as the default', async () => {
    await setItem(rateLimitWaitItem, WAIT);
    expect(await getItem(rateLimitWaitItem)).toEqual(WAIT);
    await setItem(rateLimitWaitItem, { until: 'soon', queued: 2 } as never);
    expect(await getItem(rateLimitWaitItem)).toBeNull();

    await setItem(apiKeysItem, { p1: 'key-1', p2: 42 } as never);
    expect({ ...(await getItem(apiKeysItem)) }).toEqual({ p1: 'key-1' });

    await setItem(settingsItem, 'not settings' as never);
    expect(await getItem(settingsItem)).toEqual(defaultSettings());
  });

  it('leaves the value as stored to getStored: older settings stay readable for their migration', async () => {
    const v0 = { serverUrl: 'https://sho.rt', apiKey: 'k' };
    await setItem(settingsItem, v0 as never);
    expect(await getStored(settingsItem)).toEqual(v0);
    expect((await getItem(settingsItem)).version).toBe(SETTINGS_VERSION);
  });

  it('writes several items of one area in one storage call', async () => {
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    await setItems([settingsItem.entry(defaultSettings()), apiKeysItem.entry({ p1: 'k' })]);
    expect(set).toHaveBeenCalledOnce();
    expect(await getItem(apiKeysItem)).toEqual({ p1: 'k' });
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
  const mark = (at: number) => ({ at, knownIds: [1], maxKnownId: 3 });

  it('reads, writes and removes one entry by id, under the family prefix, read as it reads', async () => {
    await setEntry(uncertainFamily, 'k1', mark(1));
    await setEntry(uncertainFamily, 'k2', mark(2));
    expect(await fakeBrowser.storage.session.get(null)).toEqual({
      'uncertain-create:k1': mark(1),
      'uncertain-create:k2': mark(2),
    });
    expect(await getEntry(uncertainFamily, 'k1')).toEqual(mark(1));
    await removeEntry(uncertainFamily, 'k1');
    expect(await getEntry(uncertainFamily, 'k1')).toBeNull();
    expect(await getEntry(uncertainFamily, 'k2')).toEqual(mark(2));
    await fakeBrowser.storage.session.set({ 'uncertain-create:k3': { at: 'now' } });
    expect(await getEntry(uncertainFamily, 'k3')).toBeNull();
  });

  it('removes the expired (and unreadable) entries of a family, and nothing else', async () => {
    await fakeBrowser.storage.session.set({
      'uncertain-create:old': mark(1),
      'uncertain-create:new': mark(9),
      'uncertain-create:damaged': 'x',
      'shortened:old': { at: 1 },
      [rateLimitWaitItem.key]: WAIT,
    });
    await removeExpired(uncertainFamily, (value) => value.at < 5);
    expect(Object.keys(await fakeBrowser.storage.session.get(null)).sort()).toEqual([
      rateLimitWaitItem.key,
      'shortened:old',
      'uncertain-create:new',
    ]);
  });
});
