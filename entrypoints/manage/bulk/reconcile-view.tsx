/**
 * Bulk create's second mode, Reconcile from a file: a CSV keyed by alias, its dry run against the link
 * mirror (lib/jobs/reconcile.ts) and Apply, which starts the bulk job with only the changes. The dry
 * run needs every link of the server, so it waits for a complete mirror and says why meanwhile.
 */
import { useState } from 'preact/hooks';
import { ErrorMessage } from '@/components/error-message';
import { TextAreaField } from '@/components/fields';
import { useChoices } from '@/components/server-cache';
import type { ErrorData } from '@/lib/api/errors';
import { type MessageKey, t, tPlural } from '@/lib/i18n';
import { estimateBulkMs } from '@/lib/jobs/bulk-preview';
import type { JobItem } from '@/lib/jobs/job';
import {
  diffReconcile,
  type FieldChange,
  type ReconcileDiff,
  type ReconcileField,
  type ReconcileStatus,
  readReconcileRows,
} from '@/lib/jobs/reconcile';
import { formatDuration } from '@/lib/present/time';
import { useServerCache } from '../api-context';
import { type MirrorStand, useMirrorLinks } from '../links/mirror-links';
import { ActionButton } from '../ui';
import { SHOWN_ROWS } from './bulk-input';
import { TextFileField } from './text-file-field';

const STATUS_LABELS: Record<ReconcileStatus, MessageKey> = {
  create: 'manage_reconcile_status_create',
  update: 'manage_reconcile_status_update',
  unchanged: 'manage_reconcile_status_unchanged',
  problem: 'manage_reconcile_status_problem',
};

const FIELD_LABELS: Record<ReconcileField, MessageKey> = {
  url: 'manage_link_long_url_label',
  title: 'manage_link_title_label',
  expiry: 'manage_editor_expiry_label',
  campaign: 'manage_campaign_label',
  channel: 'manage_channel_label',
};

interface Props {
  /** The file's text, kept by the page while a job runs, so the same file runs again after it. */
  text: string;
  onText: (text: string) => void;
  /** Requests a minute the server allows, for the estimate; null when the background could not say. */
  limit: number | null;
  start: (items: JobItem[]) => Promise<ErrorData | null>;
}

/** Why the dry run can't be trusted yet, or null once the mirror holds every link. */
function mirrorNotice(stand: MirrorStand): string | null {
  if (stand.kind === 'ready') return stand.links ? null : t('manage_reconcile_mirror_checking');
  if (stand.kind === 'checking') return t('manage_reconcile_mirror_checking');
  if (stand.kind === 'syncing') return t('manage_reconcile_mirror_syncing', stand.done, stand.total);
  return t('manage_reconcile_mirror_off');
}

/** One field of a row: a create's value, or an update's old → new (the old one said unknown where the mirror doesn't know it). */
function Change({ change, create }: { change: FieldChange; create: boolean }) {
  return (
    <li>
      {t(FIELD_LABELS[change.field])}:{' '}
      {!create && (
        <>
          {change.from === null ? (
            <em class="sub">{t('manage_reconcile_unknown')}</em>
          ) : (
            <del dir="auto">{change.from || t('manage_none')}</del>
          )}{' '}
          {t('manage_reconcile_arrow')}{' '}
        </>
      )}
      <ins dir="auto">{change.to}</ins>
    </li>
  );
}

/** The reconcile file, its dry run and Apply. */
export function ReconcileView({ text, onText, limit, start }: Props) {
  const cache = useServerCache();
  const campaigns = useChoices(cache, 'listCampaigns', true);
  const channels = useChoices(cache, 'listChannels', true);
  const stand = useMirrorLinks(true);
  const [diff, setDiff] = useState<ReconcileDiff | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorData | null>(null);

  const notice = mirrorNotice(stand);
  const links = stand.kind === 'ready' ? stand.links?.links : undefined;
  const listsLoading = campaigns.loading || channels.loading;

  function changeText(next: string) {
    onText(next);
    // A dry run of another text would apply what the user no longer sees.
    setDiff(null);
    setError(null);
  }

  function dryRun() {
    if (!links) return;
    setError(null);
    setDiff(
      diffReconcile(readReconcileRows(text), {
        cached: links,
        campaigns: campaigns.data?.items ?? null,
        channels: channels.data?.items ?? null,
        now: new Date(),
      }),
    );
  }

  async function apply() {
    if (!diff) return;
    setBusy(true);
    setError(await start(diff.items));
    setBusy(false);
  }

  return (
    <>
      <section class="card" aria-labelledby="reconcile-input-heading">
        <h2 id="reconcile-input-heading">{t('manage_reconcile_input_heading')}</h2>
        <p class="hint">{t('manage_reconcile_intro')}</p>
        <TextAreaField
          id="reconcile-text"
          label={t('manage_reconcile_text_label')}
          value={text}
          onValue={changeText}
          rows={8}
        />
        <TextFileField id="reconcile-file" accept=".csv,.txt,text/csv,text/plain" onText={changeText} />
        <p id="reconcile-mirror" role="status">
          {notice}
        </p>
        <div class="actions">
          <button
            type="button"
            id="reconcile-dry-run"
            disabled={!links || listsLoading || text.trim() === ''}
            onClick={dryRun}
          >
            {t('manage_reconcile_dry_run_button')}
          </button>
        </div>
      </section>
      {diff && (
        <section class="card" aria-labelledby="reconcile-result-heading">
          <h2 id="reconcile-result-heading">{t('manage_reconcile_result_heading')}</h2>
          {diff.fileProblem ? (
            <p class="error">{diff.fileProblem}</p>
          ) : diff.rows.length === 0 ? (
            <p class="hint">{t('manage_reconcile_empty')}</p>
          ) : (
            <>
              <p id="reconcile-summary" aria-live="polite">
                {t(
                  'manage_reconcile_summary',
                  diff.counts.create,
                  diff.counts.update,
                  diff.counts.unchanged,
                  diff.counts.problem,
                )}{' '}
                {diff.items.length > 0 &&
                  limit !== null &&
                  t(
                    'manage_bulk_estimate',
                    tPlural('manage_bulk_requests', diff.items.length),
                    formatDuration(estimateBulkMs(diff.items.length, limit)),
                    limit,
                  )}
              </p>
              {diff.truncated && <p class="error">{t('manage_bulk_truncated', diff.rows.length)}</p>}
              {diff.counts.problem > 0 && <p class="hint">{t('manage_reconcile_problems_hint')}</p>}
              <div class="table-scroll">
                <table class="list" id="reconcile-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('manage_bulk_line_column')}</th>
                      <th scope="col">{t('manage_reconcile_alias_column')}</th>
                      <th scope="col">{t('manage_bulk_status_column')}</th>
                      <th scope="col">{t('manage_reconcile_changes_column')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {diff.rows.slice(0, SHOWN_ROWS).map((row) => (
                      <tr key={row.line} class={`reconcile-${row.status}`}>
                        <td class="num">{row.line}</td>
                        <td>
                          <span dir="auto">{row.alias}</span>
                          {row.shortUrl && (
                            <span class="sub">
                              {' '}
                              <span dir="ltr">{row.shortUrl}</span>
                            </span>
                          )}
                        </td>
                        <td>{t(STATUS_LABELS[row.status])}</td>
                        <td class="long-url">
                          {row.reason && <span class="sub">{row.reason}</span>}
                          {row.changes.length > 0 && (
                            <ul class="reconcile-changes">
                              {row.changes.map((change) => (
                                <Change key={change.field} change={change} create={row.status === 'create'} />
                              ))}
                            </ul>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {diff.rows.length > SHOWN_ROWS && (
                <p class="hint">{t('manage_bulk_rows_more', SHOWN_ROWS, diff.rows.length)}</p>
              )}
            </>
          )}
          <div class="actions">
            <ActionButton
              busy={busy}
              class="primary"
              disabled={diff.items.length === 0 || notice !== null}
              onClick={() => void apply()}
            >
              {t('manage_reconcile_apply_button')}
            </ActionButton>
            {diff.items.length === 0 && !diff.fileProblem && diff.rows.length > 0 && (
              <span id="reconcile-nothing">{t('manage_reconcile_nothing')}</span>
            )}
          </div>
          <ErrorMessage error={error} />
        </section>
      )}
    </>
  );
}
