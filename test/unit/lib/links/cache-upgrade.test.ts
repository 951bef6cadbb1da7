/**
 * Older releases kept each profile's links as one value in another database. A file of its own, so
 * the new database does not exist yet when the test starts, as on the first start after an update.
 */
import { promisifyRequest } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { getCachedLinks } from '@/lib/links/cache';
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
    startBackground(server);
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
});
