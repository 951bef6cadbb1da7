/**
 * The link mirror: every link of each profile's server in the link cache (lib/links/cache.ts), so the
 * popup, the side panel and the address bar find any link offline. One pass reads the server's whole
 * list, newest first, MIRROR_PAGE_SIZE a request, at the rate limiter's `sync` priority: behind
 * everything else and at most a third of each window. The first pass is the first sync; later ones,
 * sweeps on a schedule, bring edits and clicks and drop the links the server no longer has.
 *
 * Each page is stored with the cursor after it in one transaction, so a stopped worker, a restarted
 * browser, a 429, a 5xx or an outage resumes at the page it had not stored yet; links are keyed by id,
 * so a page read again only overwrites them. Between passes, and after a failure, an alarm per
 * profile wakes a stopped worker; the worker's start resumes a pass under way.
 *
 * Newest-first pages shift while a pass runs. A link created meanwhile pushes the rest one place
 * down: the next page starts with links already read, which are overwritten, and nothing is missed.
 * A link deleted meanwhile pulls the rest up, and the next page would skip a link: the server's total
 * shrinking says so, and the pass reads that many links again (whole pages back) before it goes on.
 */
import type { ErrorData } from '@/lib/api/errors';
import type { LinkSummary, Page } from '@/lib/api/schemas';
import { t } from '@/lib/i18n';
import {
  type CachedLink,
  cachedLink,
  completeMirrorPass,
  countLinks,
  getMirrorState,
  MIRROR_PAGE_SIZE,
  type MirrorState,
  putMirrorPage,
  putMirrorState,
} from '@/lib/links/cache';
import type { MirrorStatus, RequestOf, ResponseOf } from '@/lib/messaging/protocol';
import { getItem, onItemChanged, settingsItem } from '@/lib/storage/items';
import type { Clients, ProfileClient } from './clients';
import { toCachedLink } from './create-link';
import { ExtensionError, toErrorData } from './errors';

const ALARM_PREFIX = 'mirror-sync:';
const HOUR_MS = 3_600_000;
/**
 * The first sync of a profile starts a minute after it was saved: the user's first requests (the
 * key's check, the popup's first refresh) go first, and a profile saved by mistake and deleted again
 * costs nothing. Sync now starts it at once.
 */
const FIRST_SYNC_DELAY_MS = 60_000;
/**
 * A worker start looks at the mirrors only after this: the event that woke the worker (a shortcut, a
 * popup) is served first, without the mirror opening the database beside it.
 */
const START_DELAY_MS = 1_000;
/** Waits before the next try after failures in a row: a passing fault is retried soon, an outage less often. */
const RETRY_MS = [60_000, 5 * 60_000, 15 * 60_000, 30 * 60_000];
/** Pages a refresh reads at most to reach a link it knows; the next sweep brings the rest. */
const MAX_CATCH_UP_PAGES = 10;
/** Pages read again in one pass for deletions on the server; past it the pass goes on (a server whose total is unreliable). */
const MAX_REREADS = 50;

/** The mirror of every profile. */
export interface Mirror {
  /** Listens for the mirror's alarms and settings changes (synchronously, at the worker's start). */
  register(): void;
  /** Worker start: a second later, resumes each pass under way and sets each profile's alarm. */
  start(): Promise<void>;
  /** Runs (or joins) a pass of this profile now; resolves when it stops (done, failed or turned off). */
  sync(profileId: string, force?: boolean): Promise<void>;
  /** Each profile's mirror as Options shows it. */
  status(): Promise<MirrorStatus[]>;
  /**
   * After a refresh read the newest page: the newer pages up to a link the mirror knows, so links made
   * elsewhere join at once. Answers the links read beyond `first`.
   */
  catchUp(active: ProfileClient, first: Page<LinkSummary>, limit: number): Promise<LinkSummary[]>;
}

const firstState = (now: number): MirrorState => ({
  phase: 'first',
  page: 1,
  total: 0,
  done: 0,
  passStartedAt: now,
  rereads: 0,
  syncedAt: 0,
  nextSweepAt: 0,
  error: null,
  failures: 0,
});

/** Creates the mirror; `now` and the delay of its start are injectable for tests. */
export function createMirror({
  clients,
  now = () => Date.now(),
  startDelayMs = START_DELAY_MS,
}: {
  clients: Clients;
  now?: () => number;
  startDelayMs?: number;
}): Mirror {
  // One pass per profile at a time: an alarm, Sync now and a worker start arriving together join it.
  const runs = new Map<string, Promise<void>>();

  const alarmName = (profileId: string) => ALARM_PREFIX + profileId;

  async function setAlarm(profileId: string, at: number | null): Promise<void> {
    try {
      if (at === null) await browser.alarms.clear(alarmName(profileId));
      else if ((await browser.alarms.get(alarmName(profileId)))?.scheduledTime !== at)
        await browser.alarms.create(alarmName(profileId), { when: at });
    } catch {
      // No alarm: the next worker start or refresh schedules it again.
    }
  }

  async function mirrorSettings(profileId: string) {
    const settings = await getItem(settingsItem);
    const profile = settings.profiles.find((p) => p.id === profileId);
    return {
      on: profile !== undefined && settings.behaviour.mirror,
      serverUrl: profile?.serverUrl ?? null,
      sweepMs: settings.behaviour.mirrorSweepHours * HOUR_MS,
    };
  }

  async function failed(
    profileId: string,
    state: MirrorState,
    owned: number | null,
    error: unknown,
  ): Promise<void> {
    const data: ErrorData = toErrorData(error);
    const failures = state.failures + 1;
    const wait = RETRY_MS[Math.min(failures, RETRY_MS.length) - 1] ?? 60_000;
    const retryAt = Math.max(data.retryAt ?? 0, now() + wait);
    // A profile deleted or moved meanwhile keeps nothing of this run: its cache was cleared.
    if (!(await mirrorSettings(profileId)).on) return;
    if (await putMirrorState(profileId, { ...state, error: data, failures, nextSweepAt: retryAt }, owned))
      await setAlarm(profileId, retryAt);
    else await schedule(profileId);
  }

  /** The state after `page`: the next page to read, or one read again when links were deleted meanwhile. */
  function advance(state: MirrorState, page: Page<LinkSummary>): MirrorState {
    const shrunk = state.page > 1 && state.total > 0 ? state.total - page.total : 0;
    const next = {
      ...state,
      total: page.total,
      done: state.done + page.items.length,
      error: null,
      failures: 0,
    };
    if (shrunk > 0 && state.rereads < MAX_REREADS) {
      const back = Math.ceil(shrunk / MIRROR_PAGE_SIZE);
      return { ...next, page: Math.max(1, state.page - back), rereads: state.rereads + 1 };
    }
    return { ...next, page: state.page + 1 };
  }

  async function pass(profileId: string, force: boolean): Promise<void> {
    let settings = await mirrorSettings(profileId);
    if (!settings.on) return setAlarm(profileId, null);
    const stored = await getMirrorState(profileId);
    let state = stored ?? firstState(now());
    // The pass this run owns, as stored: another value means the cache was cleared (the profile moved
    // to another server) or replaced meanwhile, and this run's cursor means nothing any more.
    let owned = stored ? stored.passStartedAt : null;
    if (state.phase === 'idle' || state.error) {
      if (!force && state.nextSweepAt > now()) return setAlarm(profileId, state.nextSweepAt);
      if (state.phase === 'idle')
        state = { ...state, phase: 'sweep', page: 1, done: 0, rereads: 0, passStartedAt: now() };
    }
    /** Stores a page and the state after it; false when the pass is no longer this run's. */
    const store = async (links: CachedLink[], next: MirrorState, seenAt: number) => {
      if (!(await putMirrorPage(profileId, links, next, seenAt, owned))) return false;
      owned = next.passStartedAt;
      return true;
    };
    for (;;) {
      let active: ProfileClient;
      let page: Page<LinkSummary>;
      try {
        active = await clients.forProfile(profileId, 'sync');
        page = await active.client.listLinks({ limit: MIRROR_PAGE_SIZE, page: state.page, order: 'date' });
      } catch (error) {
        return failed(profileId, state, owned, error);
      }
      // Turned off, the profile deleted or moved to another server while the page was on its way:
      // nothing of it is written (the cache of a moved profile is being cleared).
      settings = await mirrorSettings(profileId);
      if (!settings.on) return setAlarm(profileId, null);
      if (settings.serverUrl !== active.profile.serverUrl) return schedule(profileId);
      const links = page.items.map(toCachedLink);
      const seenAt = now();
      if (page.nextPage !== null && page.items.length > 0) {
        state = advance(state, page);
        if (!(await store(links, state, seenAt))) return schedule(profileId);
        continue;
      }
      const done = advance(state, page);
      if (done.page < state.page) {
        // The last page came after deletions: read back before the pass may call itself complete.
        state = done;
        if (!(await store(links, state, seenAt))) return schedule(profileId);
        continue;
      }
      if (!(await store(links, state, seenAt))) return schedule(profileId);
      const at = now();
      const idle: MirrorState = {
        ...done,
        phase: 'idle',
        page: 1,
        syncedAt: at,
        nextSweepAt: at + settings.sweepMs,
      };
      await completeMirrorPass(profileId, state.passStartedAt, idle);
      return setAlarm(profileId, idle.nextSweepAt);
    }
  }

  function sync(profileId: string, force = false): Promise<void> {
    const running = runs.get(profileId);
    if (running) return running;
    const work = pass(profileId, force)
      .catch(() => undefined)
      .finally(() => runs.delete(profileId));
    runs.set(profileId, work);
    return work;
  }

  /** Sets the profile's alarm from its stored state; a profile never synced keeps its first alarm. */
  async function schedule(profileId: string): Promise<void> {
    if (!(await mirrorSettings(profileId)).on) return setAlarm(profileId, null);
    const state = await getMirrorState(profileId);
    if (state) return setAlarm(profileId, state.nextSweepAt);
    const first = await Promise.resolve(browser.alarms.get(alarmName(profileId))).catch(() => undefined);
    if (!first) await setAlarm(profileId, now() + FIRST_SYNC_DELAY_MS);
  }

  async function start(): Promise<void> {
    if (startDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, startDelayMs));
    const settings = await getItem(settingsItem);
    await Promise.all(
      settings.profiles.map(async ({ id }) => {
        const state = await getMirrorState(id);
        // A pass the last worker left under way goes on at once; anything else waits for its alarm.
        if (state && state.phase !== 'idle' && !state.error) void sync(id);
        else await schedule(id);
      }),
    );
  }

  async function status(): Promise<MirrorStatus[]> {
    const settings = await getItem(settingsItem);
    return Promise.all(
      settings.profiles.map(async ({ id }) => {
        const [state, links] = await Promise.all([getMirrorState(id), countLinks(id)]);
        return { profileId: id, links, running: runs.has(id), state };
      }),
    );
  }

  async function catchUp(
    active: ProfileClient,
    first: Page<LinkSummary>,
    limit: number,
  ): Promise<LinkSummary[]> {
    const profileId = active.profile.id;
    const [settings, state] = await Promise.all([mirrorSettings(profileId), getMirrorState(profileId)]);
    // Only a mirror that has been complete once is kept complete this way; a first sync gets there itself.
    if (!settings.on || !state || state.syncedAt === 0) return [];
    const more: LinkSummary[] = [];
    let page = first;
    for (let read = 1; read < MAX_CATCH_UP_PAGES; read++) {
      const oldest = page.items.at(-1);
      if (!oldest || page.nextPage === null || (await cachedLink(profileId, oldest.id))) break;
      try {
        page = await active.client.listLinks({ limit, page: page.nextPage, order: 'date' });
      } catch {
        // The refresh yields to the rate limit; the next sweep brings what is left.
        break;
      }
      more.push(...page.items);
    }
    return more;
  }

  function register(): void {
    browser.alarms.onAlarm.addListener((alarm) => {
      if (alarm.name.startsWith(ALARM_PREFIX)) return sync(alarm.name.slice(ALARM_PREFIX.length));
      return undefined;
    });
    // Turned on or off, a sweep interval changed, a profile added or deleted: each alarm follows.
    onItemChanged(settingsItem, (settings) => {
      void browser.alarms
        .getAll()
        .then((alarms) => {
          const ids = new Set(settings.profiles.map((p) => p.id));
          const gone = alarms.filter(
            (a) => a.name.startsWith(ALARM_PREFIX) && !ids.has(a.name.slice(ALARM_PREFIX.length)),
          );
          return Promise.all([
            ...gone.map((a) => browser.alarms.clear(a.name)),
            ...settings.profiles.map((p) => rescheduleFor(p.id, settings.behaviour.mirrorSweepHours)),
          ]);
        })
        .catch(() => undefined);
    });
  }

  /** After a settings change: the idle profile's next sweep follows a new interval, and an unsynced one is due. */
  async function rescheduleFor(profileId: string, sweepHours: number): Promise<void> {
    const state = await getMirrorState(profileId);
    if (state?.phase === 'idle' && !state.error && state.syncedAt > 0) {
      const nextSweepAt = state.syncedAt + sweepHours * HOUR_MS;
      if (nextSweepAt !== state.nextSweepAt && (await mirrorSettings(profileId)).on)
        await putMirrorState(profileId, { ...state, nextSweepAt }, state.passStartedAt);
    }
    await schedule(profileId);
  }

  return { register, start, sync, status, catchUp };
}

/** The `mirrorStatus` and `mirrorSync` handlers. */
export function createMirrorHandlers(mirror: Mirror) {
  return {
    mirrorStatus: async (): Promise<ResponseOf<'mirrorStatus'>> => ({ profiles: await mirror.status() }),
    mirrorSync: async ({ profileId }: RequestOf<'mirrorSync'>): Promise<ResponseOf<'mirrorSync'>> => {
      const settings = await getItem(settingsItem);
      if (!settings.profiles.some((profile) => profile.id === profileId))
        throw new ExtensionError('not_found', t('error_profile_gone'));
      // A pass takes minutes to hours: the answer says it started; Options follows it by its status.
      void mirror.sync(profileId, true);
      return null;
    },
  };
}
