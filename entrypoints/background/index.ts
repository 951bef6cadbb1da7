import { clearStaleShortenTabs } from '@/lib/links/all-tabs';
import { allApiKeys } from '@/lib/settings/api-keys';
import { createClients } from './active-client';
import { createApiHandler } from './api-calls';
import { createClipboard } from './clipboard';
import { registerCommands } from './commands';
import { createLinkHandlers } from './links';
import { registerLazyPartInstall } from './load-lazy-part';
import { registerMenus } from './menus';
import { registerMessageHandlers } from './messages';
import { createMigrations, registerMigrations } from './migrations';
import { createNotifier, registerNotificationClicks } from './notify';
import { handlersOnDemand } from './on-demand';
import { createWaitPublisher } from './rate-limit-wait';
import { createShortenAndCopy } from './shorten-and-copy';
import { registerShortenTabsOnGrant } from './tabs-permission';

/** Requests of Options (and the popup's profile switch), answered by the lazy part's profile handlers. */
const PROFILE_MESSAGES = ['saveProfile', 'deleteProfile', 'setActiveProfile', 'getAccount'] as const;
/** Options' settings export and import, answered by the lazy part. */
const TRANSFER_MESSAGES = ['exportSettings', 'importSettings'] as const;

// Wiring only, and synchronous: every listener is registered in the first turn of the service worker,
// or events that woke it would be lost. The code most events need is in this script; the rest, and
// everything that talks to the server, is in the lazy part (lazy-part.ts), loaded on first use.
export default defineBackground(() => {
  registerLazyPartInstall();
  const migrations = createMigrations();
  const waits = createWaitPublisher();
  waits.clear();
  const clients = createClients({ ready: migrations.ready, onWait: waits.update });
  const notifier = createNotifier();
  const clipboard = createClipboard();
  const shortenAndCopy = createShortenAndCopy({ clients, clipboard, notifier });
  void clearStaleShortenTabs().catch(() => undefined);
  // One handler for the popup's request and for the run a permission grant starts, so they join.
  const { shortenTabs } = handlersOnDemand(['shortenTabs'], (part) =>
    part.createShortenTabs({ clients, clipboard, notifier }),
  );

  registerMigrations(migrations);
  registerMessageHandlers(
    {
      ...createLinkHandlers(clients),
      ...handlersOnDemand(PROFILE_MESSAGES, (part) => part.createProfileHandlers(clients)),
      ...handlersOnDemand(TRANSFER_MESSAGES, (part) => part.createSettingsTransferHandlers(clients)),
      shortenTabs,
      api: createApiHandler(clients),
    },
    { ready: migrations.ready, secrets: allApiKeys },
  );
  registerMenus(shortenAndCopy, notifier);
  registerCommands(shortenAndCopy, notifier);
  registerNotificationClicks();
  registerShortenTabsOnGrant(shortenTabs, notifier);
});
