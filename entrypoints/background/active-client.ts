/**
 * The API client of each profile. Settings and keys are read from storage on every request (cheap,
 * and the service worker may have been restarted since the last one); a client is reused while its
 * profile keeps the same server URL and key, so its rate-limit knowledge survives between requests.
 */
import { type ClientOptions, createClient, type ShortenerClient } from '@/lib/api/client';
import { getApiKey } from '@/lib/api-keys';
import { loadSettings, type Profile } from '@/lib/settings';
import { ExtensionError, notConfigured } from './errors';

/** A profile and the client that talks to its server with its key. */
export interface ProfileClient {
  profile: Profile;
  client: ShortenerClient;
}

export interface Clients {
  /** The active profile's client; rejects with not_configured when there is no profile or no key. */
  active(): Promise<ProfileClient>;
  /** The client of one saved profile (the active one when `profileId` is omitted). */
  forProfile(profileId?: string): Promise<ProfileClient>;
  /** A throwaway client for a server URL and key that are not saved yet, to check them. */
  unsaved(serverUrl: string, apiKey: string): ShortenerClient;
  /** Drops a deleted profile's client, and with it the key it holds. */
  forget(profileId: string): void;
}

/** Options passed to every client, e.g. a fake fetch in tests. */
export type ClientEnvironment = Pick<ClientOptions, 'fetch' | 'timeoutMs' | 'now'>;

/** Creates the per-profile client registry. */
export function createClients(environment: ClientEnvironment = {}): Clients {
  const cached = new Map<string, { serverUrl: string; apiKey: string; client: ShortenerClient }>();

  async function forProfile(profileId?: string): Promise<ProfileClient> {
    const settings = await loadSettings();
    const id = profileId ?? settings.activeProfileId;
    const profile = settings.profiles.find((p) => p.id === id);
    if (!profile) {
      if (profileId === undefined) throw notConfigured();
      throw new ExtensionError(
        'not_found',
        'That profile no longer exists. Reopen Options and pick another.',
      );
    }
    const apiKey = await getApiKey(profile.id);
    if (!apiKey) throw notConfigured();
    const entry = cached.get(profile.id);
    if (entry && entry.serverUrl === profile.serverUrl && entry.apiKey === apiKey) {
      return { profile, client: entry.client };
    }
    const client = createClient({ ...environment, baseUrl: profile.serverUrl, apiKey });
    cached.set(profile.id, { serverUrl: profile.serverUrl, apiKey, client });
    return { profile, client };
  }

  return {
    active: () => forProfile(),
    forProfile,
    unsaved: (serverUrl, apiKey) => createClient({ ...environment, baseUrl: serverUrl, apiKey }),
    forget: (profileId) => {
      cached.delete(profileId);
    },
  };
}
