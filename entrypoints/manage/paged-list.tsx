/**
 * The management page's lists, a server page at a time: the pager, the list itself (items or a
 * table) and where keyboard focus goes when a page or an item is replaced.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { focusIsLost } from '@/components/use-focus-after-render';
import type { Page } from '@/lib/api/schemas';
import { formatNumber, t, tPlural } from '@/lib/i18n';
import { focusElement, focusSectionHeading, type PagedResource, useStepBackFromEmptyPage } from './hooks';
import { ActionButton, LoadState } from './ui';

/** What a pager needs of a server page. */
interface PageInfo {
  total: number;
  currentPage: number;
  maxPage: number;
  nextPage: number | null;
}

/**
 * Previous/Next buttons, "Page N of M (T items)" and Refresh; the server decides what a page holds.
 * A list is kept for the page's life and fetched again after a minute (hooks.ts useCached): Refresh
 * is for a change made elsewhere meanwhile (another device, the popup).
 */
function Pager({
  page,
  onPage,
  onRefresh,
  busy,
  label,
}: {
  page: PageInfo | undefined;
  onPage: (page: number) => void;
  onRefresh: () => void;
  busy?: boolean;
  label: string;
}) {
  if (!page) return null;
  const current = page.currentPage;
  const maxPage = Math.max(1, page.maxPage);
  return (
    <nav class="pager" aria-label={label}>
      <ActionButton busy={busy ?? false} disabled={current <= 1} onClick={() => onPage(current - 1)}>
        {t('manage_pager_previous')}
      </ActionButton>
      <span aria-live="polite">
        {tPlural('manage_pager_status', page.total, formatNumber(current), formatNumber(maxPage))}
      </span>
      <ActionButton
        busy={busy ?? false}
        disabled={page.nextPage === null}
        onClick={() => onPage(page.nextPage ?? current)}
      >
        {t('manage_pager_next')}
      </ActionButton>
      <ActionButton busy={busy ?? false} busyLabel={t('manage_loading')} onClick={onRefresh}>
        {t('manage_refresh')}
      </ActionButton>
    </nav>
  );
}

/**
 * A list's table. In a narrow window its long texts wrap; what still does not fit scrolls inside
 * its own box, so the page itself never scrolls sideways.
 */
export function ListTable({ busy, children }: { busy: boolean; children: ComponentChildren }) {
  return (
    <div class="table-scroll">
      <table class="list" aria-busy={busy}>
        {children}
      </table>
    </div>
  );
}

/** What a PagedList shows and turns: a server list (PagedResource), or another list paged the same way. */
export type ShownList<T> = Pick<PagedResource<T>, 'data' | 'error' | 'loading' | 'reload' | 'setPage'>;

/** The items of a list drawn by a PagedList's `children`: cards of a list, or rows of a table. */
const LIST_ITEMS = '.items > li, tbody > tr';

/** Focuses a list item by its name: the link in its heading, its heading, else its first link. */
function focusItem(item: Element): void {
  const target = item.querySelector<HTMLElement>('h3 a[href], h3, a[href]') ?? item;
  if (target instanceof HTMLElement) focusElement(target);
}

/**
 * Keeps keyboard focus in a PagedList whose content is replaced. After Next/Previous or Retry,
 * focus moves to the first item of the page that arrived: a screen-reader user pressed Next to read
 * the next items, and starts right there (the pager's live status also says "Page 2 of 3"), instead
 * of from a pager button that may just have become unavailable on the last page. When an item that
 * held focus goes away (it was deleted), focus moves to the item now in its place, else the one
 * before it, else the section's heading.
 */
function useListFocus(root: { current: HTMLElement | null }, page: Page<unknown> | undefined) {
  // What to focus once the next page is drawn: its first item (after paging or Retry) or its last
  // (after stepping back from a page emptied by a delete).
  const pending = useRef<'first' | 'last' | undefined>(undefined);
  // The index of the item that last held focus, while focus is in one, and the item itself.
  const focused = useRef<number | undefined>(undefined);
  const focusedItem = useRef<Element | null>(null);

  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const item = event.target instanceof Element ? event.target.closest(LIST_ITEMS) : null;
      const items = root.current ? [...root.current.querySelectorAll(LIST_ITEMS)] : [];
      const index = item ? items.indexOf(item) : -1;
      focused.current = index >= 0 ? index : undefined;
      focusedItem.current = index >= 0 ? item : null;
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [root]);

  useEffect(() => {
    const list = root.current;
    if (!list || !page) return;
    const want = pending.current;
    // An item still in the list lost focus to its own change (its edit form closed): the item puts
    // it back itself. Only an item that went away hands focus on.
    const lostItem = focused.current !== undefined && !focusedItem.current?.isConnected && focusIsLost();
    // Only while focus is still where the user left it (the pager, Retry) or nowhere: never take
    // it from where the user went meanwhile.
    if (!lostItem && !(want && (list.contains(document.activeElement) || focusIsLost()))) return;
    if (page.items.length === 0 && page.currentPage > 1) {
      pending.current = 'last'; // a step back to the previous page follows
      return;
    }
    pending.current = undefined;
    const items = [...list.querySelectorAll(LIST_ITEMS)];
    const index = want === 'first' ? 0 : want === 'last' ? items.length - 1 : (focused.current ?? 0);
    const item = items[Math.min(index, items.length - 1)];
    if (item) focusItem(item);
    else focusSectionHeading(list);
  }, [root, page]);

  return (next: 'first') => {
    pending.current = next;
  };
}

/**
 * A list the server sends a page at a time: its load state, then either `empty` or the items as
 * `children` draws them (busy while another page loads), and the pager. When the page in view comes
 * back empty although earlier pages exist (its last item was deleted), it steps back a page.
 * Keyboard focus stays in the list as its content changes (see useListFocus).
 */
export function PagedList<T extends { id: number }>({
  list,
  empty,
  pagerLabel,
  children,
}: {
  list: ShownList<T>;
  /** Said when there is nothing at all, e.g. "No campaigns yet." */
  empty: string;
  /** Names the pager's navigation landmark, e.g. "Campaign pages". */
  pagerLabel: string;
  children: (items: T[], busy: boolean) => ComponentChildren;
}) {
  useStepBackFromEmptyPage(list.data, list.setPage);
  const root = useRef<HTMLDivElement>(null);
  const focusAfterLoad = useListFocus(root, list.data);
  return (
    <div class="paged-list" ref={root}>
      <LoadState
        loading={list.loading && !list.data}
        error={list.error}
        headingAfterRetry={false}
        onRetry={() => {
          focusAfterLoad('first');
          list.reload();
        }}
      />
      {list.data && (
        <>
          {list.data.items.length === 0 ? <p>{empty}</p> : children(list.data.items, list.loading)}
          <Pager
            label={pagerLabel}
            page={list.data}
            onPage={(next) => {
              focusAfterLoad('first');
              list.setPage(next);
            }}
            onRefresh={list.reload}
            busy={list.loading}
          />
        </>
      )}
    </div>
  );
}
