import { createClients } from './active-client';
import { createApiHandler } from './api-calls';
import { createClipboard } from './clipboard';
import { registerCommands } from './commands';
import { createLinkHandlers } from './links';
import { registerMenus } from './menus';
import { registerMessageHandlers } from './messages';
import { createNotifier, registerNotificationClicks } from './notify';
import { createProfileHandlers } from './profiles';
import { createShortenAndCopy } from './shorten-and-copy';

// Wiring only, and synchronous: every listener is registered in the first turn of the service worker,
// or events that woke it would be lost.
export default defineBackground(() => {
  const clients = createClients();
  const notifier = createNotifier();
  const shortenAndCopy = createShortenAndCopy({ clients, clipboard: createClipboard(), notifier });

  registerMessageHandlers({
    ...createLinkHandlers(clients),
    ...createProfileHandlers(clients),
    api: createApiHandler(clients),
  });
  registerMenus(shortenAndCopy, notifier);
  registerCommands(shortenAndCopy, notifier);
  registerNotificationClicks();
});
