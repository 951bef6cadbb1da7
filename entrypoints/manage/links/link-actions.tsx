/**
 * The links list's selection bar: how many links are selected, Clear, Select all matching, and what
 * can be done to them at once. Add to a campaign or a channel, Set or Extend the expiry each start
 * ONE bulk job of change rows (lib/jobs/link-actions.ts) in the background's job runner, whose
 * progress shows below the bar (bulk-progress.tsx); Copy, Export and Open need no request.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { copyPayload } from '@/components/clipboard';
import { ErrorMessage } from '@/components/error-message';
import { SelectField } from '@/components/fields';
import { useChoices } from '@/components/server-cache';
import type { ErrorData } from '@/lib/api/errors';
import { formatNumber, t, tPlural } from '@/lib/i18n';
import { MAX_BULK_ROWS } from '@/lib/jobs/bulk-csv';
import { isJobActive } from '@/lib/jobs/job';
import { type LinkAction, type LinkActionPlan, planLinkAction } from '@/lib/jobs/link-actions';
import { type CachedLink, linksById } from '@/lib/links/cache';
import { copyPayloadForList } from '@/lib/links/copy-format';
import { linkName } from '@/lib/present/labels';
import type { Job } from '@/lib/storage/items';
import { loadSettings } from '@/lib/storage/settings';
import { useServerCache } from '../api-context';
import { BulkProgress } from '../bulk/bulk-progress';
import type { BulkService } from '../bulk/bulk-service';
import { closeOnEscape } from '../hooks';
import { ActionButton, PanelToggle, StatusMessage } from '../ui';
import { ExpiryDateForm } from './expiring-links';
import { emptySelection, type Selection, selectAll } from './link-selection';
import { saveLinks } from './links-export';

/** Opening more tabs than this at once is refused: the first ones open, and the bar says so. */
export const MAX_OPEN = 20;

/** Skipped links named one by one; the rest are counted. */
const SHOWN_SKIPPED = 20;

type Panel = 'campaign' | 'channel' | 'expiry' | 'open';

/** The stored bulk job (null: none), kept up to date. */
export function useBulkJob(service: BulkService): Job | null {
  const [job, setJob] = useState<Job | null>(null);
  useEffect(() => service.watch(setJob), [service]);
  return job;
}

/** Whether a job changes links (an action of this bar) rather than making them (Bulk create). */
export const isChangeJob = (job: Job | null): job is Job => job?.rows.some((row) => row.change) ?? false;

/** How many change rows of the job are over: it moves each time the background wrote a change. */
export function changesDone(job: Job | null): string {
  if (!isChangeJob(job)) return '';
  return `${job.id}:${job.rows.filter((row) => row.change && row.state !== 'pending' && row.state !== 'sending').length}`;
}

/**
 * The cached links of `ids` (the rows shown, the selection), read again whenever `stamp` moves:
 * the cache has what the background last wrote (an assignment, a new expiry), which the server's
 * page kept here may not.
 */
export function useCachedLinks(
  profileId: string | undefined,
  ids: readonly number[],
  stamp: string,
): ReadonlyMap<number, CachedLink> {
  const [found, setFound] = useState<ReadonlyMap<number, CachedLink>>(new Map());
  const key = ids.join(',');
  useEffect(() => {
    if (!profileId || ids.length === 0) return;
    let live = true;
    linksById(profileId, ids).then(
      (links) => live && setFound(new Map(links.map((link) => [link.id, link]))),
      // Without the cache, the rows show what the server's page says.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [profileId, key, stamp]);
  return found;
}

/** What an action left out, said after it: unchanged links, and each skipped one with why. */
function PlanReport({ plan }: { plan: LinkActionPlan | null }) {
  if (!plan || (plan.unchanged.length === 0 && plan.skipped.length === 0)) return null;
  return (
    <div class="plan-report" role="status">
      {plan.unchanged.length > 0 && (
        <p>{t('manage_actions_unchanged', formatNumber(plan.unchanged.length))}</p>
      )}
      {plan.skipped.length > 0 && (
        <ul>
          {plan.skipped.slice(0, SHOWN_SKIPPED).map(({ link, reason }) => (
            <li key={link.id}>
              {t(
                reason === 'expiry-unknown'
                  ? 'manage_actions_skipped_unknown'
                  : 'manage_actions_skipped_never',
                linkName(link),
              )}
            </li>
          ))}
        </ul>
      )}
      {plan.skipped.length > SHOWN_SKIPPED && (
        <p>{t('manage_actions_skipped_more', formatNumber(plan.skipped.length - SHOWN_SKIPPED))}</p>
      )}
    </div>
  );
}

/** The campaign or channel to add the selection to, from the server's list (the link editor's). */
function AssignForm({
  kind,
  busy,
  onAssign,
}: {
  kind: 'campaign' | 'channel';
  busy: boolean;
  onAssign: (to: { id: number; name: string }) => void;
}) {
  const choices = useChoices(useServerCache(), kind === 'campaign' ? 'listCampaigns' : 'listChannels', true);
  const items = choices.data?.items ?? [];
  const [chosen, setChosen] = useState('');
  const value = chosen || String(items[0]?.id ?? '');
  const label = t(kind === 'campaign' ? 'manage_campaign_label' : 'manage_channel_label');
  return (
    <form
      class="inline-form"
      aria-busy={choices.loading}
      onSubmit={(event) => {
        event.preventDefault();
        const to = items.find((item) => String(item.id) === value);
        if (to) onAssign({ id: to.id, name: to.name });
      }}
    >
      <SelectField
        label={label}
        value={value}
        onValue={setChosen}
        options={items.map((item) => ({ value: String(item.id), label: item.name || `#${item.id}` }))}
        disabled={items.length === 0}
      />
      <ActionButton type="submit" busy={busy} disabled={items.length === 0}>
        {t('manage_actions_apply')}
      </ActionButton>
      {choices.data && items.length === 0 && <p class="hint">{t('manage_actions_no_choices')}</p>}
      <ErrorMessage error={choices.error} />
    </form>
  );
}

/** The question before opening tabs, naming how many open. */
function OpenConfirm({
  count,
  onOpen,
  onCancel,
}: {
  count: number;
  onOpen: () => void;
  onCancel: () => void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  const opened = Math.min(count, MAX_OPEN);
  return (
    <fieldset class="confirm" onKeyDown={closeOnEscape(onCancel)}>
      <legend>
        {count > MAX_OPEN
          ? t('manage_actions_open_first', formatNumber(opened), formatNumber(count))
          : t('manage_actions_open_question', formatNumber(opened))}
      </legend>
      <button type="button" class="primary" onClick={onOpen}>
        {t('manage_actions_open_confirm')}
      </button>
      <button ref={cancel} type="button" onClick={onCancel}>
        {t('manage_cancel')}
      </button>
    </fieldset>
  );
}

/**
 * The selection bar, shown while links are selected, and the progress of the last action's job.
 * `matching` is every link the search matches when the local copy holds them all (Select all);
 * `incomplete`, the local copy does not (only the rows shown can be selected); `open` opens a tab
 * (a parameter for tests).
 */
export function LinkActionsBar({
  selection,
  setSelection,
  matching,
  incomplete = false,
  profileId,
  job,
  service,
  now = Date.now,
  open = (url) => browser.tabs.create({ url, active: false }),
}: {
  selection: Selection<CachedLink>;
  setSelection: (selection: Selection<CachedLink>) => void;
  matching: readonly CachedLink[] | undefined;
  incomplete?: boolean;
  profileId: string | undefined;
  job: Job | null;
  service: BulkService;
  now?: () => number;
  open?: (url: string) => Promise<unknown>;
}) {
  const [panel, setPanel] = useState<Panel | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorData | string | null>(null);
  const [status, setStatus] = useState<string>();
  const [plan, setPlan] = useState<LinkActionPlan | null>(null);
  const [copyFormat, setCopyFormat] =
    useState<Awaited<ReturnType<typeof loadSettings>>['behaviour']['copyFormat']>();
  useEffect(() => {
    void loadSettings().then((settings) => setCopyFormat(settings.behaviour.copyFormat));
  }, []);

  const selected = [...selection.links.values()];
  const count = selected.length;
  // A job (an import in Bulk create, or the last action here) has the runner: a second one would
  // be refused.
  const jobBusy = isJobActive(job);
  const showJob = isChangeJob(job) ? job : null;
  const toggle = (which: Panel) => (on: boolean) => {
    setPanel(on ? which : null);
    setStatus(undefined);
    setError(null);
  };

  /** The selected links as the cache now has them (expiry, campaign), else as the list showed them. */
  async function current(): Promise<CachedLink[]> {
    if (!profileId) return selected;
    const cached = await linksById(
      profileId,
      selected.map((link) => link.id),
    ).catch(() => []);
    const byId = new Map(cached.map((link) => [link.id, link]));
    return selected.map((link) => ({ ...link, ...byId.get(link.id) }));
  }

  async function run(action: LinkAction) {
    setBusy(true);
    setError(null);
    setStatus(undefined);
    const next = planLinkAction(await current(), action, now());
    setPlan(next);
    if (next.items.length === 0) {
      setBusy(false);
      // Skipped links say why themselves; "already as asked" is only true of the unchanged.
      if (next.skipped.length === 0) setStatus(t('manage_actions_nothing'));
      return;
    }
    if (next.items.length > MAX_BULK_ROWS) {
      setBusy(false);
      setError(t('manage_actions_too_many', formatNumber(MAX_BULK_ROWS)));
      return;
    }
    const result = await service.start(next.items);
    setBusy(false);
    if (!result.ok) return setError(result.error);
    setPanel(null);
    setStatus(t('manage_actions_started', formatNumber(next.items.length)));
  }

  async function copy() {
    if (!copyFormat) return;
    const links = selected.map((link) => ({ shortUrl: link.shortUrl, title: link.title }));
    const ok = await copyPayload(copyPayloadForList(links, copyFormat));
    setError(ok ? null : t('popup_copy_failed'));
    setStatus(ok ? tPlural('manage_bulk_copied', links.length) : undefined);
  }

  async function openLinks() {
    setPanel(null);
    const urls = selected.slice(0, MAX_OPEN).map((link) => link.longUrl);
    const results = await Promise.allSettled(urls.map((url) => open(url)));
    const failed = results.filter((result) => result.status === 'rejected').length;
    setError(failed > 0 ? t('manage_actions_open_failed', formatNumber(failed)) : null);
  }

  const jobButton = (which: Panel, label: string) =>
    jobBusy ? (
      <button type="button" aria-disabled="true" aria-describedby="actions-busy">
        {label}
      </button>
    ) : (
      <PanelToggle open={panel === which} onOpen={toggle(which)}>
        {label}
      </PanelToggle>
    );

  return (
    <>
      {count > 0 && (
        <section class="selection-bar" aria-label={t('manage_actions_bar_label')}>
          <div class="actions">
            <strong aria-live="polite">{t('manage_actions_selected', formatNumber(count))}</strong>
            <button type="button" onClick={() => setSelection(emptySelection())}>
              {t('manage_actions_clear')}
            </button>
            {matching && matching.length > count && (
              <button type="button" onClick={() => setSelection(selectAll(selection, matching))}>
                {t('manage_actions_select_all', formatNumber(matching.length))}
              </button>
            )}
            {incomplete && <span class="hint">{t('manage_actions_loaded_only')}</span>}
          </div>
          <div class="actions">
            {jobButton('campaign', t('manage_actions_campaign_button'))}
            {jobButton('channel', t('manage_actions_channel_button'))}
            {jobButton('expiry', t('manage_actions_expiry_button'))}
            <fieldset class="inline-group" aria-label={t('manage_actions_extend_group')}>
              <span aria-hidden="true">{t('manage_actions_extend_group')}</span>
              {[7, 30].map((days) => (
                <ActionButton
                  key={days}
                  // Unavailable (aria-disabled, presses ignored) while a job runs, with the reason.
                  busy={busy || jobBusy}
                  aria-describedby={jobBusy ? 'actions-busy' : undefined}
                  onClick={() => void run({ kind: 'extend', days })}
                >
                  {t(days === 7 ? 'manage_extend_7' : 'manage_extend_30')}
                </ActionButton>
              ))}
            </fieldset>
            <button type="button" onClick={() => void copy()}>
              {t('manage_actions_copy')}
            </button>
            <button type="button" onClick={() => saveLinks(selected, 'csv')}>
              {t('manage_actions_export_csv')}
            </button>
            <button type="button" onClick={() => saveLinks(selected, 'json')}>
              {t('manage_actions_export_json')}
            </button>
            <PanelToggle open={panel === 'open'} onOpen={toggle('open')}>
              {t('manage_actions_open')}
            </PanelToggle>
          </div>
          {jobBusy && (
            <p id="actions-busy" class="notice">
              {t('manage_actions_busy')}
            </p>
          )}
          {(panel === 'campaign' || panel === 'channel') && (
            <AssignForm
              key={panel}
              kind={panel}
              busy={busy}
              onAssign={(to) => void run({ kind: panel, to })}
            />
          )}
          {panel === 'expiry' && (
            <ExpiryDateForm
              busy={busy}
              now={now}
              onExpiry={(expiry) => void run({ kind: 'expiry', expiry })}
              submitLabel={t('manage_actions_apply')}
            />
          )}
          {panel === 'open' && (
            <OpenConfirm count={count} onOpen={() => void openLinks()} onCancel={() => setPanel(null)} />
          )}
          <StatusMessage text={status} />
          <PlanReport plan={plan} />
          <ErrorMessage error={error ?? undefined} />
        </section>
      )}
      {showJob && copyFormat && <BulkProgress job={showJob} service={service} copyFormat={copyFormat} />}
    </>
  );
}
