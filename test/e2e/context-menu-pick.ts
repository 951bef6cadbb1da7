/**
 * Choosing Shortlink › Shorten link in a page's real context menu, robustly enough to do it many times
 * in one browser (test/e2e/faults.spec.ts, key-isolation.spec.ts). On a link the extension has two
 * items, grouped in a submenu just above Inspect: Up Up selects it, Right opens it on Shorten link.
 */
import type { Page, WebWorker } from 'puppeteer-core';
import { waitForWindowGone, xdotool } from './desktop';
import { focusBrowserWindow, pickContextMenuItem, rightClickAt, screenPointOf } from './harness';

/** The keys that choose Shorten link on a link's context menu. */
const SHORTEN_LINK_KEYS = ['Up', 'Up', 'Right', 'Return'];

/**
 * Right-clicks the link `selector` and chooses Shortlink › Shorten link. The notifications of earlier
 * picks are closed first: their windows could hold the keyboard focus the menu needs. Should the menu
 * still ignore the keys (it then stays open, so nothing was chosen), the pick is tried once more.
 */
export async function chooseShortenLink(worker: WebWorker, page: Page, selector: string): Promise<void> {
  await worker.evaluate(async () => {
    const { notifications } = (
      globalThis as unknown as {
        chrome: { notifications: { getAll(): Promise<object>; clear(id: string): Promise<boolean> } };
      }
    ).chrome;
    for (const id of Object.keys(await notifications.getAll())) await notifications.clear(id);
  });
  await page.bringToFront();
  await focusBrowserWindow(page);
  for (let attempt = 1; ; attempt++) {
    // xdotool's `mousemove --sync` waits for the pointer to move: it must not already be on the link.
    const away = await screenPointOf(page, 'h1');
    await xdotool('mousemove', '--sync', String(away.x), String(away.y));
    const menu = await rightClickAt(page, selector);
    try {
      await pickContextMenuItem(SHORTEN_LINK_KEYS, menu);
      return;
    } catch (error) {
      if (attempt === 2) throw error;
      console.warn(`[e2e] the context menu ignored ${SHORTEN_LINK_KEYS.join(' ')}; choosing again`);
      await closeMenu(page, menu.windowId);
      await focusBrowserWindow(page);
    }
  }
}

/**
 * Closes a context menu that ignored the keys, choosing nothing. Each way is tried until the menu's
 * window is gone: Escape sent to that window; a click on the page, a little off the heading's centre
 * (where the next attempt starts: `mousemove --sync` needs a move); Escape to whatever has the focus.
 */
async function closeMenu(page: Page, windowId: string): Promise<void> {
  const ways: (() => Promise<unknown>)[] = [
    () => xdotool('key', '--window', windowId, 'Escape'),
    async () => {
      const heading = await screenPointOf(page, 'h1');
      await xdotool('mousemove', '--sync', String(heading.x + 12), String(heading.y + 2), 'click', '1');
    },
    () => xdotool('key', 'Escape'),
  ];
  for (const [index, way] of ways.entries()) {
    await way().catch(() => undefined);
    const last = index === ways.length - 1;
    try {
      await waitForWindowGone(
        windowId,
        'The context menu (after Escape and a click on the page)',
        last ? 5_000 : 1_500,
      );
      return;
    } catch (error) {
      if (last) throw error;
    }
  }
}
