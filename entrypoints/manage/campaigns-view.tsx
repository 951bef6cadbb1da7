/** #/campaigns: list, create, edit, delete campaigns and assign links to them. */
import { useState } from 'preact/hooks';
import { ErrorMessage } from '@/components/error-message';
import { CheckboxField, TextField } from '@/components/fields';
import { forgetChoices } from '@/components/server-cache';
import { useStatus } from '@/components/use-status';
import type { Campaign } from '@/lib/api/schemas';
import { t } from '@/lib/i18n';
import { parseId } from '@/lib/ids';
import { fixInOptions } from '@/lib/present/errors';
import { linkName } from '@/lib/present/labels';
import { TEXT_LIMITS } from '@/lib/text-limits';
import { useApi, useServerCache } from './api-context';
import { closeOnEscape, type PagedResource, useAction, usePagedResource } from './hooks';
import { ItemCard, ItemList } from './item-list';
import { LinkPicker } from './links/link-picker';
import { notePlacement } from './links/link-placement';
import { ActionButton, SafeLink, StatusMessage } from './ui';

/** The campaign's name, or its number when it has none. */
const campaignName = (campaign: Campaign) => campaign.name || t('manage_campaign_untitled', campaign.id);

function CreateCampaign({ list }: { list: PagedResource<Campaign> }) {
  const api = useApi();
  const cache = useServerCache();
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
    forgetChoices(cache, 'listCampaigns');
    list.add(result.data);
  };
  return (
    <form class="card" onSubmit={onSubmit} aria-labelledby="new-campaign-heading" aria-busy={create.busy}>
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
        <ActionButton type="submit" class="primary" busy={create.busy} busyLabel={t('manage_busy_creating')}>
          {t('manage_campaign_create_button')}
        </ActionButton>
      </div>
      <ErrorMessage error={create.error} />
      <StatusMessage text={created} />
    </form>
  );
}

/**
 * The inline edit form, started with the campaign as listed. It sends the name (the update requires
 * it) and only what else changed: the rotator slug is not in the list, so it starts blank and is
 * sent only when typed; an untouched form sends nothing. The saved campaign replaces the listed one;
 * `onDone` gets the status to show, or nothing when the form was closed unsaved.
 */
function EditCampaign({
  campaign,
  list,
  onDone,
}: {
  campaign: Campaign;
  list: PagedResource<Campaign>;
  onDone: (status: string | undefined) => void;
}) {
  const api = useApi();
  const cache = useServerCache();
  const [name, setName] = useState(campaign.name);
  const [slug, setSlug] = useState('');
  const [isPublic, setPublic] = useState(campaign.public);
  const [nameError, setNameError] = useState<string>();
  const save = useAction(() =>
    api('updateCampaign', campaign.id, {
      name: name.trim(),
      ...(slug.trim() ? { slug: slug.trim() } : {}),
      ...(isPublic === campaign.public ? {} : { public: isPublic }),
    }),
  );
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    if (name.trim() === '') {
      setNameError(t('manage_campaign_name_required'));
      return;
    }
    setNameError(undefined);
    if (name.trim() === campaign.name && slug.trim() === '' && isPublic === campaign.public) {
      onDone(t('manage_nothing_changed'));
      return;
    }
    const result = await save.run();
    if (result?.ok) {
      forgetChoices(cache, 'listCampaigns');
      const { id: _, ...saved } = result.data;
      list.patch(campaign.id, { ...saved, name: saved.name || name.trim() });
      onDone(t('manage_campaign_saved', name.trim()));
    }
  };
  return (
    <form
      class="edit-form"
      onSubmit={onSubmit}
      // Like the delete confirmation, Escape closes the form and goes back to its Edit button.
      onKeyDown={closeOnEscape(() => onDone(undefined))}
      aria-label={t('manage_campaign_edit_form', campaignName(campaign))}
      aria-busy={save.busy}
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
        <ActionButton type="submit" class="primary" busy={save.busy} busyLabel={t('manage_busy_saving')}>
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
  const cache = useServerCache();
  const api = cache.call;
  const [linkId, setLinkId] = useState('');
  const [done, setDone] = useStatus();
  const assign = useAction((id: number) => api('assignLinkToCampaign', campaign.id, id));
  /** Assigns link `id`; `added` is the message that says it worked. */
  const run = async (id: number, added: string) => {
    setDone(undefined);
    const result = await assign.run(id);
    if (!result?.ok) return;
    notePlacement(cache, id, { campaign: campaignName(campaign) });
    setDone(added);
  };
  return (
    <div class="assign-panel" aria-busy={assign.busy}>
      <form
        class="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          const id = parseId(linkId);
          if (id !== undefined) run(id, t('manage_campaign_assigned_id', id, campaignName(campaign)));
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
        <ActionButton
          type="submit"
          busy={assign.busy}
          busyLabel={t('manage_busy_adding')}
          disabled={parseId(linkId) === undefined}
        >
          {t('manage_campaign_assign_by_id_button')}
        </ActionButton>
      </form>
      <LinkPicker
        searchLabel={t('manage_campaign_search_label')}
        pickButton={t('manage_campaign_assign_one_button')}
        pickLabel={(name) => t('manage_campaign_assign_one_label', name)}
        busy={assign.busy}
        onPick={(link) =>
          run(link.id, t('manage_campaign_assigned_link', linkName(link), campaignName(campaign)))
        }
      />
      <ErrorMessage error={assign.error} />
      <StatusMessage text={done} />
    </div>
  );
}

function CampaignRow({
  campaign,
  list,
  onDeleted,
}: {
  campaign: Campaign;
  list: PagedResource<Campaign>;
  onDeleted: (status: string) => void;
}) {
  const api = useApi();
  return (
    <ItemCard
      editLabel={t('manage_edit')}
      edit={(done) => <EditCampaign campaign={campaign} list={list} onDone={done} />}
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
      onRemoved={() => list.remove(campaign.id)}
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
  const campaigns = usePagedResource('listCampaigns', (paging) => [paging]);
  return (
    <section aria-labelledby="campaigns-heading">
      <h1 id="campaigns-heading">{t('manage_campaigns_heading')}</h1>
      {!fixInOptions(campaigns.error) && <CreateCampaign list={campaigns} />}
      <ItemList list={campaigns} empty={t('manage_campaigns_empty')} pagerLabel={t('manage_campaigns_pager')}>
        {(campaign, onDeleted) => (
          <CampaignRow key={campaign.id} campaign={campaign} list={campaigns} onDeleted={onDeleted} />
        )}
      </ItemList>
    </section>
  );
}
