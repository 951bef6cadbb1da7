import { type ApiResult, type Handler, HttpError, idParam, ok, paged, type RequestContext } from '../api';
import { formatDateTime } from '../dates';
import { createLink, type LinkRecord, type Store } from '../store';
import { optionalString } from '../validate';
import { assignItem } from './channels';
import { randomAlias, readLinkFields, readLongUrl, readStatus } from './link-input';

const NOT_FOUND = 'Link not found.';

/** Deterministic statistics derived from the click count, so tests can predict them. */
function statistics(link: LinkRecord) {
  return {
    clicks: link.clicks,
    uniqueClicks: Math.round(link.clicks * 0.75),
    topCountries: Math.min(link.clicks, 5),
    topReferrers: Math.min(link.clicks, 4),
    topBrowsers: Math.min(link.clicks, 3),
    topOs: Math.min(link.clicks, 3),
    socialCount: {
      facebook: Math.floor(link.clicks * 0.2),
      twitter: Math.floor(link.clicks * 0.1),
      linkedin: Math.floor(link.clicks * 0.05),
    },
  };
}

/** The single-link response shared by GET /api/url/:id and GET /api/urls?short=. */
function singleLink(store: Store, link: LinkRecord): ApiResult {
  return ok({
    id: link.id,
    details: {
      id: link.id,
      shorturl: store.shortUrl(link),
      longurl: link.longurl,
      title: link.title,
      description: link.description,
      // The spec keys targets by lower-case location or device name.
      location: Object.fromEntries(
        link.geotarget.map((target) => [target.location.toLowerCase(), target.link]),
      ),
      device: Object.fromEntries(
        link.devicetarget.map((target) => [target.device.toLowerCase(), target.link]),
      ),
      expiry: link.expiry,
      date: link.date,
    },
    data: statistics(link),
  });
}

function listEntry(store: Store, link: LinkRecord) {
  const { id, alias, longurl, clicks, title, description, date } = link;
  return { id, alias, shorturl: store.shortUrl(link), longurl, clicks, title, description, date };
}

function findLink(context: RequestContext): LinkRecord {
  const link = context.store.link(idParam(context, 'id', NOT_FOUND));
  if (!link) throw new HttpError(404, NOT_FOUND);
  return link;
}

/** The link's single channel field replaces its link assignments; the assign endpoint adds more. */
function setChannel(store: Store, link: LinkRecord, channel: number): void {
  store.assignments = store.assignments.filter((entry) => entry.type !== 'links' || entry.itemId !== link.id);
  assignItem(store, { channelId: channel, type: 'links', itemId: link.id });
}

/**
 * GET /api/urls: newest first (or most clicked with `order=click`), filtered by `q` over alias, long
 * URL, title and description. `short` (full short URL or bare alias) ignores everything else and
 * returns the single-link response, or 404 when nothing matches (the spec does not show that case).
 */
export const listLinks: Handler = ({ store, query }) => {
  if (query.short !== undefined) {
    const wanted = query.short.trim().replace(/\/+$/, '');
    const link = store.links.find(
      (candidate) => candidate.alias === wanted || store.shortUrl(candidate) === wanted,
    );
    if (!link) throw new HttpError(404, NOT_FOUND);
    return singleLink(store, link);
  }
  const order = query.order || 'date';
  if (order !== 'date' && order !== 'click')
    throw new HttpError(400, 'The order parameter must be date or click.');
  const keyword = (query.q ?? '').trim().toLowerCase();
  const matches = store.links.filter((link) =>
    [link.alias, link.longurl, link.title, link.description].some((field) =>
      field.toLowerCase().includes(keyword),
    ),
  );
  matches.sort((a, b) =>
    order === 'click' ? b.clicks - a.clicks || b.id - a.id : b.date.localeCompare(a.date) || b.id - a.id,
  );
  return paged(
    query,
    'urls',
    matches.map((link) => listEntry(store, link)),
  );
};

/** GET /api/url/:id */
export const getLink: Handler = (context) => singleLink(context.store, findLink(context));

/**
 * POST /api/url/add: validates and stores every field of the spec. The title comes from `metatitle`,
 * else the URL's host: the real server fetches the page title, which an offline test server cannot.
 * Under the `existing` fault, a long URL it already has gets that link back instead of a new one.
 */
export const addLink: Handler = ({ store, body, returnExisting }) => {
  const longurl = readLongUrl(body);
  const known = returnExisting ? store.links.find((link) => link.longurl === longurl) : undefined;
  if (known) return ok({ id: known.id, shorturl: store.shortUrl(known) });
  const { channel, ...fields } = readLinkFields(store, body);
  const description = optionalString(body, 'description') ?? '';
  const status = readStatus(body) ?? 'private';
  // Ids are taken only after validation, so a rejected request leaves no gap.
  const link = createLink({
    id: store.nextId('links'),
    alias: fields.alias ?? randomAlias(store),
    longurl,
    title: fields.metatitle || new URL(longurl).host,
    description,
    date: formatDateTime(new Date()),
    status,
    ...fields,
  });
  store.links.push(link);
  if (channel !== undefined) setChannel(store, link, channel);
  return ok({ id: link.id, shorturl: store.shortUrl(link) });
};

/**
 * PUT /api/url/:id/update: `url` required, any subset of the rest. The response shape is not in the
 * spec; real servers answer with the short URL under `short`, so this one does too.
 */
export const updateLink: Handler = (context) => {
  const { store, body } = context;
  const link = findLink(context);
  const longurl = readLongUrl(body);
  const { channel, ...fields } = readLinkFields(store, body, link);
  Object.assign(link, fields, { longurl });
  if (fields.metatitle) link.title = fields.metatitle;
  if (channel !== undefined) setChannel(store, link, channel);
  return ok({ message: 'Link updated.', short: store.shortUrl(link) });
};
