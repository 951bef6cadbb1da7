/**
 * Runs the stored-data migrations (`lib/migrations/`) once per service-worker life: when the
 * extension is installed or updated, when the browser starts, and in any case before the first
 * request reads settings (the worker may have started for a message, not for those events).
 */

import { isOlderSettings } from '@/lib/settings/migrations';
import { getItem, type StorageArea, settingsItem } from '@/lib/storage/items';
import { loadLazyPart } from './load-lazy-part';

/**
 * Runs the migrations when stored settings are of an older version. The check is all most starts
 * need, so the steps, which parse settings with zod, come with the lazy part (lazy-part.ts) only
 * when there is something to migrate; `runSettingsMigrations` then decides again, on what it reads.
 */
export async function migrateIfOlder(area: StorageArea = browser.storage.local): Promise<unknown> {
  if (!isOlderSettings(await getItem(settingsItem, area))) return undefined;
  return (await loadLazyPart()).runSettingsMigrations(area);
}

export interface Migrations {
  /** Resolves once migrations ran; never rejects, so a failure cannot block the extension. */
  ready(): Promise<void>;
}

/** Creates the once-per-worker runner. */
export function createMigrations(run: () => Promise<unknown> = () => migrateIfOlder()): Migrations {
  let done: Promise<void> | undefined;
  return {
    ready() {
      done ??= run().then(
        () => undefined,
        (error: unknown) => {
          // Only the error's kind: what storage says is not for the console of a shared machine.
          console.error(
            'Shortlink: could not migrate stored settings:',
            error instanceof Error ? error.name : 'error',
          );
          // Tried again on the next request; until then settings read as they are.
          done = undefined;
        },
      );
      return done;
    },
  };
}

/** Runs the migrations on install, update and browser start. */
export function registerMigrations(migrations: Migrations): void {
  browser.runtime.onInstalled.addListener(() => void migrations.ready());
  browser.runtime.onStartup.addListener(() => void migrations.ready());
}
