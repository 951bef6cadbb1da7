import { type Handler, HttpError, idParam, message, ok, paged, type RequestContext } from '../api';
import type { CampaignRecord, Store } from '../store';
import { optionalBoolean, optionalString, requiredString } from '../validate';

const NOT_FOUND = 'Campaign not found.';
const SLUG = /^[A-Za-z0-9_-]{1,64}$/;

function rotatorUrl(store: Store, campaign: CampaignRecord): string | false {
  return campaign.slug === null ? false : `${store.baseUrl}/r/${campaign.slug}`;
}

function listUrl(store: Store, campaign: CampaignRecord): string {
  return `${store.baseUrl}/campaign/${campaign.id}`;
}

function listEntry(store: Store, campaign: CampaignRecord): Record<string, unknown> {
  return {
    id: campaign.id,
    [campaign.nameKey]: campaign.name,
    public: campaign.public,
    rotator: rotatorUrl(store, campaign),
    list: listUrl(store, campaign),
  };
}

/** The add/update response: the spec returns the campaign name under `domain` there. */
function saved(store: Store, campaign: CampaignRecord) {
  return ok({
    id: campaign.id,
    domain: campaign.name,
    public: campaign.public,
    rotator: rotatorUrl(store, campaign),
    list: listUrl(store, campaign),
  });
}

/** An absent slug leaves the campaign as is, an empty one removes the rotator, others must be unique. */
function readSlug(
  store: Store,
  body: Record<string, unknown>,
  self?: CampaignRecord,
): string | null | undefined {
  const raw = optionalString(body, 'slug');
  if (raw === undefined) return undefined;
  const slug = raw.trim();
  if (slug === '') return null;
  if (!SLUG.test(slug)) {
    throw new HttpError(
      400,
      'The slug may only contain letters, digits, hyphens and underscores (at most 64).',
    );
  }
  if (store.campaigns.some((campaign) => campaign !== self && campaign.slug === slug)) {
    throw new HttpError(400, 'That rotator slug is already taken.');
  }
  return slug;
}

function findCampaign(context: RequestContext, param: string): CampaignRecord {
  const campaign = context.store.campaign(idParam(context, param, NOT_FOUND));
  if (!campaign) throw new HttpError(404, NOT_FOUND);
  return campaign;
}

/** GET /api/campaigns */
export const listCampaigns: Handler = ({ store, query }) =>
  paged(
    query,
    'campaigns',
    store.campaigns.map((campaign) => listEntry(store, campaign)),
  );

/** POST /api/campaign/add: every field optional; a campaign without a name gets a numbered one. */
export const addCampaign: Handler = ({ store, body }) => {
  const name = optionalString(body, 'name')?.trim();
  const slug = readSlug(store, body) ?? null;
  const isPublic = optionalBoolean(body, 'public') ?? false;
  const id = store.nextId('campaigns');
  const campaign: CampaignRecord = {
    id,
    name: name || `Campaign ${id}`,
    slug,
    public: isPublic,
    nameKey: 'name',
  };
  store.campaigns.push(campaign);
  return saved(store, campaign);
};

/** PUT /api/campaign/:id/update: name required, slug and public optional. */
export const updateCampaign: Handler = (context) => {
  const { store, body } = context;
  const campaign = findCampaign(context, 'id');
  const name = requiredString(body, 'name').trim();
  const slug = readSlug(store, body, campaign);
  const isPublic = optionalBoolean(body, 'public');
  campaign.name = name;
  if (slug !== undefined) campaign.slug = slug;
  if (isPublic !== undefined) campaign.public = isPublic;
  return saved(store, campaign);
};

/** POST /api/campaign/:campaignid/assign/:linkid: a link belongs to at most one campaign, so this moves it. */
export const assignToCampaign: Handler = (context) => {
  const campaign = findCampaign(context, 'campaignid');
  const link = context.store.link(idParam(context, 'linkid', 'Link not found.'));
  if (!link) throw new HttpError(404, 'Link not found.');
  link.campaign = campaign.id;
  return message('Link has been added to the campaign.');
};

/** DELETE /api/campaign/:id/delete: its links stay, without a campaign. */
export const deleteCampaign: Handler = (context) => {
  const { store } = context;
  const campaign = findCampaign(context, 'id');
  store.campaigns = store.campaigns.filter((existing) => existing !== campaign);
  for (const link of store.links) {
    if (link.campaign === campaign.id) link.campaign = null;
  }
  return message('Campaign has been deleted successfully.');
};
