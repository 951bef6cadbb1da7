/**
 * What the extension shows or keeps outside any page, read (and storage written) from its service
 * worker: storage areas, host access, the toolbar badge, notifications and whether its context-menu
 * items exist yet.
 *
 *   await recordNotifications(worker);             // before the action that notifies
 *   await expect.poll(() => recordedNotifications(worker)).toContainEqual(expect.objectContaining({ title }));
 */
import type { Page, WebWorker } from 'puppeteer-core';
import { queueJobItem } from '@/lib/storage/items';

/** A notification the extension asked Chromium to show. */
export interface ShownNotification {
  id: string;
  title: string;
  message: string;
}

type NotificationOptions = { title?: string; message?: string };
type WorkerChrome = {
  storage: Record<
    'local' | 'sync' | 'session',
    { get(keys: null): Promise<Record<string, unknown>>; set(items: Record<string, unknown>): Promise<void> }
  >;
  permissions: { contains(permissions: { origins: string[] }): Promise<boolean> };
  action: { getBadgeText(details: object): Promise<string> };
  notifications: {
    create(...args: unknown[]): unknown;
    getAll(): Promise<Record<string, boolean>>;
  };
  contextMenus: { update(id: string, changes: object, callback: () => void): void };
  runtime: { lastError?: { message: string } };
};
type WorkerGlobal = { chrome: WorkerChrome; __e2eNotifications?: ShownNotification[] };

/** Everything in one of the extension's storage areas. */
export function readStorage(
  worker: WebWorker,
  area: 'local' | 'sync' | 'session',
): Promise<Record<string, unknown>> {
  return worker.evaluate(
    (name) => (globalThis as unknown as WorkerGlobal).chrome.storage[name].get(null),
    area,
  );
}

/** Writes `items` into the extension's storage.local, as its own code would. */
export async function writeLocalStorage(worker: WebWorker, items: Record<string, unknown>): Promise<void> {
  await worker.evaluate(async (values) => {
    await (globalThis as unknown as WorkerGlobal).chrome.storage.local.set(values);
  }, items);
}

/**
 * Whether the extension may reach the host of `url`. Host permissions are per host: the port is not
 * part of the pattern.
 */
export function hasHostAccess(worker: WebWorker, url: string): Promise<boolean> {
  return worker.evaluate(
    (origin) => (globalThis as unknown as WorkerGlobal).chrome.permissions.contains({ origins: [origin] }),
    `http://${new URL(url).hostname}/*`,
  );
}

/** The text on the toolbar button's badge ('' when none). */
export function badgeText(worker: WebWorker): Promise<string> {
  return worker.evaluate(() => (globalThis as unknown as WorkerGlobal).chrome.action.getBadgeText({}));
}

/**
 * From now on, records every notification the extension creates (id, title, message) and still
 * shows it. Lasts as long as this service worker; the harness keeps it from being stopped when idle.
 */
export async function recordNotifications(worker: WebWorker): Promise<void> {
  await worker.evaluate(() => {
    const scope = globalThis as unknown as WorkerGlobal;
    if (scope.__e2eNotifications) return;
    const recorded: ShownNotification[] = [];
    scope.__e2eNotifications = recorded;
    const notifications = scope.chrome.notifications;
    const create = notifications.create.bind(notifications);
    // create(id?, options, callback?): the id is optional, so the options are the first object.
    notifications.create = (...args: unknown[]) => {
      const id = typeof args[0] === 'string' ? args[0] : '';
      const options = args.find((arg) => typeof arg === 'object' && arg !== null) as
        | NotificationOptions
        | undefined;
      recorded.push({ id, title: options?.title ?? '', message: options?.message ?? '' });
      return create(...args);
    };
  });
}

/** The notifications recorded since recordNotifications, oldest first. */
export function recordedNotifications(worker: WebWorker): Promise<ShownNotification[]> {
  return worker.evaluate(() => [...((globalThis as unknown as WorkerGlobal).__e2eNotifications ?? [])]);
}

/** Ids of the extension's notifications that Chromium shows right now. */
export async function shownNotificationIds(worker: WebWorker): Promise<string[]> {
  const all = await worker.evaluate(() =>
    (globalThis as unknown as WorkerGlobal).chrome.notifications.getAll(),
  );
  return Object.keys(all);
}

/**
 * Waits until the context-menu item `id` exists. The background creates its items when the
 * extension is installed, asynchronously; a right-click before that would show a different menu.
 * `contextMenus.update` with no changes fails only for an item that does not exist.
 */
export async function waitForMenuItem(worker: WebWorker, id: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const error = await worker.evaluate(
      (itemId) =>
        new Promise<string | null>((resolve) => {
          const { chrome } = globalThis as unknown as WorkerGlobal;
          chrome.contextMenus.update(itemId, {}, () => resolve(chrome.runtime.lastError?.message ?? null));
        }),
      id,
    );
    if (error === null) return;
    if (Date.now() > deadline)
      throw new Error(`The context-menu item ${id} did not exist after ${timeoutMs} ms: ${error}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The last error of every create waiting in the outage queue, in full (the popup's queue list shows it). */
export async function queuedErrors(page: Page): Promise<string[]> {
  return page.evaluate(async (key) => {
    const { chrome } = globalThis as unknown as {
      chrome: {
        storage: {
          local: {
            get(
              key: string,
            ): Promise<Record<string, { rows: { error?: { message: string } }[] } | undefined>>;
          };
        };
      };
    };
    const queued = (await chrome.storage.local.get(key))[key]?.rows ?? [];
    return queued.map((entry) => entry.error?.message ?? '');
  }, queueJobItem.key);
}

/**
 * When each create waiting in the outage queue is tried next (epoch ms): the popup's queue list says
 * it ("Next try in 40 seconds"), in place of a retry hint in the last error.
 */
export async function queuedNextTries(page: Page): Promise<number[]> {
  return page.evaluate(async (key) => {
    const { chrome } = globalThis as unknown as {
      chrome: {
        storage: {
          local: { get(key: string): Promise<Record<string, { rows: { nextTryAt: number }[] } | undefined>> };
        };
      };
    };
    return ((await chrome.storage.local.get(key))[key]?.rows ?? []).map((entry) => entry.nextTryAt);
  }, queueJobItem.key);
}

/**
 * Cancels every queued create (the outage queue) as the popup's Cancel does: a `queueCancel` message
 * to the background from `page`, which must be one of the extension's pages (a worker can't message
 * itself). For specs that make one failure after another and count each one's requests.
 */
export async function cancelQueued(page: Page): Promise<void> {
  await page.evaluate(async (key) => {
    const { chrome } = globalThis as unknown as {
      chrome: {
        storage: {
          local: { get(key: string): Promise<Record<string, { rows: { id: string }[] } | undefined>> };
        };
        runtime: { sendMessage(message: unknown): Promise<unknown> };
      };
    };
    const queued = (await chrome.storage.local.get(key))[key]?.rows ?? [];
    for (const { id } of queued) await chrome.runtime.sendMessage({ type: 'queueCancel', payload: { id } });
  }, queueJobItem.key);
}
