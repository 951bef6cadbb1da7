/**
 * Every value the extension keeps in browser storage, declared once: its key, its area, and the zod
 * schema it is read with, from which its type comes. A value that is absent or does not fit its
 * schema reads as the item's fallback: storage may hold anything an older or newer release, or a bug,
 * wrote, and that must never crash a page. Code reads and writes storage through these items.
 *
 *   const keys = await getItem(apiKeysItem);                      // a KeyMap, {} when none
 *   await setItems([settingsItem.entry(s), apiKeysItem.entry(k)]); // one storage call, both or neither
 *   const stop = watchItem(rateLimitWaitItem, (wait) => show(wait)); // a RateLimitWait, or null
 *
 * Not WXT's `storage.defineItem`, which returns a value as stored; and callers and tests pass the
 * area they read (a fake one), where WXT binds each item to the global one.
 *
 * Each item's schema is built on its first read (`item` takes a builder, and the shared schemas are
 * `z.lazy`): every page and the worker load this module, and each reads only a few of the items
 * (issue #27; the figure is in README's Performance).
 *
 * The link cache is not here: it lives in IndexedDB (lib/links/cache.ts), which has room for
 * thousands of links and is read without waking the background.
 */

import type { ErrorData, ErrorKind } from '../api/errors';
import type { RateLimitWait } from '../api/rate-limiter';
import type { LinkInput } from '../api/schemas';
import {
  defaultSettings,
  type KeyMap,
  parseApiKeys,
  type Settings,
  settingsSchema,
} from '../settings/schema';
import { z } from '../zod';
import { DRAFTS_KEY, PENDING_SHORTEN_KEY, SETTINGS_KEY } from './keys';

/** A browser storage area, or the part of it the items use. */
export type StorageArea = Pick<typeof browser.storage.local, 'get' | 'set' | 'remove'>;

/** The areas by name, and the change event; `browser.storage` or a fake of it. */
export interface StorageAreas {
  local: StorageArea;
  session: StorageArea;
  onChanged: Pick<typeof browser.storage.onChanged, 'addListener' | 'removeListener'>;
}

type AreaName = 'local' | 'session';

/** One stored value. */
export interface StorageItem<T> {
  readonly key: string;
  readonly area: AreaName;
  /** The stored value as the extension may use it; the fallback when absent or unreadable. */
  read(raw: unknown): T;
  /** `{ [key]: value }`, for writing several items of one area in one storage call. */
  entry(value: T): Record<string, unknown>;
}

function item<T>(
  area: AreaName,
  key: string,
  schema: () => z.ZodMiniType<T>,
  fallback: () => T,
): StorageItem<T> {
  let built: z.ZodMiniType<T> | undefined;
  return {
    key,
    area,
    read: (raw) => {
      built ??= schema();
      const parsed = built.safeParse(raw);
      return parsed.success ? parsed.data : fallback();
    },
    entry: (value) => ({ [key]: value }),
  };
}

/** A list whose unreadable entries are left out, so one damaged entry never costs the others. */
function listOf<T>(entry: z.ZodMiniType<T>): z.ZodMiniType<T[]> {
  return z.pipe(
    z.array(z.unknown()),
    z.transform((values: unknown[]) =>
      values.flatMap((value) => {
        const parsed = entry.safeParse(value);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
  );
}

const time = z.number().check(z.refine(Number.isFinite));
const count = z.number().check(z.int(), z.nonnegative());

// ---------------------------------------------------------------------------------------------
// The popup's form, as a draft keeps it. Only the shape is checked, not what the user typed: a draft
// holds input as it was, valid or not.

/** The popup's main fields; select values are ids as strings, '' for "None". */
const shortenFormSchema = z.lazy(() =>
  z.object({
    url: z.string(),
    alias: z.string(),
    campaignId: z.string(),
    channelId: z.string(),
    /** An `<input type="datetime-local">` value, '' for no expiry. */
    expiry: z.string(),
  }),
);
export type ShortenForm = z.infer<typeof shortenFormSchema>;

const row = <K extends string, V extends string>(key: K, value: V) =>
  z.object({ [key]: z.string(), [value]: z.string() } as { [P in K | V]: z.ZodMiniString<string> });

/** Every field of the link editor (More options, the management page), as the user typed it. */
const linkFormSchema = z.lazy(() =>
  z.object({
    url: z.string(),
    custom: z.string(),
    /**
     * '' (the server's default), `direct`, `frame`, `splash`, or `splash-page:<id>` / `overlay:<id>`
     * (the API takes the bare id for both; the prefix keeps the select's two lists apart).
     */
    type: z.string(),
    password: z.string(),
    /** A branded domain, with its scheme, or '' for the server's own. */
    domain: z.string(),
    /** An `<input type="datetime-local">` value, local time. */
    expiry: z.string(),
    geotarget: z.array(row('location', 'link')),
    devicetarget: z.array(row('device', 'link')),
    languagetarget: z.array(row('language', 'link')),
    metatitle: z.string(),
    metadescription: z.string(),
    metaimage: z.string(),
    /** Only sent when creating; the update endpoint does not take it. */
    description: z.string(),
    /** Pixel ids separated by commas. */
    pixels: z.string(),
    /** A channel id, or ''. */
    channel: z.string(),
    /** A campaign id, or ''. */
    campaign: z.string(),
    /** `auto` lets the server build app links from the long URL; `stores` sends the two store links. */
    deeplink: z.enum(['none', 'auto', 'stores']),
    deeplinkApple: z.string(),
    deeplinkGoogle: z.string(),
    /** Only sent when creating; '' leaves the server's default (private). */
    status: z.enum(['', 'public', 'private']),
    parameters: z.array(row('name', 'value')),
  }),
);
export type LinkFormState = z.infer<typeof linkFormSchema>;

const draftSchema = z.lazy(() =>
  z.object({
    /** The profile whose campaigns, channels and defaults the form was filled for. */
    profileId: z.string(),
    state: z.object({
      form: shortenFormSchema,
      /** More options' fields, once opened. */
      more: z.nullable(linkFormSchema),
      moreOpen: z.boolean(),
    }),
    /** The shorten already sent for this input: sending it again joins it instead of making a twin. */
    request: z.nullable(z.object({ key: z.string(), id: z.string() })),
    /** Epoch ms of the last change. */
    at: time,
  }),
);
/** One popup's form as the user left it. */
export type Draft = z.infer<typeof draftSchema>;
export type DraftState = Draft['state'];
/** Drafts by start URL. */
export type Drafts = Record<string, Draft>;

/** Drafts by start URL, keeping only the well-formed ones: a damaged draft is dropped, not restored. */
const draftsSchema = z.lazy(() =>
  z.pipe(
    z.record(z.string(), z.unknown()),
    z.transform((stored: Record<string, unknown>) => {
      const drafts: Drafts = {};
      for (const [url, value] of Object.entries(stored)) {
        const parsed = draftSchema.safeParse(value);
        if (parsed.success) drafts[url] = parsed.data;
      }
      return drafts;
    }),
  ),
);

// ---------------------------------------------------------------------------------------------
// QR codes.

/** The image sizes offered, in pixels per side. */
export const QR_SIZES = [256, 512, 1024] as const;
export type QrSize = (typeof QR_SIZES)[number];
/** The smallest and largest margin (quiet zone) offered, in modules. */
export const QR_MARGIN_RANGE = { min: 0, max: 8 } as const;

/** The choices before the user makes any: the QR standard asks for a margin of four modules. */
export function defaultQrOptions(): { size: QrSize; margin: number } {
  return { size: 512, margin: 4 };
}

const qrMarginSchema = z.number().check(z.int(), z.gte(QR_MARGIN_RANGE.min), z.lte(QR_MARGIN_RANGE.max));

/** True for a whole number of modules within QR_MARGIN_RANGE. */
export function isQrMargin(value: unknown): value is number {
  return qrMarginSchema.safeParse(value).success;
}

// Each unreadable choice is its default, the other kept.
const qrOptionsSchema = z.lazy(() =>
  z.object({
    size: z.catch(z.union(QR_SIZES.map((size) => z.literal(size))), 512),
    margin: z.catch(qrMarginSchema, 4),
  }),
);
/** The user's choice of size and margin for a downloaded or copied QR code. */
export type QrOptions = z.infer<typeof qrOptionsSchema>;

/** Error correction levels, from the least data recovered (L, about 7 %) to the most (H, about 30 %). */
export const QR_ECC_LEVELS = ['L', 'M', 'Q', 'H'] as const;
export type QrEcc = (typeof QR_ECC_LEVELS)[number];
/** The most a stored logo (a data: URL of a PNG scaled down) may take in storage.local. */
export const QR_LOGO_MAX_CHARS = 200_000;

const hexColour = z.string().check(z.regex(/^#[0-9a-f]{6}$/));
/** A profile's QR code brand: colours, error correction and a centre logo (lib/links/qr-brand.ts). */
const qrBrandSchema = z.lazy(() =>
  z.object({
    fg: z.catch(hexColour, '#000000'),
    bg: z.catch(hexColour, '#ffffff'),
    ecc: z.catch(z.enum(QR_ECC_LEVELS), 'M'),
    logo: z.catch(
      z.nullable(z.string().check(z.startsWith('data:image/png;base64,'), z.maxLength(QR_LOGO_MAX_CHARS))),
      null,
    ),
  }),
);
export type QrBrand = z.infer<typeof qrBrandSchema>;

/** Black on white, level M, no logo: what scanners read best. */
export function defaultQrBrand(): QrBrand {
  return { fg: '#000000', bg: '#ffffff', ecc: 'M', logo: null };
}

// ---------------------------------------------------------------------------------------------
// Jobs: batches of creates the background runs and pages watch (entrypoints/background/jobs/).

const errorSchema: z.ZodMiniType<ErrorData> = z.lazy(() =>
  z.object({
    kind: z.string() as z.ZodMiniType<ErrorKind>,
    message: z.string(),
    status: z.optional(z.number()),
    retryAt: z.optional(time),
    uncertain: z.optional(z.literal(true)),
  }),
);

/** What was known before a create was sent: a link that create made is newer (see create-link.ts). */
const createMarkSchema = z.lazy(() =>
  z.object({
    /** Epoch ms of the first try that may have reached the server. */
    at: time,
    /** Ids of the links to the same address known then. */
    knownIds: z.array(z.number().check(z.int())),
    /** The highest id of any link known then; null when none was. */
    maxKnownId: z.nullable(z.number().check(z.int())),
  }),
);
export type CreateMark = z.infer<typeof createMarkSchema>;

/** Where a queued create was asked for. */
const QUEUE_SOURCES = ['popup', 'menu', 'shortcut', 'omnibox', 'allTabs'] as const;
export type QueueSource = (typeof QUEUE_SOURCES)[number];

/** A row's create input: only its shape here; the pipeline checks every field before it is sent. */
const linkInputShape = z.custom<LinkInput>(
  (value) =>
    typeof value === 'object' && value !== null && typeof (value as { url?: unknown }).url === 'string',
);

/**
 * One link of a job. `pending` until its turn (and `nextTryAt`); `sending` is stored BEFORE its
 * request goes out, so a row a new worker finds `sending` may have reached the server and is looked
 * for there first; then `made`, `reused` (a link made before, no request) or `failed`.
 */
/** Also the `bulkStart` message's (entrypoints/background/payloads.ts): one definition of a change. */
export const linkChangeSchema = z.lazy(() => {
  const linkId = z.number().check(z.int(), z.positive());
  return z.union([
    /** PUT /api/url/:id/update. */
    z.object({ linkId, kind: z.literal('update') }),
    /** The link assigned to the campaign or channel `to` (its name kept for the cache). */
    z.object({
      linkId,
      kind: z.enum(['campaign', 'channel']),
      to: z.object({ id: z.number().check(z.int(), z.positive()), name: z.string() }),
    }),
  ]);
});
export type LinkChange = z.infer<typeof linkChangeSchema>;

const jobRowSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    profileId: z.string(),
    input: linkInputShape,
    /** The title the link is kept and copied with (the page's), '' when none. */
    title: z.string(),
    /** The row's name in a labelled list (its UTM preset), '' when none. */
    label: z.string(),
    /** Imported from another shortener: the short URL (or slug) it had there, for the redirect map. */
    from: z.optional(z.string()),
    /**
     * A change to a link the server has, instead of a create: `input` is then the update's body (or
     * only the link's URL, for an assignment). Sent again after a cut-off try: a change made twice
     * is the same change.
     */
    change: z.optional(linkChangeSchema),
    state: z.enum(['pending', 'sending', 'made', 'reused', 'failed']),
    shortUrl: z.optional(z.string()),
    /** Made: the server answered with a link it had made before (see create-link.ts). */
    existing: z.optional(z.literal(true)),
    /** Why its last try failed (kept while it waits for the next one). */
    error: z.optional(errorSchema),
    attempts: count,
    /** Epoch ms before which it is not tried. */
    nextTryAt: time,
    /** True once a try may have reached the server: the next one looks among its newest links first. */
    uncertain: z.boolean(),
    mark: z.nullable(createMarkSchema),
    /** Outage queue: where it was asked for, when, and the popup draft to drop once it is made. */
    source: z.optional(z.enum(QUEUE_SOURCES)),
    askedAt: z.optional(time),
    draftUrl: z.optional(z.string()),
    /**
     * Outage queue: the link's password, left out of `input`. `session`: kept in storage.session only
     * (queuePasswordFamily), put back when the row is sent; `lost`: the browser closed before it was
     * sent, and it waits for the user to type the password again.
     */
    password: z.optional(z.enum(['session', 'lost'])),
    /** All tabs: handed over to the outage queue. */
    queued: z.optional(z.boolean()),
  }),
);
export type JobRow = z.infer<typeof jobRowSchema>;

const JOB_STATES = ['running', 'paused', 'waiting', 'done', 'cancelled'] as const;

const jobFields = () => ({
  id: z.string(),
  kind: z.enum(['bulk', 'queue', 'list']),
  /** The profile its rows are made on ('' for the queue, whose rows each keep their own). */
  profileId: z.string(),
  createdAt: time,
  /** `waiting` for the rate limit until `waitUntil`; `paused` by the user, or with `error` for all rows. */
  state: z.enum(JOB_STATES),
  waitUntil: z.nullable(time),
  /** Requests a minute the server allows, as last seen. */
  limit: count,
  error: z.optional(errorSchema),
  rows: z.array(jobRowSchema),
  /**
   * A list copied at the end: where its addresses came from (the tabs of window `windowId`, text
   * pasted in the popup, or a selection's text via the menu; absent: tabs), the tabs without a web
   * address, and the list as copied at the end.
   */
  source: z.optional(z.enum(['tabs', 'popup', 'menu'])),
  windowId: z.optional(z.number().check(z.int())),
  skipped: z.optional(count),
  text: z.optional(z.string()),
  copied: z.optional(z.boolean()),
});
// A damaged job reads as none, rather than sending requests nobody asked for...
const jobSchema = z.lazy(() => z.object(jobFields()));
// ...but the queue's rows were each asked for on their own: a damaged one costs only itself.
const queueSchema = z.lazy(() => z.object({ ...jobFields(), rows: listOf(jobRowSchema) }));
export type Job = z.infer<typeof jobSchema>;
export type JobKind = Job['kind'];

// ---------------------------------------------------------------------------------------------
// storage.local: kept across browser restarts, on this machine only (never sync: server URLs and
// keys are private to the machine).

/**
 * The settings, their version inside (lib/settings/schema.ts); the defaults when unreadable. The
 * background migrates older versions (lib/storage/settings.ts), reading the value as stored.
 */
export const settingsItem = item<Settings>('local', SETTINGS_KEY, () => settingsSchema, defaultSettings);
/** Settings a newer release wrote, kept aside when this older release had to replace them: never read here. */
export const newerSettingsItem = item<unknown>(
  'local',
  'settingsOfNewerVersion',
  () => z.unknown(),
  () => undefined,
);
/** The API key of each profile; only the background reads them (lib/storage/api-keys.ts). */
export const apiKeysItem = item<KeyMap>(
  'local',
  'apiKeys',
  () => z.pipe(z.unknown(), z.transform(parseApiKeys)),
  () => ({}),
);
/** The size and margin last chosen for a QR code, in the popup or the management page. */
export const qrOptionsItem = item<QrOptions>('local', 'qrOptions', () => qrOptionsSchema, defaultQrOptions);
/** Each profile's QR code brand, by profile id: a team's codes in its colours, another profile's in its own. */
export const qrBrandsItem = item<Record<string, QrBrand>>(
  'local',
  'qrBrands',
  () => z.catch(z.record(z.string(), qrBrandSchema), {}),
  () => ({}),
);
/** The bulk create job; null when none. A job of a thousand links outlives workers and browser restarts. */
export const bulkJobItem = item<Job | null>(
  'local',
  'bulkJob',
  () => z.nullable(jobSchema),
  () => null,
);
const sentRowsSchema = z.lazy(() =>
  z.object({
    jobId: z.string(),
    rows: z.array(z.object({ id: z.string(), mark: z.nullable(createMarkSchema) })),
  }),
);
/** The rows of a job sent since the job was last stored whole, each with its create mark. */
export type SentRows = z.infer<typeof sentRowsSchema>;
/**
 * Beside a job's item, in its area: the rows sent since the job was last stored whole. Marking a
 * row `sending` before its request must be stored, and writing the whole job for it cost each row
 * of a thousand-row job a write of every row; this small value is written instead, and the job
 * whole at most once per its policy's interval (entrypoints/background/jobs/runner.ts).
 */
export function sentRowsItem(job: StorageItem<Job | null>): StorageItem<SentRows | null> {
  return item(
    job.area,
    `${job.key}:sent`,
    () => z.nullable(sentRowsSchema),
    () => null,
  );
}
/** Creates waiting for the server (the outage queue): they must outlive a browser restart. */
export const queueJobItem = item<Job | null>(
  'local',
  'createQueue',
  () => z.nullable(queueSchema),
  () => null,
);
/** The ids of the UTM presets last ticked for the popup's "One per preset": the same platforms, each time. */
export const presetChoiceItem = item<string[]>(
  'local',
  'popupPresetChoice',
  () => listOf(z.string()),
  () => [],
);

// storage.session: memory only, gone when the browser closes; it outlives the service worker, which
// stops after 30 s idle.

/** The popup's drafts by start URL (lib/links/draft.ts): one map, so a closing popup writes without reading. */
export const draftsItem = item<Drafts>(
  'session',
  DRAFTS_KEY,
  () => draftsSchema,
  () => ({}),
);

const pendingShortenSchema = z.lazy(() => z.object({ url: z.string(), at: time }));
/** `{ url, at }` left by the context menu's "Shorten with options…" for the popup it opens; null when none. */
export const pendingShortenItem = item<z.infer<typeof pendingShortenSchema> | null>(
  'session',
  PENDING_SHORTEN_KEY,
  () => z.nullable(pendingShortenSchema),
  () => null,
);
/** When (epoch ms) a popup last asked for the `tabs` permission to shorten all tabs; null when never. */
export const allTabsAskedItem = item<number | null>(
  'session',
  'allTabsAsked',
  () => z.nullable(time),
  () => null,
);
/**
 * The latest list copied at the end of this browser session — all tabs of a window, or several URLs
 * pasted in the popup or selected in a page — (its window ids mean nothing after a restart); null when none.
 */
export const listJobItem = item<Job | null>(
  'session',
  'listJob',
  () => z.nullable(jobSchema),
  () => null,
);
/** `createdAt` of the all-tabs run whose report a popup has shown; null when none. */
export const allTabsShownItem = item<number | null>(
  'session',
  'allTabsShown',
  () => z.nullable(time),
  () => null,
);

const rateLimitWaitSchema: z.ZodMiniType<RateLimitWait> = z.lazy(() =>
  z.object({
    until: time,
    queued: z.number().check(z.int(), z.gte(1)),
  }),
);
/** `{ until, queued }` while requests wait for the rate limit; null when none. */
export const rateLimitWaitItem = item<RateLimitWait | null>(
  'session',
  'rateLimitWait',
  () => z.nullable(rateLimitWaitSchema),
  () => null,
);

const queueMadeSchema = z.lazy(() => z.object({ shortUrl: z.string(), title: z.string() }));
/** The links of the latest "made from the queue" notification, which a click copies. */
export const queueMadeItem = item<z.infer<typeof queueMadeSchema>[]>(
  'session',
  'queueMade',
  () => listOf(queueMadeSchema),
  () => [],
);

const lastFailureSchema = z.lazy(() =>
  z.object({
    /** The notification's title: what failed. */
    title: z.string(),
    /** The full message, which the notification could only sum up. */
    message: z.string(),
    at: time,
    /** For a rate limit: when the server's window ends, from which the popup says when to retry. */
    retryAt: z.optional(time),
  }),
);
/**
 * The background's last failure that only a notification could tell (the menu, the shortcut, all
 * tabs), in full, for the next popup; null when none.
 */
export const lastFailureItem = item<z.infer<typeof lastFailureSchema> | null>(
  'session',
  'lastFailure',
  () => z.nullable(lastFailureSchema),
  () => null,
);
export type LastFailure = z.infer<typeof lastFailureSchema>;

/** Values stored under `prefix` + an id, one key each, so one entry is read or written alone. */
export interface StorageFamily<T> {
  readonly prefix: string;
  readonly area: AreaName;
  /** An entry as the extension may use it; null when absent or unreadable. */
  read(raw: unknown): T | null;
}

function family<T>(area: AreaName, prefix: string, schema: () => z.ZodMiniType<T>): StorageFamily<T> {
  let built: z.ZodMiniType<T> | undefined;
  return {
    prefix,
    area,
    read: (raw) => {
      built ??= schema();
      const parsed = built.safeParse(raw);
      return parsed.success ? parsed.data : null;
    },
  };
}

const cachedLinkSchema = z.lazy(() =>
  z.object({
    id: z.number(),
    alias: z.string(),
    shortUrl: z.string(),
    longUrl: z.string(),
    title: z.string(),
    description: z.string(),
    clicks: z.number(),
    date: z.string(),
  }),
);

/** A popup's attempt that made its link, by attempt id, so the same attempt sent again gets that link. */
export const attemptsFamily = family('session', 'shortened:', () =>
  z.object({ at: time, link: cachedLinkSchema, existing: z.optional(z.literal(true)) }),
);
/** Creates whose outcome is unknown, by createKey (entrypoints/background/create-link.ts). */
export const uncertainFamily = family('session', 'uncertain-create:', () => createMarkSchema);
/** The link password of a queued create, by row id: in memory only, never in storage.local. */
export const queuePasswordFamily = family('session', 'queue-password:', () =>
  z.string().check(z.minLength(1)),
);

const linkWatchSchema = z.lazy(() => {
  const linkId = z.number().check(z.int(), z.positive());
  return z.object({
    /** The links the user watches, the latest last. */
    watched: z.catch(listOf(linkId), []),
    /** [link id, click count] a list last showed, the latest last (lib/links/watch.ts). */
    seen: z.catch(listOf(z.tuple([linkId, count])), []),
  });
});
export type LinkWatch = z.infer<typeof linkWatchSchema>;
/** Per profile: its watched links and the counts lists last showed (lib/links/watch.ts); pages write it. */
export const linkWatchFamily = family('local', 'link-watch:', () => linkWatchSchema);

// ---------------------------------------------------------------------------------------------

/** Reads an item from `area` (its own by default). */
export async function getItem<T>(
  stored: StorageItem<T>,
  area: Pick<StorageArea, 'get'> = browser.storage[stored.area],
): Promise<T> {
  return stored.read((await area.get(stored.key))[stored.key]);
}

/** Reads several items of one area in one call: `const [settings, keys] = await getItems([settingsItem, apiKeysItem])`. */
export async function getItems<T extends unknown[]>(
  items: { [K in keyof T]: StorageItem<T[K]> },
  area: Pick<StorageArea, 'get'> = browser.storage[items[0]?.area ?? 'local'],
): Promise<T> {
  const found = await area.get(items.map((item) => item.key));
  return items.map((item) => item.read(found[item.key])) as T;
}

/**
 * An item's value as stored, not through its schema; undefined when absent. For code that must see
 * what the schema would replace: older settings to migrate, a newer release's settings to keep aside.
 */
export async function getStored(
  stored: Pick<StorageItem<unknown>, 'key' | 'area'>,
  area: Pick<StorageArea, 'get'> = browser.storage[stored.area],
): Promise<unknown> {
  return (await area.get(stored.key))[stored.key];
}

/** Writes an item. */
export async function setItem<T>(
  stored: StorageItem<T>,
  value: T,
  area: Pick<StorageArea, 'set'> = browser.storage[stored.area],
): Promise<void> {
  await area.set(stored.entry(value));
}

/** Writes several items of one area in one storage call: all of them are stored, or none. */
export async function setItems(
  entries: Record<string, unknown>[],
  area: Pick<StorageArea, 'set'> = browser.storage.local,
): Promise<void> {
  await area.set(Object.assign({}, ...entries));
}

/** Removes an item. */
export async function removeItem(
  stored: Pick<StorageItem<unknown>, 'key' | 'area'>,
  area: Pick<StorageArea, 'remove'> = browser.storage[stored.area],
): Promise<void> {
  await area.remove(stored.key);
}

type WatchedAreas = Partial<Pick<StorageAreas, 'local' | 'session'>> & Pick<StorageAreas, 'onChanged'>;

/** Calls `onValue` with the item's new value on every change. Returns the function that stops it. */
export function onItemChanged<T>(
  stored: StorageItem<T>,
  onValue: (value: T) => void,
  areas: WatchedAreas = browser.storage,
): () => void {
  const onChanged = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area === stored.area && stored.key in changes) onValue(stored.read(changes[stored.key]?.newValue));
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
  areas[stored.area]
    ?.get(stored.key)
    .then((items) => changed || onValue(stored.read(items[stored.key])))
    .catch(() => undefined);
  return stop;
}

const familyKey = (of: StorageFamily<unknown>, id: string) => of.prefix + id;

/** One entry of a family; null when absent or unreadable. */
export async function getEntry<T>(
  of: StorageFamily<T>,
  id: string,
  area: Pick<StorageArea, 'get'> = browser.storage[of.area],
): Promise<T | null> {
  const key = familyKey(of, id);
  return of.read((await area.get(key))[key]);
}

/** Writes one entry of a family. */
export async function setEntry<T>(
  of: StorageFamily<T>,
  id: string,
  value: T,
  area: Pick<StorageArea, 'set'> = browser.storage[of.area],
): Promise<void> {
  await area.set({ [familyKey(of, id)]: value });
}

/** Removes one entry of a family. */
export async function removeEntry(
  of: StorageFamily<unknown>,
  id: string,
  area: Pick<StorageArea, 'remove'> = browser.storage[of.area],
): Promise<void> {
  await area.remove(familyKey(of, id));
}

/** Removes the entries of a family that `expired` says are stale; an unreadable entry goes too. */
export async function removeExpired<T>(
  of: StorageFamily<T>,
  expired: (value: T) => boolean,
  area: Pick<StorageArea, 'get' | 'remove'> = browser.storage[of.area],
): Promise<void> {
  const all = await area.get(null);
  const keys = Object.entries(all)
    .filter(([key, value]) => {
      if (!key.startsWith(of.prefix)) return false;
      const entry = of.read(value);
      return entry === null || expired(entry);
    })
    .map(([key]) => key);
  if (keys.length > 0) await area.remove(keys);
}
