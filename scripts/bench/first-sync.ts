/**
 * The link mirror's first sync of 10,000 links, simulated in Node: the real mirror, clients and rate
 * limiter (entrypoints/background/mirror.ts, clients.ts, lib/api/rate-limiter.ts) against the
 * reference server over loopback, with wxt's fake browser storage and fake-indexeddb, all on a clock
 * this file moves, so ten minutes of rate-limit windows take seconds:
 *
 *   const sync = await simulateFirstSync();   // requests, the busiest minute, a create during it and without
 *   const { rows, notes } = firstSyncRows(sync);
 *
 * The server's rate limit (30 a minute) runs on the same clock. A user's create is timed in real
 * milliseconds while the clock stands still: a create the limiter held back would not answer at all.
 */
// IndexedDB in memory for this Node process: the bench's own process has none otherwise.
import 'fake-indexeddb/auto';
import { manualClock } from './manual-clock';
import type { Row } from './report';
import { ms, yes } from './report';
import { summarize } from './stats';

const LINKS = 10_000;
const CREATES = 5;
/** The sync's share of a window of 30 (mirror.ts): the busiest minute's goal. */
const BUSIEST_MINUTE_GOAL = 10;
/** A step of the simulated clock, once nothing is in flight. */
const STEP_MS = 5_000;
/** A create that has not answered in this much real time is waiting for the simulated clock. */
const HELD_MS = 5_000;

/** What the simulation found. */
export interface FirstSync {
  links: number;
  requests: number;
  busiestMinute: number;
  simulatedMs: number;
  /** Real ms of each user create while the sync had spent its share of the window, and with no sync. */
  createDuring: number[];
  createWithout: number[];
  /** Links mirrored at the end, and links the server had then (the creates added some). */
  mirrored: number;
  onServer: number;
}

const realSleep = (wait: number) => new Promise((resolve) => setTimeout(resolve, wait));

/** Runs the simulation: a profile on a reference server with LINKS links, its first sync to the end. */
export async function simulateFirstSync(): Promise<FirstSync> {
  // The browser this code expects, for this process only: storage and alarms in memory.
  const { fakeBrowser } = await import('wxt/testing/fake-browser');
  Object.assign(fakeBrowser, { i18n: { getMessage: (name: string) => name, getUILanguage: () => 'en' } });
  // Every host granted, and never removed (the clients listen for removals).
  const never = { addListener: () => undefined, removeListener: () => undefined };
  Object.assign(fakeBrowser.permissions, { contains: async () => true, onRemoved: never, onAdded: never });
  Object.assign(globalThis, { browser: fakeBrowser, chrome: fakeBrowser });
  const { startReferenceServer } = await import('../../test/server/server');
  const { createLink } = await import('../../test/server/store');
  const { createClients } = await import('@/entrypoints/background/clients');
  const { createMirror } = await import('@/entrypoints/background/mirror');
  const { countLinks, getMirrorState } = await import('@/lib/links/cache');
  const { defaultSettings, emptyDefaults } = await import('@/lib/settings/schema');
  const { apiKeysItem, settingsItem } = await import('@/lib/storage/items');

  const time = manualClock(Date.UTC(2030, 0, 1));
  const ref = await startReferenceServer({ port: 0, seed: false, rateLimit: 30, now: time.now });
  try {
    // Ids from the store's own counter, so the creates below get new ones.
    ref.store.links = Array.from({ length: LINKS }, (_, i) => {
      const id = ref.store.nextId('links');
      return createLink({
        id,
        alias: `l${id}`,
        longurl: `https://site.example/page/${id}`,
        title: `Page ${id}`,
        date: new Date(Date.UTC(2029, 0, 1) + i * 60_000).toISOString().replace('T', ' ').slice(0, 19),
      });
    });
    const profile = { id: 'bench-sync', name: 'Bench', serverUrl: ref.url, defaults: emptyDefaults() };
    await fakeBrowser.storage.local.set({
      ...settingsItem.entry({ ...defaultSettings(), profiles: [profile], activeProfileId: profile.id }),
      ...apiKeysItem.entry({ [profile.id]: ref.apiKey }),
    });

    const sent: number[] = [];
    let inFlight = 0;
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/api/urls')) sent.push(time.now());
      inFlight++;
      try {
        return await globalThis.fetch(input, init);
      } finally {
        inFlight--;
      }
    };
    const clients = createClients({ fetch, now: time.now, limiter: { clock: time.clock } });
    const user = async () => (await clients.forProfile(profile.id, 'user')).client;
    const creates = async (label: string) => {
      const took: number[] = [];
      for (let i = 0; i < CREATES; i++) {
        const client = await user();
        const start = performance.now();
        const made = client.addLink({ url: `https://made.example/${label}/${i}` });
        const held = await Promise.race([made.then(() => false), realSleep(HELD_MS).then(() => true)]);
        if (held) throw new Error(`A user's create ${label} waited for the rate limit's window`);
        took.push(performance.now() - start);
      }
      return took;
    };

    const createWithout = await creates('without');
    // The creates used part of this window: the sync starts in a fresh one.
    time.advance(61_000);
    const mirror = createMirror({ clients, now: time.now, startDelayMs: 0 });
    mirror.register();
    await mirror.start();
    const started = time.now();
    void mirror.sync(profile.id, true);
    let createDuring: number[] = [];
    for (;;) {
      const state = await getMirrorState(profile.id);
      if (state?.phase === 'idle' && state.syncedAt > 0) break;
      if (inFlight > 0) {
        await realSleep(2);
        continue;
      }
      // Halfway, once the sync spent its share of the window: the user's creates must not wait.
      if (createDuring.length === 0 && sent.length >= LINKS / 200) createDuring = await creates('during');
      await realSleep(10);
      if (inFlight === 0) time.advance(STEP_MS);
      if (time.now() - started > 60 * 60_000) throw new Error('The simulated first sync took over an hour');
    }
    const perMinute = new Map<number, number>();
    for (const at of sent) {
      const minute = Math.floor((at - started) / 60_000);
      perMinute.set(minute, (perMinute.get(minute) ?? 0) + 1);
    }
    return {
      links: LINKS,
      requests: sent.length,
      busiestMinute: Math.max(...perMinute.values()),
      simulatedMs: time.now() - started,
      createDuring,
      createWithout,
      mirrored: await countLinks(profile.id),
      onServer: ref.store.links.length,
    };
  } finally {
    await ref.close();
  }
}

/** The bench's rows and notes for a simulated first sync. */
export function firstSyncRows(sync: FirstSync): { rows: Row[]; notes: string[] } {
  const during = summarize(sync.createDuring);
  const without = summarize(sync.createWithout);
  return {
    rows: [
      {
        measure: `Mirror's first sync of ${sync.links.toLocaleString('en-US')} links (simulated time, in Node): requests; the busiest minute's sync requests; simulated duration`,
        result: `${sync.requests} requests; busiest minute ${sync.busiestMinute}; ${(sync.simulatedMs / 60_000).toFixed(1)} simulated min; ${sync.mirrored.toLocaleString('en-US')} of ${sync.onServer.toLocaleString('en-US')} links mirrored`,
        goal: `busiest minute ≤ ${BUSIEST_MINUTE_GOAL}; every link mirrored`,
        baseline: '—',
        noise: 'exact',
        met: yes(sync.busiestMinute <= BUSIEST_MINUTE_GOAL && sync.mirrored === sync.onServer),
      },
      {
        measure: `A user's create during that first sync, its share of the window spent (simulated time, in Node; real ms over loopback), median of ${during.n}`,
        result: `${ms(during.median)}; none held for the window`,
        goal: 'as fast as without a sync',
        baseline: `without a sync: ${ms(without.median)}`,
        noise: `${during.iqrPercent.toFixed(0)}% / without ${without.iqrPercent.toFixed(0)}%`,
        met: yes(during.median <= without.median * 1.5 + 2),
      },
    ],
    notes: [
      `First sync (simulated time): scripts/bench/first-sync.ts runs the real mirror, clients and rate limiter in Node against the reference server (30 requests a minute, on the same clock) with ${sync.links.toLocaleString('en-US')} links, fake browser storage and fake-indexeddb; the clock moves 5 s at a time once no request is in flight, so minutes pass in seconds. The user's creates (POST /api/url/add at the user's priority) are timed in real milliseconds while the clock stands still, after the sync spent its share of the window and before the sync; a create the limiter held back for the window would never answer and fail the run.`,
    ],
  };
}
