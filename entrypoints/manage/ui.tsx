/** Small building blocks of the management page: buttons, statuses, links, confirmation. */

import type { ButtonHTMLAttributes, ComponentChildren, TargetedMouseEvent } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ErrorMessage } from '@/components/error-message';
import { focusIsLost, useReturnFocus } from '@/components/use-focus-after-render';
import type { ErrorData } from '@/lib/api/errors';
import { t } from '@/lib/i18n';
import { fixInOptions } from '@/lib/present/errors';
import { safeHref } from '@/lib/url/rules';
import { closeOnEscape, focusSectionHeading } from './hooks';

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick'> & {
  onClick?: (event: TargetedMouseEvent<HTMLButtonElement>) => void;
};

/**
 * A button whose action may be running. While `busy` it is marked unavailable (aria-disabled) and
 * ignores presses, but unlike a disabled button it keeps keyboard focus: disabling the focused
 * button drops focus to the page's body, and a keyboard user would have to find their place again.
 * `busyLabel` ("Saving…") replaces its text at once and is announced, so a slow server never leaves
 * the user before a silent button. `disabled` is for a button that cannot be used at all.
 */
export function ActionButton({
  busy,
  busyLabel,
  onClick,
  children,
  type = 'button',
  ...rest
}: ButtonProps & { busy: boolean; busyLabel?: string }) {
  const showBusy = busy && busyLabel !== undefined;
  return (
    <>
      <button
        type={type}
        {...rest}
        // Its press is a new attempt: the last attempt's messages go (use-status.ts startsAttempt).
        data-attempt
        aria-disabled={busy || undefined}
        onClick={(event) => {
          // preventDefault also keeps a submit button from submitting its form again.
          if (busy) event.preventDefault();
          else onClick?.(event);
        }}
      >
        {showBusy ? busyLabel : children}
      </button>
      {busyLabel !== undefined && (
        <span class="sr-only" role="status">
          {showBusy ? busyLabel : ''}
        </span>
      )}
    </>
  );
}

/**
 * The button that opens and closes a row's inline panel (an edit form). Open, Escape on it closes
 * the panel too (focus stays on it after opening); when the panel closes with focus inside it,
 * focus comes back here.
 */
export function PanelToggle({
  open,
  onOpen,
  children,
}: {
  open: boolean;
  onOpen: (open: boolean) => void;
  children: ComponentChildren;
}) {
  const button = useReturnFocus<HTMLButtonElement>(open);
  return (
    <button
      ref={button}
      type="button"
      aria-expanded={open}
      onClick={() => onOpen(!open)}
      onKeyDown={open ? closeOnEscape(() => onOpen(false)) : undefined}
    >
      {children}
    </button>
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

/**
 * An http(s) URL as a link that opens in a new tab; anything else (javascript:, data:) as plain text.
 * Either reads left to right, also in an Arabic page.
 */
export function SafeLink({ url, children }: { url: string; children?: ComponentChildren }) {
  const href = safeHref(url);
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer" dir="ltr">
      {children ?? url}
    </a>
  ) : (
    <span class="unsafe-url" dir="ltr">
      {children ?? url}
    </span>
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
      <ActionButton
        ref={deleteRef}
        class="danger"
        aria-label={busy ? undefined : label}
        busy={busy ?? false}
        busyLabel={t('manage_busy_deleting')}
        onClick={() => setAsking(true)}
      >
        {t('manage_delete')}
      </ActionButton>
    );
  }
  return (
    <fieldset class="confirm" onKeyDown={closeOnEscape(() => setAsking(false))}>
      <legend>{question}</legend>
      <button
        type="button"
        class="danger"
        disabled={busy}
        data-attempt
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
    return (
      <div class="load-error">
        <ErrorMessage error={error} />
        <div class="actions">
          <ActionButton
            busy={loading}
            busyLabel={t('manage_loading')}
            onClick={(event) => {
              retriedIn.current = event.currentTarget.closest('section') ?? document.body;
              onRetry();
            }}
          >
            {t('manage_retry')}
          </ActionButton>
          {fixInOptions(error) && (
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
