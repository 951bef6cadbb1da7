/**
 * "Shorten all tabs": asks the background to shorten every tab of the popup's window, shows its
 * progress as the background publishes it in storage.session, then the result. The `tabs`
 * permission is requested before, in the click itself (hooks/use-all-tabs.ts).
 *
 * Chromium closes the popup while it shows the permission dialog, so the click also notes the time
 * in allTabsAskedItem: once the user allows it, the background starts the run itself
 * (background/tabs-permission.ts), and the next popup, opened within two minutes, shows that run, or
 * goes on with the request where the background did not (resumeAllTabs). It also shows a run of its
 * window that is still going.
 */

import type { ErrorData } from '@/lib/api/errors';
import { t } from '@/lib/i18n';
import {
  ALL_TABS_REPORT_TTL_MS,
  type AllTabsProgress,
  type AllTabsResult,
  allTabsProgressOf,
  freshAllTabsRequest,
  reportNeedsUser,
} from '@/lib/jobs/all-tabs';
import { send } from '@/lib/messaging/send';
import {
  allTabsAskedItem,
  allTabsShownItem,
  getItem,
  listJobItem,
  removeItem,
  type StorageArea,
  type StorageAreas,
  setItem,
  watchItem,
} from '@/lib/storage/items';

/**
 * Calls `show` with the latest run's progress now and on every change (null when there is none).
 * Returns the function that stops watching.
 */
export function watchAllTabs(
  show: (progress: AllTabsProgress | null) => void,
  areas: Pick<StorageAreas, 'session' | 'onChanged'> = browser.storage,
): () => void {
  return watchItem(listJobItem, (job) => show(job && allTabsProgressOf(job)), areas);
}

/** What the all-tabs box shows. */
export type AllTabsView =
  | { kind: 'denied' }
  /** `progress` is null until the background publishes the first count. */
  | { kind: 'running'; progress: AllTabsProgress | null }
  | { kind: 'done'; result: AllTabsResult }
  | { kind: 'error'; error: ErrorData };

/** What the run talks to; tests pass fakes. */
interface AllTabsDeps {
  send: typeof send;
  watch: typeof watchAllTabs;
  currentWindowId(): Promise<number | undefined>;
  session: StorageArea;
  hasTabsPermission(): Promise<boolean>;
}

const defaultDeps = (): AllTabsDeps => ({
  send,
  watch: watchAllTabs,
  currentWindowId: async () => (await browser.windows.getCurrent()).id,
  session: browser.storage.session,
  hasTabsPermission: () => browser.permissions.contains({ permissions: ['tabs'] }).catch(() => false),
});

/**
 * Runs "shorten all tabs" for the popup's window and reports each step to `show`. `granted` is the
 * answer of the permission request the click made.
 */
export async function shortenAllTabs(
  granted: boolean,
  show: (view: AllTabsView) => void,
  deps: AllTabsDeps = defaultDeps(),
): Promise<void> {
  // This popup goes on itself: the next one must not repeat the request.
  await removeItem(allTabsAskedItem, deps.session).catch(() => undefined);
  if (!granted) return show({ kind: 'denied' });
  show({ kind: 'running', progress: null });
  const windowId = await deps.currentWindowId();
  if (windowId === undefined) {
    return show({ kind: 'error', error: { kind: 'internal', message: t('popup_all_tabs_no_window') } });
  }
  // Only this window's unfinished run: a finished one, or another window's, is an earlier answer.
  const stop = deps.watch((progress) => {
    if (progress?.windowId === windowId && !progress.finished) show({ kind: 'running', progress });
  });
  const reply = await deps.send('shortenAllTabs', { windowId });
  stop();
  if (reply.ok) return showFinished(reply.data, show, deps);
  show(reply.error.kind === 'permission_denied' ? { kind: 'denied' } : { kind: 'error', error: reply.error });
}

/**
 * What a popup shows of "shorten all tabs" as it opens: the request of a popup that Chromium's
 * permission dialog closed (sent now if the user allowed it), this window's run still going, or the
 * report of a run that ended unseen and needs the user.
 */
export async function resumeAllTabs(
  show: (view: AllTabsView) => void,
  deps: AllTabsDeps = defaultDeps(),
  now = Date.now(),
): Promise<void> {
  const { session } = deps;
  const stored = await Promise.all([
    getItem(allTabsAskedItem, session),
    getItem(listJobItem, session),
    getItem(allTabsShownItem, session),
  ]).catch(() => undefined);
  if (!stored) return;
  const [askedAt, job, shownAt] = stored;
  const progress = job && allTabsProgressOf(job);
  const asked = freshAllTabsRequest(askedAt, now);
  // Only asked when there is a run to show: the popup's window is not needed otherwise.
  const ofThisWindow = async (p: AllTabsProgress) =>
    p.windowId === (await deps.currentWindowId().catch(() => undefined));
  if (asked !== null && progress && progress.startedAt >= asked) {
    // The background took the request up when the permission was granted: this popup shows that
    // run (of the window that asked) rather than starting another.
    await removeItem(allTabsAskedItem, deps.session).catch(() => undefined);
    if (!(await ofThisWindow(progress))) return;
    if (progress.finished && progress.result) return showFinished(progress.result, show, deps);
  } else if (asked !== null) {
    if (await deps.hasTabsPermission()) return shortenAllTabs(true, show, deps);
    // Refused: the request ends here. This popup did not ask, so it says nothing of it.
    await removeItem(allTabsAskedItem, deps.session).catch(() => undefined);
  }
  // Asking again for the same window joins the run (see `shortenAllTabs` in lib/messaging/protocol.ts).
  if (progress && !progress.finished && (await ofThisWindow(progress))) {
    return shortenAllTabs(true, show, deps);
  }
  // A run that ended while no popup was open (the user closed it, or the background started it):
  // the notification sent the user here to see what failed or was not copied.
  if (
    progress?.finished &&
    progress.result &&
    reportNeedsUser(progress.result) &&
    shownAt !== progress.startedAt &&
    now - progress.startedAt < ALL_TABS_REPORT_TTL_MS &&
    (await ofThisWindow(progress))
  ) {
    await showFinished(progress.result, show, deps);
  }
}

/** Shows a finished run's report, and records that a popup has shown it. */
async function showFinished(result: AllTabsResult, show: (view: AllTabsView) => void, deps: AllTabsDeps) {
  show({ kind: 'done', result });
  await markShown(deps, result.windowId);
}

/**
 * Records the latest run as shown, so the next popup does not offer its report again; only when it
 * is the run of the window shown, not one another window started meanwhile.
 */
async function markShown(deps: AllTabsDeps, windowId: number): Promise<void> {
  try {
    const job = await getItem(listJobItem, deps.session);
    if (job?.state === 'done' && job.windowId === windowId) {
      await setItem(allTabsShownItem, job.createdAt, deps.session);
    }
  } catch {
    // Not recorded, the report is offered once more: nothing is lost.
  }
}
