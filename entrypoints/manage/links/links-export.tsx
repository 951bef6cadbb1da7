/**
 * Export all links, on the links list: every page of the server's links fetched within the rate
 * limit, with progress and Cancel, saved as CSV or JSON. A partial run (cancelled, or a failure
 * midway) says so here and in the file's name, and offers what it has.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { downloadBlob } from '@/components/download';
import { useFocusAfterRender } from '@/components/use-focus-after-render';
import type { LinkSummary } from '@/lib/api/schemas';
import { formatNumber, t, tPlural } from '@/lib/i18n';
import {
  type ExportProgress,
  type ExportRun,
  exportCsv,
  exportFileName,
  exportJson,
  fetchAllLinks,
} from '@/lib/links/export';
import { errorText } from '@/lib/present/errors';
import { useApi } from '../api-context';
import { PanelToggle } from '../ui';
import './links-export.css';

/** An export's file type. */
export type ExportKind = 'csv' | 'json';
type Kind = ExportKind;

type ExportState =
  | { step: 'idle' }
  | { step: 'running'; kind: Kind; progress: ExportProgress }
  | { step: 'done'; kind: Kind; run: ExportRun; saved: string | null };

const FILE_TYPES: Record<Kind, string> = { csv: 'text/csv;charset=utf-8', json: 'application/json' };

/** Saves `links` as `kind` (a selection's, or every link fetched); the file's name. */
export function saveLinks(links: readonly LinkSummary[], kind: ExportKind, partial = false): string {
  const fileName = exportFileName(kind, new Date(), partial);
  const text = kind === 'csv' ? exportCsv(links) : exportJson(links);
  downloadBlob(new Blob([text], { type: FILE_TYPES[kind] }), fileName);
  return fileName;
}

const save = (run: ExportRun, kind: Kind): string => saveLinks(run.links, kind, run.stopped !== null);

/** "Fetched 300 of 1,240 links", or the first page's wait. */
function progressText({ fetched, total }: ExportProgress): string {
  if (total === null) return t('manage_export_starting');
  return tPlural('manage_export_progress', total, formatNumber(fetched));
}

/** Why a partial run stopped, and what it has. */
function partialText(run: ExportRun): string {
  const stop =
    run.stopped?.reason === 'failed'
      ? errorText(run.stopped.error, Date.now())
      : t('manage_export_cancelled');
  const have =
    run.total === null
      ? t('manage_export_partial_none')
      : tPlural('manage_export_partial', run.total, formatNumber(run.links.length));
  return `${have} ${stop}`;
}

/** The Export button of the links list and its panel. */
export function LinksExport() {
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<ExportState>({ step: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const focusAfterRender = useFocusAfterRender();

  // Leaving the page (or the links view) stops the run: nobody is there to save its file.
  useEffect(() => () => abort.current?.abort(), []);

  const start = async (kind: Kind) => {
    const controller = new AbortController();
    abort.current = controller;
    setState({ step: 'running', kind, progress: { fetched: 0, total: null } });
    focusAfterRender('export-cancel');
    const run = await fetchAllLinks(api, {
      signal: controller.signal,
      onProgress: (progress) => {
        if (!controller.signal.aborted) setState({ step: 'running', kind, progress });
      },
    });
    abort.current = null;
    // A complete run is saved at once; a partial one waits for the user to choose to save it.
    setState({ step: 'done', kind, run, saved: run.stopped === null ? save(run, kind) : null });
    focusAfterRender(run.stopped === null ? 'export-result' : 'export-partial', { ifLost: true });
  };

  const running = state.step === 'running';
  return (
    <div class="links-export">
      <PanelToggle open={open} onOpen={setOpen}>
        {t('manage_export_button')}
      </PanelToggle>
      {open && (
        <section class="card" aria-labelledby="export-heading">
          <h2 id="export-heading">{t('manage_export_heading')}</h2>
          <p class="muted">{t('manage_export_intro')}</p>
          {state.step === 'running' ? (
            <div class="export-progress">
              <progress
                aria-labelledby="export-progress-text"
                max={state.progress.total ?? undefined}
                value={state.progress.total === null ? undefined : state.progress.fetched}
              />
              <p id="export-progress-text" role="status">
                {progressText(state.progress)}
              </p>
              <div class="actions">
                <button type="button" id="export-cancel" onClick={() => abort.current?.abort()}>
                  {t('manage_export_cancel')}
                </button>
              </div>
            </div>
          ) : (
            <div class="actions">
              <button type="button" class="primary" onClick={() => void start('csv')}>
                {t('manage_export_csv')}
              </button>
              <button type="button" onClick={() => void start('json')}>
                {t('manage_export_json')}
              </button>
            </div>
          )}
          {state.step === 'done' && !running && (
            <ExportResult
              state={state}
              onSave={(kind) => {
                setState({ ...state, saved: save(state.run, kind) });
              }}
            />
          )}
        </section>
      )}
    </div>
  );
}

/** What a finished run did: the file saved, or why it is partial and the buttons that save what it has. */
function ExportResult({
  state,
  onSave,
}: {
  state: Extract<ExportState, { step: 'done' }>;
  onSave: (kind: Kind) => void;
}) {
  const { run, saved } = state;
  const count = run.links.length;
  if (run.stopped === null) {
    const other: Kind = state.kind === 'csv' ? 'json' : 'csv';
    return (
      <div class="actions" id="export-result" tabIndex={-1}>
        <p class="status" role="status">
          {saved && tPlural('manage_export_saved', count, saved)}
        </p>
        <button type="button" onClick={() => onSave(other)}>
          {other === 'csv' ? t('manage_export_save_csv_too') : t('manage_export_save_json_too')}
        </button>
      </div>
    );
  }
  return (
    <div class="export-partial" id="export-partial" tabIndex={-1}>
      <p class="error" role="alert">
        {partialText(run)}
      </p>
      {count > 0 && (
        <div class="actions">
          <button type="button" onClick={() => onSave('csv')}>
            {t('manage_export_save_partial_csv')}
          </button>
          <button type="button" onClick={() => onSave('json')}>
            {t('manage_export_save_partial_json')}
          </button>
        </div>
      )}
      {saved && (
        <p class="status" role="status">
          {t('manage_export_saved_partial', saved)}
        </p>
      )}
    </div>
  );
}
