/**
 * Older releases kept each profile's links as one value in another database. A file of its own, so
 * the new database does not exist yet when the test starts, as on the first start after an update.
 * Version 2 of the database (one record per link, the mirror's state) is kept by the upgrade that
 * adds the click histories.
 */
import { promisifyRequest } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clickHistory,
  expiringLinks,
  getCachedLinks,
  getMirrorState,
  linksForPage,
  type MirrorState,
  putMirrorPage,
} from '@/lib/links/cache';
import {
  cachedLink,
  type FakeServer,
  fakeServer,
  seedProfile,
  sendFromPopup,
  startBackground,
  stubBrowserApis,
} from '../../background/helpers';

describe('the database of older releases', () => {
  let server: FakeServer;

  beforeEach(() => {
    stubBrowserApis();
    server = fakeServer();
  });

  it('is dropped, and the next refresh fetches as if nothing were cached', async () => {
    const profile = await seedProfile();
    // Older releases kept each profile's links as one value, fresh by its own clock.
    const old = await promisifyRequest(
      Object.assign(indexedDB.open('shortlink-cache'), {
        onupgradeneeded(this: IDBOpenDBRequest) {
          this.result.createObjectStore('kv');
        },
      }),
    );
    await promisifyRequest(
      old
        .transaction('kv', 'readwrite')
        .objectStore('kv')
        .put(
          { v: 1, fetchedAt: Date.now(), links: [cachedLink(1, 'https://a.example/')] },
          `links:${profile.id}`,
        ),
    );
    old.close();
    // Started after: the worker opens (and upgrades) the link cache as it starts.
    startBackground(server);
    server.state.links.push({
      id: 41,
      alias: 'x',
      shorturl: 'https://sho.rt/x',
      longurl: 'https://x.example/',
      title: 'X',
      date: '2030-02-02 02:02:02',
    });

    const reply = await sendFromPopup('refresh', {});

    expect(reply).toMatchObject({ ok: true, data: { links: [{ id: 41 }] } });
    expect(server.calls.map((c) => c.path)).toContain('/api/urls?limit=50&order=date');
    expect((await getCachedLinks(profile.id)).links.map((l) => l.id)).toEqual([41]);
    const names = (await indexedDB.databases()).map((d) => d.name);
    expect(names).not.toContain('shortlink-cache');
  });

  it('keeps version 2’s links and mirror state when it adds the click histories and the expiry index, and keys each link by its page', async () => {
    // The test above opened the current database: this one starts over from a version 2 database.
    await promisifyRequest(indexedDB.deleteDatabase('shortlink-links'));
    const profileId = 'kept';
    const mirror: MirrorState = {
      phase: 'idle',
      page: 1,
      total: 1,
      done: 1,
      passStartedAt: 10,
      rereads: 0,
      syncedAt: 20,
      nextSweepAt: 30,
      error: null,
      failures: 0,
    };
    const v2 = await promisifyRequest(
      Object.assign(indexedDB.open('shortlink-links', 2), {
        onupgradeneeded(this: IDBOpenDBRequest) {
          const links = this.result.createObjectStore('links', { keyPath: ['profileId', 'id'] });
          links.createIndex('date', ['profileId', 'date', 'id']);
          links.createIndex('url', ['profileId', 'urlKey']);
          links.createIndex('seen', ['profileId', 'seenAt']);
          this.result.createObjectStore('meta', { keyPath: 'profileId' });
        },
      }),
    );
    const link = cachedLink(7, 'https://kept.example/');
    const tx = v2.transaction(['links', 'meta'], 'readwrite');
    tx.objectStore('links').put({ ...link, profileId, urlKey: 'https://kept.example', seenAt: 15 });
    tx.objectStore('meta').put({
      profileId,
      fetchedAt: 5,
      lists: { fetchedAt: 0, campaigns: [], channels: [] },
      mirror,
    });
    await promisifyRequest(tx);
    v2.close();

    expect((await getCachedLinks(profileId)).links).toEqual([link]);
    // Version 4 keys the url index by page: the record written by version 2 is found by its page.
    expect((await linksForPage(profileId, 'https://kept.example/?utm_source=x')).map((l) => l.id)).toEqual([
      7,
    ]);
    expect(await getMirrorState(profileId)).toEqual(mirror);
    expect(await putMirrorPage(profileId, [{ ...link, clicks: 8 }], mirror, Date.now(), 10)).toBe(true);
    expect(await clickHistory(profileId, 7)).toMatchObject([{ clicks: 8 }]);
    expect(await expiringLinks(profileId, '2000-01-01 00:00:00', '2100-01-01 00:00:00')).toEqual([]);
  });
});
