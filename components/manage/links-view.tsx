/** #/links: the server's links, a page at a time, sortable, searchable, and found by short URL. */
import { useCallback, useState } from 'preact/hooks';
import { useApi } from './api-context';
import { useAction, useDebounced, useLoad, useStepBackFromEmptyPage } from './hooks';
import { routeHref } from './route';
import { ErrorMessage, LoadState, Pager, SafeLink, SelectField, TextField } from './ui';

/** Links per page: small pages keep the list quick and the rate limit (30 a minute) unspent. */
export const PAGE_SIZE = 25;
/** How long typing must pause before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 400;

type Order = 'date' | 'click';

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
    <form class="inline-form" onSubmit={onSubmit} aria-label="Find a link by short URL">
      <TextField
        label="Find by short URL"
        type="url"
        value={short}
        onValue={setShort}
        placeholder="https://go.example.com/abc"
      />
      <button type="submit" disabled={find.busy || short.trim() === ''}>
        Find
      </button>
      <ErrorMessage error={find.error ?? (notFound ? 'No link has this short URL.' : undefined)} />
    </form>
  );
}

/** The links list. `navigate` sets the location hash (a parameter so tests can watch it). */
export function LinksView({ navigate }: { navigate: (hash: string) => void }) {
  const api = useApi();
  const [order, setOrder] = useState<Order>('date');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  // The page belongs to a search and an order: a new one starts again at page 1.
  const [paging, setPaging] = useState({ q, order, page: 1 });
  const page = paging.q === q && paging.order === order ? paging.page : 1;
  const setPage = useCallback((next: number) => setPaging({ q, order, page: next }), [q, order]);
  const links = useLoad(
    () => api('listLinks', { limit: PAGE_SIZE, page, order, ...(q ? { q } : {}) }),
    [api, page, order, q],
  );
  useStepBackFromEmptyPage(links.data, setPage);

  return (
    <section aria-labelledby="links-heading">
      <div class="heading-row">
        <h1 id="links-heading">Links</h1>
        <a class="button primary" href={routeHref({ name: 'link-new' })}>
          New link
        </a>
      </div>
      <FindByShortUrl navigate={navigate} />
      <div class="toolbar">
        <TextField
          label="Search links"
          type="search"
          value={search}
          onValue={setSearch}
          placeholder="Keyword"
        />
        <SelectField
          label="Sort by"
          value={order}
          onValue={(value) => setOrder(value as Order)}
          options={[
            { value: 'date', label: 'Newest first' },
            { value: 'click', label: 'Most clicks' },
          ]}
        />
      </div>
      <LoadState loading={links.loading && !links.data} error={links.error} onRetry={links.reload} />
      {links.data && (
        <>
          {links.data.items.length === 0 ? (
            <p>{q ? `No links match “${q}”.` : 'No links yet.'}</p>
          ) : (
            <table class="list" aria-busy={links.loading}>
              <thead>
                <tr>
                  <th scope="col">Link</th>
                  <th scope="col">Long URL</th>
                  <th scope="col" class="num">
                    Clicks
                  </th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {links.data.items.map((link) => (
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
                    <td class="num">{link.clicks}</td>
                    <td>{link.date}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Pager label="Links pages" page={links.data} onPage={setPage} busy={links.loading} />
        </>
      )}
    </section>
  );
}
