/**
 * Opening the extension's side panel: Chrome's `sidePanel` (116+), Firefox's `sidebarAction`. Both
 * open only in answer to the user's own action (a click, a menu item, a shortcut), and lose it at the
 * first `await`: call `openSidePanel` first thing in the handler.
 */

type SidePanelApis = {
  sidePanel?: { open?(options: { windowId: number }): Promise<void> };
  sidebarAction?: { open?(): Promise<void> };
};

/** True when this browser can open the side panel (Chrome 116+, Firefox); false hides the ways in. */
export function canOpenSidePanel(apis: SidePanelApis = browser as SidePanelApis): boolean {
  return typeof apis.sidePanel?.open === 'function' || typeof apis.sidebarAction?.open === 'function';
}

/**
 * Opens the side panel in the window `windowId` (Firefox opens it in the current window). Call it
 * before anything is awaited in the user's handler.
 */
export function openSidePanel(
  windowId: number | undefined,
  apis: SidePanelApis = browser as SidePanelApis,
): Promise<void> {
  if (apis.sidePanel?.open) {
    if (windowId === undefined) return Promise.reject(new Error('No window to open the side panel in'));
    return apis.sidePanel.open({ windowId });
  }
  if (apis.sidebarAction?.open) return apis.sidebarAction.open();
  return Promise.reject(new Error('This browser has no side panel'));
}
