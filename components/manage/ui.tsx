/** Small building blocks of the management page: labelled fields, errors, paging, confirmation. */
import type { ButtonHTMLAttributes, ComponentChildren, InputHTMLAttributes, JSX } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import type { ErrorData } from '@/lib/protocol';
import { safeHref } from '@/lib/url';
import { formatNumber, tCount } from './format';
import {
  closeOnEscape,
  focusElement,
  focusIsLost,
  focusSectionHeading,
  type Loaded,
  useReturnFocus,
  useStepBackFromEmptyPage,
} from './hooks';

/** The failure of the action next to it; nothing when there is none. */
export function ErrorMessage({ error }: { error: ErrorData | string | undefined | null }) {
  if (!error) return null;
  return (
    <p class="error" role="alert">
      {typeof error === 'string' ? error : error.message}
    </p>
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

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick'> & {
  onClick?: (event: JSX.TargetedMouseEvent<HTMLButtonElement>) => void;
};

/**
 * A button whose action may be running. While `busy` it is marked unavailable (aria-disabled) and
 * ignores presses, but unlike a disabled button it keeps keyboard focus: disabling the focused
 * button drops focus to the page's body, and a keyboard user would have to find their place again.
 * `disabled` is for a button that cannot be used at all (nothing typed yet).
 */
export function ActionButton({ busy, onClick, type = 'button', ...rest }: ButtonProps & { busy: boolean }) {
  return (
    <button
      type={type}
      {...rest}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        // preventDefault also keeps a submit button from submitting its form again.
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
    />
  );
}

/** A polite confirmation such as "Saved."; nothing when empty. */
export function StatusMessage({ text }: { text: string | undefined }) {
  return (
    <p class="status" role="status">
      {text ?? ''}
    </p>
  );
}

/** An http(s) URL as a link that opens in a new tab; anything else (javascript:, data:) as plain text. */
export function SafeLink({ url, children }: { url: string; children?: ComponentChildren }) {
  const href = safeHref(url);
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children ?? url}
    </a>
  ) : (
    <span class="unsafe-url">{children ?? url}</span>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onInput' | 'label'>;

interface TextFieldProps extends InputProps {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  hint?: string;
}

/** A labelled input; its error is announced and tied to it with aria-describedby. */
export function TextField({ label, value, onValue, error, hint, class: className, ...rest }: TextFieldProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div class={`field ${className ?? ''}`}>
      <label for={id}>{label}</label>
      <input
        id={id}
        type="text"
        {...rest}
        value={value}
        onInput={(event) => onValue(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint && (
        <small id={`${id}-hint`} class="hint">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${id}-error`} class="field-error">
          {error}
        </small>
      )}
    </div>
  );
}

interface TextAreaFieldProps {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  rows?: number;
}

/** A labelled multi-line input. */
export function TextAreaField({ label, value, onValue, error, rows = 3 }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        onInput={(event) => onValue(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <small id={`${id}-error`} class="field-error">
          {error}
        </small>
      )}
    </div>
  );
}

export interface Option {
  value: string;
  label: string;
}

interface SelectFieldProps {
  label: string;
  value: string;
  onValue: (value: string) => void;
  options: readonly Option[];
  error?: string | undefined;
  disabled?: boolean;
}

/** A labelled select. */
export function SelectField({ label, value, onValue, options, error, disabled }: SelectFieldProps) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onValue(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <small id={`${id}-error`} class="field-error">
          {error}
        </small>
      )}
    </div>
  );
}

/** A labelled checkbox. */
export function CheckboxField({
  label,
  checked,
  onChecked,
}: {
  label: string;
  checked: boolean;
  onChecked: (checked: boolean) => void;
}) {
  return (
    <label class="checkbox">
      <input type="checkbox" checked={checked} onChange={(event) => onChecked(event.currentTarget.checked)} />{' '}
      {label}
    </label>
  );
}

/** What a pager needs of a server page. */
export interface PageInfo {
  total: number;
  currentPage: number;
  maxPage: number;
  nextPage: number | null;
}

/** Previous/Next buttons and "Page N of M (T items)"; the server decides what a page holds. */
export function Pager({
  page,
  onPage,
  busy,
  label,
}: {
  page: PageInfo | undefined;
  onPage: (page: number) => void;
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
        {tCount(
          page.total,
          'manage_pager_status_one',
          'manage_pager_status_other',
          formatNumber(current),
          formatNumber(maxPage),
        )}
      </span>
      <ActionButton
        busy={busy ?? false}
        disabled={page.nextPage === null}
        onClick={() => onPage(page.nextPage ?? current)}
      >
        {t('manage_pager_next')}
      </ActionButton>
    </nav>
  );
}

/**
 * A Delete button that asks first. Nothing is sent until the user presses the confirming button;
 * Cancel (or Escape) puts focus back on Delete.
 */
export function ConfirmDelete({
  label,
  question,
  onConfirm,
  busy,
}: {
  /** The Delete button's accessible name, naming the thing: "Delete campaign “Spring”". */
  label: string;
  /** The whole question asked before deleting, with what deleting does and that it cannot be undone. */
  question: string;
  onConfirm: () => void;
  busy?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useReturnFocus<HTMLButtonElement>(asking);

  useEffect(() => {
    if (asking) cancelRef.current?.focus();
  }, [asking]);

  if (!asking) {
    return (
      <button ref={deleteRef} type="button" class="danger" aria-label={label} onClick={() => setAsking(true)}>
        {t('manage_delete')}
      </button>
    );
  }
  return (
    <fieldset class="confirm" onKeyDown={closeOnEscape(() => setAsking(false))}>
      <legend>{question}</legend>
      <button
        type="button"
        class="danger"
        disabled={busy}
        onClick={() => {
          onConfirm();
          setAsking(false);
        }}
      >
        {t('manage_delete_confirm')}
      </button>
      <button ref={cancelRef} type="button" onClick={() => setAsking(false)}>
        {t('manage_cancel')}
      </button>
    </fieldset>
  );
}

/**
 * The load state of a section: a busy note, or the load error with a Retry button. When a Retry
 * brings the data, the Retry button goes away; focus then moves to the section's heading, where
 * the content that just arrived starts (unless `headingAfterRetry` is false: the caller moves it).
 */
export function LoadState({
  loading,
  error,
  onRetry,
  headingAfterRetry = true,
}: {
  loading: boolean;
  error: ErrorData | undefined;
  onRetry: () => void;
  headingAfterRetry?: boolean;
}) {
  // The section the Retry button was in, while a Retry runs.
  const retriedIn = useRef<Element | null>(null);
  useEffect(() => {
    const section = retriedIn.current;
    if (!section || loading || error) return;
    retriedIn.current = null;
    if (headingAfterRetry && focusIsLost()) focusSectionHeading(section);
  }, [loading, error, headingAfterRetry]);

  if (error) {
    // Without a working profile nothing on this page can load: point to where it is set up.
    const setup =
      error.kind === 'not_configured' || error.kind === 'permission_denied' || error.kind === 'unauthorized';
    return (
      <div class="load-error">
        <ErrorMessage error={error} />
        <div class="actions">
          <ActionButton
            busy={loading}
            onClick={(event) => {
              retriedIn.current = event.currentTarget.closest('section') ?? document.body;
              onRetry();
            }}
          >
            {t('manage_retry')}
          </ActionButton>
          {setup && (
            <a class="button" href="options.html" target="_blank" rel="noopener">
              {t('manage_open_settings')}
            </a>
          )}
        </div>
      </div>
    );
  }
  return loading ? (
    <p class="loading" aria-live="polite">
      {t('manage_loading')}
    </p>
  ) : null;
}

/** What a paged list needs of a server page. */
export interface ListPage<T> extends PageInfo {
  items: T[];
}

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
function useListFocus(root: { current: HTMLElement | null }, page: ListPage<unknown> | undefined) {
  // What to focus once the next page is drawn: its first item (after paging or Retry) or its last
  // (after stepping back from a page emptied by a delete).
  const pending = useRef<'first' | 'last'>();
  // The index of the item that last held focus, while focus is in one.
  const focused = useRef<number>();

  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const item = event.target instanceof Element ? event.target.closest(LIST_ITEMS) : null;
      const items = root.current ? [...root.current.querySelectorAll(LIST_ITEMS)] : [];
      const index = item ? items.indexOf(item) : -1;
      focused.current = index >= 0 ? index : undefined;
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [root]);

  useEffect(() => {
    const list = root.current;
    if (!list || !page) return;
    const want = pending.current;
    const lostItem = focused.current !== undefined && focusIsLost();
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
export function PagedList<T>({
  list,
  empty,
  pagerLabel,
  onPage,
  children,
}: {
  list: Loaded<ListPage<T>>;
  /** Said when there is nothing at all, e.g. "No campaigns yet." */
  empty: string;
  /** Names the pager's navigation landmark, e.g. "Campaign pages". */
  pagerLabel: string;
  onPage: (page: number) => void;
  children: (items: T[], busy: boolean) => ComponentChildren;
}) {
  useStepBackFromEmptyPage(list.data, onPage);
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
              onPage(next);
            }}
            busy={list.loading}
          />
        </>
      )}
    </div>
  );
}
