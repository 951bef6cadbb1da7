import { t } from '@/lib/i18n';

interface UndoNoticeProps {
  /** Why the Long URL is not the tab's own address, or not what the user pasted. */
  reason: string;
  /** The user pasted it: Undo puts back what they pasted, not the tab's address. */
  typed?: boolean | undefined;
  onUndo: () => void;
}

/** Says how the behaviour settings changed the long URL, with Undo. */
export function UndoNotice({ reason, typed, onUndo }: UndoNoticeProps) {
  return (
    <p class="notice row">
      <span class="grow">{reason}</span>
      <button
        type="button"
        class="quiet"
        aria-label={t(typed ? 'popup_undo_pasted_label' : 'popup_undo_label')}
        onClick={onUndo}
      >
        {t('popup_undo_button')}
      </button>
    </p>
  );
}
