import { useEffect, useState } from 'preact/hooks';
import { App as PopupApp } from '@/entrypoints/popup/App';
import { type StartUrl, type TabInfo, tabStartUrl } from '@/entrypoints/popup/start-url';
import { t } from '@/lib/i18n';
import { activeProfile } from '@/lib/settings/schema';
import { settingsItem, watchItem } from '@/lib/storage/items';
import { followActiveTab } from './follow-active-tab';

/** The page the panel shows the form for; `key` changes with it. */
interface PanelPage {
  key: number;
  start: StartUrl;
  /** The tab's address could not be read: the `tabs` permission would allow it. */
  unreadable: boolean;
}

/** The start URL of the active tab, or why it cannot be used. */
function panelStart(tab: TabInfo | undefined): Omit<PanelPage, 'key'> {
  // A tab without a readable URL is one the panel may not see without `tabs` (activeTab covered
  // only the tab the panel was opened over).
  if (tab && tab.url === undefined)
    return { start: { url: '', reason: t('panel_tab_unreadable') }, unreadable: true };
  return { start: tabStartUrl(tab ?? {}), unreadable: false };
}

function allowTabs() {
  // followActiveTab hears the grant (permissions.onAdded) and shows the tab's page.
  void browser.permissions.request({ permissions: ['tabs'] }).catch(() => undefined);
}

/**
 * The side panel: the popup's form, recent list and search for the active tab of the panel's window.
 * Another page remounts the form (keyed): the old page's draft is written as it goes
 * (hooks/use-draft.ts) and the new page's draft restored, as a popup opened over it would.
 */
export function App() {
  const [page, setPage] = useState<PanelPage | null>(null);
  // Unlike a popup, the panel stays open while the user connects a server in Options (or removes the
  // last profile): the form is drawn again when that changes.
  const [configured, setConfigured] = useState<boolean | null>(null);

  useEffect(() => watchItem(settingsItem, (settings) => setConfigured(activeProfile(settings) !== null)), []);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    browser.windows
      .getCurrent()
      .then(({ id }) => {
        if (gone || id === undefined) return;
        stop = followActiveTab(id, (tab) =>
          setPage((last) => ({ key: (last?.key ?? 0) + 1, ...panelStart(tab) })),
        );
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      stop?.();
    };
  }, []);

  if (!page || configured === null) return null;
  return (
    <PopupApp
      key={`${page.key} ${configured}`}
      panel={{ start: page.start, ...(page.unreadable ? { onAllowTabs: allowTabs } : {}) }}
    />
  );
}
