/**
 * How the background tells the user what happened when no page is open: a notification and a
 * short-lived toolbar badge. Menus and the keyboard command have no other way to answer.
 */

import type { ErrorData } from '@/lib/api/errors';
import { formatNumber, type MessageKey, t } from '@/lib/i18n';
import { FORMAT_NAMES } from '@/lib/links/copy-format';
import { notificationText } from '@/lib/present/errors';
import { namesList } from '@/lib/present/labels';
import type { CopyFormat } from '@/lib/settings/schema';
import { lastFailureItem, removeItem, setItem } from '@/lib/storage/items';

/** Notification id of "not configured": clicking it opens Options. */
export const SETUP_NOTIFICATION_ID = 'shortlink-setup';
const RESULT_NOTIFICATION_ID = 'shortlink-result';
/** Notification id of "links made from the queue": clicking it copies them. */
const QUEUE_MADE_NOTIFICATION_ID = 'shortlink-queue-made';
const WATCH_DIGEST_NOTIFICATION_ID = 'shortlink-watch-digest';

const SUCCESS_BADGE_MS = 3_000;
const FAILURE_BADGE_MS = 5_000;

/** The toolbar button's API: `action`, or `browserAction` in MV2 builds (Firefox). */
export function toolbarAction(): typeof browser.action {
  return browser.action ?? (browser as unknown as { browserAction: typeof browser.action }).browserAction;
}

let badgeTimer: ReturnType<typeof setTimeout> | undefined;
/** The number of queued creates as the badge shows it between short-lived badges ('' for none). */
let queueBadge = '';
/** The colour of the queue's count, and of the tab marker's: a tab's own colour would show on the queue's count. */
export const QUEUE_BADGE_COLOR = '#2563eb';
/** Hears each change of the queue's count (the tab marker, which gives way while links wait). */
let queueCountListener: ((count: number) => void) | undefined;

/** Calls `listener` with the queue's count each time it changes. */
export function watchQueueCount(listener: (count: number) => void): void {
  queueCountListener = listener;
}

async function showQueueBadge(): Promise<void> {
  const action = toolbarAction();
  await Promise.all([
    action.setBadgeText({ text: queueBadge }),
    queueBadge ? action.setBadgeBackgroundColor({ color: QUEUE_BADGE_COLOR }) : null,
  ]);
}

async function showBadge(text: string, color: string, ms: number): Promise<void> {
  // While creates wait in the queue, their count is the badge; the notification still tells the rest.
  if (queueBadge) return;
  clearTimeout(badgeTimer);
  const action = toolbarAction();
  await Promise.all([action.setBadgeText({ text }), action.setBadgeBackgroundColor({ color })]);
  badgeTimer = setTimeout(() => {
    badgeTimer = undefined;
    void showQueueBadge().catch(() => undefined);
  }, ms);
}

/** Shows how many creates wait in the queue; with none, the badge clears once any short-lived one is over. */
export async function showQueueCount(count: number): Promise<void> {
  const before = queueBadge;
  queueBadge = count > 0 ? String(count) : '';
  if (queueBadge !== before) queueCountListener?.(count);
  if (queueBadge) {
    clearTimeout(badgeTimer);
    badgeTimer = undefined;
  }
  if (badgeTimer === undefined) await showQueueBadge();
}

async function notify(id: string, title: string, message: string): Promise<void> {
  await browser.notifications.create(id, {
    type: 'basic',
    iconUrl: browser.runtime.getURL('/icon/128.png'),
    title,
    message,
  });
}

/** Says that queued creates were made; clicking it copies them (registerNotificationClicks). */
export async function notifyQueueMade(message: string): Promise<void> {
  await notify(QUEUE_MADE_NOTIFICATION_ID, t('ext_name'), `${message}\n${t('bg_queue_made_click')}`).catch(
    () => undefined,
  );
}

/** How a copied link was come by, and how the user wants to hear of it. */
/** The daily notification of the watched links with the most new clicks, a line each. */
export async function notifyWatchedMovers(
  movers: readonly { name: string; clicks: number }[],
): Promise<void> {
  const lines = movers.map(({ name, clicks }) => t('bg_watch_digest_line', name, formatNumber(clicks)));
  await notify(WATCH_DIGEST_NOTIFICATION_ID, t('bg_watch_digest_title'), lines.join('\n')).catch(
    () => undefined,
  );
}

export interface CopiedNote {
  /** Found among the links made before, without a request. */
  reused: boolean;
  /** The server answered the create with a link it had made before. */
  existing?: boolean | undefined;
  /** The redirect wrappers taken off the address (lib/url/unwrap.ts); the notification's title names them. */
  unwrapped?: string[];
  notify: boolean;
  format: CopyFormat;
}

/** What the user sees about a finished copy. Failures to show it are not failures of the copy. */
export interface Notifier {
  /** A finished copy; the notification names the format unless it was the plain URL. */
  copied(shortUrl: string, note: CopiedNote): Promise<void>;
  /** A failure: `brief` (default: notificationText) in the notification, the whole message for the popup. */
  failed(title: string, error: ErrorData, brief?: string): Promise<void>;
  /** A notice that is not an error of the server, e.g. "this page can't be shortened". */
  info(title: string, message: string): Promise<void>;
  /** The end of a run over many links: a badge (✓, or ! when any failed), and a notification when `notify`. */
  summary(title: string, message: string, options: { ok: boolean; notify: boolean }): Promise<void>;
}

/** How a copied link came: made now, reused from the cache, or an existing link the server answered with. */
type Came = 'made' | 'reused' | 'existing';

const COPIED: Record<Came, { plain: MessageKey; as: MessageKey }> = {
  made: { plain: 'bg_copied', as: 'bg_copied_as' },
  reused: { plain: 'bg_copied_reused', as: 'bg_copied_as_reused' },
  existing: { plain: 'bg_copied_existing', as: 'bg_copied_as_existing' },
};

function copiedMessage(shortUrl: string, came: Came, format: CopyFormat): string {
  const keys = COPIED[came];
  return format === 'plain' ? t(keys.plain, shortUrl) : t(keys.as, shortUrl, t(FORMAT_NAMES[format]));
}

/** Notifications plus badge, as the browser shows them. */
export function createNotifier(): Notifier {
  const quietly = (work: Promise<unknown>) => work.then(() => undefined).catch(() => undefined);
  return {
    async copied(shortUrl, { reused, existing, unwrapped = [], notify: show, format }) {
      // A failure kept for the popup is old news once a copy works again.
      const tasks = [showBadge('✓', '#16a34a', SUCCESS_BADGE_MS), removeItem(lastFailureItem)];
      const title = unwrapped.length > 0 ? t('common_unwrapped_from', namesList(unwrapped)) : t('ext_name');
      const came = reused ? 'reused' : existing ? 'existing' : 'made';
      if (show) tasks.push(notify(RESULT_NOTIFICATION_ID, title, copiedMessage(shortUrl, came, format)));
      await quietly(Promise.all(tasks));
    },
    async failed(title, error, brief = notificationText(error, Date.now())) {
      // Only "add your server" is a notification of its own: every other one replaces the last result.
      const id = error.kind === 'not_configured' ? SETUP_NOTIFICATION_ID : RESULT_NOTIFICATION_ID;
      // The popup says when to retry from retryAt as it shows the failure, so the wait it names is current.
      const retryAt =
        error.kind === 'rate_limited' && error.retryAt !== undefined ? { retryAt: error.retryAt } : {};
      await quietly(
        Promise.all([
          showBadge('!', '#dc2626', FAILURE_BADGE_MS),
          notify(id, title, brief),
          setItem(lastFailureItem, { title, message: error.message, at: Date.now(), ...retryAt }),
        ]),
      );
    },
    async info(title, message) {
      await quietly(notify(RESULT_NOTIFICATION_ID, title, message));
    },
    async summary(title, message, { ok, notify: show }) {
      const badge = ok
        ? showBadge('✓', '#16a34a', SUCCESS_BADGE_MS)
        : showBadge('!', '#dc2626', FAILURE_BADGE_MS);
      await quietly(Promise.all([badge, show ? notify(RESULT_NOTIFICATION_ID, title, message) : null]));
    },
  };
}

/**
 * Opens Options when the user clicks the "add your server" notification; copies the links a "made
 * from the queue" notification announced with `copyQueueMade`.
 */
export function registerNotificationClicks(copyQueueMade: () => Promise<void>): void {
  browser.notifications.onClicked.addListener((id) => {
    if (id === QUEUE_MADE_NOTIFICATION_ID) {
      void browser.notifications.clear(id);
      return copyQueueMade();
    }
    if (id !== SETUP_NOTIFICATION_ID) return;
    void browser.notifications.clear(id);
    void browser.runtime.openOptionsPage();
  });
}
