import { openCache } from '@/lib/links/cache';
import { allApiKeys } from '@/lib/storage/api-keys';
import { createApiHandler } from './api-message';
import { createClients } from './clients';
import { createClipboard } from './clipboard';
import { registerCommands } from './commands';
import { createLinkPipeline } from './create-link';
import { createBulk } from './jobs/bulk';
import { createCopyList } from './jobs/copy-list';
import { createCreateQueue, createQueueHandlers, registerQueueTriggers } from './jobs/queue';
import { createLinkHandlers } from './links';
import { registerMenus } from './menus';
import { registerMessageHandlers } from './messages';
import { createMigrations, registerMigrations } from './migrations';
import { createMirror, createMirrorHandlers } from './mirror';
import { createNotifier, registerNotificationClicks } from './notify';
import { registerOmnibox } from './omnibox';
import { createProfileHandlers } from './profiles';
import { createWaitPublisher } from './rate-limit-wait';
import { createSettingsTransferHandlers } from './settings-transfer';
import { createShortenAndCopy } from './shorten-and-copy';
import { createTabMarker } from './tab-marker';
import { registerAllTabsOnGrant } from './tabs-permission';
import { createWatchDigest } from './watch-digest';

// Wiring only, and synchronous: every listener is registered in the first turn of the service worker
// (Firefox: the event page), or events that woke it would be lost.
export default defineBackground(() => {
  // The link cache opens now, beside the script's first reads, not when a create first looks in it:
  // nearly every wake reads it (a shortcut's or a menu's create, a page's refresh, the tab marker),
  // and a new version of its database (which may rewrite every link's record) is upgraded here, in
  // the worker, rather than in the first page opened after an update.
  openCache();
  const migrations = createMigrations();
  const waits = createWaitPublisher();
  waits.clear();
  // A request of the user's answered by a server wakes the creates queued for it (called later only).
  const clients = createClients({
    ready: migrations.ready,
    onWait: waits.update,
    onAnswer: (profileId) => queue.serverAnswered(profileId),
  });
  const createLink = createLinkPipeline(clients);
  const notifier = createNotifier();
  const clipboard = createClipboard();
  const queue = createCreateQueue({ createLink, clients, clipboard, notifier });
  const shortenAndCopy = createShortenAndCopy({ clients, createLink, clipboard, notifier, queue });
  // One handler for the popup's request and for the run a permission grant starts, so they join.
  const lists = createCopyList({ createLink, clients, clipboard, notifier, queue });
  const bulk = createBulk({ createLink, clients });
  const mirror = createMirror({ clients });
  const watchDigest = createWatchDigest();
  const marker = createTabMarker({ ready: migrations.ready });

  registerMigrations(migrations);
  registerMessageHandlers(
    {
      ...createLinkHandlers(clients, createLink, { mirror }),
      ...createProfileHandlers(clients),
      ...createSettingsTransferHandlers(clients),
      shortenAllTabs: lists.shortenAllTabs,
      shortenUrls: lists.shortenUrls,
      api: createApiHandler(clients, createLink),
      bulkStart: bulk.bulkStart,
      bulkControl: bulk.bulkControl,
      bulkRetry: bulk.bulkRetry,
      bulkRateLimit: bulk.bulkRateLimit,
      ...createQueueHandlers(queue, clients),
      ...createMirrorHandlers(mirror),
    },
    { ready: migrations.ready, secrets: allApiKeys },
  );
  registerMenus(shortenAndCopy, lists.shortenSelectedUrls, notifier);
  registerCommands(shortenAndCopy, notifier);
  registerOmnibox({ clients, shortenAndCopy, notifier });
  registerNotificationClicks(queue.copyMade);
  registerAllTabsOnGrant(lists.shortenAllTabs, notifier);
  registerQueueTriggers(queue);
  bulk.register();
  lists.register();
  mirror.register();
  watchDigest.register();
  marker.register();
  void queue.start().catch(() => undefined);
  void mirror.start().catch(() => undefined);
});
