import type { Ref } from 'preact';
import { t } from '@/lib/i18n';
import type { CachedLink } from '@/lib/links/cache';

interface DuplicateNoticeProps {
  link: CachedLink;
  onCopyExisting: () => void;
  onCreateNew: () => void;
  /** The "Copy existing" button, for the popup to focus: Enter then reuses the old link. */
  buttonRef?: Ref<HTMLButtonElement>;
}

/** Offers the link made before for the same long URL instead of a second one. */
export function DuplicateNotice({ link, onCopyExisting, onCreateNew, buttonRef }: DuplicateNoticeProps) {
  return (
    <section class="card" aria-label={t('popup_duplicate_label')}>
      <p class="dup">
        {t('popup_duplicate_text')} <strong dir="ltr">{link.shortUrl}</strong>
      </p>
      <div class="row wrap">
        <button type="button" class="primary" ref={buttonRef} onClick={onCopyExisting}>
          {t('popup_copy_existing')}
        </button>
        <button type="button" onClick={onCreateNew}>
          {t('popup_create_new')}
        </button>
      </div>
    </section>
  );
}
