/**
 * The column-mapping step of Bulk create: a file whose columns no format names (readBulkRows'
 * `unknown`) shows its header and first rows, with a select per column saying which field it fills,
 * pre-filled by guessMapping; confirming reads the file again with that mapping.
 */
import { useRef, useState } from 'preact/hooks';
import { ErrorMessage } from '@/components/error-message';
import { type MessageKey, t } from '@/lib/i18n';
import { type ColumnMapping, MAPPED_FIELDS, type MappedField } from '@/lib/jobs/bulk-csv';

const FIELD_LABELS: Record<MappedField, MessageKey> = {
  url: 'manage_bulk_mapping_field_url',
  alias: 'manage_bulk_mapping_field_alias',
  title: 'manage_bulk_mapping_field_title',
  tags: 'manage_bulk_mapping_field_tags',
  domain: 'manage_bulk_mapping_field_domain',
  from: 'manage_bulk_mapping_field_from',
  created: 'manage_bulk_mapping_field_created',
  clicks: 'manage_bulk_mapping_field_clicks',
};

const IGNORE = '';

interface Props {
  names: readonly string[];
  sample: readonly (readonly string[])[];
  mapping: ColumnMapping;
  /** Each change, so the page keeps it while the user edits the text. */
  onMapping: (mapping: ColumnMapping) => void;
  onConfirm: () => void;
}

/** The file's columns with what each fills, and the button that reads it so. */
export function BulkMapping({ names, sample, mapping, onMapping, onConfirm }: Props) {
  const [missing, setMissing] = useState(false);
  const firstSelect = useRef<HTMLSelectElement>(null);
  const choose = (index: number, value: string) => {
    const field = MAPPED_FIELDS.find((candidate) => candidate === value) ?? null;
    // A field fills from one column: choosing it for this one takes it from another.
    onMapping(
      names.map((_, i) => (i === index ? field : mapping[i] === field ? null : (mapping[i] ?? null))),
    );
    if (field === 'url') setMissing(false);
  };
  const confirm = () => {
    if (!mapping.includes('url')) {
      setMissing(true);
      firstSelect.current?.focus();
      return;
    }
    onConfirm();
  };
  return (
    <div id="bulk-mapping">
      <h3>{t('manage_bulk_mapping_heading')}</h3>
      <p class="hint">{t('manage_bulk_mapping_hint')}</p>
      <div class="table-scroll">
        <table class="list">
          <caption class="hint">{t('manage_bulk_mapping_sample_caption')}</caption>
          <thead>
            <tr>
              {names.map((name, index) => (
                <th key={index} scope="col">
                  <label for={`bulk-map-${index}`}>
                    {t('manage_bulk_mapping_column_label', name || String(index + 1))}
                  </label>
                  <select
                    id={`bulk-map-${index}`}
                    ref={index === 0 ? firstSelect : undefined}
                    value={mapping[index] ?? IGNORE}
                    aria-invalid={missing || undefined}
                    onChange={(event) => choose(index, event.currentTarget.value)}
                  >
                    <option value={IGNORE}>{t('manage_bulk_mapping_ignore')}</option>
                    {MAPPED_FIELDS.map((field) => (
                      <option key={field} value={field}>
                        {t(FIELD_LABELS[field])}
                      </option>
                    ))}
                  </select>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sample.map((row, line) => (
              <tr key={line}>
                {names.map((_, index) => (
                  <td key={index} class="long-url">
                    <span dir="auto">{row[index] ?? ''}</span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {missing && <ErrorMessage error={t('manage_bulk_mapping_url_missing')} />}
      <div class="actions">
        <button type="button" class="primary" onClick={confirm}>
          {t('manage_bulk_mapping_confirm')}
        </button>
      </div>
    </div>
  );
}
