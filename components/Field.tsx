import type { ComponentChildren } from 'preact';

/** The id of a field's error message, for the control's `aria-describedby`. */
export const errorId = (id: string) => `${id}-error`;

interface FieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ComponentChildren;
  class?: string;
  children: ComponentChildren;
}

/** A label, its control (as children, with `id`) and the message that belongs to it. */
export function Field({ id, label, error, hint, class: className, children }: FieldProps) {
  return (
    <div class={className ? `field ${className}` : 'field'}>
      <label for={id}>{label}</label>
      {children}
      {hint && !error && <p class="hint">{hint}</p>}
      {error && (
        <p class="field-error" id={errorId(id)}>
          {error}
        </p>
      )}
    </div>
  );
}

/** ARIA attributes that tie a control to its error message. */
export function invalidProps(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true, 'aria-describedby': errorId(id) } : {};
}
