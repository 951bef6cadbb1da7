/** #/links/<id>: one link's details, statistics, QR code, assignment and editor; also #/links/new. */
import { useState } from 'preact/hooks';
import { ChoiceField, namedOptions } from '@/components/fields';
import { QrCode } from '@/components/qr-code';
import { useStatus } from '@/components/use-status';
import type { LinkDetail } from '@/lib/api/schemas';
import { t } from '@/lib/i18n';
import {
  emptyLinkForm,
  fromLinkDetail,
  type LinkFormState,
  toLinkInput,
  toLinkUpdateInput,
} from '@/lib/links/link-form';
import { useApi } from './api-context';
import { useChoices } from './choice-lists';
import { formatDate, formatNumber, tCount } from './format';
import { useAction, useLoad } from './hooks';
import { LinkEditor } from './link-editor';
import { routeHref } from './route';
import { ActionButton, ErrorMessage, LoadState, SafeLink, StatusMessage } from './ui';

/**
 * A statistic in whatever shape the server sent: a number, a list, or a name → count map (largest
 * first). The spec only shows numbers, so anything else is drawn generically, as text.
 */
export function StatValue({ value }: { value: unknown }) {
  if (Array.isArray(value)) {
    return value.length === 0 ? (
      t('manage_none')
    ) : (
      <ol class="stat-list">
        {value.map((entry, index) => (
          <li key={index}>
            <StatValue value={entry} />
          </li>
        ))}
      </ol>
    );
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(largestFirst);
    return entries.length === 0 ? (
      t('manage_none')
    ) : (
      <table class="stat-table">
        <tbody>
          {entries.map(([name, count]) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td class="num">
                <StatValue value={count} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return <>{scalarText(value)}</>;
}

/** Name → count entries by count, largest first; entries whose value is not a number keep their order. */
function largestFirst([, a]: [string, unknown], [, b]: [string, unknown]): number {
  return typeof a === 'number' && typeof b === 'number' ? b - a : 0;
}

/** A single statistic as text; '—' for anything that is not a number, a string or a yes/no. */
function scalarText(value: unknown): string {
  switch (typeof value) {
    case 'number':
      return formatNumber(value);
    case 'string':
      return value;
    case 'boolean':
      return value ? t('manage_yes') : t('manage_no');
    default:
      return '—';
  }
}

function Targets({ targets }: { targets: Record<string, string> }) {
  const entries = Object.entries(targets);
  return entries.length === 0 ? (
    t('manage_none')
  ) : (
    <ul class="plain">
      {entries.map(([name, link]) => (
        <li key={name}>
          {name}: <SafeLink url={link} />
        </li>
      ))}
    </ul>
  );
}

type CopyState = 'idle' | 'copied' | 'failed';

function CopyButton({ text }: { text: string }) {
  const [state, setState] = useState<CopyState>('idle');
  return (
    <>
      <button
        type="button"
        onClick={() =>
          navigator.clipboard.writeText(text).then(
            () => setState('copied'),
            () => setState('failed'),
          )
        }
      >
        {t('manage_link_copy_button')}
      </button>
      {state === 'failed' && <ErrorMessage error={t('manage_link_copy_failed')} />}
      <StatusMessage text={state === 'copied' ? t('manage_link_copied') : undefined} />
    </>
  );
}

function Details({ link }: { link: LinkDetail }) {
  const { details } = link;
  return (
    <section aria-labelledby="details-heading" class="card">
      <h2 id="details-heading">{t('manage_link_details_heading')}</h2>
      <dl class="props">
        <dt>{t('manage_link_short_url_label')}</dt>
        <dd>
          <SafeLink url={details.shortUrl} /> <CopyButton text={details.shortUrl} />
        </dd>
        <dt>{t('manage_link_long_url_label')}</dt>
        <dd class="long-url">
          <SafeLink url={details.longUrl} />
        </dd>
        <dt>{t('manage_link_title_label')}</dt>
        <dd>{details.title || '—'}</dd>
        <dt>{t('manage_link_description_label')}</dt>
        <dd>{details.description || '—'}</dd>
        <dt>{t('manage_link_geo_targets_label')}</dt>
        <dd>
          <Targets targets={details.location} />
        </dd>
        <dt>{t('manage_link_device_targets_label')}</dt>
        <dd>
          <Targets targets={details.device} />
        </dd>
        <dt>{t('manage_link_expires_label')}</dt>
        <dd>{details.expiry ? formatDate(details.expiry) : t('manage_link_expires_never')}</dd>
        <dt>{t('manage_link_created_label')}</dt>
        <dd>{details.date ? formatDate(details.date) : '—'}</dd>
      </dl>
    </section>
  );
}

function Statistics({ link }: { link: LinkDetail }) {
  const { stats } = link;
  const rows: [string, unknown][] = [
    [t('manage_stats_top_countries'), stats.topCountries],
    [t('manage_stats_top_referrers'), stats.topReferrers],
    [t('manage_stats_top_browsers'), stats.topBrowsers],
    [t('manage_stats_top_os'), stats.topOs],
    [t('manage_stats_social'), stats.socialCount],
  ];
  return (
    <section aria-labelledby="stats-heading" class="card">
      <h2 id="stats-heading">{t('manage_stats_heading')}</h2>
      <div class="big-numbers">
        <p>
          <strong>{formatNumber(stats.clicks)}</strong>{' '}
          {tCount(stats.clicks, 'manage_stats_clicks_one', 'manage_stats_clicks_other')}
        </p>
        <p>
          <strong>{formatNumber(stats.uniqueClicks)}</strong>{' '}
          {tCount(stats.uniqueClicks, 'manage_stats_unique_clicks_one', 'manage_stats_unique_clicks_other')}
        </p>
      </div>
      <dl class="props">
        {rows.map(([label, value]) => (
          <div key={label} class="prop">
            <dt>{label}</dt>
            <dd>
              <StatValue value={value} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Assign({ linkId }: { linkId: number }) {
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [campaign, setCampaign] = useState('');
  const [channel, setChannel] = useState('');
  const [done, setDone] = useStatus();
  const campaigns = useChoices(api, 'listCampaigns', open);
  const channels = useChoices(api, 'listChannels', open);
  const toCampaign = useAction((campaignId: number) => api('assignLinkToCampaign', campaignId, linkId));
  const toChannel = useAction((channelId: number) => api('assignToChannel', channelId, 'links', linkId));
  const idOf = (value: string) => (/^[1-9]\d*$/.test(value.trim()) ? Number(value.trim()) : undefined);

  const assign = async (event: Event, kind: 'campaign' | 'channel') => {
    event.preventDefault();
    setDone(undefined);
    const target = idOf(kind === 'campaign' ? campaign : channel);
    if (target === undefined) return;
    const result = await (kind === 'campaign' ? toCampaign.run(target) : toChannel.run(target));
    if (result?.ok) {
      setDone(kind === 'campaign' ? t('manage_link_added_to_campaign') : t('manage_link_added_to_channel'));
    }
  };

  return (
    <details class="card" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <h2>{t('manage_link_assign_heading')}</h2>
      </summary>
      <form class="inline-form" onSubmit={(event) => assign(event, 'campaign')}>
        <ChoiceField
          label={t('manage_campaign_label')}
          value={campaign}
          onValue={setCampaign}
          noneLabel={t('manage_link_choose_campaign')}
          options={namedOptions(campaigns.data?.items ?? [])}
          loading={campaigns.loading}
          allowOther
        >
          <ErrorMessage error={campaigns.error} />
        </ChoiceField>
        <ActionButton type="submit" busy={toCampaign.busy} disabled={idOf(campaign) === undefined}>
          {t('manage_link_assign_campaign_button')}
        </ActionButton>
        <ErrorMessage error={toCampaign.error} />
      </form>
      <form class="inline-form" onSubmit={(event) => assign(event, 'channel')}>
        <ChoiceField
          label={t('manage_channel_label')}
          value={channel}
          onValue={setChannel}
          noneLabel={t('manage_link_choose_channel')}
          options={namedOptions(channels.data?.items ?? [])}
          loading={channels.loading}
          allowOther
        >
          <ErrorMessage error={channels.error} />
        </ChoiceField>
        <ActionButton type="submit" busy={toChannel.busy} disabled={idOf(channel) === undefined}>
          {t('manage_link_assign_channel_button')}
        </ActionButton>
        <ErrorMessage error={toChannel.error} />
      </form>
      <StatusMessage text={done} />
    </details>
  );
}

function Editor({ link, onSaved }: { link: LinkDetail; onSaved: () => void }) {
  const api = useApi();
  const [saved, setSaved] = useStatus();
  const submit = async (state: LinkFormState) => {
    setSaved(undefined);
    const result = await api('updateLink', link.id, toLinkUpdateInput(state));
    if (result.ok) {
      setSaved(t('manage_link_saved'));
      onSaved();
    }
    return result;
  };
  return (
    <section aria-labelledby="edit-heading" class="card">
      <h2 id="edit-heading">{t('manage_link_edit_heading')}</h2>
      <LinkEditor
        mode="update"
        initial={fromLinkDetail(link)}
        submit={submit}
        submitLabel={t('manage_link_save_button')}
      />
      <StatusMessage text={saved} />
    </section>
  );
}

/** One link's page. */
export function LinkView({ id }: { id: number }) {
  const api = useApi();
  const link = useLoad(() => api('getLink', id), [api, id]);
  // Until the new link arrives, the loader still holds the one shown before.
  const { data: loaded } = link;
  const data = loaded?.id === id ? loaded : undefined;
  return (
    <section aria-labelledby="link-heading">
      <p>
        <a href={routeHref({ name: 'links' })}>← {t('manage_link_back')}</a>
      </p>
      <h1 id="link-heading">
        {data?.details.title || data?.details.shortUrl || t('manage_link_untitled', id)}
      </h1>
      <LoadState loading={link.loading && !data} error={link.error} onRetry={link.reload} />
      {data && (
        <>
          <div class="columns">
            <Details link={data} />
            <section aria-labelledby="qr-heading" class="card">
              <h2 id="qr-heading">{t('manage_qr_heading')}</h2>
              {data.details.shortUrl ? (
                <QrCode text={data.details.shortUrl} />
              ) : (
                <p>{t('manage_qr_no_short_url')}</p>
              )}
            </section>
          </div>
          <Statistics link={data} />
          <Assign linkId={id} />
          <Editor key={id} link={data} onSaved={link.reload} />
        </>
      )}
    </section>
  );
}

/** #/links/new: the full form for a new link; opens the new link's page when it is created. */
export function NewLinkView({ navigate }: { navigate: (hash: string) => void }) {
  const api = useApi();
  // After a failure that leaves open whether the link exists, the background's message says so, and
  // creating again looks for it first (entrypoints/background/uncertain-creates.ts).
  const submit = async (state: LinkFormState) => {
    const result = await api('addLink', toLinkInput(state));
    if (result.ok) navigate(routeHref({ name: 'link', id: result.data.id }));
    return result;
  };
  return (
    <section aria-labelledby="new-link-heading">
      <p>
        <a href={routeHref({ name: 'links' })}>← {t('manage_link_back')}</a>
      </p>
      <h1 id="new-link-heading">{t('manage_link_new_heading')}</h1>
      <div class="card">
        <LinkEditor
          mode="add"
          initial={emptyLinkForm()}
          submit={submit}
          submitLabel={t('manage_link_create_button')}
        />
      </div>
    </section>
  );
}
