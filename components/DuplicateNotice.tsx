import type { Ref } from 'preact';
import type { CachedLink } from '@/lib/cache';

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
    <section class="card" aria-label="Shortened before">
      <p class="dup">
        You shortened this before: <strong>{link.shortUrl}</strong>
      </p>
      <div class="row">
        <button type="button" class="primary" ref={buttonRef} onClick={onCopyExisting}>
          Copy existing
        </button>
        <button type="button" onClick={onCreateNew}>
          Create new anyway
        </button>
      </div>
    </section>
  );
}
