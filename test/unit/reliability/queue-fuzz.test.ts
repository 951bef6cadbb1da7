/**
 * Fuzzing the outage queue: random interleavings of creates from the menu, server failures of every
 * kind (refused, 5xx, unreadable answers, answers lost after the link was made, refusals of the
 * input), worker restarts, profile switches and alarms. Then the servers recover and the alarms run
 * until nothing is due. Invariant: every create asked for is made exactly once, on the server of the
 * profile it was asked on, or has failed visibly (a notification at once, or an entry left `failed`
 * in the queue); none is lost, none made twice, none sent to the other profile's server.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '@/entrypoints/background';
import { defaultSettings, emptyDefaults } from '@/lib/settings/schema';
import { apiKeysItem, settingsItem } from '@/lib/storage/items';
import {
  type FakeServer,
  fakeServer,
  GOOD_KEY,
  queuedRows,
  restartWorker,
  settle,
  stubBrowserApis,
} from '../background/helpers';
import { fakeI18n } from '../i18n/fake-i18n';

type Fault = 'none' | 'network' | 'server' | 'unreadable' | 'lost' | 'refused';

type Step =
  | { kind: 'create' }
  | { kind: 'fault'; server: 0 | 1; fault: Fault }
  | { kind: 'restart' }
  | { kind: 'switch' }
  | { kind: 'alarm' };

const fault = fc.constantFrom<Fault>('none', 'network', 'server', 'unreadable', 'lost', 'refused');
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ kind: 'create' as const }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('fault' as const),
      server: fc.constantFrom<0 | 1>(0, 1),
      fault,
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'switch' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'alarm' as const }) },
);

const ORIGINS = ['https://one.example', 'https://two.example'] as const;

function applyFault(server: FakeServer, which: Fault): void {
  server.state.fail = null;
  server.state.lose = null;
  if (which === 'network') server.state.fail = 'network';
  if (which === 'server') server.state.fail = { status: 503, body: { error: 1, message: 'Down' } };
  if (which === 'unreadable') server.state.fail = { status: 200, body: { nothing: 'useful' } };
  if (which === 'lost') server.state.lose = 'network';
  if (which === 'refused') server.state.fail = { status: 400, body: { error: 1, message: 'Blocked.' } };
}

const fireAlarm = () =>
  fakeBrowser.alarms.onAlarm.trigger({
    name: 'queue-retry',
    scheduledTime: Date.now(),
    persistAcrossSessions: true,
  });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the queue under random outages, restarts and profile switches', () => {
  it('makes every create exactly once on its own profile’s server, or fails it visibly', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        fakeBrowser.reset();
        Object.assign(fakeBrowser, { i18n: fakeI18n });
        vi.useFakeTimers({ toFake: ['Date'], now: new Date(2031, 0, 15, 9, 30, 0) });
        const servers = [fakeServer(), fakeServer()] as const;
        vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
          servers[new URL(String(input)).origin === ORIGINS[0] ? 0 : 1].fetch(input, init),
        );
        let stubs = stubBrowserApis();
        background.main();
        // Fresh ids each run: the IndexedDB cache outlives runs.
        const profiles = ORIGINS.map((serverUrl, i) => ({
          id: crypto.randomUUID(),
          name: `P${i}`,
          serverUrl,
          defaults: emptyDefaults(),
        }));
        await fakeBrowser.storage.local.set({
          [settingsItem.key]: { ...defaultSettings(), profiles, activeProfileId: profiles[0]!.id },
          [apiKeysItem.key]: { [profiles[0]!.id]: GOOD_KEY, [profiles[1]!.id]: GOOD_KEY },
        });

        let active = 0;
        const asked: { url: string; server: 0 | 1; refusedAtOnce: boolean }[] = [];
        for (const s of steps) {
          if (s.kind === 'create') {
            const url = `https://x.example/${asked.length}`;
            const server = servers[active]!;
            const refusedAtOnce =
              server.state.fail !== null && (server.state.fail as { status?: number }).status === 400;
            await stubs.contextMenus.onClicked.trigger(
              { menuItemId: 'shorten-link', linkUrl: url },
              { id: 1 },
            );
            asked.push({ url, server: active as 0 | 1, refusedAtOnce });
          } else if (s.kind === 'fault') {
            applyFault(servers[s.server], s.fault);
          } else if (s.kind === 'restart') {
            stubs = await restartWorker();
          } else if (s.kind === 'switch') {
            active = 1 - active;
            const settings = (await fakeBrowser.storage.local.get(settingsItem.key))[settingsItem.key];
            await fakeBrowser.storage.local.set({
              [settingsItem.key]: { ...(settings as object), activeProfileId: profiles[active]!.id },
            });
          } else {
            vi.setSystemTime(Date.now() + 16 * 60_000);
            await fireAlarm();
          }
          // Tries started by a successful answer run on their own; let them end before the next step.
          await settle(30);
        }

        // Both servers recover; the alarms run until nothing waiting is left.
        for (const server of servers) applyFault(server, 'none');
        for (let round = 0; round < 10; round++) {
          const waiting = (await queuedRows()).filter((e) => e.state !== 'failed');
          if (waiting.length === 0) break;
          vi.setSystemTime(Date.now() + 16 * 60_000);
          await fireAlarm();
          await settle(30);
        }

        const queue = await queuedRows();
        expect(queue.filter((e) => e.state !== 'failed')).toEqual([]);
        for (const { url, server, refusedAtOnce } of asked) {
          const here = servers[server].state.links.filter((link) => link.longurl === url);
          const there = servers[1 - server]!.state.links.filter((link) => link.longurl === url);
          expect(there).toEqual([]);
          expect(here.length).toBeLessThanOrEqual(1);
          const failed = queue.some((e) => e.input.url === url && e.state === 'failed');
          // Made once; or refused at once (told by a notification), or left failed in the queue.
          if (here.length === 0) expect(refusedAtOnce || failed).toBe(true);
          const entry = queue.find((e) => e.input.url === url);
          if (entry) expect(entry.profileId).toBe(profiles[server]!.id);
        }
      }),
      { numRuns: 30 },
    );
  });
});
