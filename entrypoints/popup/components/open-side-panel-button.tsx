import { t } from '@/lib/i18n';

/** The header's button that moves the popup's form into the browser's side panel, beside the page. */
export function OpenSidePanelButton({ onOpen }: { onOpen: () => void }) {
  const label = t('panel_open_button');
  return (
    <button type="button" class="quiet icon" aria-label={label} title={label} onClick={onOpen}>
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        <rect x="1.5" y="2.5" width="13" height="11" rx="1.5" fill="none" stroke="currentColor" />
        <rect x="9.5" y="3" width="4.5" height="10" fill="currentColor" />
      </svg>
    </button>
  );
}
