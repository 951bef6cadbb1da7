import { useEffect, useState } from 'preact/hooks';
import { CheckboxField, SelectField } from '@/components/fields';
import { useNow } from '@/components/use-now';
import { formatNumber, t, tPlural } from '@/lib/i18n';
import type { MirrorStatus } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';
import { formatMoment } from '@/lib/present/dates';
import { errorText, fixInOptions } from '@/lib/present/errors';
import type { Behaviour, Profile } from '@/lib/settings/schema';
import { MarkPagesField } from './mark-pages-field';

/** Sweep intervals offered, in hours. */
const SWEEP_HOURS = [1, 3, 6, 12, 24, 72, 168];
/** How often the card asks the background where each mirror stands while a sync is under way. */
const POLL_MS = 2_000;
/**
 * With every mirror waiting for its next sweep, the card asks again only when one is due (and at
 * least this often): each question wakes the background, and a woken worker stays up for 30 s.
 */
const IDLE_POLL_MS = 15 * 60_000;

/** When to ask again: soon while anything is under way or unknown, else when the next sweep is due. */
export function nextPollIn(statuses: MirrorStatus[] | null, mirrorOn: boolean, now: number): number {
  if (!statuses) return POLL_MS;
  if (!mirrorOn) return IDLE_POLL_MS;
  let wait = IDLE_POLL_MS;
  for (const { running, state } of statuses) {
    if (running || !state || state.phase !== 'idle') return POLL_MS;
    wait = Math.min(wait, Math.max(POLL_MS, state.nextSweepAt - now));
  }
  return wait;
}

interface MirrorSectionProps {
  behaviour: Behaviour;
  profiles: Profile[];
  onChange: (patch: Partial<Behaviour>) => void;
}

/**
 * The statuses of every profile's mirror, asked again as `nextPollIn` says, and at once when the
 * settings or the profiles change; an error when the background did not answer.
 */
function useMirrorStatus(behaviour: Behaviour, profiles: Profile[]) {
  const mirrorOn = behaviour.mirror;
  const profileIds = profiles.map((p) => p.id).join('\n');
  const [statuses, setStatuses] = useState<MirrorStatus[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [asked, setAsked] = useState(0);
  const reload = () => setAsked((n) => n + 1);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const load = async () => {
      const reply = await send('mirrorStatus', {});
      if (stopped) return;
      const next = reply.ok ? reply.data.profiles : null;
      if (reply.ok) {
        setStatuses(reply.data.profiles);
        setFailure(null);
      } else {
        setFailure(reply.error.message);
      }
      timer = setTimeout(() => void load(), nextPollIn(next, mirrorOn, Date.now()));
    };
    void load();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [asked, mirrorOn, behaviour.mirrorSweepHours, profileIds]);
  return { statuses, failure, reload };
}

/** One profile's mirror: its links, where its sync stands, its failure and *Sync now*. */
function MirrorRow({
  profile,
  status,
  on,
  now,
  onSync,
}: {
  profile: Profile;
  status: MirrorStatus | undefined;
  on: boolean;
  now: number;
  onSync: () => void;
}) {
  const state = status?.state ?? null;
  const first = state?.phase === 'first' || (on && !state);
  const total = state?.total ?? 0;
  const done = Math.min(state?.done ?? 0, total);
  return (
    <li class="stack" data-profile={profile.id}>
      <div class="row wrap">
        <strong class="grow">{profile.name || profile.serverUrl}</strong>
        <span>{tPlural('options_mirror_links', status?.links ?? 0)}</span>
        <button type="button" disabled={!on || status?.running} onClick={onSync}>
          {t('options_mirror_sync_now')}
        </button>
      </div>
      {on && first && total > 0 && (
        <label class="stack">
          <span>{t('options_mirror_first_sync', formatNumber(done), formatNumber(total))}</span>
          <progress max={total} value={done} />
        </label>
      )}
      {on && first && total === 0 && <p class="muted">{t('options_mirror_not_started')}</p>}
      {state && state.syncedAt > 0 && (
        <p class="muted">{t('options_mirror_synced_at', formatMoment(state.syncedAt))}</p>
      )}
      {on && state?.phase === 'idle' && !state.error && (
        <p class="muted">{t('options_mirror_next_sweep', formatMoment(state.nextSweepAt))}</p>
      )}
      {on && state?.phase === 'sweep' && !state.error && <p class="muted">{t('options_mirror_sweeping')}</p>}
      {on && state?.error && (
        <p class="alert" role="alert">
          {t('options_mirror_failed', errorText(state.error, now), formatMoment(state.nextSweepAt))}{' '}
          {fixInOptions(state.error) ? t('options_mirror_fix_profile') : ''}
        </p>
      )}
    </li>
  );
}

/** The link mirror: on or off, how often it sweeps, and each profile's state with *Sync now*. */
export function MirrorSection({ behaviour, profiles, onChange }: MirrorSectionProps) {
  const { statuses, failure, reload } = useMirrorStatus(behaviour, profiles);
  const [syncFailure, setSyncFailure] = useState<string | null>(null);
  const now = useNow(false);

  async function syncNow(profileId: string) {
    setSyncFailure(null);
    const reply = await send('mirrorSync', { profileId });
    if (!reply.ok) setSyncFailure(reply.error.message);
    reload();
  }

  return (
    <section class="card" aria-labelledby="mirror-heading">
      <h2 id="mirror-heading">{t('options_mirror_heading')}</h2>
      <p class="muted">{t('options_mirror_intro')}</p>
      <div class="stack">
        <CheckboxField
          id="mirror-on"
          checked={behaviour.mirror}
          label={t('options_mirror_on')}
          hint={t('options_mirror_on_hint')}
          onChecked={(mirror) => onChange({ mirror })}
        />
        <SelectField
          id="mirror-sweep-hours"
          label={t('options_mirror_sweep_label')}
          hint={t('options_mirror_sweep_hint')}
          value={String(behaviour.mirrorSweepHours)}
          disabled={!behaviour.mirror}
          options={SWEEP_HOURS.map((hours) => ({
            value: String(hours),
            label: tPlural('options_mirror_sweep_hours', hours),
          }))}
          onValue={(value) => onChange({ mirrorSweepHours: Number(value) })}
        />
        <MarkPagesField on={behaviour.markPages} onChange={onChange} />
      </div>
      {profiles.length > 0 && (
        <ul class="mirrors">
          {profiles.map((profile) => (
            <MirrorRow
              key={profile.id}
              profile={profile}
              status={statuses?.find((s) => s.profileId === profile.id)}
              on={behaviour.mirror}
              now={now}
              onSync={() => void syncNow(profile.id)}
            />
          ))}
        </ul>
      )}
      {(failure ?? syncFailure) && (
        <p class="alert" role="alert">
          {failure ?? syncFailure}
        </p>
      )}
    </section>
  );
}
