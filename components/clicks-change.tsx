import { formatNumber, tPlural } from '@/lib/i18n';

/** "+15" beside a link's clicks: the clicks since a list last showed it (lib/links/watch.ts); nothing when none. */
export function ClicksChange({ count }: { count: number }) {
  if (count <= 0) return null;
  const said = tPlural('common_clicks_new', count);
  return (
    <span class="clicks-change" title={said}>
      <span aria-hidden="true">+{formatNumber(count)}</span>
      <span class="sr-only">{said}</span>
    </span>
  );
}
