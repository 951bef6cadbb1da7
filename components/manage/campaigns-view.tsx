/** #/campaigns: list, create, edit, delete campaigns and assign links to them. */
import { useState } from 'preact/hooks';
import { CheckboxField, TextField } from '@/components/fields';
import { useStatus } from '@/components/use-status';
import type { Campaign } from '@/lib/api/schemas';
import { t } from '@/lib/i18n';
import { TEXT_LIMITS } from '@/lib/text-limits';
import { useApi } from './api-context';
import { forgetChoices } from './choice-lists';
import { formatNumber } from './format';
import {
  closeOnEscape,
  PAGE_SIZE,
  SEARCH_DEBOUNCE_MS,
  useAction,
  useDebounced,
  useLoad,
  usePagedResource,
} from './hooks';
import { ItemCard, ItemList } from './item-list';
import { ActionButton, ErrorMessage, needsSetup, SafeLink, StatusMessage } from './ui';

const POSITIVE_ID = /^[1-9]\d*$/;

/** The campaign's name, or its number when it has none. */
const campaignName = (campaign: Campaign) => campaign.name || t('manage_campaign_untitled', campaign.id);

function CreateCampaign({ onCreated }: { onCreated: () => void }) {
  const api = useApi();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [isPublic, setPublic] = useState(false);
  const [created, setCreated] = useStatus();
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
    setCreated(t('manage_campaign_created', result.data.name || name.trim() || result.data.id));
    forgetChoices(api, 'listCampaigns');
    onCreated();
  };
  return (
    <form class="card" onSubmit={onSubmit} aria-labelledby="new-campaign-heading">
      <h2 id="new-campaign-heading">{t('manage_campaign_new_heading')}</h2>
      <div class="grid">
        <TextField
          label={t('manage_name_label')}
          maxLength={TEXT_LIMITS.name}
          value={name}
          onValue={setName}
          hint={t('manage_campaign_name_hint_new')}
        />
        <TextField
          label={t('manage_campaign_slug_label')}
          maxLength={TEXT_LIMITS.slug}
          value={slug}
          onValue={setSlug}
          hint={t('manage_campaign_slug_hint_new')}
        />
      </div>
      <CheckboxField label={t('manage_campaign_public_label')} checked={isPublic} onChecked={setPublic} />
      <div class="actions">
        <ActionButton type="submit" class="primary" busy={create.busy}>
          {t('manage_campaign_create_button')}
        </ActionButton>
      </div>
      <ErrorMessage error={create.error} />
      <StatusMessage text={created} />
    </form>
  );
}

/** The inline edit form; `onDone` gets the saved name, or nothing when the form was closed unsaved. */
function EditCampaign({
  campaign,
  onDone,
}: {
  campaign: Campaign;
  onDone: (savedName: string | undefined) => void;
}) {
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
      setNameError(t('manage_campaign_name_required'));
      return;
    }
    setNameError(undefined);
    const result = await save.run();
    if (result?.ok) {
      forgetChoices(api, 'listCampaigns');
      onDone(name.trim());
    }
  };
  return (
    <form
      class="edit-form"
      onSubmit={onSubmit}
      // Like the delete confirmation, Escape closes the form and goes back to its Edit button.
      onKeyDown={closeOnEscape(() => onDone(undefined))}
      aria-label={t('manage_campaign_edit_form', campaignName(campaign))}
    >
      <TextField
        label={t('manage_name_label')}
        maxLength={TEXT_LIMITS.name}
        value={name}
        onValue={setName}
        error={nameError}
        required
      />
      <TextField
        label={t('manage_campaign_slug_label')}
        maxLength={TEXT_LIMITS.slug}
        value={slug}
        onValue={setSlug}
        hint={t('manage_campaign_slug_hint_edit')}
      />
      <CheckboxField label={t('manage_campaign_public_label')} checked={isPublic} onChecked={setPublic} />
      <div class="actions">
        <ActionButton type="submit" class="primary" busy={save.busy}>
          {t('manage_save')}
        </ActionButton>
        <button type="button" onClick={() => onDone(undefined)}>
          {t('manage_cancel')}
        </button>
      </div>
      <ErrorMessage error={save.error} />
    </form>
  );
}

/** Adds links to a campaign by id, or by picking them from a keyword search. */
function AssignLinks({ campaign }: { campaign: Campaign }) {
  const api = useApi();
  const [linkId, setLinkId] = useState('');
  const [search, setSearch] = useState('');
  const [done, setDone] = useStatus();
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const assign = useAction((id: number) => api('assignLinkToCampaign', campaign.id, id));
  const found = useLoad(
    () =>
      q
        ? api('listLinks', { q, limit: PAGE_SIZE, page: 1, order: 'date' })
        : Promise.resolve({ ok: true as const, data: undefined }),
    [api, q],
  );
  /** Assigns link `id`; `added` is the message that says it worked. */
  const run = async (id: number, added: string) => {
    setDone(undefined);
    const result = await assign.run(id);
    if (result?.ok) setDone(added);
  };
  return (
    <div class="assign-panel">
      <form
        class="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          const id = linkId.trim();
          if (POSITIVE_ID.test(id))
            run(Number(id), t('manage_campaign_assigned_id', id, campaignName(campaign)));
        }}
      >
        <TextField
          label={t('manage_campaign_link_id_label')}
          type="number"
          min={1}
          step={1}
          value={linkId}
          onValue={setLinkId}
        />
        <ActionButton type="submit" busy={assign.busy} disabled={!POSITIVE_ID.test(linkId.trim())}>
          {t('manage_campaign_assign_by_id_button')}
        </ActionButton>
      </form>
      <TextField label={t('manage_campaign_search_label')} type="search" value={search} onValue={setSearch} />
      <ErrorMessage error={found.error} />
      {found.data && (
        <ul class="pick-list" aria-label={t('manage_campaign_search_results')}>
          {found.data.items.length === 0 && <li>{t('manage_campaign_search_none')}</li>}
          {found.data.items.map((link) => (
            <li key={link.id}>
              <span>
                {link.title || link.alias} <small class="sub">{link.shortUrl}</small>
              </span>
              <ActionButton
                busy={assign.busy}
                aria-label={t('manage_campaign_assign_one_label', link.title || link.alias)}
                onClick={() =>
                  run(
                    link.id,
                    t('manage_campaign_assigned_link', link.title || link.alias, campaignName(campaign)),
                  )
                }
              >
                {t('manage_campaign_assign_one_button')}
              </ActionButton>
            </li>
          ))}
          {found.data.items.length < found.data.total && (
            <li class="hint">
              {t(
                'manage_campaign_search_more',
                formatNumber(found.data.items.length),
                formatNumber(found.data.total),
              )}
            </li>
          )}
        </ul>
      )}
      <ErrorMessage error={assign.error} />
      <StatusMessage text={done} />
    </div>
  );
}

function CampaignRow({
  campaign,
  onChanged,
  onDeleted,
}: {
  campaign: Campaign;
  onChanged: () => void;
  onDeleted: (status: string) => void;
}) {
  const api = useApi();
  return (
    <ItemCard
      editLabel={t('manage_edit')}
      edit={(done) => (
        <EditCampaign
          campaign={campaign}
          onDone={(savedName) =>
            done(savedName === undefined ? undefined : t('manage_campaign_saved', savedName))
          }
        />
      )}
      extra={{
        button: t('manage_campaign_assign_links_button'),
        content: <AssignLinks campaign={campaign} />,
      }}
      deleteLabel={t('manage_campaign_delete_label', campaignName(campaign))}
      deleteQuestion={t('manage_campaign_delete_question', campaignName(campaign))}
      remove={() => api('deleteCampaign', campaign.id)}
      choices="listCampaigns"
      deletedStatus={t('manage_campaign_deleted', campaignName(campaign))}
      onDeleted={onDeleted}
      onChanged={onChanged}
    >
      <div class="item-head">
        <h3>{campaignName(campaign)}</h3>
        <span class="badge">
          {campaign.public ? t('manage_campaign_badge_public') : t('manage_campaign_badge_private')}
        </span>
      </div>
      <dl class="props">
        <dt>{t('manage_campaign_rotator_label')}</dt>
        <dd>{campaign.rotator ? <SafeLink url={campaign.rotator} /> : t('manage_campaign_no_rotator')}</dd>
        <dt>{t('manage_campaign_list_page_label')}</dt>
        <dd>{campaign.list ? <SafeLink url={campaign.list} /> : '—'}</dd>
      </dl>
    </ItemCard>
  );
}

/** The campaigns page. */
export function CampaignsView() {
  const api = useApi();
  const campaigns = usePagedResource((paging) => api('listCampaigns', paging), [api]);
  return (
    <section aria-labelledby="campaigns-heading">
      <h1 id="campaigns-heading">{t('manage_campaigns_heading')}</h1>
      {!needsSetup(campaigns.error) && <CreateCampaign onCreated={campaigns.reload} />}
      <ItemList list={campaigns} empty={t('manage_campaigns_empty')} pagerLabel={t('manage_campaigns_pager')}>
        {(campaign, onDeleted) => (
          <CampaignRow
            key={campaign.id}
            campaign={campaign}
            onChanged={campaigns.reload}
            onDeleted={onDeleted}
          />
        )}
      </ItemList>
    </section>
  );
}
