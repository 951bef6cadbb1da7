/** A select of server items (a campaign, a channel…) with a field for items beyond the first page. */
import { useId, useState } from 'preact/hooks';
import type { Option } from '@/components/fields';
import { t } from '@/lib/i18n';
import type { ErrorData } from '@/lib/messaging/protocol';
import { ErrorMessage } from './ui';

const OTHER = '__other__';

/** True when `value` is none ('') or one of `options`. */
function isListed(options: readonly Option[], value: string): boolean {
  return value === '' || options.some((option) => option.value === value);
}

/**
 * A select of server items plus "Other id…", which shows a number field for items beyond the first
 * page. `value` is the item's value ('' for none).
 */
export function ChoiceField({
  label,
  value,
  onValue,
  options,
  loading,
  error,
  noneLabel = t('manage_choice_none'),
  fieldError,
  allowOther = true,
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  options: readonly Option[];
  loading: boolean;
  error: ErrorData | undefined;
  noneLabel?: string;
  fieldError?: string | undefined;
  allowOther?: boolean;
}) {
  const id = useId();
  const known = isListed(options, value);
  const [other, setOther] = useState(false);
  const showOther = allowOther && (other || (!known && !loading));
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select
        id={id}
        value={showOther ? OTHER : value}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setOther(next === OTHER);
          onValue(next === OTHER ? '' : next);
        }}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={fieldError ? `${id}-error` : undefined}
      >
        <option value="">{loading ? t('manage_loading') : noneLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {!known && !allowOther && <option value={value}>#{value}</option>}
        {allowOther && <option value={OTHER}>{t('manage_choice_other_id')}</option>}
      </select>
      {showOther && (
        <input
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          aria-label={t('manage_choice_other_id_label', label)}
          value={value}
          onInput={(event) => onValue(event.currentTarget.value)}
        />
      )}
      {fieldError && (
        <small id={`${id}-error`} class="field-error">
          {fieldError}
        </small>
      )}
      <ErrorMessage error={error} />
    </div>
  );
}
