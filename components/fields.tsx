/**
 * The form fields of every page (popup, More options, Options, the management page). One frame draws
 * a label, its control, a hint and an error, and ties the control to them with aria-describedby; the
 * fields below (text, text area, select, choice, checkbox) are all built on it.
 */
import type { ComponentChildren, PartialInputHTMLAttributes, Ref } from 'preact';
import { useId, useState } from 'preact/hooks';
import { t, tPlural } from '@/lib/i18n';
import type { NamedItem } from '@/lib/links/cache';
import { tooLong } from '@/lib/text-limits';

const errorId = (id: string) => `${id}-error`;
const hintId = (id: string) => `${id}-hint`;

/** The ARIA attributes a field gives its control. */
interface ControlAria {
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** What every field has besides its control. */
interface FrameProps {
  /** The control's id; default a generated one. Pages whose specs or focus code name a field pass it. */
  id?: string | undefined;
  label: string;
  error?: string | undefined;
  hint?: ComponentChildren;
  /**
   * The error takes the hint's place. Options' hints describe the expected input, which the error
   * then says better; the management page's hints say what a blank field keeps, true either way.
   */
  errorReplacesHint?: boolean;
}

/** A text field's limit (lib/text-limits.ts) and its text. */
interface Limit {
  max: number;
  value: string;
}

interface FieldProps extends Required<Pick<FrameProps, 'id'>>, Omit<FrameProps, 'id'> {
  class?: string | undefined;
  /** Draws the control (with `id` and the given ARIA attributes). */
  control: (aria: ControlAria) => ComponentChildren;
  /** Shown under the error: e.g. why a choice list could not be loaded. */
  children?: ComponentChildren;
  /** A text field's limit: said in the hint, counted near it. */
  limit?: Limit | undefined;
}

/** The ARIA attributes that tie a control to its error and to the hint it shows. */
function controlAria(id: string, error: string | undefined, showsHint: boolean): ControlAria {
  const describedBy = [error ? errorId(id) : '', showsHint ? hintId(id) : ''].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined };
}

/** The explanation under a control; `controlAria` points to it. */
function Hint({ id, children }: { id: string; children: ComponentChildren }) {
  return (
    <p class="hint" id={hintId(id)}>
      {children}
    </p>
  );
}

/**
 * The frame of every field: label, control, hint and error, with one id scheme. The fields below use
 * it; a control of its own (a select with groups, a colour picker) is drawn through `control`.
 */
export function Field({
  id,
  label,
  error,
  hint,
  errorReplacesHint,
  class: className,
  control,
  children,
  limit,
}: FieldProps) {
  const ownHint = Boolean(hint) && !(error && errorReplacesHint);
  // A limit is said even while an error stands: it is what the user needs to fix a text too long.
  const showsHint = ownHint || limit !== undefined;
  return (
    <div class={className ? `field ${className}` : 'field'}>
      <label for={id}>{label}</label>
      {control(controlAria(id, error, showsHint))}
      {limit && <Counter {...limit} />}
      {showsHint && (
        <Hint id={id}>
          {ownHint && hint}
          {ownHint && limit && ' '}
          {limit && t('common_limit_hint', limit.max)}
        </Hint>
      )}
      {error && (
        <p class="field-error" id={errorId(id)}>
          {error}
        </p>
      )}
      {children}
    </div>
  );
}

/** From this share of its limit on, a field counts its characters: earlier, a counter is only noise. */
const COUNT_FROM = 0.8;
/** Screen readers hear how much is left in steps of this many characters, not at every keystroke. */
const SPOKEN_STEP = 10;

/**
 * The characters typed of a field's limit, once near it; past it, how many to remove. Screen readers
 * hear it politely, in steps, while the visible count follows every keystroke.
 */
function Counter({ max, value }: Limit) {
  const { length } = value;
  const near = length >= max * COUNT_FROM;
  const over = tooLong(value, max);
  const left = max - length;
  const step = left > SPOKEN_STEP ? left - (left % SPOKEN_STEP) : left;
  const spoken = over ?? (near ? tPlural('common_chars_left', step) : '');
  return (
    <>
      {near && (
        <p class={over ? 'counter field-error' : 'counter'} aria-hidden="true">
          {t('common_chars_count', length, max)}
          {over && ` · ${over}`}
        </p>
      )}
      <span class="sr-only" aria-live="polite">
        {spoken}
      </span>
    </>
  );
}

const limitOf = (max: number | undefined, value: string): Limit | undefined =>
  max === undefined ? undefined : { max, value };

/** The id a field's control gets: the one asked for, or a generated one. */
function useFieldId(id: string | undefined): string {
  const generated = useId();
  return id ?? generated;
}

/**
 * The `type` of a text-like `<input>`, spread as `{...INPUT_TYPES[type]}`: Preact types an input's
 * other props per `type`, so a `type` that varies must be one of these objects, not a union string.
 */
const INPUT_TYPES = {
  text: { type: 'text' },
  url: { type: 'url' },
  email: { type: 'email' },
  search: { type: 'search' },
  password: { type: 'password' },
  number: { type: 'number' },
  'datetime-local': { type: 'datetime-local' },
  color: { type: 'color' },
} as const;

type InputProps = Omit<
  PartialInputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onInput' | 'label' | 'type' | 'role' | 'list' | 'ref'
> & {
  type?: keyof typeof INPUT_TYPES;
};

interface TextFieldProps extends InputProps, FrameProps {
  value: string;
  /**
   * The most characters it takes (lib/text-limits.ts): said in the hint and counted near the limit.
   * Not the input's own maxlength, which would cut a pasted text short without a word: a longer text
   * stays, marked, for the user to shorten, and the form's check refuses it.
   */
  maxLength?: number | undefined;
  onValue: (value: string) => void;
  /** The input, e.g. for the popup to focus it when it opens. */
  inputRef?: Ref<HTMLInputElement> | undefined;
}

/** A labelled input. */
export function TextField({
  id,
  label,
  value,
  onValue,
  error,
  hint,
  errorReplacesHint,
  inputRef,
  type = 'text',
  class: className,
  maxLength,
  ...rest
}: TextFieldProps) {
  const fieldId = useFieldId(id);
  return (
    <Field
      id={fieldId}
      label={label}
      error={error}
      hint={hint}
      errorReplacesHint={errorReplacesHint}
      class={typeof className === 'string' ? className : undefined}
      limit={limitOf(maxLength, value)}
      control={(aria) => (
        <input
          id={fieldId}
          ref={inputRef}
          {...INPUT_TYPES[type]}
          {...rest}
          value={value}
          onInput={(event) => onValue(event.currentTarget.value)}
          {...aria}
        />
      )}
    />
  );
}

interface TextAreaFieldProps extends FrameProps {
  value: string;
  onValue: (value: string) => void;
  rows?: number;
  /** As TextField's. */
  maxLength?: number | undefined;
}

/** A labelled multi-line input. */
export function TextAreaField({ id, value, onValue, rows = 3, maxLength, ...frame }: TextAreaFieldProps) {
  const fieldId = useFieldId(id);
  return (
    <Field
      id={fieldId}
      {...frame}
      limit={limitOf(maxLength, value)}
      control={(aria) => (
        <textarea
          id={fieldId}
          rows={rows}
          value={value}
          onInput={(event) => onValue(event.currentTarget.value)}
          {...aria}
        />
      )}
    />
  );
}

/** One choice of a select: what it sends and what it says. */
export interface Option {
  value: string;
  label: string;
}

/** Server items (campaigns, channels) as choices: by name, or by id when unnamed. */
export const namedOptions = (items: readonly NamedItem[]): Option[] =>
  items.map((item) => ({ value: String(item.id), label: item.name || `#${item.id}` }));

interface SelectFieldProps extends FrameProps {
  value: string;
  onValue: (value: string) => void;
  options: readonly Option[];
  disabled?: boolean;
}

/** A labelled select. */
export function SelectField({ id, value, onValue, options, disabled, ...frame }: SelectFieldProps) {
  const fieldId = useFieldId(id);
  return (
    <Field
      id={fieldId}
      {...frame}
      control={(aria) => (
        <select
          id={fieldId}
          value={value}
          disabled={disabled}
          onChange={(event) => onValue(event.currentTarget.value)}
          {...aria}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

const OTHER = '__other__';

interface ChoiceFieldProps extends FrameProps {
  /** The chosen item's value; '' is none. */
  value: string;
  onValue: (value: string) => void;
  options: readonly Option[];
  /** While the list loads, the "none" choice says so. */
  loading?: boolean;
  noneLabel?: string | undefined;
  /**
   * Adds "Other id…", which shows a number field for items beyond the list's first page. Without it,
   * a value not in the list stays selectable as "#id" (a default chosen before the list was fetched,
   * or an item since renamed).
   */
  allowOther?: boolean;
  /** Shown under the field: e.g. why the list could not be loaded. */
  children?: ComponentChildren;
}

/** A select of server items (a campaign, a channel, a domain…) with a "None" choice. */
export function ChoiceField({
  id,
  value,
  onValue,
  options,
  loading = false,
  noneLabel = t('manage_choice_none'),
  allowOther = false,
  children,
  ...frame
}: ChoiceFieldProps) {
  const fieldId = useFieldId(id);
  const listed = value === '' || options.some((option) => option.value === value);
  const [other, setOther] = useState(false);
  const showOther = allowOther && (other || (!listed && !loading));
  return (
    <Field
      id={fieldId}
      {...frame}
      control={(aria) => (
        <>
          <select
            id={fieldId}
            value={showOther ? OTHER : value}
            onChange={(event) => {
              const next = event.currentTarget.value;
              setOther(next === OTHER);
              onValue(next === OTHER ? '' : next);
            }}
            {...aria}
          >
            <option value="">{loading ? t('manage_loading') : noneLabel}</option>
            {!listed && !allowOther && <option value={value}>#{value}</option>}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
            {allowOther && <option value={OTHER}>{t('manage_choice_other_id')}</option>}
          </select>
          {showOther && (
            <input
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              aria-label={t('manage_choice_other_id_label', frame.label)}
              value={value}
              onInput={(event) => onValue(event.currentTarget.value)}
            />
          )}
        </>
      )}
    >
      {children}
    </Field>
  );
}

interface CheckboxFieldProps {
  id?: string | undefined;
  label: string;
  /** A line under the checkbox that says what it does. */
  hint?: ComponentChildren;
  checked: boolean;
  onChecked: (checked: boolean) => void;
}

/** A checkbox with its label, and its hint below when it has one. */
export function CheckboxField({ id, label, hint, checked, onChecked }: CheckboxFieldProps) {
  const fieldId = useFieldId(id);
  const box = (
    <label class="checkbox">
      <input
        id={fieldId}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChecked(event.currentTarget.checked)}
        {...controlAria(fieldId, undefined, Boolean(hint))}
      />{' '}
      {label}
    </label>
  );
  if (!hint) return box;
  return (
    <div class="switch">
      {box}
      <Hint id={fieldId}>{hint}</Hint>
    </div>
  );
}
