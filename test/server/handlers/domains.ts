import { type Handler, HttpError, idParam, message, ok, paged } from '../api';
import { isHttpUrl, optionalUrl, requiredString } from '../validate';

const NOT_FOUND = 'Domain not found.';

/** GET /api/domains */
export const listDomains: Handler = ({ store, query }) => paged(query, 'domains', store.domains);

/** POST /api/domain/add: the domain must be a bare http(s) origin not already added. */
export const addDomain: Handler = ({ store, body }) => {
  const raw = requiredString(body, 'domain').trim();
  if (!isHttpUrl(raw)) {
    throw new HttpError(400, 'The domain must include http:// or https://, e.g. https://go.example.com.');
  }
  const url = new URL(raw);
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || url.username !== '') {
    throw new HttpError(400, 'The domain must be a bare origin without a path, e.g. https://go.example.com.');
  }
  // Hostnames are case-insensitive and the scheme does not make a second domain, so compare hosts.
  if (store.domains.some((existing) => new URL(existing.domain).host === url.host)) {
    throw new HttpError(400, 'That domain has already been added.');
  }
  const redirectroot = optionalUrl(body, 'redirectroot') ?? '';
  const redirect404 = optionalUrl(body, 'redirect404') ?? '';
  const domain = { id: store.nextId('domains'), domain: url.origin, redirectroot, redirect404 };
  store.domains.push(domain);
  return ok({ id: domain.id });
};

/** PUT /api/domain/:id/update: any subset of redirectroot and redirect404. */
export const updateDomain: Handler = (context) => {
  const domain = context.store.domain(idParam(context, 'id', NOT_FOUND));
  if (!domain) throw new HttpError(404, NOT_FOUND);
  const redirectroot = optionalUrl(context.body, 'redirectroot');
  const redirect404 = optionalUrl(context.body, 'redirect404');
  if (redirectroot !== undefined) domain.redirectroot = redirectroot;
  if (redirect404 !== undefined) domain.redirect404 = redirect404;
  return message('Domain has been updated successfully.');
};

/** DELETE /api/domain/:id/delete: links on the domain fall back to the server's own URL rather than dangle. */
export const deleteDomain: Handler = (context) => {
  const { store } = context;
  const domain = store.domain(idParam(context, 'id', NOT_FOUND));
  if (!domain) throw new HttpError(404, NOT_FOUND);
  store.domains = store.domains.filter((existing) => existing !== domain);
  for (const link of store.links) {
    if (link.domain === domain.domain) link.domain = null;
  }
  return message('Domain has been deleted successfully.');
};
