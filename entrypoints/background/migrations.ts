/**
 * Runs the stored-data migrations (`lib/settings/migrations.ts`) once per service-worker life: when the
 * extension is installed or updated, when the browser starts, and in any case before the first
 * request reads settings (the worker may have started for a message, not for those events).
 */
import { runSettingsMigrations } from '@/lib/storage/settings';

export interface Migrations {
  /** Resolves once migrations ran; never rejects, so a failure cannot block the extension. */
  ready(): Promise<void>;
}

/** Creates the once-per-worker runner. */
export function createMigrations(run: () => Promise<unknown> = () => runSettingsMigrations()): Migrations {
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

/**
 * Runs the migrations on install, update and browser start. (The link cache's own upgrade runs as
 * the worker starts: it opens the cache then, entrypoints/background/index.ts.)
 */
export function registerMigrations(migrations: Migrations): void {
  browser.runtime.onInstalled.addListener(() => void migrations.ready());
  browser.runtime.onStartup.addListener(() => void migrations.ready());
}
