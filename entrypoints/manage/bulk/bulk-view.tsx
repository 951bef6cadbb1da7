/**
 * #/bulk: Bulk create. Without a job, the input, options and preview of a new batch (bulk-input.tsx);
 * with one, its progress and results (bulk-progress.tsx), read from storage, so a page closed and
 * opened again mid-run shows the same job still running. Its second mode, Reconcile from a file
 * (reconcile-view.tsx), starts the same job with the changes a file asks for.
 */
import { useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import type { JobItem } from '@/lib/jobs/job';
import type { Job } from '@/lib/storage/items';
import { BulkInput } from './bulk-input';
import { BulkProgress } from './bulk-progress';
import type { BulkLookups, BulkService } from './bulk-service';
import { ReconcileView } from './reconcile-view';

/** The Bulk create page. */
export function BulkView({ service }: { service: BulkService }) {
  // undefined until the stored job has been read: the page must not offer a new batch over a running one.
  const [job, setJob] = useState<Job | null>();
  const [lookups, setLookups] = useState<BulkLookups>();
  const [mode, setMode] = useState<'create' | 'reconcile'>('create');
  const [reconcileText, setReconcileText] = useState('');

  useEffect(() => service.watch(setJob), [service]);
  useEffect(() => {
    let live = true;
    // Read again after each job: a finished batch has filled the cache a new preview reuses from.
    service.lookups().then(
      (found) => live && setLookups(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [service, job === null]);

  const start = async (items: JobItem[]) => {
    const result = await service.start(items);
    return result.ok ? null : result.error;
  };

  return (
    <section aria-labelledby="bulk-heading">
      <h1 id="bulk-heading">{t('manage_bulk_heading')}</h1>
      <p class="hint">{t('manage_bulk_intro')}</p>
      {job === undefined || !lookups ? (
        <p aria-busy="true">{t('manage_bulk_loading')}</p>
      ) : job ? (
        <BulkProgress job={job} service={service} copyFormat={lookups.copyFormat} />
      ) : (
        <>
          <fieldset class="card" id="bulk-mode">
            <legend>{t('manage_bulk_mode_legend')}</legend>
            {(['create', 'reconcile'] as const).map((value) => (
              <label key={value} class="checkbox">
                <input
                  type="radio"
                  name="bulk-mode"
                  checked={mode === value}
                  onChange={() => setMode(value)}
                />
                {t(value === 'create' ? 'manage_bulk_mode_create' : 'manage_bulk_mode_reconcile')}
              </label>
            ))}
          </fieldset>
          {mode === 'create' ? (
            <BulkInput lookups={lookups} start={start} />
          ) : (
            <ReconcileView
              text={reconcileText}
              onText={setReconcileText}
              limit={lookups.limit}
              start={start}
            />
          )}
        </>
      )}
    </section>
  );
}
