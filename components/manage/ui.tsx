/** Small building blocks of the management page: labelled fields, errors, paging, confirmation. */
import type { ComponentChildren, InputHTMLAttributes } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import type { ErrorData } from '@/lib/protocol';
import { safeHref } from '@/lib/url';

/** The failure of the action next to it; nothing when there is none. */
export function ErrorMessage({ error }: { error: ErrorData | string | undefined | null }) {
  if (!error) return null;
  return (
    <p class="error" role="alert">
      {typeof error === 'string' ? error : error.message}
    </p>
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
  if (!href) return <span class="unsafe-url">{children ?? url}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children ?? url}
    </a>
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

/** Previous/Next buttons and "Page N of M"; the server decides what a page holds. */
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
        Previous
      </button>
      <span aria-live="polite">
        Page {current} of {maxPage} ({page.total} {page.total === 1 ? 'item' : 'items'})
      </span>
      <button
        type="button"
        disabled={busy || page.nextPage === null}
        onClick={() => onPage(page.nextPage ?? current)}
      >
        Next
      </button>
    </nav>
  );
}

/**
 * A Delete button that asks first. Nothing is sent until the user presses the confirming button;
 * Cancel (or Escape) puts focus back on Delete.
 */
export function ConfirmDelete({
  what,
  warning,
  onConfirm,
  busy,
}: {
  /** Names the thing, e.g. `campaign "Spring"`. */
  what: string;
  /** Said before deleting, e.g. that items will be unassigned. */
  warning?: string;
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
      <button
        ref={deleteRef}
        type="button"
        class="danger"
        aria-label={`Delete ${what}`}
        onClick={() => setAsking(true)}
      >
        Delete
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
      <legend>
        Delete {what}? {warning ?? ''} This cannot be undone.
      </legend>
      <button
        type="button"
        class="danger"
        disabled={busy}
        onClick={() => {
          onConfirm();
          setAsking(false);
        }}
      >
        Yes, delete
      </button>
      <button ref={cancelRef} type="button" onClick={() => setAsking(false)}>
        Cancel
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
            Retry
          </button>
          {setup && (
            <a class="button" href="options.html" target="_blank" rel="noopener">
              Open settings
            </a>
          )}
        </div>
      </div>
    );
  }
  return loading ? (
    <p class="loading" aria-live="polite">
      Loading…
    </p>
  ) : null;
}
