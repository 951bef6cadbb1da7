/** An editable list of two-part rows (geo targets, parameters…), each part with its own label. */
import type { ComponentChildren } from 'preact';
import { TextField } from '@/components/fields';
import { t } from '@/lib/i18n';

interface RowPart<R> {
  key: keyof R & string;
  label: string;
  placeholder?: string;
  type?: 'text' | 'url';
}

/** Rows of inputs with Add and Remove buttons. `errors` is keyed `<name>.<index>.<part>`. */
export function RowsField<R extends Record<string, string>>({
  name,
  legend,
  rows,
  parts,
  onRows,
  errors,
  blank,
  addLabel,
  extra,
}: {
  name: string;
  legend: string;
  rows: R[];
  parts: readonly [RowPart<R>, RowPart<R>];
  onRows: (rows: R[]) => void;
  errors: Record<string, string>;
  blank: () => R;
  addLabel: string;
  /** Extra controls after Add (e.g. the UTM preset). */
  extra?: ComponentChildren;
}) {
  const update = (index: number, key: string, value: string) =>
    onRows(rows.map((row, i) => (i === index ? { ...row, [key]: value } : row)));
  return (
    <fieldset class="rows">
      <legend>{legend}</legend>
      {rows.length === 0 && <p class="hint">{t('manage_rows_none')}</p>}
      {rows.map((row, index) => (
        <div class="row" key={index}>
          {parts.map((part) => (
            <TextField
              key={part.key}
              id={`${name}-${index}-${part.key}`}
              label={t('manage_rows_field_label', part.label, index + 1)}
              type={part.type ?? 'text'}
              placeholder={part.placeholder}
              value={row[part.key] ?? ''}
              onValue={(value) => update(index, part.key, value)}
              error={errors[`${name}.${index}.${part.key}`]}
            />
          ))}
          <button
            type="button"
            class="remove"
            aria-label={t('manage_rows_remove_label', index + 1, legend)}
            onClick={() => onRows(rows.filter((_, i) => i !== index))}
          >
            {t('manage_rows_remove')}
          </button>
        </div>
      ))}
      <div class="actions">
        <button type="button" onClick={() => onRows([...rows, blank()])}>
          {addLabel}
        </button>
        {extra}
      </div>
    </fieldset>
  );
}
