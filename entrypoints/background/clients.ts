/**
 * The API client of each profile. Settings and keys are read from storage on every request (cheap,
 * and the service worker may have been restarted since the last one); a client is reused while its
 * profile keeps the same server URL and key, so its rate-limit knowledge survives between requests.
 *
 * Every request of every client goes through the rate limiter of its server and key (the server
 * counts per key), with the priority of whoever asked: the user, a job the user left running (bulk
 * create, the outage queue), a background refresh, or the link mirror's sync. None leaves for a
 * server whose host the user has not granted: whatever put its address in the settings (an imported
 * file, an old release), the key and the user's links go only where the user allowed.
 */
import { originOf } from '@/lib/api/base-url';
import { type ClientOptions, createClient, type HttpRequest, type ShortenerClient } from '@/lib/api/client';
import type { RateLimitWait } from '@/lib/api/rate-limiter';
import {
  createRateLimiter,
  type Priority,
  type RateLimiter,
  type RateLimiterOptions,
} from '@/lib/api/rate-limiter';
import { t } from '@/lib/i18n';
import type { Profile, Settings } from '@/lib/settings/schema';
import { apiKeysItem, getItems, settingsItem } from '@/lib/storage/items';
import { ExtensionError, notConfigured } from './errors';

/** A profile and the client that talks to its server with its key. */
export interface ProfileClient {
  profile: Profile;
  /** The settings the profile was read from, for an action that needs more of them (one read each). */
  settings: Settings;
  client: ShortenerClient;
  /** The current window of the server key's rate limiter, as it counts it (a job's countdown). */
  budget(): RateLimiter['budget'];
}

/** The API clients of the saved profiles, and of a server being checked before it is saved. */
export interface Clients {
  /** The active profile's client; rejects with not_configured when there is no profile or no key. */
  active(priority?: Priority): Promise<ProfileClient>;
  /** The client of one saved profile (the active one when `profileId` is omitted). */
  forProfile(profileId?: string, priority?: Priority): Promise<ProfileClient>;
  /** A throwaway client for a server URL and key that are not saved yet, to check them (user priority). */
  unsaved(serverUrl: string, apiKey: string): ShortenerClient;
  /** Drops a deleted profile's client, and with it the key it holds. */
  forget(profileId: string): void;
}

/** Options passed to every client, e.g. a fake fetch in tests, and the rate limiters' settings. */
interface ClientEnvironment extends Pick<ClientOptions, 'fetch' | 'timeoutMs' | 'now'> {
  limiter?: Omit<RateLimiterOptions, 'onWait'>;
  /** The waiting state of one limiter (identified by `limiterId`) changed. */
  onWait?: (limiterId: string, wait: RateLimitWait | null) => void;
  /** Resolves once stored settings are migrated; awaited before settings are read. */
  ready?: () => Promise<void>;
  /** A request of the user or a refresh to this profile's server was answered (the queue tries again). */
  onAnswer?: (profileId: string) => void;
}

/** Whether the user granted access to `serverUrl`'s host; false for what is no address or when the browser cannot say. */
export async function hasHostAccess(serverUrl: string): Promise<boolean> {
  try {
    return await browser.permissions.contains({ origins: [originOf(serverUrl)] });
  } catch {
    return false;
  }
}

/**
 * The hosts the user granted, as this worker last asked the browser. Every request checks twice
 * (before the rate limiter's queue, and just before it is sent), and each check would be a round trip
 * to the browser; a grant is remembered until any permission is removed. Only grants are remembered:
 * a refusal is asked again, so access granted meanwhile is used at once.
 */
function createHostGrants() {
  const granted = new Set<string>();
  // Counts removals: an answer asked for before one is not remembered.
  let removals = 0;
  // Registered with the clients, in the worker's first turn: a removal never goes unheard.
  browser.permissions.onRemoved.addListener(() => {
    removals++;
    granted.clear();
  });
  return {
    /** Rejects, saying what to allow and where, unless the user granted access to `serverUrl`'s host. */
    async require(serverUrl: string): Promise<void> {
      if (granted.has(serverUrl)) return;
      const asked = removals;
      if (await hasHostAccess(serverUrl)) {
        if (asked === removals) granted.add(serverUrl);
        return;
      }
      const origin = URL.canParse(serverUrl) ? new URL(serverUrl).origin : serverUrl;
      throw new ExtensionError('permission_denied', t('error_no_host_access', origin));
    },
  };
}

interface Cached {
  serverUrl: string;
  apiKey: string;
  clients: Record<Priority, ShortenerClient>;
}

/** Creates the per-profile client registry. */
export function createClients(environment: ClientEnvironment = {}): Clients {
  const { limiter: limiterOptions, onWait, ready, onAnswer, ...clientOptions } = environment;
  const cached = new Map<string, Cached>();
  // Keyed by server and key, because that is what the server counts: two profiles with the same
  // pair, and a profile being re-saved, share one budget. Held in memory only, like the clients.
  const limiters = new Map<string, RateLimiter>();
  const grants = createHostGrants();

  function limiterFor(serverUrl: string, apiKey: string): RateLimiter {
    const id = `${serverUrl.trim().replace(/\/+$/, '')}\n${apiKey.trim()}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      const limiterId = String(limiters.size + 1);
      limiter = createRateLimiter({ ...limiterOptions, onWait: (wait) => onWait?.(limiterId, wait) });
      limiters.set(id, limiter);
    }
    return limiter;
  }

  function create(
    serverUrl: string,
    apiKey: string,
    priority: Priority,
    profileId?: string,
  ): ShortenerClient {
    const limiter = limiterFor(serverUrl, apiKey);
    // The queue's own answers (a job's) would only wake the queue again.
    const answered = profileId !== undefined && priority !== 'job' ? onAnswer : undefined;
    return createClient({
      ...clientOptions,
      baseUrl: serverUrl,
      apiKey,
      onRateLimit: limiter.observe,
      schedule: async (request: HttpRequest, send) => {
        // Asked before the rate limiter's queue, so a refused request neither waits nor spends the
        // window, and again just before sending, as access may be withdrawn during a wait.
        await grants.require(serverUrl);
        const checkedSend = async () => {
          await grants.require(serverUrl);
          return send();
        };
        const answer = await limiter.schedule(checkedSend, {
          priority,
          kind: request.method === 'GET' ? 'read' : 'write',
          signal: request.signal,
        });
        answered?.(profileId as string);
        return answer;
      },
    });
  }

  async function forProfile(profileId?: string, priority: Priority = 'user'): Promise<ProfileClient> {
    await ready?.();
    // One read for both: the shortcut's path makes this call twice, and each read is a round trip.
    const [settings, apiKeys] = await getItems([settingsItem, apiKeysItem]);
    const id = profileId ?? settings.activeProfileId;
    const profile = settings.profiles.find((p) => p.id === id);
    if (!profile) {
      if (profileId === undefined) throw notConfigured();
      throw new ExtensionError('not_found', t('error_profile_gone'));
    }
    const apiKey = apiKeys[profile.id] ?? null;
    // A profile with a server but no key (e.g. imported without keys) is told apart from no profile.
    if (!apiKey)
      throw new ExtensionError(
        'not_configured',
        t('error_profile_no_api_key', profile.name || profile.serverUrl),
      );
    let entry = cached.get(profile.id);
    if (!entry || entry.serverUrl !== profile.serverUrl || entry.apiKey !== apiKey) {
      entry = {
        serverUrl: profile.serverUrl,
        apiKey,
        clients: {
          user: create(profile.serverUrl, apiKey, 'user', profile.id),
          job: create(profile.serverUrl, apiKey, 'job', profile.id),
          background: create(profile.serverUrl, apiKey, 'background', profile.id),
          sync: create(profile.serverUrl, apiKey, 'sync', profile.id),
        },
      };
      cached.set(profile.id, entry);
    }
    const limiter = limiterFor(profile.serverUrl, apiKey);
    return { profile, settings, client: entry.clients[priority], budget: () => limiter.budget };
  }

  return {
    active: (priority) => forProfile(undefined, priority),
    forProfile,
    unsaved: (serverUrl, apiKey) => create(serverUrl, apiKey, 'user'),
    forget: (profileId) => {
      cached.delete(profileId);
    },
  };
}
