/**
 * The form fields of every page: a label, its control and the message that belongs to it. Options
 * and the popup wrap their own control in `Field`; the management page uses the ready-made
 * TextField, TextAreaField, SelectField and CheckboxField. Errors are announced and tied to their
 * control with aria-describedby.
 */
import type { ComponentChildren, PartialInputHTMLAttributes } from 'preact';
import { useId } from 'preact/hooks';
import { t } from '@/lib/i18n';
import type { NamedItem } from '@/lib/links/cache';

const errorId = (id: string) => `${id}-error`;
const hintId = (id: string) => `${id}-hint`;

/** ARIA attributes that tie a control to its error message, or else to its hint. */
export function fieldAria(id: string, error: string | undefined, hint?: unknown) {
  if (error) return { 'aria-invalid': true, 'aria-describedby': errorId(id) };
  return hint ? { 'aria-describedby': hintId(id) } : {};
}

interface FieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ComponentChildren;
  children: ComponentChildren;
}

/** A label, its control (as children, with `id`) and the message that belongs to it. */
export function Field({ id, label, error, hint, children }: FieldProps) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {children}
      {hint && !error && (
        <p class="hint" id={hintId(id)}>
          {hint}
        </p>
      )}
      {error && (
        <p class="field-error" id={errorId(id)}>
          {error}
        </p>
      )}
    </div>
  );
}

interface ChoiceSelectProps {
  id: string;
  label: string;
  items: readonly NamedItem[];
  /** The selected id as a string; '' is "None". */
  value: string;
  onChange: (value: string) => void;
}

/** True when `value` is an id none of `items` has. */
const isUnknown = (items: readonly NamedItem[], value: string) =>
  value !== '' && !items.some((item) => String(item.id) === value);

/** A select of campaigns or channels with a "None" choice. */
export function ChoiceSelect({ id, label, items, value, onChange }: ChoiceSelectProps) {
  // A default chosen earlier stays selectable even before the lists are fetched (or after it was renamed).
  const unknown = isUnknown(items, value);
  return (
    <Field id={id} label={label}>
      <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">{t('popup_choice_none')}</option>
        {unknown && <option value={value}>#{value}</option>}
        {items.map((item) => (
          <option key={item.id} value={String(item.id)}>
            {item.name || `#${item.id}`}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The error line under a management page's field. */
function SmallError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <small id={errorId(id)} class="field-error">
      {error}
    </small>
  ) : null;
}

/** ARIA attributes of a management page's control that may have an error (and no hint). */
const errorAria = (id: string, error: string | undefined) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? errorId(id) : undefined,
});

/**
 * The `type` of a text-like `<input>`, spread as `{...INPUT_TYPES[type]}`: Preact types an input's
 * other props per `type`, so a `type` that varies must be one of these objects, not a union string.
 */
export const INPUT_TYPES = {
  text: { type: 'text' },
  url: { type: 'url' },
  email: { type: 'email' },
  search: { type: 'search' },
  password: { type: 'password' },
  number: { type: 'number' },
  'datetime-local': { type: 'datetime-local' },
} as const;

type InputProps = Omit<
  PartialInputHTMLAttributes<HTMLInputElement>,
  'value' | 'onInput' | 'label' | 'type' | 'role' | 'list'
> & {
  type?: keyof typeof INPUT_TYPES;
};

interface TextFieldProps extends InputProps {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  hint?: string;
}

/** A labelled input; its error is announced and tied to it with aria-describedby. */
export function TextField({
  label,
  value,
  onValue,
  error,
  hint,
  type = 'text',
  class: className,
  ...rest
}: TextFieldProps) {
  const id = useId();
  const describedBy = [error ? errorId(id) : '', hint ? hintId(id) : ''].filter(Boolean).join(' ');
  return (
    <div class={`field ${className ?? ''}`}>
      <label for={id}>{label}</label>
      <input
        id={id}
        {...INPUT_TYPES[type]}
        {...rest}
        value={value}
        onInput={(event) => onValue(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint && (
        <small id={hintId(id)} class="hint">
          {hint}
        </small>
      )}
      <SmallError id={id} error={error} />
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
        {...errorAria(id, error)}
      />
      <SmallError id={id} error={error} />
    </div>
  );
}

/** One choice of a select: what it sends and what it says. */
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
        {...errorAria(id, error)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <SmallError id={id} error={error} />
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
