/** #/campaigns: list, create, edit, delete campaigns and assign links to them. */
import { useState } from 'preact/hooks';
import type { Campaign } from '@/lib/api/schemas';
import { useApi } from './api-context';
import { forgetChoices } from './choices';
import { useAction, useDebounced, useLoad, useStepBackFromEmptyPage } from './hooks';
import { PAGE_SIZE, SEARCH_DEBOUNCE_MS } from './links-view';
import {
  CheckboxField,
  ConfirmDelete,
  ErrorMessage,
  LoadState,
  Pager,
  SafeLink,
  StatusMessage,
  TextField,
} from './ui';

const POSITIVE_ID = /^[1-9]\d*$/;

function CreateCampaign({ onCreated }: { onCreated: () => void }) {
  const api = useApi();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [isPublic, setPublic] = useState(false);
  const [created, setCreated] = useState<string>();
  const create = useAction(() =>
    api('addCampaign', { name: name.trim() || undefined, slug: slug.trim() || undefined, public: isPublic }),
  );
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    setCreated(undefined);
    const result = await create.run();
    if (!result?.ok) return;
    setName('');
    setSlug('');
    setPublic(false);
    setCreated(`Campaign “${result.data.name || name}” created.`);
    forgetChoices(api, 'listCampaigns');
    onCreated();
  };
  return (
    <form class="card" onSubmit={onSubmit} aria-labelledby="new-campaign-heading">
      <h2 id="new-campaign-heading">New campaign</h2>
      <div class="grid">
        <TextField label="Name" value={name} onValue={setName} />
        <TextField
          label="Rotator slug"
          value={slug}
          onValue={setSlug}
          hint="Optional: gives the campaign a rotator URL."
        />
      </div>
      <CheckboxField label="Public" checked={isPublic} onChecked={setPublic} />
      <div class="actions">
        <button type="submit" class="primary" disabled={create.busy}>
          Create campaign
        </button>
      </div>
      <ErrorMessage error={create.error} />
      <StatusMessage text={created} />
    </form>
  );
}

function EditCampaign({ campaign, onDone }: { campaign: Campaign; onDone: (changed: boolean) => void }) {
  const api = useApi();
  const [name, setName] = useState(campaign.name);
  const [slug, setSlug] = useState('');
  const [isPublic, setPublic] = useState(campaign.public);
  const [nameError, setNameError] = useState<string>();
  const save = useAction(() =>
    api('updateCampaign', campaign.id, {
      name: name.trim(),
      slug: slug.trim() || undefined,
      public: isPublic,
    }),
  );
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    if (name.trim() === '') {
      setNameError('Enter a campaign name.');
      return;
    }
    setNameError(undefined);
    const result = await save.run();
    if (result?.ok) {
      forgetChoices(api, 'listCampaigns');
      onDone(true);
    }
  };
  return (
    <form class="edit-form" onSubmit={onSubmit} aria-label={`Edit campaign ${campaign.name}`}>
      <TextField label="Name" value={name} onValue={setName} error={nameError} required />
      <TextField
        label="Rotator slug"
        value={slug}
        onValue={setSlug}
        hint="Leave blank to keep the current rotator."
      />
      <CheckboxField label="Public" checked={isPublic} onChecked={setPublic} />
      <div class="actions">
        <button type="submit" class="primary" disabled={save.busy}>
          Save
        </button>
        <button type="button" onClick={() => onDone(false)}>
          Cancel
        </button>
      </div>
      <ErrorMessage error={save.error} />
    </form>
  );
}

/** Adds links to a campaign by id, or by picking them from a keyword search. */
export function AssignLinks({ campaign }: { campaign: Campaign }) {
  const api = useApi();
  const [linkId, setLinkId] = useState('');
  const [search, setSearch] = useState('');
  const [done, setDone] = useState<string>();
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const assign = useAction((id: number) => api('assignLinkToCampaign', campaign.id, id));
  const found = useLoad(
    () =>
      q
        ? api('listLinks', { q, limit: PAGE_SIZE, page: 1, order: 'date' })
        : Promise.resolve({ ok: true as const, data: undefined }),
    [api, q],
  );
  const run = async (id: number, label: string) => {
    setDone(undefined);
    const result = await assign.run(id);
    if (result?.ok) setDone(`Added ${label} to “${campaign.name}”.`);
  };
  return (
    <div class="assign-panel">
      <form
        class="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (POSITIVE_ID.test(linkId.trim())) run(Number(linkId.trim()), `link #${linkId.trim()}`);
        }}
      >
        <TextField label="Link id" type="number" min={1} step={1} value={linkId} onValue={setLinkId} />
        <button type="submit" disabled={assign.busy || !POSITIVE_ID.test(linkId.trim())}>
          Assign link
        </button>
      </form>
      <TextField label="Or search links to assign" type="search" value={search} onValue={setSearch} />
      <ErrorMessage error={found.error} />
      {found.data && (
        <ul class="pick-list" aria-label="Matching links">
          {found.data.items.length === 0 && <li>No links match.</li>}
          {found.data.items.map((link) => (
            <li key={link.id}>
              <span>
                {link.title || link.alias} <small class="sub">{link.shortUrl}</small>
              </span>
              <button
                type="button"
                disabled={assign.busy}
                onClick={() => run(link.id, `“${link.title || link.alias}”`)}
              >
                Assign
              </button>
            </li>
          ))}
          {found.data.total > found.data.items.length && (
            <li class="hint">
              Showing {found.data.items.length} of {found.data.total}; refine the search to find others.
            </li>
          )}
        </ul>
      )}
      <ErrorMessage error={assign.error} />
      <StatusMessage text={done} />
    </div>
  );
}

function CampaignRow({ campaign, onChanged }: { campaign: Campaign; onChanged: () => void }) {
  const api = useApi();
  const [mode, setMode] = useState<'view' | 'edit' | 'assign'>('view');
  const remove = useAction(() => api('deleteCampaign', campaign.id));
  const onDelete = async () => {
    const result = await remove.run();
    if (result?.ok) {
      forgetChoices(api, 'listCampaigns');
      onChanged();
    }
  };
  return (
    <li class="item card">
      <div class="item-head">
        <h3>{campaign.name || `Campaign #${campaign.id}`}</h3>
        <span class="badge">{campaign.public ? 'Public' : 'Private'}</span>
      </div>
      <dl class="props">
        <dt>Rotator</dt>
        <dd>{campaign.rotator ? <SafeLink url={campaign.rotator} /> : 'No rotator'}</dd>
        <dt>List page</dt>
        <dd>{campaign.list ? <SafeLink url={campaign.list} /> : '—'}</dd>
      </dl>
      <div class="actions">
        <button
          type="button"
          aria-expanded={mode === 'edit'}
          onClick={() => setMode(mode === 'edit' ? 'view' : 'edit')}
        >
          Edit
        </button>
        <button
          type="button"
          aria-expanded={mode === 'assign'}
          onClick={() => setMode(mode === 'assign' ? 'view' : 'assign')}
        >
          Assign links
        </button>
        <ConfirmDelete what={`campaign “${campaign.name}”`} onConfirm={onDelete} busy={remove.busy} />
      </div>
      <ErrorMessage error={remove.error} />
      {mode === 'edit' && (
        <EditCampaign
          campaign={campaign}
          onDone={(changed) => {
            setMode('view');
            if (changed) onChanged();
          }}
        />
      )}
      {mode === 'assign' && <AssignLinks campaign={campaign} />}
    </li>
  );
}

/** The campaigns page. */
export function CampaignsView() {
  const api = useApi();
  const [page, setPage] = useState(1);
  const campaigns = useLoad(() => api('listCampaigns', { limit: PAGE_SIZE, page }), [api, page]);
  useStepBackFromEmptyPage(campaigns.data, setPage);
  return (
    <section aria-labelledby="campaigns-heading">
      <h1 id="campaigns-heading">Campaigns</h1>
      <CreateCampaign onCreated={campaigns.reload} />
      <LoadState
        loading={campaigns.loading && !campaigns.data}
        error={campaigns.error}
        onRetry={campaigns.reload}
      />
      {campaigns.data && (
        <>
          {campaigns.data.items.length === 0 ? (
            <p>No campaigns yet.</p>
          ) : (
            <ul class="items" aria-busy={campaigns.loading}>
              {campaigns.data.items.map((campaign) => (
                <CampaignRow key={campaign.id} campaign={campaign} onChanged={campaigns.reload} />
              ))}
            </ul>
          )}
          <Pager label="Campaign pages" page={campaigns.data} onPage={setPage} busy={campaigns.loading} />
        </>
      )}
    </section>
  );
}
