import { ClicksChange } from '@/components/clicks-change';
import { t, tPlural } from '@/lib/i18n';
import { safeHref } from '@/lib/url/rules';
import type { WatchedLink } from '../hooks/use-watched-links';

/** The links the user watches, a line each with its clicks and the new ones: nothing when none. */
export function WatchedLinks({ links }: { links: readonly WatchedLink[] }) {
  if (links.length === 0) return null;
  return (
    <section class="watched" aria-labelledby="watched-heading">
      <h2 id="watched-heading">{t('popup_watched_heading')}</h2>
      <ul>
        {links.map(({ link, since }) => {
          const href = safeHref(link.shortUrl);
          const name = link.title || link.shortUrl;
          return (
            <li key={link.id}>
              {href ? (
                <a class="title" href={href} target="_blank" rel="noreferrer" dir="auto" title={link.longUrl}>
                  {name}
                </a>
              ) : (
                <span class="title" dir="auto">
                  {name}
                </span>
              )}
              <span class="clicks">{tPlural('popup_watched_clicks', link.clicks)}</span>
              <ClicksChange count={since} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
