/** Small building blocks of the management page: labelled fields, errors, paging, confirmation. */
import type { ComponentChildren, InputHTMLAttributes } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import type { ErrorData } from '@/lib/protocol';
import { safeHref } from '@/lib/url';
import { formatNumber, tCount } from './format';
import { type Loaded, useStepBackFromEmptyPage } from './hooks';

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
      <button type="button" disabled={busy || current <= 1} onClick={() => onPage(current - 1)}>
        {t('manage_pager_previous')}
      </button>
      <span aria-live="polite">
        {tCount(
          page.total,
          'manage_pager_status_one',
          'manage_pager_status_other',
          formatNumber(current),
          formatNumber(maxPage),
        )}
      </span>
      <button
        type="button"
        disabled={busy || page.nextPage === null}
        onClick={() => onPage(page.nextPage ?? current)}
      >
        {t('manage_pager_next')}
      </button>
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
  const deleteRef = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);

  useEffect(() => {
    if (asking) cancelRef.current?.focus();
    else if (wasAsking.current) deleteRef.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking) {
    return (
      <button ref={deleteRef} type="button" class="danger" aria-label={label} onClick={() => setAsking(true)}>
        {t('manage_delete')}
      </button>
    );
  }
  return (
    <fieldset
      class="confirm"
      onKeyDown={(event) => {
        if (event.key === 'Escape') setAsking(false);
      }}
    >
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

/** A heading plus the load state of a section: a busy note or the load error with a Retry button. */
export function LoadState({
  loading,
  error,
  onRetry,
}: {
  loading: boolean;
  error: ErrorData | undefined;
  onRetry: () => void;
}) {
  if (error) {
    // Without a working profile nothing on this page can load: point to where it is set up.
    const setup =
      error.kind === 'not_configured' || error.kind === 'permission_denied' || error.kind === 'unauthorized';
    return (
      <div class="load-error">
        <ErrorMessage error={error} />
        <div class="actions">
          <button type="button" onClick={onRetry} disabled={loading}>
            {t('manage_retry')}
          </button>
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

/**
 * A list the server sends a page at a time: its load state, then either `empty` or the items as
 * `children` draws them (busy while another page loads), and the pager. When the page in view comes
 * back empty although earlier pages exist (its last item was deleted), it steps back a page.
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
  return (
    <>
      <LoadState loading={list.loading && !list.data} error={list.error} onRetry={list.reload} />
      {list.data && (
        <>
          {list.data.items.length === 0 ? <p>{empty}</p> : children(list.data.items, list.loading)}
          <Pager label={pagerLabel} page={list.data} onPage={onPage} busy={list.loading} />
        </>
      )}
    </>
  );
}
