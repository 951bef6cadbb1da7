import { allApiKeys } from '@/lib/api-keys';
import { createClients } from './active-client';
import { createApiHandler } from './api-calls';
import { createClipboard } from './clipboard';
import { registerCommands } from './commands';
import { createLinkHandlers } from './links';
import { registerMenus } from './menus';
import { registerMessageHandlers } from './messages';
import { createMigrations, registerMigrations } from './migrations';
import { createNotifier, registerNotificationClicks } from './notify';
import { createProfileHandlers } from './profiles';
import { createWaitPublisher } from './rate-limit-wait';
import { createShortenAndCopy } from './shorten-and-copy';

// Wiring only, and synchronous: every listener is registered in the first turn of the service worker,
// or events that woke it would be lost.
export default defineBackground(() => {
  const migrations = createMigrations();
  const waits = createWaitPublisher();
  waits.clear();
  const clients = createClients({ ready: migrations.ready, onWait: waits.update });
  const notifier = createNotifier();
  const shortenAndCopy = createShortenAndCopy({ clients, clipboard: createClipboard(), notifier });

  registerMigrations(migrations);
  registerMessageHandlers(
    {
      ...createLinkHandlers(clients),
      ...createProfileHandlers(clients),
      api: createApiHandler(clients),
    },
    { ready: migrations.ready, secrets: allApiKeys },
  );
  registerMenus(shortenAndCopy, notifier);
  registerCommands(shortenAndCopy, notifier);
  registerNotificationClicks();
});
