/** #/links: the server's links, a page at a time, sortable, searchable, and found by short URL. */
import { useState } from 'preact/hooks';
import { SelectField, TextField } from '@/components/fields';
import { t } from '@/lib/i18n';
import { useApi } from './api-context';
import { formatDate, formatNumber } from './format';
import { SEARCH_DEBOUNCE_MS, useAction, useDebounced, usePagedResource } from './hooks';
import { LinksExport } from './links-export';
import { ListTable, PagedList } from './paged-list';
import { routeHref } from './route';
import { ActionButton, ErrorMessage, SafeLink } from './ui';

type Order = 'date' | 'click';

const SHORT_URL_EXAMPLE = 'https://go.example.com/abc';

function FindByShortUrl({ navigate }: { navigate: (hash: string) => void }) {
  const api = useApi();
  const [short, setShort] = useState('');
  const [notFound, setNotFound] = useState(false);
  const find = useAction((url: string) => api('findLinkByShortUrl', url));
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    setNotFound(false);
    const result = await find.run(short.trim());
    if (!result?.ok) return;
    if (result.data) navigate(routeHref({ name: 'link', id: result.data.id }));
    else setNotFound(true);
  };
  return (
    <form class="inline-form" onSubmit={onSubmit} aria-label={t('manage_links_find_form')}>
      <TextField
        label={t('manage_links_find_label')}
        // Not type="url": the browser would refuse a bare alias or a short URL without its scheme.
        inputMode="url"
        hint={t('manage_links_find_hint')}
        value={short}
        onValue={setShort}
        placeholder={SHORT_URL_EXAMPLE}
      />
      <ActionButton type="submit" busy={find.busy} disabled={short.trim() === ''}>
        {t('manage_links_find_button')}
      </ActionButton>
      <ErrorMessage error={find.error ?? (notFound ? t('manage_links_find_none') : undefined)} />
    </form>
  );
}

/** The links list. `navigate` sets the location hash (a parameter so tests can watch it). */
export function LinksView({ navigate }: { navigate: (hash: string) => void }) {
  const api = useApi();
  const [order, setOrder] = useState<Order>('date');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const links = usePagedResource(
    (paging) => api('listLinks', { ...paging, order, ...(q ? { q } : {}) }),
    [api, order, q],
  );

  return (
    <section aria-labelledby="links-heading">
      <div class="heading-row">
        <h1 id="links-heading">{t('manage_links_heading')}</h1>
        <LinksExport />
        <a class="button primary" href={routeHref({ name: 'link-new' })}>
          {t('manage_links_new_button')}
        </a>
      </div>
      <FindByShortUrl navigate={navigate} />
      <div class="toolbar">
        <TextField
          label={t('manage_links_search_label')}
          type="search"
          value={search}
          onValue={setSearch}
          placeholder={t('manage_links_search_placeholder')}
        />
        <SelectField
          label={t('manage_links_sort_label')}
          value={order}
          onValue={(value) => setOrder(value as Order)}
          options={[
            { value: 'date', label: t('manage_links_sort_newest') },
            { value: 'click', label: t('manage_links_sort_clicks') },
          ]}
        />
      </div>
      <PagedList
        list={links}
        empty={q ? t('manage_links_empty_search', q) : t('manage_links_empty')}
        pagerLabel={t('manage_links_pager')}
      >
        {(items, busy) => (
          <ListTable busy={busy}>
            <thead>
              <tr>
                <th scope="col">{t('manage_links_link_column')}</th>
                <th scope="col">{t('manage_links_long_url_column')}</th>
                <th scope="col" class="num">
                  {t('manage_links_clicks_column')}
                </th>
                <th scope="col" class="created">
                  {t('manage_links_created_column')}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((link) => (
                <tr key={link.id}>
                  <td>
                    <a href={routeHref({ name: 'link', id: link.id })}>
                      {link.title || link.alias || `#${link.id}`}
                    </a>
                    <div class="sub">
                      <SafeLink url={link.shortUrl} />
                    </div>
                  </td>
                  <td class="long-url">
                    <SafeLink url={link.longUrl} />
                  </td>
                  <td class="num">{formatNumber(link.clicks)}</td>
                  <td class="created" title={formatDate(link.date)}>
                    {formatDate(link.date, { withTime: false })}
                  </td>
                </tr>
              ))}
            </tbody>
          </ListTable>
        )}
      </PagedList>
    </section>
  );
}
