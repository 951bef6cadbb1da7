import { t } from '@/lib/i18n';

/**
 * Under a row that got the same short link as another row (a server that answers a create of a
 * page it has with the link it made before): says so, and offers a link of its own in one click.
 */
export function SameLink({ name, onMakeDistinct }: { name: string; onMakeDistinct: () => void }) {
  return (
    <div class="row small">
      <span class="muted grow">{t('popup_same_link')}</span>
      <button type="button" aria-label={t('popup_make_distinct_label', name)} onClick={onMakeDistinct}>
        {t('popup_make_distinct')}
      </button>
    </div>
  );
}
