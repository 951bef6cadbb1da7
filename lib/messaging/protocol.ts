/**
 * The typed message map between extension pages and the background. Every request names a `type`
 * from `Protocol`; every reply is a `Result`. Pages never hold the API key: they ask the background.
 */
import type { ShortenerClient } from '../api/client';
import type { ErrorData } from '../api/errors';
import type { Account, LinkInput } from '../api/schemas';
import type { AllTabsResult } from '../jobs/all-tabs';
import type { JobCounts, JobItem } from '../jobs/job';
import type { UrlListResult } from '../jobs/url-list';
import type { CachedLink, MirrorState, NamedItem } from '../links/cache';
import type { LinkDefaults, Profile } from '../settings/schema';
import type { SettingsFile } from '../settings/transfer';

/** What every request to the background answers: its data, or an error a page can act on. */
export type Result<T> = { ok: true; data: T } | { ok: false; error: ErrorData };

/** Client methods a page may call through the `api` message (management pages). */
export type ApiMethod = Exclude<keyof ShortenerClient, 'baseUrl' | 'rateLimit'>;

/** The lists a page shows as choices: refreshed by the background at most every few minutes. */
export interface ChoiceLists {
  campaigns: NamedItem[];
  channels: NamedItem[];
}

/** One profile's link mirror as Options shows it. */
export interface MirrorStatus {
  profileId: string;
  /** Links the profile's cache holds. */
  links: number;
  /** A pass is running in this worker now. */
  running: boolean;
  /** Null: the sync never started. */
  state: MirrorState | null;
}

interface Protocol {
  /** Creates a short link. `requestId` makes a repeated send (double click, retry) return the same link. */
  shorten: {
    request: {
      requestId: string;
      input: LinkInput;
      /** The tab's title, kept as the cached link's title until the next refresh brings the server's. */
      pageTitle?: string;
    };
    /** `existing`: the server answered with a link it had made before, not a new one. */
    response: { link: CachedLink; existing?: true };
  };
  /**
   * Refreshes recent links and choice lists when older than their time-to-live; a warm cache sends
   * nothing. Answers the cache's newest links once it has fetched (null: nothing fetched).
   */
  refresh: {
    request: { force?: boolean };
    response: { links: CachedLink[] | null; lists: ChoiceLists | null };
  };
  /** Checks a server URL + key pair with GET /api/account, then saves the profile and its key. */
  saveProfile: {
    request: {
      profile: { id?: string; name: string; serverUrl: string; defaults?: LinkDefaults };
      /** Omitted: keep the key already saved for this profile. */
      apiKey?: string;
    };
    response: { profile: Profile; account: Account };
  };
  deleteProfile: { request: { id: string }; response: null };
  setActiveProfile: { request: { id: string }; response: null };
  /** The account of the active (or given) profile, checked live. */
  getAccount: { request: { profileId?: string }; response: Account };
  /** Calls one client method for the active profile (management pages). */
  api: { request: { method: ApiMethod; args: unknown[] }; response: unknown };
  /**
   * Shortens every http(s) tab of a window (duplicates once, addresses cleaned as the behaviour
   * settings say, cached links reused), copies the list and answers it. Needs the optional `tabs`
   * permission (else `permission_denied`). Runs in the background, so it survives the popup closing;
   * its progress is its job (listJobItem). A second request for the same window joins
   * the run; one for another window while it runs gets `busy`.
   */
  shortenAllTabs: { request: { windowId: number }; response: AllTabsResult };
  /**
   * Shortens several URLs pasted in the popup (each item the form's input for one URL, its title
   * when the cache knows one) as one list: cleaned and unwrapped as the behaviour settings say, each
   * once, cached links reused, the list copied at the end. It runs as all tabs do (listJobItem), so
   * it survives the popup closing; `busy` while another list has work left.
   */
  shortenUrls: { request: { items: JobItem[]; source: 'popup' | 'menu' }; response: UrlListResult };
  /**
   * The settings file of Options' export (lib/settings/transfer.ts). With `includeKeys` the saved API
   * keys are in it: the one answer that carries keys, given only to the Options page.
   */
  exportSettings: { request: { includeKeys: boolean }; response: { file: SettingsFile } };
  /**
   * Checks a settings file completely, then merges it into the stored settings and keys; with
   * `dryRun`, only answers what the import would do (for the preview) and writes nothing.
   */
  importSettings: { request: { text: string; dryRun?: boolean }; response: ImportSummary };
  /**
   * Starts a bulk create job of the active profile (entrypoints/background/jobs/bulk.ts): the links the
   * management page's preview made of the rows. The background owns the run and stores its progress
   * (bulkJobItem); a second start while a job has work left gets `busy`.
   */
  bulkStart: { request: { items: JobItem[] }; response: { id: string; total: number } };
  /** Pauses, resumes or cancels the job; `clear` forgets a finished or cancelled one. */
  bulkControl: { request: { action: 'pause' | 'resume' | 'cancel' | 'clear' }; response: null };
  /** Queues failed rows again, each with its edited input when given. */
  bulkRetry: { request: { rows: { index: number; input?: LinkInput }[] }; response: JobCounts };
  /** Requests per minute the server allows, as last seen (30 until it has answered): the preview's estimate. */
  bulkRateLimit: { request: Record<string, never>; response: { limit: number } };
  /**
   * Puts a create that failed for the server's or the network's reason (lib/jobs/queue.ts
   * isQueueable) in the outage queue, for the active profile; `queue_full` when it holds its maximum.
   */
  queueCreate: {
    request: { input: LinkInput; pageTitle?: string; draftUrl?: string; error: ErrorData };
    response: null;
  };
  /**
   * Tries a queued create now (a failed one too); `password`, typed again, for a create whose link
   * password the browser forgot when it closed.
   */
  queueRetry: { request: { id: string; password?: string }; response: null };
  /** Removes a queued create. */
  queueCancel: { request: { id: string }; response: null };
  /** The link mirror of every profile (entrypoints/background/mirror.ts). */
  mirrorStatus: { request: Record<string, never>; response: { profiles: MirrorStatus[] } };
  /** Starts a pass of the profile's mirror now (*Sync now*); answers once it started, not when it ends. */
  mirrorSync: { request: { profileId: string }; response: null };
}

/** What an import changed: counts, and the imported profiles that still need an API key. */
export interface ImportSummary {
  added: number;
  replaced: number;
  keysImported: number;
  withoutKey: string[];
  /** The name (or server) of the profile active after the import. */
  active: string | null;
  /**
   * The file's active profile (its name, or server) when it was not made active, and what it lacks:
   * an API key, or the user's grant of access to its server.
   */
  skippedActive: { name: string; missing: 'key' | 'access' } | null;
  /** The servers (origins) of imported profiles that Shortlink may not reach until the user grants access. */
  needsAccess: string[];
}

export type MessageType = keyof Protocol;
export type RequestOf<K extends MessageType> = Protocol[K]['request'];
export type ResponseOf<K extends MessageType> = Protocol[K]['response'];

/** The envelope on the wire. */
export interface Message<K extends MessageType = MessageType> {
  type: K;
  payload: RequestOf<K>;
}
