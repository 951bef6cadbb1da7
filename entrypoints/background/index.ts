import { clearStaleAllTabs } from '@/lib/links/all-tabs';
import { allApiKeys } from '@/lib/settings/api-keys';
import { createAllTabs } from './all-tabs';
import { createApiHandler } from './api-message';
import { createBulk } from './bulk';
import { createClients } from './clients';
import { createClipboard } from './clipboard';
import { registerCommands } from './commands';
import { createLinkHandlers } from './links';
import { registerMenus } from './menus';
import { registerMessageHandlers } from './messages';
import { createMigrations, registerMigrations } from './migrations';
import { createNotifier, registerNotificationClicks } from './notify';
import { registerOmnibox } from './omnibox';
import { createProfileHandlers } from './profiles';
import { createWaitPublisher } from './rate-limit-wait';
import { createSettingsTransferHandlers } from './settings-transfer';
import { createShortenAndCopy } from './shorten-and-copy';
import { registerAllTabsOnGrant } from './tabs-permission';

// Wiring only, and synchronous: every listener is registered in the first turn of the service worker
// (Firefox: the event page), or events that woke it would be lost.
export default defineBackground(() => {
  const migrations = createMigrations();
  const waits = createWaitPublisher();
  waits.clear();
  const clients = createClients({ ready: migrations.ready, onWait: waits.update });
  const notifier = createNotifier();
  const clipboard = createClipboard();
  const shortenAndCopy = createShortenAndCopy({ clients, clipboard, notifier });
  void clearStaleAllTabs().catch(() => undefined);
  // One handler for the popup's request and for the run a permission grant starts, so they join.
  const allTabs = createAllTabs({ clients, clipboard, notifier });
  const bulk = createBulk({ clients });

  registerMigrations(migrations);
  registerMessageHandlers(
    {
      ...createLinkHandlers(clients),
      ...createProfileHandlers(clients),
      ...createSettingsTransferHandlers(clients),
      shortenAllTabs: allTabs.shortenAllTabs,
      api: createApiHandler(clients),
      bulkStart: bulk.bulkStart,
      bulkControl: bulk.bulkControl,
      bulkRetry: bulk.bulkRetry,
      bulkRateLimit: bulk.bulkRateLimit,
    },
    { ready: migrations.ready, secrets: allApiKeys },
  );
  registerMenus(shortenAndCopy, notifier);
  registerCommands(shortenAndCopy, notifier);
  registerOmnibox({ clients, shortenAndCopy, notifier });
  registerNotificationClicks();
  registerAllTabsOnGrant(allTabs.shortenAllTabs, notifier);
  bulk.register();
});
