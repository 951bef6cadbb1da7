/**
 * The background's lazy part: everything that needs zod or talks to the server. The API client, with
 * its schemas, and the rate limiter; the payload checks of requests; the profile changes, which save
 * settings through their zod schema; the migration of settings stored by an older release. It is most
 * of the background's code, yet a worker woken for a warm-cache `refresh` or for a menu click on a
 * link it shortened before needs none of it.
 *
 * Chrome's service worker therefore loads it on first use, from a script of its own
 * (`background-lazy.js`, see load-lazy-part-sw.ts). Firefox's background page and the tests get it
 * bundled with the rest (load-lazy-part.ts). Errors thrown here cross into the start script's code:
 * ApiError and ExtensionError are recognised by a mark, not by their class.
 */
import { createClient } from '@/lib/api/client';
import { createRateLimiter } from '@/lib/api/rate-limiter';
import { runSettingsMigrations } from '@/lib/settings/migrations';
import { createShortenTabs } from './all-tabs';
import { checkPayload } from './payloads';
import { createProfileHandlers } from './profiles';
import { createSettingsTransferHandlers } from './settings-transfer';

/** What the lazy part provides. */
export const lazyPart = {
  createClient,
  createRateLimiter,
  checkPayload,
  createProfileHandlers,
  createSettingsTransferHandlers,
  createShortenTabs,
  runSettingsMigrations,
};
export type LazyPart = typeof lazyPart;

declare global {
  /** Set by `background-lazy.js` when the service worker imports it. */
  var shortlinkLazyPart: LazyPart | undefined;
}
