/**
 * The side panel's page: the active tab of the panel's window, followed as the user switches tabs,
 * navigates, comes back to the window or allows the panel to read tab addresses.
 */
import type { TabInfo } from '@/entrypoints/popup/start-url';

type Listener<A extends unknown[]> = {
  addListener(callback: (...args: A) => void): void;
  removeListener(callback: (...args: A) => void): void;
};

/** The browser APIs followActiveTab listens to (fakes in tests). */
export interface TabEvents {
  tabs: {
    query(query: { active: true; windowId: number }): Promise<TabInfo[]>;
    onActivated: Listener<[{ tabId: number; windowId: number }]>;
    onUpdated: Listener<[number, { url?: string; status?: string }, { active?: boolean; windowId?: number }]>;
  };
  windows: { onFocusChanged: Listener<[number]> };
  permissions: { onAdded: Listener<[unknown]> };
}

/**
 * Calls `onTab` with the active tab of `windowId` now and each time another tab, or another address,
 * is shown there; a reload or a title change is not a new page. Returns the function that stops it.
 * Without the `tabs` permission a tab's URL is unreadable (undefined) except where activeTab allows.
 */
export function followActiveTab(
  windowId: number,
  onTab: (tab: TabInfo | undefined) => void,
  api: TabEvents = browser as unknown as TabEvents,
): () => void {
  let last: string | null = null;
  // Checks overlap when events come in a burst: only the newest one's answer counts.
  let latest = 0;
  let stopped = false;

  const check = async () => {
    const mine = ++latest;
    const [tab] = await api.tabs.query({ active: true, windowId }).catch(() => []);
    if (stopped || mine !== latest) return;
    const key = `${tab?.id ?? ''} ${tab?.url ?? ''}`;
    if (key === last) return;
    last = key;
    onTab(tab);
  };
  const activated = (info: { windowId: number }) => {
    if (info.windowId === windowId) void check();
  };
  // Without `tabs`, a navigation reports no url: its loading status still says the page changed.
  const updated = (
    _id: number,
    change: { url?: string; status?: string },
    tab: { active?: boolean; windowId?: number },
  ) => {
    if (tab.active && tab.windowId === windowId && (change.url !== undefined || change.status === 'loading'))
      void check();
  };
  const focused = (focusedId: number) => {
    if (focusedId === windowId) void check();
  };
  const granted = () => void check();

  api.tabs.onActivated.addListener(activated);
  api.tabs.onUpdated.addListener(updated);
  api.windows.onFocusChanged.addListener(focused);
  api.permissions.onAdded.addListener(granted);
  void check();
  return () => {
    stopped = true;
    api.tabs.onActivated.removeListener(activated);
    api.tabs.onUpdated.removeListener(updated);
    api.windows.onFocusChanged.removeListener(focused);
    api.permissions.onAdded.removeListener(granted);
  };
}
