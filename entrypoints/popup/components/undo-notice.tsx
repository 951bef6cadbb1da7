import { t } from '@/lib/i18n';

interface UndoNoticeProps {
  /** Why the Long URL is not the tab's own address. */
  reason: 'popup_tracking_removed' | 'popup_canonical_used';
  onUndo: () => void;
}

/** Says how the behaviour settings changed the start URL, with Undo. */
export function UndoNotice({ reason, onUndo }: UndoNoticeProps) {
  return (
    <p class="notice row">
      <span class="grow">{t(reason)}</span>
      <button type="button" class="quiet" aria-label={t('popup_undo_label')} onClick={onUndo}>
        {t('popup_undo_button')}
      </button>
    </p>
  );
}
