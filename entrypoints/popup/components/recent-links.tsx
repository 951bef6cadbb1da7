import { t } from '@/lib/i18n';
import type { CachedLink } from '@/lib/links/cache';
import { safeHref } from '@/lib/url/rules';
import { CopyRowButton } from './copy-row-button';

interface RecentLinksProps {
  /** The rows to show: the newest links, or those matching the query. */
  shown: readonly CachedLink[];
  /** How many links are cached at all, to tell "no links yet" from "no match". */
  total: number;
  query: string;
  onQuery: (query: string) => void;
  /** The search field got the focus (the links it searches can be read ahead of the first key). */
  onSearchFocus?: () => void;
  /** The link whose short URL was just copied from its row. */
  copiedId: number | null;
  onCopy: (link: CachedLink) => void;
  /** A quiet line beside the heading, e.g. why the list could not be refreshed. */
  note?: string | undefined;
}

/** From this many rows on, the list keeps room for this many whatever else the popup shows (popup.css). */
const FLOOR_ROWS = 4;

/** Recent short links with a search field; each row has its title, URLs, Copy and an open link. */
export function RecentLinks({
  shown,
  total,
  query,
  onQuery,
  onSearchFocus,
  copiedId,
  onCopy,
  note,
}: RecentLinksProps) {
  return (
    <section class={shown.length >= FLOOR_ROWS ? 'recent many' : 'recent'} aria-labelledby="recent-heading">
      <div class="row">
        <h2 id="recent-heading">{t('popup_recent_heading')}</h2>
        <input
          type="search"
          aria-label={t('popup_search_recent')}
          placeholder={t('popup_search_recent')}
          value={query}
          onInput={(e) => onQuery(e.currentTarget.value)}
          onFocus={onSearchFocus}
        />
      </div>
      {note && <p class="muted small">{note}</p>}
      {shown.length > 0 ? (
        <ul class="links">
          {shown.map((link) => {
            // Server data is untrusted: only http(s) addresses become links.
            const href = safeHref(link.shortUrl);
            return (
              <li key={link.id}>
                <div class="link-text">
                  <span class="title" dir="auto" title={link.title || link.longUrl}>
                    {link.title || link.longUrl}
                  </span>
                  {href ? (
                    <a href={href} target="_blank" rel="noreferrer" dir="ltr">
                      {link.shortUrl}
                    </a>
                  ) : (
                    <span dir="ltr">{link.shortUrl}</span>
                  )}
                  <span class="long" dir="ltr" title={link.longUrl}>
                    {link.longUrl}
                  </span>
                </div>
                <CopyRowButton link={link} copied={copiedId === link.id} onCopy={onCopy} />
              </li>
            );
          })}
        </ul>
      ) : (
        <p class="muted">{t(total > 0 ? 'popup_no_match' : 'popup_no_links')}</p>
      )}
    </section>
  );
}
