/**
 * #/links: the server's links, a page at a time, sortable, searchable, and found by short URL. A
 * search filters the link mirror as the user types when it holds every link (mirror-links.ts), and
 * is the server's `q` search otherwise.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { ClicksChange } from '@/components/clicks-change';
import { ErrorMessage } from '@/components/error-message';
import { SelectField, TextField } from '@/components/fields';
import { useLinkWatch } from '@/components/use-link-watch';
import { useStatus } from '@/components/use-status';
import { formatNumber, t } from '@/lib/i18n';
import type { CachedLink } from '@/lib/links/cache';
import { formatDate } from '@/lib/present/dates';
import { fixInOptions } from '@/lib/present/errors';
import { linkName } from '@/lib/present/labels';
import { useApi } from '../api-context';
import { type BulkService, bulkService } from '../bulk/bulk-service';
import { CopyButton, type CopyLink, type CopyResult, CopyStatus } from '../copy-button';
import { SEARCH_DEBOUNCE_MS, useAction, useDebounced, usePagedResource } from '../hooks';
import { ListTable, PagedList } from '../paged-list';
import { routeHref } from '../route';
import { ActionButton, SafeLink } from '../ui';
import { useActiveProfile } from '../use-active-profile';
import { ExpiringLinks } from './expiring-links';
import { changesDone, LinkActionsBar, useBulkJob, useCachedLinks } from './link-actions';
import {
  clickRow,
  emptySelection,
  refreshSelected,
  type Selection,
  selectRows,
  shownState,
} from './link-selection';
import { LinksExport } from './links-export';
import { type MirrorStand, useMirrorLinks, useMirrorPage } from './mirror-links';

type Order = 'date' | 'click';

/** The links list's resource in the page's server cache: link pages change it too. */
export const LINKS = 'listLinks';

const SHORT_URL_EXAMPLE = 'https://go.example.com/abc';

function FindByShortUrl({ navigate }: { navigate: (hash: string) => void }) {
  const api = useApi();
  const [short, setShort] = useState('');
  // Like an error of the request, "not found" is the answer to one attempt: it goes with the next.
  const [notFound, setNotFound] = useStatus<true>();
  const find = useAction((url: string) => api('findLinkByShortUrl', url));
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    setNotFound(undefined);
    const result = await find.run(short.trim());
    if (!result?.ok) return;
    if (result.data) navigate(routeHref({ name: 'link', id: result.data.id }));
    else setNotFound(true);
  };
  return (
    <form
      class="inline-form"
      onSubmit={onSubmit}
      aria-label={t('manage_links_find_form')}
      aria-busy={find.busy}
    >
      <TextField
        label={t('manage_links_find_label')}
        // Not type="url": the browser would refuse a bare alias or a short URL without its scheme.
        inputMode="url"
        hint={t('manage_links_find_hint')}
        value={short}
        onValue={setShort}
        placeholder={SHORT_URL_EXAMPLE}
      />
      <ActionButton
        type="submit"
        busy={find.busy}
        busyLabel={t('manage_busy_finding')}
        disabled={short.trim() === ''}
      >
        {t('manage_links_find_button')}
      </ActionButton>
      <ErrorMessage error={find.error ?? (notFound ? t('manage_links_find_none') : undefined)} />
    </form>
  );
}

/** The campaign and channel the cache knows of a link (the background's last write), if any. */
function cachedGroups(cached: CachedLink | undefined): Partial<Pick<CachedLink, 'campaign' | 'channel'>> {
  return {
    ...(cached?.campaign ? { campaign: cached.campaign } : {}),
    ...(cached?.channel ? { channel: cached.channel } : {}),
  };
}

/** Why a search asks the server instead of the mirror; nothing when there is no mirror to speak of. */
function mirrorNotice(mirror: MirrorStand): string | undefined {
  if (mirror.kind === 'off') return t('manage_links_mirror_off');
  if (mirror.kind !== 'syncing') return undefined;
  if (mirror.total === 0) return t('manage_links_mirror_not_synced');
  return t('manage_links_mirror_syncing', formatNumber(mirror.done), formatNumber(mirror.total));
}

/** The header checkbox: all the rows shown selected, some (mixed), or none. */
function PageCheckbox({
  state,
  onChange,
}: {
  state: 'all' | 'some' | 'none';
  onChange: (on: boolean) => void;
}) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <input
      ref={box}
      type="checkbox"
      checked={state === 'all'}
      aria-label={t('manage_select_page_label')}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}

/** A row's campaign and channel, where the cache or the server's list says them. */
function RowGroups({ link }: { link: CachedLink }) {
  if (!link.campaign && !link.channel) return null;
  return (
    <div class="sub groups">
      {link.campaign && <span>{t('manage_links_row_campaign', link.campaign)}</span>}
      {link.campaign && link.channel && ' · '}
      {link.channel && <span>{t('manage_links_row_channel', link.channel)}</span>}
    </div>
  );
}

/**
 * The links list. `navigate` sets the location hash (a parameter so tests can watch it); `copy`
 * puts a link on the clipboard in the user's copy format; `mirrorCheckMs`, how often a search
 * looks for changes of the mirror.
 */
export function LinksView({
  navigate,
  copy,
  mirrorCheckMs,
  service = bulkService,
}: {
  navigate: (hash: string) => void;
  copy: CopyLink;
  mirrorCheckMs?: number;
  service?: BulkService;
}) {
  const [order, setOrder] = useState<Order>('date');
  const [search, setSearch] = useState('');
  const [focused, setFocused] = useState(false);
  const [copied, setCopied] = useStatus<CopyResult>();
  const query = search.trim();
  // Kept across pages and searches: a new search does not clear it (a selection can be built from
  // several searches); only Clear, or an action's user, does. What is selected is always counted
  // in the bar, so nothing selected out of sight is acted on unannounced.
  const [selection, setSelection] = useState<Selection<CachedLink>>(emptySelection);
  // The mirror is read when the field gets the focus, so the first key finds it read; and while
  // links are selected, for Select all.
  const mirror = useMirrorLinks(focused || query !== '' || selection.links.size > 0, mirrorCheckMs);
  const fromMirror = query !== '' && mirror.kind === 'ready';
  // Until the page knows whether the mirror can answer, the server is not asked either.
  const q = useDebounced(fromMirror || mirror.kind === 'checking' ? '' : query, SEARCH_DEBOUNCE_MS);
  const links = usePagedResource('listLinks', (paging) => [{ ...paging, order, ...(q ? { q } : {}) }]);
  const mirrored = useMirrorPage(mirror, fromMirror ? query : '', order);
  const notice = query ? mirrorNotice(mirror) : undefined;
  const emptySearch = fromMirror ? query : q;
  const list = fromMirror ? mirrored : links;
  const profileId = useActiveProfile()?.id;
  const watch = useLinkWatch(profileId ?? null);
  const job = useBulkJob(service);
  // Each change the background makes is read back from the cache: the rows and the selection show it.
  const stamp = changesDone(job);
  const rowIds = list.data?.items.map((link) => link.id) ?? [];
  const cachedRows = useCachedLinks(profileId, rowIds, stamp);
  const refreshMirror = mirror.kind === 'ready' ? mirror.refresh : undefined;
  useEffect(() => {
    if (stamp) refreshMirror?.();
  }, [stamp]);
  useEffect(() => {
    setSelection((known) => refreshSelected(known, [...cachedRows.values()]));
  }, [cachedRows]);
  // Select all: every link matching, when the local copy holds them all.
  const matching = mirror.kind === 'ready' && mirror.links ? mirrored.matches : undefined;
  // Each page of the list shown is looked at: its counts are where the next "+N" counts from.
  const shown = list.data?.items;
  useEffect(() => {
    if (shown) watch.looked(shown);
  }, [shown, watch.opened]);

  // Without a working server from the start, the prompt to connect stands alone. A key refused
  // later, with links already shown, keeps the search the user typed in view.
  const setup = fixInOptions(links.error) && !links.data;
  return (
    <section aria-labelledby="links-heading">
      <div class="heading-row">
        <h1 id="links-heading">{t('manage_links_heading')}</h1>
        {!setup && <LinksExport />}
        {!setup && (
          <a class="button primary" href={routeHref({ name: 'link-new' })}>
            {t('manage_links_new_button')}
          </a>
        )}
      </div>
      {!setup && <FindByShortUrl navigate={navigate} />}
      {!setup && <ExpiringLinks />}
      {!setup && (
        <div class="toolbar">
          <TextField
            label={t('manage_links_search_label')}
            type="search"
            value={search}
            onValue={setSearch}
            placeholder={t('manage_links_search_placeholder')}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
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
      )}
      {notice && <p class="notice">{notice}</p>}
      <CopyStatus result={copied} />
      {!setup && (
        <LinkActionsBar
          selection={selection}
          setSelection={setSelection}
          matching={matching}
          incomplete={mirror.kind === 'off' || mirror.kind === 'syncing'}
          profileId={profileId}
          job={job}
          service={service}
        />
      )}
      <PagedList<CachedLink>
        list={list}
        empty={emptySearch ? t('manage_links_empty_search', emptySearch) : t('manage_links_empty')}
        pagerLabel={t('manage_links_pager')}
      >
        {(items, busy) => (
          <ListTable busy={busy}>
            <thead>
              <tr>
                <th scope="col" class="select">
                  <PageCheckbox
                    state={shownState(selection, items)}
                    onChange={(on) => setSelection(selectRows(selection, items, on))}
                  />
                </th>
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
              {items.map((shownLink) => {
                const link = { ...shownLink, ...cachedGroups(cachedRows.get(shownLink.id)) };
                return (
                  <tr key={link.id} class={selection.links.has(link.id) ? 'selected' : undefined}>
                    <td class="select">
                      <input
                        type="checkbox"
                        checked={selection.links.has(link.id)}
                        aria-label={t('manage_select_row_label', linkName(link))}
                        // The click decides, with its Shift key (Space too, without); the box
                        // then shows the selection. Not prevented: a prevented click's box is put
                        // back by the browser after the new state was drawn.
                        onClick={(event) => setSelection(clickRow(selection, items, link, event.shiftKey))}
                      />
                    </td>
                    <td>
                      <a href={routeHref({ name: 'link', id: link.id })}>{linkName(link)}</a>
                      <div class="sub short-url">
                        <SafeLink url={link.shortUrl} />{' '}
                        <CopyButton
                          link={link}
                          copy={copy}
                          label={t('manage_links_copy_label', linkName(link))}
                          onCopied={setCopied}
                        />{' '}
                        <button
                          type="button"
                          class="quiet watch"
                          aria-pressed={watch.watched.includes(link.id)}
                          aria-label={t('manage_watch_row_label', linkName(link))}
                          onClick={() => void watch.toggle(link.id)}
                        />
                      </div>
                      <RowGroups link={link} />
                    </td>
                    <td class="long-url">
                      <SafeLink url={link.longUrl} />
                    </td>
                    <td class="num">
                      {formatNumber(link.clicks)} <ClicksChange count={watch.since(link.id, link.clicks)} />
                    </td>
                    <td class="created" title={formatDate(link.date)}>
                      {formatDate(link.date, { withTime: false })}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </ListTable>
        )}
      </PagedList>
    </section>
  );
}
