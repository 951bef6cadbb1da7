import { useEffect, useState } from 'preact/hooks';
import { App as PopupApp } from '@/entrypoints/popup/app';
import { activeProfile } from '@/lib/settings/schema';
import { settingsItem, watchItem } from '@/lib/storage/items';
import { usePanelPage } from './use-panel-page';

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
  const page = usePanelPage();
  // Unlike a popup, the panel stays open while the user connects a server in Options (or removes the
  // last profile): the form is drawn again when that changes.
  const [configured, setConfigured] = useState<boolean | null>(null);

  useEffect(() => watchItem(settingsItem, (settings) => setConfigured(activeProfile(settings) !== null)), []);

  if (!page || configured === null) return null;
  return (
    <PopupApp
      key={`${page.key} ${configured}`}
      panel={{ start: page.start, ...(page.unreadable ? { onAllowTabs: allowTabs } : {}) }}
    />
  );
}
