/** #/links/<id>: one link's details, statistics, QR code, assignment and editor; also #/links/new. */

import { useMemo, useState } from 'preact/hooks';
import { ErrorMessage } from '@/components/error-message';
import { ChoiceField, namedOptions } from '@/components/fields';
import { QrCode } from '@/components/qr-code';
import { patchListed, staleCached, useChoices } from '@/components/server-cache';
import { ShareLinks } from '@/components/share-links';
import { useStatus } from '@/components/use-status';
import type { LinkDetail, LinkSummary } from '@/lib/api/schemas';
import { formatNumber, t, tPlural } from '@/lib/i18n';
import { parseId } from '@/lib/ids';
import { isObject } from '@/lib/is-object';
import { emptyLinkForm, fromLinkDetail, toChangedLinkUpdate, toLinkInput } from '@/lib/links/link-form';
import { formatDate } from '@/lib/present/dates';
import { fixInOptions } from '@/lib/present/errors';
import type { LinkFormState } from '@/lib/storage/items';
import { useAccount } from '../account-view';
import { useApi, useServerCache } from '../api-context';
import { CopyButton, type CopyLink, type CopyResult, CopyStatus } from '../copy-button';
import { type Reply, useAction, useCached } from '../hooks';
import { routeHref } from '../route';
import { ActionButton, LoadState, SafeLink, StatusMessage } from '../ui';
import { ClicksHistory } from './clicks-chart';
import { LinkEditor } from './link-editor';
import { notePlacement, usePlacement } from './link-placement';

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
  if (isObject(value)) {
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

function Details({ link, copy }: { link: LinkDetail; copy: CopyLink }) {
  const { details } = link;
  const [copied, setCopied] = useStatus<CopyResult>();
  return (
    <section aria-labelledby="details-heading" class="card">
      <h2 id="details-heading">{t('manage_link_details_heading')}</h2>
      <dl class="props">
        <dt>{t('manage_link_short_url_label')}</dt>
        <dd>
          <SafeLink url={details.shortUrl} /> <CopyButton link={details} copy={copy} onCopied={setCopied} />
          <CopyStatus result={copied} />
        </dd>
        {details.shortUrl && (
          <>
            <dt>{t('common_share_button')}</dt>
            <dd>
              <ShareLinks url={details.shortUrl} title={details.title} />
            </dd>
          </>
        )}
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
          <strong>{formatNumber(stats.clicks)}</strong> {tPlural('manage_stats_clicks', stats.clicks)}
        </p>
        <p>
          <strong>{formatNumber(stats.uniqueClicks)}</strong>{' '}
          {tPlural('manage_stats_unique_clicks', stats.uniqueClicks)}
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

/**
 * The link's campaign and channels as far as the server told this page (link-placement.ts), and the
 * forms that add it to a campaign or a channel.
 */
function Assign({ linkId }: { linkId: number }) {
  const api = useApi();
  const cache = useServerCache();
  const [open, setOpen] = useState(false);
  const [campaign, setCampaign] = useState('');
  const [channel, setChannel] = useState('');
  const [done, setDone] = useStatus();
  const campaigns = useChoices(cache, 'listCampaigns', open);
  const channels = useChoices(cache, 'listChannels', open);
  const placement = usePlacement(linkId, (id) => channels.data?.items.find((c) => c.id === id)?.name);
  const toCampaign = useAction((campaignId: number) => api('assignLinkToCampaign', campaignId, linkId));
  const toChannel = useAction((channelId: number) => api('assignToChannel', channelId, 'links', linkId));

  const assign = async (event: Event, kind: 'campaign' | 'channel') => {
    event.preventDefault();
    setDone(undefined);
    const target = parseId(kind === 'campaign' ? campaign : channel);
    if (target === undefined) return;
    const result = await (kind === 'campaign' ? toCampaign.run(target) : toChannel.run(target));
    if (!result?.ok) return;
    const chosen = (kind === 'campaign' ? campaigns : channels).data?.items.find(
      (item) => item.id === target,
    );
    const name = chosen?.name || `#${target}`;
    notePlacement(cache, linkId, kind === 'campaign' ? { campaign: name } : { channel: name });
    setDone(kind === 'campaign' ? t('manage_link_added_to_campaign') : t('manage_link_added_to_channel'));
  };

  return (
    <details class="card" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <h2>{t('manage_link_assign_heading')}</h2>
      </summary>
      <dl class="props">
        <dt>{t('manage_campaign_label')}</dt>
        <dd>{placement.campaign ?? t('manage_link_placement_unknown')}</dd>
        <dt>{t('manage_channel_label')}</dt>
        <dd>
          {placement.channels.length > 0 ? placement.channels.join(', ') : t('manage_link_placement_unknown')}
        </dd>
      </dl>
      <p class="hint">{t('manage_link_placement_hint')}</p>
      <form class="inline-form" onSubmit={(event) => assign(event, 'campaign')} aria-busy={toCampaign.busy}>
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
        <ActionButton
          type="submit"
          busy={toCampaign.busy}
          busyLabel={t('manage_busy_adding')}
          disabled={parseId(campaign) === undefined}
        >
          {t('manage_link_assign_campaign_button')}
        </ActionButton>
        <ErrorMessage error={toCampaign.error} />
      </form>
      <form class="inline-form" onSubmit={(event) => assign(event, 'channel')} aria-busy={toChannel.busy}>
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
        <ActionButton
          type="submit"
          busy={toChannel.busy}
          busyLabel={t('manage_busy_adding')}
          disabled={parseId(channel) === undefined}
        >
          {t('manage_link_assign_channel_button')}
        </ActionButton>
        <ErrorMessage error={toChannel.error} />
      </form>
      <StatusMessage text={done} />
    </details>
  );
}

/**
 * The link's editor, started with what the server reports of the link. It sends only what changed
 * (nothing at all when nothing did), and shows the change in the kept links list.
 */
function Editor({ link, onSaved }: { link: LinkDetail; onSaved: () => void }) {
  const cache = useServerCache();
  const api = cache.call;
  const [saved, setSaved] = useStatus();
  const initial = useMemo(() => fromLinkDetail(link), [link]);
  const submit = async (state: LinkFormState): Reply<unknown> => {
    setSaved(undefined);
    const update = toChangedLinkUpdate(initial, state);
    if (!update) {
      setSaved(t('manage_nothing_changed'));
      return { ok: true, data: undefined };
    }
    const result = await api('updateLink', link.id, update);
    if (result.ok) {
      setSaved(t('manage_link_saved'));
      // A new alias is a new short URL, which only the server can say: the list asks again.
      if (update.custom !== undefined) staleCached(cache, 'listLinks');
      else
        patchListed<LinkSummary>(cache, 'listLinks', link.id, {
          longUrl: update.url,
          ...(update.metatitle ? { title: update.metatitle } : {}),
        });
      onSaved();
    }
    return result;
  };
  return (
    <section aria-labelledby="edit-heading" class="card">
      <h2 id="edit-heading">{t('manage_link_edit_heading')}</h2>
      <LinkEditor
        mode="update"
        initial={initial}
        submit={submit}
        submitLabel={t('manage_link_save_button')}
      />
      <StatusMessage text={saved} />
    </section>
  );
}

/** One link's page; `copy` puts its short URL on the clipboard in the user's copy format. */
export function LinkView({ id, copy }: { id: number; copy: CopyLink }) {
  const link = useCached('getLink', [id]);
  // Until the new link arrives, the loader still holds the one shown before.
  const { data: loaded } = link;
  const data = loaded?.id === id ? loaded : undefined;
  return (
    <section aria-labelledby="link-heading">
      <p>
        <a class="back" href={routeHref({ name: 'links' })}>
          {t('manage_link_back')}
        </a>
      </p>
      <h1 id="link-heading">
        {data?.details.title || data?.details.shortUrl || t('manage_link_untitled', id)}
      </h1>
      <LoadState loading={link.loading && !data} error={link.error} onRetry={link.reload} />
      {data && (
        <>
          <div class="columns">
            <Details link={data} copy={copy} />
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
          <ClicksHistory linkId={id} />
          <Assign linkId={id} />
          <Editor key={id} link={data} onSaved={link.reload} />
        </>
      )}
    </section>
  );
}

/** #/links/new: the full form for a new link; opens the new link's page when it is created. */
export function NewLinkView({ navigate }: { navigate: (hash: string) => void }) {
  const cache = useServerCache();
  // After a failure that leaves open whether the link exists, the background's message says so, and
  // creating again looks for it first (entrypoints/background/create-link.ts).
  const submit = async (state: LinkFormState) => {
    const result = await cache.call('addLink', toLinkInput(state));
    if (result.ok) {
      // Where the new link goes in each kept list (its order, its search) is the server's to say.
      staleCached(cache, 'listLinks');
      navigate(routeHref({ name: 'link', id: result.data.id }));
    }
    return result;
  };
  // Nothing else loads before the form: the account says whether a server is connected at all.
  const account = useAccount();
  const setup = fixInOptions(account.error);
  return (
    <section aria-labelledby="new-link-heading">
      <p>
        <a class="back" href={routeHref({ name: 'links' })}>
          {t('manage_link_back')}
        </a>
      </p>
      <h1 id="new-link-heading">{t('manage_link_new_heading')}</h1>
      {setup ? (
        <LoadState loading={account.loading} error={account.error} onRetry={account.reload} />
      ) : (
        <div class="card">
          <LinkEditor
            mode="add"
            initial={emptyLinkForm()}
            submit={submit}
            submitLabel={t('manage_link_create_button')}
          />
        </div>
      )}
    </section>
  );
}
