import { t } from '@/lib/i18n';
import type { NamedItem } from '@/lib/links/cache';
import { Field } from './Field';

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
