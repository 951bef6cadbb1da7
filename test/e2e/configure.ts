/** Puts the extension into a configured state for e2e specs and the demo, without clicking through options. */
import type { WebWorker } from 'puppeteer-core';
import { defaultSettings, emptyDefaults, type LinkDefaults, type Settings } from '@/lib/settings/schema';
import { apiKeysItem, settingsItem } from '@/lib/storage/items';
import { writeLocalStorage } from './extension-state';

/** Where the extension should send its API calls. */
export interface ExtensionConfig {
  serverUrl: string;
  apiKey: string;
  /** Profile name shown in the popup; default "Reference server". */
  name?: string;
  defaults?: Partial<LinkDefaults>;
  behaviour?: Partial<Settings['behaviour']>;
}

/** The profile id configureExtension writes. */
export const E2E_PROFILE_ID = 'e2e-profile';

/**
 * Writes one active profile pointing at `serverUrl`, and its key, from inside the service worker:
 * the same storage shape lib/settings/schema.ts and lib/settings/api-keys.ts read. It grants no host permission; the
 * reference server answers CORS, so the extension reaches it without one (a real server needs the
 * permission that the options page asks for).
 */
export async function configureExtension(worker: WebWorker, config: ExtensionConfig): Promise<void> {
  const settings: Settings = {
    ...defaultSettings(),
    activeProfileId: E2E_PROFILE_ID,
    profiles: [
      {
        id: E2E_PROFILE_ID,
        name: config.name ?? 'Reference server',
        serverUrl: config.serverUrl,
        defaults: { ...emptyDefaults(), ...config.defaults },
      },
    ],
  };
  // The local copy's sync would add its own requests to the ones specs count: a spec about it turns it on.
  settings.behaviour = { ...settings.behaviour, mirror: false, ...config.behaviour };
  await writeLocalStorage(worker, {
    [settingsItem.key]: settings,
    [apiKeysItem.key]: { [E2E_PROFILE_ID]: config.apiKey },
  });
}
