import { useEffect, useState } from 'preact/hooks';
import { type StartUrl, type TabInfo, tabStartUrl } from '@/entrypoints/popup/start-url';
import { t } from '@/lib/i18n';
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

/**
 * The page of the active tab of the panel's window, followed as the user switches tabs or navigates
 * (follow-active-tab.ts); null until known.
 */
export function usePanelPage(): PanelPage | null {
  const [page, setPage] = useState<PanelPage | null>(null);

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

  return page;
}
