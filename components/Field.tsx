import type { ComponentChildren } from 'preact';

/** The ids of a field's error message and hint, for the control's `aria-describedby`. */
export const errorId = (id: string) => `${id}-error`;
const hintId = (id: string) => `${id}-hint`;

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

/** ARIA attributes that tie a control to its error message, or else to its hint. */
export function fieldAria(id: string, error: string | undefined, hint?: unknown) {
  if (error) return { 'aria-invalid': true, 'aria-describedby': errorId(id) };
  return hint ? { 'aria-describedby': hintId(id) } : {};
}
