/**
 * The link cache opened before a page's app starts (the popup's first reads): a file of its own, each
 * test with a fresh copy of the module, as each page has.
 */
import { promisifyRequest } from 'idb-keyval';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

const NAME = 'shortlink-links';
const cacheModule = () => import('@/lib/links/cache');

async function databaseVersion(): Promise<number | undefined> {
  return (await indexedDB.databases()).find((d) => d.name === NAME)?.version;
}

/** A version 3 database, as an older release left it. */
async function versionThree(): Promise<void> {
  const old = await promisifyRequest(
    Object.assign(indexedDB.open(NAME, 3), {
      onupgradeneeded(this: IDBOpenDBRequest) {
        const links = this.result.createObjectStore('links', { keyPath: ['profileId', 'id'] });
        links.createIndex('date', ['profileId', 'date', 'id']);
        links.createIndex('url', ['profileId', 'urlKey']);
        links.createIndex('seen', ['profileId', 'seenAt']);
        links.createIndex('expiry', ['profileId', 'expiry']);
        this.result.createObjectStore('meta', { keyPath: 'profileId' });
        this.result.createObjectStore('clicks', { keyPath: ['profileId', 'id'] });
      },
    }),
  );
  old.close();
}

beforeEach(async () => {
  vi.resetModules();
  await promisifyRequest(indexedDB.deleteDatabase(NAME));
});

describe('the link cache opened early', () => {
  it('creates no database: where there is none, the page’s own open creates it', async () => {
    const cache = await cacheModule();
    const early = cache.openCacheEarly();
    expect(await early).toBeNull();
    expect(await databaseVersion()).toBeUndefined();

    cache.openCache(early);
    await cache.putCachedLinks('p', [], Date.now());
    expect(await cache.recentLinks('p', 5)).toEqual([]);
    expect(await databaseVersion()).toBe(4);
  });

  it('is the connection the page reads through where the database is current', async () => {
    const first = await cacheModule();
    await first.putCachedLinks(
      'p',
      [
        {
          id: 1,
          alias: 'a',
          shortUrl: 'https://sho.rt/a',
          longUrl: 'https://a.example/',
          title: 'A',
          description: '',
          clicks: 0,
          date: '2031-01-01 00:00:00',
        },
      ],
      Date.now(),
    );
    vi.resetModules();
    const cache = await cacheModule();
    const opened = vi.spyOn(indexedDB, 'open');
    const early = cache.openCacheEarly();
    expect(await early).not.toBeNull();

    cache.openCache(early);
    expect((await cache.recentLinks('p', 5)).map((l) => l.id)).toEqual([1]);
    expect(opened).toHaveBeenCalledOnce();
  });

  it('is left to the page where the database needs an upgrade: the start script reads nothing', async () => {
    await versionThree();
    vi.stubGlobal('browser', fakeBrowser);
    await fakeBrowser.storage.local.set({ settings: { activeProfileId: 'p' } });
    // The reads and the page each with their own copy of the modules: the harder case (the popup's
    // script shares one copy; its reads were once a file of their own).
    (await import('@/entrypoints/popup/first-reads')).startFirstReads('?url=https%3A%2F%2Fa.example%2F');
    vi.resetModules();
    const page = await import('@/entrypoints/popup/first-reads');
    const cache = await cacheModule();
    const reads = page.takeFirstReads({
      local: fakeBrowser.storage.local,
      session: fakeBrowser.storage.session,
      tabs: fakeBrowser.tabs,
    })!;

    expect(await reads.links).toBeNull();
    expect(await databaseVersion()).toBe(3);
    cache.openCache(reads.cache);
    expect(await cache.recentLinks('p', 5)).toEqual([]);
    expect(await databaseVersion()).toBe(4);
    vi.unstubAllGlobals();
  });

  it('gives way to the page’s own open where the database needs an upgrade', async () => {
    await versionThree();
    const cache = await cacheModule();
    const early = cache.openCacheEarly();
    expect(await early).toBeNull();
    expect(await databaseVersion()).toBe(3);

    cache.openCache(early);
    expect(await cache.recentLinks('p', 5)).toEqual([]);
    expect(await databaseVersion()).toBe(4);
  });
});
