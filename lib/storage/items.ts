/**
 * Every value the extension keeps in browser storage, declared once: its key, its area, and how a
 * stored value reads (validated, or its default when absent or unreadable). Code reads and writes
 * storage through these items, never by a key string of its own.
 *
 *   const keys = await getItem(apiKeysItem);                     // a KeyMap, {} when none
 *   await setItems([settingsItem.entry(s), apiKeysItem.entry(k)]); // one storage call, both or neither
 *   const stop = watchItem(rateLimitWaitItem, (wait) => show(wait)); // a RateLimitWait, or null
 *
 * Why not WXT's `storage.defineItem`: a stored value must be validated on every read (storage may
 * hold anything an older or newer release, or a bug, wrote, and that must never crash a page), where
 * WXT returns the value as stored; drafts fall back from storage.session to storage.local where a
 * browser has no session area (Firefox before 115), and WXT's session items then throw; completed
 * shortens and uncertain creates are families of keys (`prefix` + id); and callers and tests pass the
 * storage area they read (a fake one, or none at all), while WXT binds each item to the global one.
 *
 * The link cache is not here: it lives in IndexedDB (lib/links/cache.ts), which has room for
 * thousands of links and is read without waking the background.
 *
 * Each value's shape and reader live in a module that touches no storage (lib/settings/schema.ts,
 * lib/links/draft-schema.ts…), so this one can import them without an import cycle; the modules that
 * load, save and watch those values (lib/settings/settings.ts, lib/links/draft.ts…) import this one.
 */
import { type RateLimitWait, readRateLimitWait } from '../api/rate-limit-wait-state';
import { type AllTabsProgress, readAllTabsProgress } from '../links/all-tabs-progress';
import { type BulkJob, readBulkJob } from '../links/bulk-job';
import { type Drafts, parseDrafts } from '../links/draft-schema';
import { type PendingShorten, readPendingShorten } from '../links/pending-shorten';
import { type QrOptions, readQrOptions } from '../links/qr-options';
import { type QueuedCreate, type QueueMadeLink, readQueue, readQueueMade } from '../links/queue';
import { type LastFailure, readLastFailure } from '../messaging/last-failure';
import { parseSettings, type Settings } from '../settings/schema';

/** A browser storage area, or the part of it the items use. */
export type StorageArea = Pick<typeof browser.storage.local, 'get' | 'set' | 'remove'>;

/** The areas by name, and the change event; `browser.storage` or a fake of it. */
export interface StorageAreas {
  local: StorageArea;
  /** Missing in Firefox before 115. */
  session?: StorageArea | undefined;
  onChanged: Pick<typeof browser.storage.onChanged, 'addListener' | 'removeListener'>;
}

type AreaName = 'local' | 'session';

/** One stored value. */
interface StorageItem<T> {
  readonly key: string;
  readonly area: AreaName;
  /** Where the value goes when the browser has no `area` (only drafts have one). */
  readonly fallbackArea?: AreaName;
  /** The stored value as the extension may use it; the default when absent or unreadable. */
  read(raw: unknown): T;
  /** `{ [key]: value }`, for writing several items of one area in one storage call. */
  entry(value: unknown): Record<string, unknown>;
}

function item<T>(
  area: AreaName,
  key: string,
  read: (raw: unknown) => T,
  fallbackArea?: AreaName,
): StorageItem<T> {
  return {
    key,
    area,
    read,
    entry: (value) => ({ [key]: value }),
    ...(fallbackArea ? { fallbackArea } : {}),
  };
}

/** API keys by profile id. */
export type KeyMap = Record<string, string>;

/** The stored key map, keeping only string keys; anything else reads as no keys. */
export function parseApiKeys(stored: unknown): KeyMap {
  if (!stored || typeof stored !== 'object') return {};
  // No prototype: a profile id such as `__proto__` or `constructor` is just a name here.
  const keys: KeyMap = Object.create(null);
  for (const [id, key] of Object.entries(stored)) if (typeof key === 'string') keys[id] = key;
  return keys;
}

const epochMs = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

// storage.local: kept across browser restarts, on this machine only (never sync: server URLs and
// keys are private to the machine).

/**
 * The settings, their version inside; the defaults when unreadable. The background migrates older
 * versions (lib/settings/migrations.ts), which read the value as stored, not through this reader.
 */
export const settingsItem = item<Settings>('local', 'settings', parseSettings);
/** Settings a newer release wrote, kept aside when this older release had to replace them: never read here. */
export const newerSettingsItem = item('local', 'settingsOfNewerVersion', (value: unknown) => value);
/** The API key of each profile; only the background reads them (lib/settings/api-keys.ts). */
export const apiKeysItem = item('local', 'apiKeys', parseApiKeys);
/** The size and margin last chosen for a QR code, in the popup or the management page. */
export const qrOptionsItem = item<QrOptions>('local', 'qrOptions', readQrOptions);
/**
 * The bulk create job (entrypoints/background/bulk.ts runs it, the management page watches it); null
 * when none. In storage.local: a job of a thousand links outlives workers and browser restarts.
 * Marked pure so a page that never reads it (the popup) drops it and its reader from its bundle.
 */
export const bulkJobItem = /* @__PURE__ */ item<BulkJob | null>('local', 'bulkJob', readBulkJob);
/** Creates waiting for the server (lib/links/queue.ts), oldest first: they must outlive a browser restart. */
export const createQueueItem = item<QueuedCreate[]>('local', 'createQueue', readQueue);

/** Strings of a stored array; anything else reads as none. */
const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];

/** The ids of the UTM presets last ticked for the popup's "One per preset": the same platforms, each time. */
export const presetChoiceItem = item('local', 'popupPresetChoice', stringList);

// storage.session: memory only, gone when the browser closes; it outlives the service worker, which
// stops after 30 s idle.

/**
 * The popup's drafts by start URL (lib/links/draft.ts). One map, so a write never has to read
 * first (a closing popup can't wait). In storage.local where there is no session area.
 */
export const draftsItem = item<Drafts>('session', 'popupDrafts', parseDrafts, 'local');
/** `{ url, at }` left by the context menu for the popup it opens; null when none (or unreadable). */
export const pendingShortenItem = item<PendingShorten | null>(
  'session',
  'pendingShorten',
  readPendingShorten,
);
/** When (epoch ms) a popup last asked for the `tabs` permission to shorten all tabs; null when never. */
export const allTabsAskedItem = item('session', 'allTabsAsked', epochMs);
/** The progress of the latest all-tabs run (lib/links/all-tabs.ts watches it); null when none. */
export const allTabsProgressItem = item<AllTabsProgress | null>(
  'session',
  'allTabsProgress',
  readAllTabsProgress,
);
/** `startedAt` of the all-tabs run whose report a popup has shown; null when none. */
export const allTabsShownItem = item('session', 'allTabsShown', epochMs);
/** `{ until, queued }` while requests wait for the rate limit (lib/api/rate-limit-wait.ts watches it); null when none. */
export const rateLimitWaitItem = item<RateLimitWait | null>('session', 'rateLimitWait', readRateLimitWait);

/** The links of the latest "made from the queue" notification, which a click copies. */
export const queueMadeItem = item<QueueMadeLink[]>('session', 'queueMade', readQueueMade);
/** The background's last failure, in full, for the next popup (lib/messaging/last-failure.ts); null when none. */
export const lastFailureItem = item<LastFailure | null>('session', 'lastFailure', readLastFailure);

/** Values stored under `prefix` + an id, one key each, so one entry is read or written alone. */
interface StorageFamily {
  readonly prefix: string;
  readonly area: AreaName;
}

/** Completed shortens by request id (entrypoints/background/links.ts), so a retried request joins its link. */
export const completedShortens: StorageFamily = { prefix: 'shortened:', area: 'session' };
/** Creates whose outcome is unknown (entrypoints/background/uncertain-creates.ts). */
export const uncertainCreates: StorageFamily = { prefix: 'uncertain-create:', area: 'session' };

/** The area an item lives in: its own, else its fallback; undefined when the browser has neither. */
export function areaOf(
  of: Pick<StorageItem<unknown>, 'area' | 'fallbackArea'>,
  areas: Pick<StorageAreas, 'local' | 'session'> = browser.storage,
): StorageArea | undefined {
  return areas[of.area] ?? (of.fallbackArea ? areas[of.fallbackArea] : undefined);
}

/** Reads an item from `area` (its own by default); its default when there is no such area. */
export async function getItem<T>(
  stored: StorageItem<T>,
  area: Pick<StorageArea, 'get'> | undefined = areaOf(stored),
): Promise<T> {
  return stored.read(area ? (await area.get(stored.key))[stored.key] : undefined);
}

/**
 * An item's value as stored, not through its reader; undefined when absent or there is no such area.
 * For code that must see what the reader would replace: older settings to migrate, a newer release's
 * settings to keep aside.
 */
export async function getStored(
  stored: Pick<StorageItem<unknown>, 'key' | 'area' | 'fallbackArea'>,
  area: Pick<StorageArea, 'get'> | undefined = areaOf(stored),
): Promise<unknown> {
  return area ? (await area.get(stored.key))[stored.key] : undefined;
}

/** Writes an item; nothing when there is no such area. */
export async function setItem(
  stored: StorageItem<unknown>,
  value: unknown,
  area: Pick<StorageArea, 'set'> | undefined = areaOf(stored),
): Promise<void> {
  await area?.set(stored.entry(value));
}

/** Writes several items of one area in one storage call: all of them are stored, or none. */
export async function setItems(
  entries: Record<string, unknown>[],
  area: Pick<StorageArea, 'set'> = browser.storage.local,
): Promise<void> {
  await area.set(Object.assign({}, ...entries));
}

/** Removes an item; nothing when there is no such area. */
export async function removeItem(
  stored: StorageItem<unknown>,
  area: Pick<StorageArea, 'remove'> | undefined = areaOf(stored),
): Promise<void> {
  await area?.remove(stored.key);
}

type WatchedAreas = Partial<Pick<StorageAreas, 'local' | 'session'>> & Pick<StorageAreas, 'onChanged'>;

/** The name of the area an item lives in with `areas`: its own, else its fallback when only that exists. */
function areaNameOf(of: Pick<StorageItem<unknown>, 'area' | 'fallbackArea'>, areas: WatchedAreas): AreaName {
  return !areas[of.area] && of.fallbackArea && areas[of.fallbackArea] ? of.fallbackArea : of.area;
}

/**
 * Calls `onValue` with the item's new value on every change in the area it lives in (its fallback
 * where the browser has not its own). Returns the function that stops it.
 */
export function onItemChanged<T>(
  stored: StorageItem<T>,
  onValue: (value: T) => void,
  areas: WatchedAreas = browser.storage,
): () => void {
  const areaName = areaNameOf(stored, areas);
  const onChanged = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area === areaName && stored.key in changes) onValue(stored.read(changes[stored.key]?.newValue));
  };
  areas.onChanged.addListener(onChanged);
  return () => areas.onChanged.removeListener(onChanged);
}

/**
 * Calls `onValue` with the item's value now and on every change. A change seen before the first read
 * answers is newer than what that read returns, so that read is then dropped. Returns the function
 * that stops watching.
 */
export function watchItem<T>(
  stored: StorageItem<T>,
  onValue: (value: T) => void,
  areas: WatchedAreas = browser.storage,
): () => void {
  let changed = false;
  const stop = onItemChanged(
    stored,
    (value) => {
      changed = true;
      onValue(value);
    },
    areas,
  );
  areas[areaNameOf(stored, areas)]
    ?.get(stored.key)
    .then((items) => changed || onValue(stored.read(items[stored.key])))
    .catch(() => undefined);
  return stop;
}

const familyKey = (family: StorageFamily, id: string) => family.prefix + id;

/** The stored value of one entry of a family, as stored; undefined when absent or there is no such area. */
export async function getEntry(
  family: StorageFamily,
  id: string,
  area: Pick<StorageArea, 'get'> | undefined = areaOf(family),
): Promise<unknown> {
  const key = familyKey(family, id);
  return area ? (await area.get(key))[key] : undefined;
}

/** Writes one entry of a family; nothing when there is no such area. */
export async function setEntry(
  family: StorageFamily,
  id: string,
  value: unknown,
  area: Pick<StorageArea, 'set'> | undefined = areaOf(family),
): Promise<void> {
  await area?.set({ [familyKey(family, id)]: value });
}

/** Removes one entry of a family; nothing when there is no such area. */
export async function removeEntry(
  family: StorageFamily,
  id: string,
  area: Pick<StorageArea, 'remove'> | undefined = areaOf(family),
): Promise<void> {
  await area?.remove(familyKey(family, id));
}

/** Removes the entries of a family that `expired` says are stale (it sees each stored value as is). */
export async function removeExpired(
  family: StorageFamily,
  expired: (value: unknown) => boolean,
  area: Pick<StorageArea, 'get' | 'remove'> | undefined = areaOf(family),
): Promise<void> {
  if (!area) return;
  const all = await area.get(null);
  const keys = Object.entries(all)
    .filter(([key, value]) => key.startsWith(family.prefix) && expired(value))
    .map(([key]) => key);
  if (keys.length > 0) await area.remove(keys);
}
