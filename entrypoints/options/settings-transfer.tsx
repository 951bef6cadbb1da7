import { useEffect, useRef, useState } from 'preact/hooks';
import { downloadBlob } from '@/components/download';
import { useFocusAfterRender } from '@/components/use-focus-after-render';
import { useStatus } from '@/components/use-status';
import { t, tPlural } from '@/lib/i18n';
import type { ImportSummary } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';
import { errorText } from '@/lib/present/errors';
import type { Settings } from '@/lib/settings/schema';
import { SETTINGS_VERSION } from '@/lib/settings/schema';
import {
  exportFileName,
  type ImportedSettings,
  MAX_SETTINGS_FILE_BYTES,
  parseSettingsFile,
  planImport,
  serializeSettingsFile,
  tooLargeMessage,
} from '@/lib/settings/transfer';

interface SettingsTransferProps {
  settings: Settings;
  /** Called once an import is stored, with what it changed. */
  onImported: (summary: ImportSummary) => void;
}

type Outcome = { ok: boolean; message: string };
type Note = string | null;
type ShownPreview = Preview | null;

interface Preview {
  fileName: string;
  text: string;
  imported: ImportedSettings;
  /** What the background's dry run says the import will do (it alone knows which profiles have keys). */
  outcome: ImportSummary;
}

/**
 * Export of the settings to a file (keys only when asked, with a warning) and import of such a file:
 * read and checked here for the preview, applied by the background after the user confirms.
 */
export function SettingsTransfer({ settings, onImported }: SettingsTransferProps) {
  const [includeKeys, setIncludeKeys] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [exported, setExported] = useStatus<Outcome>();
  const [importError, setImportError] = useState<Note>(null);
  const [preview, setPreview] = useState<ShownPreview>(null);
  const [importing, setImporting] = useState(false);
  const [imported, setImported] = useStatus();
  const [dragging, setDragging] = useState(false);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const importButton = useRef<HTMLButtonElement>(null);
  // The preview's buttons go away, or come back enabled: focus goes on from the file input or Import.
  const focusAfterRender = useFocusAfterRender();

  useEffect(() => {
    if (preview) previewHeading.current?.focus();
  }, [preview]);

  useEffect(() => {
    // A file dropped beside the drop zone would make the browser open it in place of this page.
    const keepPage = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    window.addEventListener('dragover', keepPage);
    window.addEventListener('drop', keepPage);
    return () => {
      window.removeEventListener('dragover', keepPage);
      window.removeEventListener('drop', keepPage);
    };
  }, []);

  async function exportNow() {
    setExporting(true);
    setExported(undefined);
    const reply = await send('exportSettings', { includeKeys });
    setExporting(false);
    if (!reply.ok) return setExported({ ok: false, message: errorText(reply.error, Date.now()) });
    const fileName = exportFileName();
    downloadBlob(new Blob([serializeSettingsFile(reply.data.file)], { type: 'application/json' }), fileName);
    setExported({ ok: true, message: t('options_exported', fileName) });
  }

  async function readFile(file: File) {
    setImportError(null);
    setPreview(null);
    setImported(undefined);
    // Refused before reading: a huge file is not an export, and reading it would only stall the page.
    if (file.size > MAX_SETTINGS_FILE_BYTES) return setImportError(tooLargeMessage());
    let text: string;
    try {
      text = await file.text();
    } catch {
      return setImportError(t('options_import_read_failed'));
    }
    const parsed = parseSettingsFile(text);
    if (!parsed.ok) return setImportError(parsed.message);
    const dryRun = await send('importSettings', { text, dryRun: true });
    if (!dryRun.ok) return setImportError(errorText(dryRun.error, Date.now()));
    setPreview({ fileName: file.name, text, imported: parsed.imported, outcome: dryRun.data });
  }

  async function confirmImport() {
    if (!preview) return;
    setImporting(true);
    const reply = await send('importSettings', { text: preview.text });
    setImporting(false);
    if (!reply.ok) {
      setImportError(errorText(reply.error, Date.now()));
      focusAfterRender(importButton);
      return;
    }
    setPreview(null);
    setImportError(null);
    focusAfterRender(fileInput);
    setImported(t('options_import_done', reply.data.added, reply.data.replaced));
    onImported(reply.data);
  }

  const plan = preview ? planImport(settings, preview.imported) : null;

  return (
    <div class="stack">
      <p class="muted">{t('options_transfer_intro')}</p>

      <h3>{t('options_export_heading')}</h3>
      <div class="switch">
        <label class="checkbox">
          <input
            id="export-include-keys"
            type="checkbox"
            checked={includeKeys}
            aria-describedby="export-include-keys-hint"
            onChange={(e) => {
              setIncludeKeys(e.currentTarget.checked);
              setExported(undefined);
            }}
          />
          {t('options_export_include_keys')}
        </label>
        <p id="export-include-keys-hint" class={includeKeys ? 'hint warning' : 'hint'}>
          {t('options_export_keys_warning')}
        </p>
      </div>
      <div class="row">
        <button type="button" onClick={() => void exportNow()} disabled={exporting}>
          {t('options_export_button')}
        </button>
        <span class={exported?.ok === false ? 'field-error' : 'ok'} role="status">
          {exported?.message}
        </span>
      </div>

      <h3 id="import-heading">{t('options_import_heading')}</h3>
      {/* Dropping is a shortcut; the file picker inside does the same from the keyboard. */}
      <fieldset
        aria-labelledby="import-heading"
        class={dragging ? 'dropzone dragging' : 'dropzone'}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          const file = e.dataTransfer?.files[0];
          if (file) void readFile(file);
        }}
      >
        <label for="import-file">{t('options_import_choose')}</label>
        <input
          ref={fileInput}
          id="import-file"
          type="file"
          accept=".json,application/json"
          aria-describedby="import-file-hint"
          disabled={importing}
          onChange={(e) => {
            const input = e.currentTarget;
            const file = input.files?.[0];
            // Cleared, so choosing the same file again (after fixing it) reads it again.
            input.value = '';
            if (file) void readFile(file);
          }}
        />
        <p class="hint" id="import-file-hint">
          {t('options_import_drop_hint')}
        </p>
      </fieldset>
      {importError && (
        <p class="alert" role="alert" id="import-error">
          {importError}
        </p>
      )}
      {preview && plan && (
        <section class="preview stack" aria-labelledby="import-preview-heading">
          <h4 id="import-preview-heading" tabIndex={-1} ref={previewHeading}>
            {t('options_import_preview_heading', preview.fileName)}
          </h4>
          {preview.imported.fileVersion < SETTINGS_VERSION && <p>{t('options_import_older_note')}</p>}
          <p>{tPlural('options_import_profile_count', plan.profiles.length)}</p>
          {plan.profiles.length > 0 && (
            <ul class="plan">
              {plan.profiles.map(({ profile, replaces, hasKey }) => (
                <li key={profile.id}>
                  <strong>{profile.name || profile.serverUrl}</strong>{' '}
                  <span class="muted small" dir="ltr">
                    {profile.serverUrl}
                  </span>{' '}
                  <span class="tag">{replaces ? t('options_import_replaces') : t('options_import_new')}</span>{' '}
                  <span class="tag">
                    {hasKey ? t('options_import_with_key') : t('options_import_without_key')}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <p>{plan.keysIncluded > 0 ? t('options_import_keys_some') : t('options_import_keys_none')}</p>
          <p>{t('options_import_replace_note')}</p>
          {preview.outcome.needsAccess.length > 0 && (
            <>
              <p id="import-needs-access">{t('options_import_needs_access')}</p>
              <ul class="plan" aria-labelledby="import-needs-access">
                {preview.outcome.needsAccess.map((origin) => (
                  <li key={origin}>{origin}</li>
                ))}
              </ul>
            </>
          )}
          {preview.outcome.skippedActive && (
            <p>
              {preview.outcome.skippedActive.missing === 'key'
                ? t('options_import_active_skipped', preview.outcome.skippedActive.name)
                : t('options_import_active_no_access', preview.outcome.skippedActive.name)}
            </p>
          )}
          {preview.outcome.active && <p>{t('options_import_active', preview.outcome.active)}</p>}
          <div class="row">
            <button
              ref={importButton}
              type="button"
              class="primary"
              disabled={importing}
              onClick={() => void confirmImport()}
            >
              {importing ? t('options_importing') : t('options_import_confirm')}
            </button>
            <button
              type="button"
              disabled={importing}
              onClick={() => {
                setPreview(null);
                setImportError(null);
                focusAfterRender(fileInput);
              }}
            >
              {t('options_cancel')}
            </button>
          </div>
        </section>
      )}
      <p class="ok" role="status">
        {imported}
      </p>
    </div>
  );
}
