// @vitest-environment node
/**
 * The link mirror against the real reference server over loopback, seeded with 10,000 links. Each
 * "worker" is a mirror with its own clients over the same storage and IndexedDB; its rate limiter and
 * the mirror run on a clock the test moves, and the server's rate limit on the same clock, so windows
 * pass without waiting. Every wait is on a condition.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type Clients, createClients } from '@/entrypoints/background/clients';
import { createMirror, type Mirror } from '@/entrypoints/background/mirror';
import { dayNumber } from '@/lib/dates';
import {
  type CachedLink,
  clearProfileCache,
  clickHistory,
  getCachedLinks,
  getMirrorState,
  type MirrorState,
} from '@/lib/links/cache';
import { defaultSettings, emptyDefaults, type Profile } from '@/lib/settings/schema';
import { apiKeysItem, getItem, settingsItem } from '@/lib/storage/items';
import { manualClock } from '@/scripts/bench/manual-clock';
import { type ReferenceServer, startReferenceServer } from '../../server/server';
import { createLink, type LinkRecord } from '../../server/store';
import { stubBrowserApis } from './helpers';

const HOUR = 3_600_000;

/** 10,000 links a second apart, the newest first as the server lists them. */
function seedLinks(ref: ReferenceServer, count: number, firstId = 1): void {
  const base = Date.UTC(2030, 0, 1);
  ref.store.links = Array.from({ length: count }, (_, i) => {
    const id = firstId + i;
    return createLink({
      id,
      alias: `l${id}`,
      longurl: `https://site.example/page/${id}`,
      title: `Page ${id}`,
      clicks: id % 17,
      date: new Date(base + id * 1000).toISOString().replace('T', ' ').slice(0, 19),
    });
  });
}

/** The server's links as the mirror must hold them. */
function serverLinks(ref: ReferenceServer): Pick<CachedLink, 'id' | 'title' | 'clicks' | 'longUrl'>[] {
  return ref.store.links
    .map((link: LinkRecord) => ({
      id: link.id,
      title: link.title,
      clicks: link.clicks,
      longUrl: link.longurl,
    }))
    .sort((a, b) => a.id - b.id);
}

async function mirrored(profileId: string) {
  const { links } = await getCachedLinks(profileId);
  return links
    .map(({ id, title, clicks, longUrl }) => ({ id, title, clicks, longUrl }))
    .sort((a, b) => a.id - b.id);
}

const listRequests = (ref: ReferenceServer) =>
  ref.requests.filter((r) => r.method === 'GET' && r.path === '/api/urls');

async function saveProfiles(entries: { ref: ReferenceServer; id?: string }[]): Promise<Profile[]> {
  const profiles = entries.map(({ ref, id }) => ({
    id: id ?? crypto.randomUUID(),
    name: 'Work',
    serverUrl: ref.url,
    defaults: emptyDefaults(),
  }));
  await fakeBrowser.storage.local.set({
    ...settingsItem.entry({ ...defaultSettings(), profiles, activeProfileId: profiles[0]?.id ?? null }),
    ...apiKeysItem.entry(Object.fromEntries(profiles.map((p, i) => [p.id, entries[i]!.ref.apiKey]))),
  });
  return profiles;
}

interface Worker {
  clients: Clients;
  mirror: Mirror;
  /** Stops this worker: its answers in flight and its later requests never arrive. */
  stop(): void;
  /** Times (on the test's clock) of the list requests this worker sent. */
  sent: number[];
}

let ref: ReferenceServer;
let time: ReturnType<typeof manualClock>;

/** A worker: clients and mirror over the shared storage, on the test's clock, started and listening. */
async function startWorker(): Promise<Worker> {
  let stopped = false;
  const sent: number[] = [];
  const never = new Promise<never>(() => undefined);
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    if (stopped) return never;
    if (String(input).includes('/api/urls')) sent.push(time.now());
    const answer = await globalThis.fetch(input, init);
    return stopped ? never : answer;
  };
  // Refused reads are not sent again here: a 429 reaches the mirror at once, as after its retries.
  const clients = createClients({ fetch, now: time.now, limiter: { clock: time.clock, readRetries: 0 } });
  const mirror = createMirror({ clients, now: time.now, startDelayMs: 0 });
  mirror.register();
  await mirror.start();
  const stop = () => {
    stopped = true;
  };
  return { clients, mirror, sent, stop };
}

const state = (profileId: string) => getMirrorState(profileId);

/**
 * Fires the profile's alarm a second after its time, as the browser does (a rate limiter waits a
 * margin past a window's end); does not wait for the pass it starts.
 */
async function fireAlarm(profileId: string): Promise<void> {
  const alarm = await fakeBrowser.alarms.get(`mirror-sync:${profileId}`);
  expect(alarm).toBeDefined();
  time.advance(Math.max(0, (alarm?.scheduledTime ?? 0) - time.now()) + 1_000);
  void fakeBrowser.alarms.onAlarm.trigger(alarm!);
}

/** Waits until the profile's stored cursor is past `page`. */
async function untilPast(profileId: string, page: number): Promise<void> {
  await vi.waitFor(async () => expect((await state(profileId))?.page).toBeGreaterThan(page), {
    timeout: 30_000,
    interval: 5,
  });
}

/** A reference server with no links and a plan far above what a test sends, on the test's clock. */
const startServer = () =>
  startReferenceServer({ port: 0, seed: false, rateLimit: 100_000, now: () => time.now() });

async function untilIdle(profileId: string): Promise<MirrorState> {
  return vi.waitFor(
    async () => {
      const current = await state(profileId);
      expect(current).toMatchObject({ phase: 'idle', error: null });
      return current!;
    },
    { timeout: 60_000, interval: 20 },
  );
}

beforeAll(async () => {
  time = manualClock(Date.now());
  ref = await startServer();
});

afterAll(async () => {
  await ref.close();
});

beforeEach(() => {
  ref.reset();
  ref.setRateLimit(100_000);
  seedLinks(ref, 10_000);
  stubBrowserApis();
  vi.unstubAllGlobals();
});

describe('first sync', () => {
  it('mirrors all 10,000 links exactly, 100 a request, newest first, one pass at a time, then waits 6 hours for a sweep', async () => {
    const [profile] = await saveProfiles([{ ref }]);
    const worker = await startWorker();
    // A minute after the profile was saved: the user's own first requests go first.
    const first = await fakeBrowser.alarms.get(`mirror-sync:${profile!.id}`);
    expect(first?.scheduledTime).toBe(time.now() + 60_000);
    expect(listRequests(ref)).toEqual([]);
    await fireAlarm(profile!.id);
    // Sync now and a second alarm while it runs join the pass under way.
    void worker.mirror.sync(profile!.id, true);
    void fakeBrowser.alarms.onAlarm.trigger(first!);
    const done = await untilIdle(profile!.id);

    expect(await mirrored(profile!.id)).toEqual(serverLinks(ref));
    const requests = listRequests(ref);
    expect(requests).toHaveLength(100);
    expect(requests.map((r) => r.query)).toEqual(
      Array.from({ length: 100 }, (_, i) => ({ limit: '100', page: String(i + 1), order: 'date' })),
    );
    expect(done).toMatchObject({ total: 10_000, done: 10_000, syncedAt: time.now() });
    expect(done.nextSweepAt).toBe(done.syncedAt + 6 * HOUR);
    expect((await fakeBrowser.alarms.get(`mirror-sync:${profile!.id}`))?.scheduledTime).toBe(
      done.nextSweepAt,
    );
  });

  it('resumes at the page it had not stored after the worker stopped mid-page, nothing twice', async () => {
    const [profile] = await saveProfiles([{ ref }]);
    const first = await startWorker();
    void first.mirror.sync(profile!.id);
    await untilPast(profile!.id, 30);
    first.stop();

    const second = await startWorker();
    await untilIdle(profile!.id);
    expect(await mirrored(profile!.id)).toEqual(serverLinks(ref));
    // The new worker starts at the stored cursor: every page read, the one in flight at most twice.
    expect(second.sent.length).toBeGreaterThan(0);
    const pages = listRequests(ref).map((r) => Number(r.query.page));
    expect(new Set(pages)).toEqual(new Set(Array.from({ length: 100 }, (_, i) => i + 1)));
    expect(pages.length).toBeLessThanOrEqual(101);
  });

  it.each([
    ['a 429', { kind: 'status', status: 429 } as const, 'rate_limited'],
    ['a 503', { kind: 'status', status: 503 } as const, 'server'],
    // A GET whose connection dropped is sent once more at once: both fail in an outage.
    ['an outage', { kind: 'drop', times: 2 } as const, 'network'],
  ])('after %s keeps its cursor, says why, and resumes there at the alarm', async (_, fault, kind) => {
    const [profile] = await saveProfiles([{ ref }]);
    const worker = await startWorker();
    void worker.mirror.sync(profile!.id);
    await untilPast(profile!.id, 20);
    ref.setFault({ times: 1, ...fault, match: 'GET /api/urls' });
    const failed = await vi.waitFor(
      async () => {
        const current = await state(profile!.id);
        expect(current?.error).not.toBeNull();
        return current!;
      },
      { timeout: 30_000, interval: 5 },
    );
    expect(failed).toMatchObject({ phase: 'first', error: { kind } });
    expect(failed.nextSweepAt).toBeGreaterThan(time.now());
    const before = worker.sent.length;

    await fireAlarm(profile!.id);
    await untilIdle(profile!.id);
    expect(await mirrored(profile!.id)).toEqual(serverLinks(ref));
    // From the failed page on: one request a page, the failed one again.
    expect(worker.sent.length - before).toBe(100 - failed.page + 1);
    expect(await state(profile!.id)).toMatchObject({ failures: 0, error: null });
  });

  it('skips no link when links are created and deleted on the server while it runs', async () => {
    const [profile] = await saveProfiles([{ ref }]);
    const worker = await startWorker();
    void worker.mirror.sync(profile!.id);
    await untilPast(profile!.id, 10);
    // Among the links already read: 150 deleted move every later page up, 30 new ones move it down.
    const atStart = new Set(ref.store.links.map((l) => l.id));
    ref.store.links = ref.store.links.filter((l) => l.id < 9_500 || l.id >= 9_650);
    for (let i = 0; i < 30; i++) {
      const id = 20_000 + i;
      ref.store.links.push(
        createLink({
          id,
          alias: `n${id}`,
          longurl: `https://new.example/${id}`,
          date: '2031-01-01 00:00:00',
        }),
      );
    }
    await untilIdle(profile!.id);

    const held = new Set((await mirrored(profile!.id)).map((l) => l.id));
    const missed = ref.store.links.filter((l) => atStart.has(l.id) && !held.has(l.id));
    expect(missed).toEqual([]);
  });
});

describe('sweep', () => {
  it('brings edits and clicks, and drops the links gone from the server, after a complete pass only', async () => {
    const [profile] = await saveProfiles([{ ref }]);
    const worker = await startWorker();
    await fireAlarm(profile!.id);
    await untilIdle(profile!.id);

    for (const link of ref.store.links.slice(0, 50)) link.title = `Edited ${link.id}`;
    for (const link of ref.store.links.slice(5_000, 5_100)) link.clicks += 1_000;
    ref.store.links = ref.store.links.filter((l) => l.id % 100 !== 0);
    ref.store.links.push(
      createLink({
        id: 30_000,
        alias: 'late',
        longurl: 'https://late.example/',
        date: '2031-02-01 00:00:00',
      }),
    );

    // An interrupted sweep deletes nothing.
    await fireAlarm(profile!.id);
    await untilPast(profile!.id, 40);
    worker.stop();
    expect((await mirrored(profile!.id)).length).toBeGreaterThanOrEqual(10_000);

    const next = await startWorker();
    const swept = await untilIdle(profile!.id);
    expect(await mirrored(profile!.id)).toEqual(serverLinks(ref));
    expect(swept.total).toBe(9_901);
    expect(next.sent.length).toBeGreaterThan(0);
  });

  it('records each link’s clicks a point a day: the day’s last count wins, a new day adds one, a deleted link’s history goes', async () => {
    const [profile] = await saveProfiles([{ ref }]);
    const id = profile!.id;
    const worker = await startWorker();
    await fireAlarm(id);
    await untilIdle(id);
    const first = dayNumber(time.now());
    const busy = ref.store.links.find((l) => l.id === 5_000)!;
    const before = busy.clicks;
    expect(await clickHistory(id, 5_000)).toEqual([{ day: first, clicks: before }]);

    // A sweep the same day: its count replaces the day's.
    busy.clicks += 5;
    await worker.mirror.sync(id, true);
    expect(await clickHistory(id, 5_000)).toEqual([{ day: first, clicks: before + 5 }]);

    // The next day: a point more; a link deleted on the server leaves with its history.
    time.advance(24 * HOUR);
    const next = dayNumber(time.now());
    busy.clicks += 7;
    ref.store.links = ref.store.links.filter((l) => l.id !== 4_000);
    await worker.mirror.sync(id, true);
    expect(await clickHistory(id, 5_000)).toEqual([
      { day: first, clicks: before + 5 },
      { day: next, clicks: before + 12 },
    ]);
    expect(await clickHistory(id, 4_000)).toEqual([]);
    const idle = ref.store.links.find((l) => l.id === 17)!;
    expect(await clickHistory(id, 17)).toEqual([
      { day: first, clicks: idle.clicks },
      { day: next, clicks: idle.clicks },
    ]);
  });
});

describe('profiles', () => {
  it('never mixes two profiles, and a deleted profile’s mirror is gone with it', async () => {
    const other = await startServer();
    try {
      other.store.links = [
        createLink({ id: 1, alias: 'o1', longurl: 'https://other.example/1', date: '2030-06-01 00:00:00' }),
        createLink({ id: 2, alias: 'o2', longurl: 'https://other.example/2', date: '2030-06-02 00:00:00' }),
      ];
      const [work, home] = await saveProfiles([{ ref }, { ref: other }]);
      await startWorker();
      await Promise.all([fireAlarm(work!.id), fireAlarm(home!.id)]);
      await Promise.all([untilIdle(work!.id), untilIdle(home!.id)]);
      expect(await mirrored(work!.id)).toEqual(serverLinks(ref));
      expect(await mirrored(home!.id)).toEqual(serverLinks(other));

      // Deleted as profiles.ts deletes it: the settings first, then its cache.
      const settings = await getItem(settingsItem);
      await fakeBrowser.storage.local.set(
        settingsItem.entry({ ...settings, profiles: settings.profiles.filter((p) => p.id !== home!.id) }),
      );
      await clearProfileCache(home!.id);
      await vi.waitFor(async () =>
        expect(await fakeBrowser.alarms.get(`mirror-sync:${home!.id}`)).toBeUndefined(),
      );
      expect(await mirrored(home!.id)).toEqual([]);
      expect(await state(home!.id)).toBeNull();
      expect(await mirrored(work!.id)).toHaveLength(10_000);
    } finally {
      await other.close();
    }
  });

  it('starts over when its profile moves to another server mid-pass, keeping nothing of the first', async () => {
    const other = await startServer();
    try {
      other.store.links = [
        createLink({ id: 5, alias: 'm5', longurl: 'https://moved.example/5', date: '2030-06-01 00:00:00' }),
      ];
      const [profile] = await saveProfiles([{ ref }]);
      const worker = await startWorker();
      const first = worker.mirror.sync(profile!.id);
      await untilPast(profile!.id, 5);
      // As profiles.ts saves a new server: the settings, then the old server's links are dropped.
      await saveProfiles([{ ref: other, id: profile!.id }]);
      await clearProfileCache(profile!.id);
      await first;
      await fireAlarm(profile!.id);
      await untilIdle(profile!.id);
      expect(await mirrored(profile!.id)).toEqual(serverLinks(other));
    } finally {
      await other.close();
    }
  });

  it('stops when turned off and writes nothing more; keeps what it stored', async () => {
    const [profile] = await saveProfiles([{ ref }]);
    const worker = await startWorker();
    void worker.mirror.sync(profile!.id);
    await untilPast(profile!.id, 5);
    const settings = await getItem(settingsItem);
    await fakeBrowser.storage.local.set(
      settingsItem.entry({ ...settings, behaviour: { ...settings.behaviour, mirror: false } }),
    );
    await vi.waitFor(async () =>
      expect(await fakeBrowser.alarms.get(`mirror-sync:${profile!.id}`)).toBeUndefined(),
    );
    await worker.mirror.sync(profile!.id);
    const sent = worker.sent.length;
    const kept = (await mirrored(profile!.id)).length;
    expect(kept).toBeGreaterThan(0);
    await worker.mirror.sync(profile!.id, true);
    expect(worker.sent.length).toBe(sent);
    expect((await mirrored(profile!.id)).length).toBe(kept);
  });
});

describe('refresh', () => {
  it('reads the newest pages down to a known link, so links made elsewhere join at once', async () => {
    const [profile] = await saveProfiles([{ ref }]);
    const worker = await startWorker();
    await fireAlarm(profile!.id);
    await untilIdle(profile!.id);
    for (let i = 0; i < 120; i++) {
      const id = 40_000 + i;
      ref.store.links.push(
        createLink({
          id,
          alias: `e${id}`,
          longurl: `https://elsewhere.example/${id}`,
          date: '2031-03-01 00:00:00',
        }),
      );
    }
    const active = await worker.clients.forProfile(profile!.id, 'background');
    const first = await active.client.listLinks({ limit: 50, order: 'date' });
    const more = await worker.mirror.catchUp(active, first, 50);
    const ids = new Set([...first.items, ...more].map((l) => l.id));
    expect([...Array(120).keys()].every((i) => ids.has(40_000 + i))).toBe(true);
    // Three pages of 50 reach the known links: no more.
    expect(more).toHaveLength(100);
  });
});

describe('rate-limit share', () => {
  it('takes at most 10 of each window of 30, and the user’s request during the sync does not wait', async () => {
    ref.setRateLimit(30);
    seedLinks(ref, 2_500);
    const [profile] = await saveProfiles([{ ref }]);
    const worker = await startWorker();
    void worker.mirror.sync(profile!.id);
    const windowStart = time.now();
    const perWindow = () => {
      const counts: number[] = [];
      for (const at of worker.sent) {
        const w = Math.floor((at - windowStart) / 60_000);
        counts[w] = (counts[w] ?? 0) + 1;
      }
      return counts;
    };
    await vi.waitFor(() => expect(perWindow()).toEqual([10]), { timeout: 30_000, interval: 5 });
    // Its share spent, the user's own request goes at once.
    const user = await worker.clients.forProfile(profile!.id, 'user');
    await expect(user.client.getAccount()).resolves.toMatchObject({ id: expect.any(Number) });

    for (let w = 1; w < 3; w++) {
      // The server says when its window ends in whole seconds; the limiter waits a margin past it.
      time.advance(61_000);
      await vi.waitFor(() => expect(perWindow()[w]).toBe(w < 2 ? 10 : 5), { timeout: 30_000, interval: 5 });
    }
    await untilIdle(profile!.id);
    expect(perWindow()).toEqual([10, 10, 5]);
    expect(await mirrored(profile!.id)).toEqual(serverLinks(ref));
  });
});
