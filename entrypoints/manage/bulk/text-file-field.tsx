/**
 * A file picked for Bulk create (links to create, or a CSV to reconcile), read as text: a file too
 * large or one the browser can't read is refused with its name, and the text already in the page
 * stays.
 */
import { useState } from 'preact/hooks';
import { ErrorMessage } from '@/components/error-message';
import { t } from '@/lib/i18n';

/** Larger files are refused before reading: 10,000 rows of long URLs fit well under it. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

interface Props {
  id: string;
  accept: string;
  /** The file's text, once read. */
  onText: (text: string) => void;
}

/** The picker, labelled "Or pick a CSV file", with its error beneath. */
export function TextFileField({ id, accept, onText }: Props) {
  const [error, setError] = useState<string>();

  async function pick(file: File | undefined) {
    setError(undefined);
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) return setError(t('manage_bulk_file_too_big', file.name));
    try {
      onText(await file.text());
    } catch {
      setError(t('manage_bulk_file_unreadable', file.name));
    }
  }

  return (
    <div class="field">
      <label for={id}>{t('manage_bulk_file_label')}</label>
      <input
        id={id}
        type="file"
        accept={accept}
        onChange={(event) => void pick(event.currentTarget.files?.[0])}
      />
      <ErrorMessage error={error} />
    </div>
  );
}
