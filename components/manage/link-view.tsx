/** #/links/<id>: one link's details, statistics, QR code, assignment and editor; also #/links/new. */
import { useState } from 'preact/hooks';
import type { LinkDetail } from '@/lib/api/schemas';
import {
  emptyLinkForm,
  fromLinkDetail,
  type LinkFormState,
  toLinkInput,
  toLinkUpdateInput,
} from '@/lib/link-form';
import { useApi } from './api-context';
import { ChoiceField, useChoices } from './choices';
import { useAction, useLoad } from './hooks';
import { LinkEditor } from './link-editor';
import { QrCode } from './qr-code';
import { routeHref } from './route';
import { ErrorMessage, LoadState, SafeLink, StatusMessage } from './ui';

/**
 * A statistic in whatever shape the server sent: a number, a list, or a name → count map (largest
 * first). The spec only shows numbers, so anything else is drawn generically, as text.
 */
export function StatValue({ value }: { value: unknown }) {
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') {
    return <>{String(value)}</>;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return <>None</>;
    return (
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
    const entries = Object.entries(value).sort(([, a], [, b]) =>
      typeof a === 'number' && typeof b === 'number' ? b - a : 0,
    );
    if (entries.length === 0) return <>None</>;
    return (
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
  return <>—</>;
}

function Targets({ targets, empty }: { targets: Record<string, string>; empty: string }) {
  const entries = Object.entries(targets);
  if (entries.length === 0) return <>{empty}</>;
  return (
    <ul class="plain">
      {entries.map(([name, link]) => (
        <li key={name}>
          {name}: <SafeLink url={link} />
        </li>
      ))}
    </ul>
  );
}

function CopyButton({ text }: { text: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
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
        Copy
      </button>
      {state === 'failed' && <ErrorMessage error="Could not copy: select the URL and copy it yourself." />}
      <StatusMessage text={state === 'copied' ? 'Copied.' : undefined} />
    </>
  );
}

function Details({ link }: { link: LinkDetail }) {
  const { details } = link;
  return (
    <section aria-labelledby="details-heading" class="card">
      <h2 id="details-heading">Details</h2>
      <dl class="props">
        <dt>Short URL</dt>
        <dd>
          <SafeLink url={details.shortUrl} /> <CopyButton text={details.shortUrl} />
        </dd>
        <dt>Long URL</dt>
        <dd class="long-url">
          <SafeLink url={details.longUrl} />
        </dd>
        <dt>Title</dt>
        <dd>{details.title || '—'}</dd>
        <dt>Description</dt>
        <dd>{details.description || '—'}</dd>
        <dt>Geo targets</dt>
        <dd>
          <Targets targets={details.location} empty="None" />
        </dd>
        <dt>Device targets</dt>
        <dd>
          <Targets targets={details.device} empty="None" />
        </dd>
        <dt>Expires</dt>
        <dd>{details.expiry ?? 'Never'}</dd>
        <dt>Created</dt>
        <dd>{details.date || '—'}</dd>
      </dl>
    </section>
  );
}

function Statistics({ link }: { link: LinkDetail }) {
  const { stats } = link;
  const rows: [string, unknown][] = [
    ['Top countries', stats.topCountries],
    ['Top referrers', stats.topReferrers],
    ['Top browsers', stats.topBrowsers],
    ['Top operating systems', stats.topOs],
    ['Social networks', stats.socialCount],
  ];
  return (
    <section aria-labelledby="stats-heading" class="card">
      <h2 id="stats-heading">Statistics</h2>
      <div class="big-numbers">
        <p>
          <strong>{stats.clicks}</strong> clicks
        </p>
        <p>
          <strong>{stats.uniqueClicks}</strong> unique clicks
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
  const [done, setDone] = useState<string>();
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
    if (result?.ok) setDone(kind === 'campaign' ? 'Added to the campaign.' : 'Added to the channel.');
  };

  return (
    <details class="card" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <h2>Campaign and channel</h2>
      </summary>
      <form class="inline-form" onSubmit={(event) => assign(event, 'campaign')}>
        <ChoiceField
          label="Campaign"
          value={campaign}
          onValue={setCampaign}
          noneLabel="Choose a campaign"
          options={
            campaigns.data?.items.map((c) => ({ value: String(c.id), label: c.name || `#${c.id}` })) ?? []
          }
          loading={campaigns.loading}
          error={campaigns.error}
        />
        <button type="submit" disabled={toCampaign.busy || idOf(campaign) === undefined}>
          Assign to campaign
        </button>
        <ErrorMessage error={toCampaign.error} />
      </form>
      <form class="inline-form" onSubmit={(event) => assign(event, 'channel')}>
        <ChoiceField
          label="Channel"
          value={channel}
          onValue={setChannel}
          noneLabel="Choose a channel"
          options={
            channels.data?.items.map((c) => ({ value: String(c.id), label: c.name || `#${c.id}` })) ?? []
          }
          loading={channels.loading}
          error={channels.error}
        />
        <button type="submit" disabled={toChannel.busy || idOf(channel) === undefined}>
          Add to channel
        </button>
        <ErrorMessage error={toChannel.error} />
      </form>
      <StatusMessage text={done} />
    </details>
  );
}

function Editor({ link, onSaved }: { link: LinkDetail; onSaved: () => void }) {
  const api = useApi();
  const [saved, setSaved] = useState(false);
  const submit = async (state: LinkFormState) => {
    setSaved(false);
    const result = await api('updateLink', link.id, toLinkUpdateInput(state));
    if (result.ok) {
      setSaved(true);
      onSaved();
    }
    return result;
  };
  return (
    <section aria-labelledby="edit-heading" class="card">
      <h2 id="edit-heading">Edit</h2>
      <LinkEditor mode="update" initial={fromLinkDetail(link)} submit={submit} submitLabel="Save changes" />
      <StatusMessage text={saved ? 'Saved.' : undefined} />
    </section>
  );
}

/** One link's page. */
export function LinkView({ id }: { id: number }) {
  const api = useApi();
  const link = useLoad(() => api('getLink', id), [api, id]);
  const data = link.data?.id === id ? link.data : undefined;
  return (
    <section aria-labelledby="link-heading">
      <p>
        <a href={routeHref({ name: 'links' })}>← All links</a>
      </p>
      <h1 id="link-heading">
        {data ? data.details.title || data.details.shortUrl || `Link #${id}` : `Link #${id}`}
      </h1>
      <LoadState loading={link.loading && !data} error={link.error} onRetry={link.reload} />
      {data && (
        <>
          <div class="columns">
            <Details link={data} />
            <section aria-labelledby="qr-heading" class="card">
              <h2 id="qr-heading">QR code</h2>
              {data.details.shortUrl ? (
                <QrCode text={data.details.shortUrl} />
              ) : (
                <p>The server did not send a short URL.</p>
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
  const submit = async (state: LinkFormState) => {
    const result = await api('addLink', toLinkInput(state));
    if (result.ok) navigate(routeHref({ name: 'link', id: result.data.id }));
    return result;
  };
  return (
    <section aria-labelledby="new-link-heading">
      <p>
        <a href={routeHref({ name: 'links' })}>← All links</a>
      </p>
      <h1 id="new-link-heading">New link</h1>
      <div class="card">
        <LinkEditor mode="add" initial={emptyLinkForm()} submit={submit} submitLabel="Create link" />
      </div>
    </section>
  );
}
