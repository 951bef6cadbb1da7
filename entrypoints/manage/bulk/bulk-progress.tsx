/**
 * Bulk create, once started: the job's progress (made, reused, failed, left, the time left and the
 * rate-limit countdown, redrawn every second), Pause, Resume and Cancel, and the results: long URL →
 * short URL or error, Copy all in the copy format, a CSV download, and failed rows retried as they
 * were or edited. The job belongs to the background; this only shows it and asks.
 */
import { useState } from 'preact/hooks';
import { copyPayload } from '@/components/clipboard';
import { downloadBlob } from '@/components/download';
import { ErrorMessage } from '@/components/error-message';
import { TextField } from '@/components/fields';
import { useNow } from '@/components/use-now';
import type { ErrorData } from '@/lib/api/errors';
import type { LinkInput } from '@/lib/api/schemas';
import { formatNumber, t, tPlural } from '@/lib/i18n';
import { redirectMapCsv } from '@/lib/jobs/bulk-csv';
import { estimateBulkMs } from '@/lib/jobs/bulk-preview';
import { isJobActive, jobCounts } from '@/lib/jobs/job';
import { copyPayloadForList } from '@/lib/links/copy-format';
import { toCsv } from '@/lib/links/csv';
import { aliasError } from '@/lib/links/shorten-form';
import { fileDay } from '@/lib/present/dates';
import { errorText } from '@/lib/present/errors';
import { formatDuration } from '@/lib/present/time';
import type { CopyFormat } from '@/lib/settings/schema';
import type { Job, JobRow } from '@/lib/storage/items';
import { longUrlError } from '@/lib/url/rules';
import { ActionButton, StatusMessage } from '../ui';
import { SHOWN_ROWS } from './bulk-input';
import type { BulkService } from './bulk-service';

const STATE_LABELS = {
  running: 'manage_bulk_job_running',
  waiting: 'manage_bulk_job_waiting',
  paused: 'manage_bulk_job_paused',
  done: 'manage_bulk_job_done',
  cancelled: 'manage_bulk_job_cancelled',
} as const;

const ROW_LABELS = {
  pending: 'manage_bulk_row_pending',
  sending: 'manage_bulk_row_sending',
  made: 'manage_bulk_row_made',
  reused: 'manage_bulk_row_reused',
  failed: 'manage_bulk_row_failed',
} as const;

/**
 * A job of changes to links (the links list's actions) in one line: "Added to Spring: 2 of 3" when
 * every row adds to the same campaign or channel, else "Updated: 2 of 3"; undefined for a create job.
 */
function changeSummary(job: Job, done: number): string | undefined {
  const changes = job.rows.map((row) => row.change);
  const first = changes[0];
  if (!first || changes.some((change) => !change)) return undefined;
  const total = formatNumber(job.rows.length);
  if (first.kind === 'update') return t('manage_actions_progress_updated', formatNumber(done), total);
  const to = first.to.name || String(first.to.id);
  return t('manage_actions_progress_added', to, formatNumber(done), total);
}

/** What a done row says: its short URL, or for a change, what was done. */
function rowResult(row: JobRow): string | undefined {
  if (row.state !== 'made' || !row.change) return undefined;
  if (row.change.kind === 'update') return t('manage_actions_row_updated');
  return t('manage_actions_row_added', row.change.to.name || String(row.change.to.id));
}

/** The results as CSV: one line per row, in the job's order. */
function resultsCsv(job: Job): string {
  return toCsv([
    ['long_url', 'preset', 'title', 'short_url', 'status', 'error'],
    ...job.rows.map((row) => [
      row.input.url,
      row.label,
      row.title,
      row.shortUrl ?? '',
      row.existing ? 'existing' : row.state,
      row.error?.message ?? '',
    ]),
  ]);
}

/** A failed row's long URL and alias, edited and sent again. */
function EditRow({
  input,
  retry,
  close,
}: {
  input: LinkInput;
  retry: (input: LinkInput) => Promise<ErrorData | null>;
  close: () => void;
}) {
  const [url, setUrl] = useState(input.url);
  const [alias, setAlias] = useState(input.custom ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorData | null>(null);
  const [tried, setTried] = useState(false);
  const urlError = tried ? (longUrlError(url) ?? undefined) : undefined;
  const aliasProblem = tried ? aliasError(alias) : undefined;
  return (
    <form
      class="inline-form"
      onSubmit={async (event) => {
        event.preventDefault();
        setTried(true);
        if (longUrlError(url) || aliasError(alias)) return;
        setBusy(true);
        const custom = alias.trim();
        const failure = await retry({ ...input, url: url.trim(), custom: custom || undefined });
        setBusy(false);
        setError(failure);
        if (!failure) close();
      }}
    >
      <TextField label={t('manage_bulk_long_url_label')} value={url} onValue={setUrl} error={urlError} />
      <TextField label={t('manage_bulk_alias_label')} value={alias} onValue={setAlias} error={aliasProblem} />
      <div class="actions">
        <ActionButton busy={busy} type="submit">
          {t('manage_bulk_retry_edited_button')}
        </ActionButton>
        <button type="button" onClick={close}>
          {t('manage_bulk_edit_cancel_button')}
        </button>
      </div>
      <ErrorMessage error={error} />
    </form>
  );
}

/** The progress and results of the job. */
export function BulkProgress({
  job,
  service,
  copyFormat,
}: {
  job: Job;
  service: BulkService;
  copyFormat: CopyFormat;
}) {
  const active = isJobActive(job);
  // Changes to links from the links list's selection, rather than a batch of creates.
  const isChange = job.rows.some((row) => row.change);
  const now = useNow(active);
  const counts = jobCounts(job);
  const changes = changeSummary(job, counts.made);
  const [error, setError] = useState<ErrorData | null>(null);
  const [busy, setBusy] = useState(false);
  const [onlyFailed, setOnlyFailed] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [copied, setCopied] = useState<string>();

  async function ask(action: () => Promise<{ ok: boolean; error?: ErrorData }>) {
    setBusy(true);
    const result = await action();
    setBusy(false);
    setError(result.ok ? null : (result.error ?? null));
  }

  const waitMs = job.state === 'waiting' && job.waitUntil ? Math.max(0, job.waitUntil - now) : 0;
  const leftMs = waitMs + estimateBulkMs(counts.left, job.limit);
  const done = counts.total - counts.left;
  // A link several changes of one job went to (an update and an assignment) is copied once.
  const changed = new Set<string>();
  const linked = job.rows.filter((row) => {
    if (!row.shortUrl) return false;
    if (!row.change) return true;
    if (changed.has(row.shortUrl)) return false;
    changed.add(row.shortUrl);
    return true;
  });
  const hasPresets = job.rows.some((row) => row.label);
  // An import from another shortener, over: what the old links must now redirect to.
  const imported = job.rows.some((row) => row.from);
  const redirects = !isJobActive(job) && job.rows.some((row) => row.from && row.shortUrl);
  const rows = job.rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => !onlyFailed || row.state === 'failed');

  async function copyAll() {
    // Copied as the popup copies: an HTML list pastes as links into a rich editor.
    const ok = await copyPayload(
      copyPayloadForList(
        linked.map((row) => ({ shortUrl: row.shortUrl ?? '', title: row.title || row.label })),
        copyFormat,
      ),
    );
    setCopied(ok ? tPlural('manage_bulk_copied', linked.length) : undefined);
    setError(ok ? null : { kind: 'internal', message: t('popup_copy_failed') });
  }

  return (
    <>
      <section class="card" aria-labelledby="bulk-progress-heading">
        <h2 id="bulk-progress-heading">{t('manage_bulk_progress_heading')}</h2>
        <p id="bulk-state">
          <strong>{t(STATE_LABELS[job.state])}</strong>
          {job.state === 'waiting' && ` ${t('manage_bulk_waiting_countdown', formatDuration(waitMs))}`}
          {active &&
            job.state !== 'paused' &&
            counts.left > 0 &&
            ` ${t('manage_bulk_time_left', formatDuration(leftMs))}`}
        </p>
        <progress id="bulk-bar" max={counts.total} value={done} aria-labelledby="bulk-progress-heading" />
        {changes && <p id="bulk-changes">{changes}</p>}
        <p id="bulk-counts">
          {t(
            'manage_bulk_counts',
            formatNumber(counts.made),
            formatNumber(counts.reused),
            formatNumber(counts.failed),
            formatNumber(counts.left),
          )}
        </p>
        {job.error && <ErrorMessage error={job.error} />}
        <div class="actions">
          {(job.state === 'running' || job.state === 'waiting') && (
            <ActionButton busy={busy} onClick={() => void ask(() => service.control('pause'))}>
              {t('manage_bulk_pause_button')}
            </ActionButton>
          )}
          {job.state === 'paused' && (
            <ActionButton
              busy={busy}
              class="primary"
              onClick={() => void ask(() => service.control('resume'))}
            >
              {t('manage_bulk_resume_button')}
            </ActionButton>
          )}
          {active && (
            <ActionButton
              busy={busy}
              class="danger"
              onClick={() => void ask(() => service.control('cancel'))}
            >
              {t('manage_bulk_cancel_button')}
            </ActionButton>
          )}
          {counts.failed > 0 && (
            <ActionButton
              busy={busy}
              onClick={() =>
                void ask(() =>
                  service.retry(
                    job.rows.flatMap((row, index) => (row.state === 'failed' ? [{ index }] : [])),
                  ),
                )
              }
            >
              {t('manage_bulk_retry_failed_button')}
            </ActionButton>
          )}
          {!active && (
            <ActionButton busy={busy} onClick={() => void ask(() => service.control('clear'))}>
              {t(isChange ? 'manage_actions_close_button' : 'manage_bulk_new_batch_button')}
            </ActionButton>
          )}
        </div>
        <ErrorMessage error={error} />
      </section>
      <section class="card" aria-labelledby="bulk-results-heading">
        <h2 id="bulk-results-heading">{t('manage_bulk_results_heading')}</h2>
        <div class="actions">
          <button type="button" disabled={linked.length === 0} onClick={() => void copyAll()}>
            {t('manage_bulk_copy_all_button')}
          </button>
          <button
            type="button"
            onClick={() =>
              downloadBlob(
                new Blob([resultsCsv(job)], { type: 'text/csv;charset=utf-8' }),
                `shortlink-bulk-${fileDay(new Date(job.createdAt))}.csv`,
              )
            }
          >
            {t('manage_bulk_download_button')}
          </button>
          {redirects && (
            <button
              type="button"
              id="bulk-redirect-map"
              onClick={() =>
                downloadBlob(
                  new Blob([redirectMapCsv(job.rows)], { type: 'text/csv;charset=utf-8' }),
                  `shortlink-redirects-${fileDay(new Date(job.createdAt))}.csv`,
                )
              }
            >
              {t('manage_bulk_redirect_map_button')}
            </button>
          )}
          <label class="checkbox">
            <input
              type="checkbox"
              checked={onlyFailed}
              onChange={(event) => setOnlyFailed(event.currentTarget.checked)}
            />{' '}
            {t('manage_bulk_only_failed_label')}
          </label>
        </div>
        <StatusMessage text={copied} />
        <div class="table-scroll">
          <table class="list">
            <thead>
              <tr>
                {imported && <th scope="col">{t('manage_bulk_from_column')}</th>}
                <th scope="col">{t('manage_bulk_long_url_column')}</th>
                {hasPresets && <th scope="col">{t('manage_bulk_preset_column')}</th>}
                <th scope="col">{t('manage_bulk_result_column')}</th>
                <th scope="col">{t('manage_bulk_actions_column')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.slice(0, SHOWN_ROWS).map(({ row, index }) => (
                <tr key={index} class={`bulk-${row.state}`}>
                  {imported && (
                    <td class="long-url">
                      <span dir="ltr">{row.from}</span>
                    </td>
                  )}
                  <td class="long-url">
                    <span dir="ltr">{row.input.url}</span>
                  </td>
                  {hasPresets && <td>{row.label}</td>}
                  <td>
                    {rowResult(row) ??
                      (row.shortUrl ? <span dir="ltr">{row.shortUrl}</span> : t(ROW_LABELS[row.state]))}
                    {row.state === 'reused' && <span class="sub"> {t(ROW_LABELS.reused)}</span>}
                    {row.existing && <span class="sub"> {t('common_existing_link')}</span>}
                    {row.error && <span class="error-text"> {errorText(row.error, now)}</span>}
                  </td>
                  <td>
                    {row.state === 'failed' && row.change && (
                      <ActionButton busy={busy} onClick={() => void ask(() => service.retry([{ index }]))}>
                        {t('manage_actions_retry_button')}
                      </ActionButton>
                    )}
                    {row.state === 'failed' &&
                      !row.change &&
                      (editing === index ? (
                        <EditRow
                          input={row.input}
                          close={() => setEditing(null)}
                          retry={async (input) => {
                            const result = await service.retry([{ index, input }]);
                            return result.ok ? null : result.error;
                          }}
                        />
                      ) : (
                        <button type="button" onClick={() => setEditing(index)}>
                          {t('manage_bulk_edit_button')}
                        </button>
                      ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {rows.length > SHOWN_ROWS && (
          <p class="hint">{t('manage_bulk_rows_more', SHOWN_ROWS, rows.length)}</p>
        )}
      </section>
    </>
  );
}
