import type { CachedLink } from '@/lib/cache';

interface ShortenResultProps {
  link: CachedLink;
  copied: boolean;
  onCopy: () => void;
}

/** The link just created (or reused): its short URL, a Copy button, the "Copied" state and Details. */
export function ShortenResult({ link, copied, onCopy }: ShortenResultProps) {
  return (
    <section class="card result" aria-label="Short link">
      <div class="row">
        <input
          class="grow"
          readOnly
          aria-label="Short URL"
          value={link.shortUrl}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" class="primary" onClick={onCopy}>
          Copy
        </button>
      </div>
      <div class="row small">
        <span class="ok">{copied && '✓ Copied'}</span>
        <a href={`/manage.html#/links/${link.id}`} target="_blank" rel="noreferrer">
          Details
        </a>
      </div>
    </section>
  );
}
