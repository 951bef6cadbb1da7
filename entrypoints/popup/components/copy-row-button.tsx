import { t } from '@/lib/i18n';
import type { CachedLink } from '@/lib/links/cache';

/**
 * A listed link's Copy button: named after its short URL, and "Copied" once its row was copied; with
 * `shortcut`, the key that copies it too (announced to assistive technology).
 */
export function CopyRowButton({
  link,
  copied,
  onCopy,
  shortcut,
}: {
  link: CachedLink;
  copied: boolean;
  onCopy: (link: CachedLink) => void;
  shortcut?: string;
}) {
  return (
    <button
      type="button"
      aria-label={t('popup_copy_link_label', link.shortUrl)}
      aria-keyshortcuts={shortcut}
      onClick={() => onCopy(link)}
    >
      {t(copied ? 'popup_copied_button' : 'popup_copy_button')}
    </button>
  );
}
