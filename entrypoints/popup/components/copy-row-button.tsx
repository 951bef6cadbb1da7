import { t } from '@/lib/i18n';
import type { CachedLink } from '@/lib/links/cache';

/** A listed link's Copy button: named after its short URL, and "Copied" once its row was copied. */
export function CopyRowButton({
  link,
  copied,
  onCopy,
}: {
  link: CachedLink;
  copied: boolean;
  onCopy: (link: CachedLink) => void;
}) {
  return (
    <button type="button" aria-label={t('popup_copy_link_label', link.shortUrl)} onClick={() => onCopy(link)}>
      {t(copied ? 'popup_copied_button' : 'popup_copy_button')}
    </button>
  );
}
