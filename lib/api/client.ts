/**
 * The typed client of the link-shortener API: one factory, one method per endpoint. Every method
 * resolves to clean data parsed by `schemas.ts` or rejects with an ApiError (or with the caller's own
 * abort reason); inputs are validated before anything is sent.
 *
 *   const client = createClient({ baseUrl: profile.serverUrl, apiKey: () => getApiKey(profile.id) });
 *   const { shortUrl } = await client.addLink({ url: tab.url });
 *   const page = await client.listLinks({ limit: 50, order: 'date' });
 */

import { t } from '../i18n';
import { isObject } from '../is-object';
import { withScheme } from '../url/scheme';
import type { z } from '../zod';
import { normalizeBaseUrl } from './base-url';
import { ApiError } from './errors';
import { type Answer, createTransport, type HttpRequest } from './http';
import type { RateLimitInfo } from './rate-limit';
import { decode } from './response';
import {
  type Account,
  type AccountUpdateInput,
  accountResponseSchema,
  accountUpdateInputSchema,
  addLinkResponseSchema,
  type BrandedDomain,
  type Campaign,
  type CampaignInput,
  type CampaignUpdateInput,
  type Channel,
  type ChannelInput,
  type ChannelItem,
  type ChannelItemType,
  type ChannelUpdateInput,
  type CreatedId,
  type CreatedLink,
  type CtaOverlay,
  campaignInputSchema,
  campaignListSchema,
  campaignSchema,
  campaignUpdateInputSchema,
  channelInputSchema,
  channelItemListSchema,
  channelItemTypeSchema,
  channelListSchema,
  channelSchema,
  channelUpdateInputSchema,
  type DomainInput,
  type DomainUpdateInput,
  domainInputSchema,
  domainListSchema,
  domainUpdateInputSchema,
  idResponseSchema,
  type LinkDetail,
  type LinkInput,
  type LinkListQuery,
  type LinkSummary,
  type LinkUpdateInput,
  linkDetailSchema,
  linkInputSchema,
  linkListQuerySchema,
  linkListSchema,
  linkUpdateInputSchema,
  type MessageResult,
  messageResponseSchema,
  overlayListSchema,
  type Page,
  type PageQuery,
  pageQuerySchema,
  type SplashPage,
  splashListSchema,
  type UpdatedLink,
  updateLinkResponseSchema,
} from './schemas';

export type { HttpRequest } from './http';
export type { RateLimitInfo } from './rate-limit';
export type { ChannelItemType } from './schemas';

export interface ClientOptions {
  /** Checked with normalizeBaseUrl; when invalid, every call rejects with a 'validation' ApiError. */
  baseUrl: string;
  /** The key, or a function that reads it for each request (so a changed key applies at once). */
  apiKey: string | (() => string | Promise<string>);
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Defaults to 15000. */
  timeoutMs?: number;
  /** Called after every answer that carries X-RateLimit-* headers, success or failure. */
  onRateLimit?: (info: RateLimitInfo) => void;
  /**
   * Sends each request through `send`, e.g. after a rate limiter's queue lets it go. Called once the
   * input is validated and before the timeout starts, so time spent waiting is not the server's.
   */
  schedule?: (request: HttpRequest, send: () => Promise<Answer>) => Promise<Answer>;
  now?: () => number;
}

interface RequestOptions {
  signal?: AbortSignal;
}

export interface ShortenerClient {
  /** The normalized server URL, or '' when the configured one is invalid. */
  readonly baseUrl: string;
  /** The rate-limit headers of the last answer that had them. */
  readonly rateLimit: RateLimitInfo | null;
  getAccount(o?: RequestOptions): Promise<Account>;
  updateAccount(input: AccountUpdateInput, o?: RequestOptions): Promise<MessageResult>;
  listDomains(q?: PageQuery, o?: RequestOptions): Promise<Page<BrandedDomain>>;
  addDomain(input: DomainInput, o?: RequestOptions): Promise<CreatedId>;
  updateDomain(id: number, input: DomainUpdateInput, o?: RequestOptions): Promise<MessageResult>;
  deleteDomain(id: number, o?: RequestOptions): Promise<MessageResult>;
  listSplash(q?: PageQuery, o?: RequestOptions): Promise<Page<SplashPage>>;
  listOverlays(q?: PageQuery, o?: RequestOptions): Promise<Page<CtaOverlay>>;
  listCampaigns(q?: PageQuery, o?: RequestOptions): Promise<Page<Campaign>>;
  addCampaign(input: CampaignInput, o?: RequestOptions): Promise<Campaign>;
  assignLinkToCampaign(campaignId: number, linkId: number, o?: RequestOptions): Promise<MessageResult>;
  updateCampaign(id: number, input: CampaignUpdateInput, o?: RequestOptions): Promise<Campaign>;
  deleteCampaign(id: number, o?: RequestOptions): Promise<MessageResult>;
  listChannels(q?: PageQuery, o?: RequestOptions): Promise<Page<Channel>>;
  listChannelItems(channelId: number, q?: PageQuery, o?: RequestOptions): Promise<Page<ChannelItem>>;
  addChannel(input: ChannelInput, o?: RequestOptions): Promise<Channel>;
  assignToChannel(
    channelId: number,
    type: ChannelItemType,
    itemId: number,
    o?: RequestOptions,
  ): Promise<MessageResult>;
  updateChannel(id: number, input: ChannelUpdateInput, o?: RequestOptions): Promise<MessageResult>;
  deleteChannel(id: number, o?: RequestOptions): Promise<MessageResult>;
  listLinks(q?: LinkListQuery, o?: RequestOptions): Promise<Page<LinkSummary>>;
  /** The link with this short URL (with or without its scheme) or bare alias; null when the server knows none. */
  findLinkByShortUrl(shortUrl: string, o?: RequestOptions): Promise<LinkDetail | null>;
  getLink(id: number, o?: RequestOptions): Promise<LinkDetail>;
  addLink(input: LinkInput, o?: RequestOptions): Promise<CreatedLink>;
  updateLink(id: number, input: LinkUpdateInput, o?: RequestOptions): Promise<UpdatedLink>;
}

const NOT_FOUND_WORDS =
  /not\s*found|no\s+(such\s+)?(link|url|match|result)s?\b|does\s*n[o']t\s+exist|(unknown|invalid)\s+(short|link|url)/i;

/** Creates a client for one server and key. */
export function createClient(options: ClientOptions): ShortenerClient {
  const base = normalizeBaseUrl(options.baseUrl);
  let rateLimit: RateLimitInfo | null = null;
  const send = base.ok
    ? createTransport({
        baseUrl: base.url,
        apiKey: options.apiKey,
        // Wrapped rather than passed as is: a bare `fetch` called as a method throws "Illegal invocation".
        fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
        timeoutMs: options.timeoutMs ?? 15_000,
        now: options.now ?? Date.now,
        onRateLimit: (info) => {
          rateLimit = info;
          options.onRateLimit?.(info);
        },
      })
    : null;

  /** Sends a request built after the base URL is known to be good, so a bad URL always wins. */
  async function answer(build: () => HttpRequest): Promise<Answer> {
    if (!base.ok) throw new ApiError({ kind: 'validation', message: base.message });
    const request = build();
    return options.schedule ? options.schedule(request, () => send!(request)) : send!(request);
  }

  async function call<S extends z.ZodMiniType>(schema: S, build: () => HttpRequest): Promise<z.output<S>> {
    const { body, status } = await answer(build);
    return decode(schema, body, status);
  }

  const get = (path: string, o?: RequestOptions, query?: HttpRequest['query']): HttpRequest => ({
    method: 'GET',
    path,
    query,
    signal: o?.signal,
  });
  const write = (method: 'POST' | 'PUT' | 'DELETE', path: string, o?: RequestOptions, body?: unknown) =>
    ({ method, path, body, signal: o?.signal }) satisfies HttpRequest;
  const paged = (q: PageQuery | undefined) => clean(pageQuerySchema, q ?? {});

  /** The link with exactly this alias, on any domain, from a keyword search (aliases are unique). */
  async function findByAlias(alias: string, o?: RequestOptions): Promise<LinkDetail | null> {
    const { items } = await call(linkListSchema, () => get('/urls', o, { q: alias }));
    const match = items.find((link) => link.alias === alias);
    return match ? client.getLink(match.id, o) : null;
  }

  const client: ShortenerClient = {
    get baseUrl() {
      return base.ok ? base.url : '';
    },
    get rateLimit() {
      return rateLimit;
    },
    getAccount: (o) => call(accountResponseSchema, () => get('/account', o)),
    updateAccount: (input, o) =>
      call(messageResponseSchema, () =>
        write('PUT', '/account/update', o, clean(accountUpdateInputSchema, input)),
      ),
    listDomains: (q, o) => call(domainListSchema, () => get('/domains', o, paged(q))),
    addDomain: (input, o) =>
      call(idResponseSchema, () => write('POST', '/domain/add', o, clean(domainInputSchema, input))),
    updateDomain: (id, input, o) =>
      call(messageResponseSchema, () =>
        write('PUT', `/domain/${pathId(id)}/update`, o, clean(domainUpdateInputSchema, input)),
      ),
    deleteDomain: (id, o) =>
      call(messageResponseSchema, () => write('DELETE', `/domain/${pathId(id)}/delete`, o)),
    listSplash: (q, o) => call(splashListSchema, () => get('/splash', o, paged(q))),
    listOverlays: (q, o) => call(overlayListSchema, () => get('/overlay', o, paged(q))),
    listCampaigns: (q, o) => call(campaignListSchema, () => get('/campaigns', o, paged(q))),
    addCampaign: (input, o) =>
      call(campaignSchema, () => write('POST', '/campaign/add', o, clean(campaignInputSchema, input))),
    assignLinkToCampaign: (campaignId, linkId, o) =>
      call(messageResponseSchema, () =>
        write('POST', `/campaign/${pathId(campaignId)}/assign/${pathId(linkId)}`, o),
      ),
    updateCampaign: async (id, input, o) => {
      const { body, status } = await answer(() =>
        write('PUT', `/campaign/${pathId(id)}/update`, o, clean(campaignUpdateInputSchema, input)),
      );
      // The campaign is known by its path id when the answer leaves its own id out.
      return decode(campaignSchema, { id, ...body }, status);
    },
    deleteCampaign: (id, o) =>
      call(messageResponseSchema, () => write('DELETE', `/campaign/${pathId(id)}/delete`, o)),
    listChannels: (q, o) => call(channelListSchema, () => get('/channels', o, paged(q))),
    listChannelItems: (channelId, q, o) =>
      call(channelItemListSchema, () => get(`/channel/${pathId(channelId)}`, o, paged(q))),
    addChannel: (input, o) =>
      call(channelSchema, () => write('POST', '/channel/add', o, clean(channelInputSchema, input))),
    assignToChannel: (channelId, type, itemId, o) =>
      call(messageResponseSchema, () =>
        write(
          'POST',
          `/channel/${pathId(channelId)}/assign/${clean(channelItemTypeSchema, type)}/${pathId(itemId)}`,
          o,
        ),
      ),
    updateChannel: (id, input, o) =>
      call(messageResponseSchema, () =>
        write('PUT', `/channel/${pathId(id)}/update`, o, clean(channelUpdateInputSchema, input)),
      ),
    deleteChannel: (id, o) =>
      call(messageResponseSchema, () => write('DELETE', `/channel/${pathId(id)}/delete`, o)),
    listLinks: (q, o) => call(linkListSchema, () => get('/urls', o, clean(linkListQuerySchema, q ?? {}))),
    findLinkByShortUrl: async (input, o) => {
      const typed = requiredShortUrl(input);
      const shortUrl = base.ok ? fullShortUrl(typed, base.url) : typed;
      let found: Answer;
      try {
        found = await answer(() => get('/urls', o, { short: shortUrl }));
      } catch (error) {
        if (!isNoMatch(error)) throw error;
        // A bare alias may belong to a branded domain, which the server's own URL above missed.
        return isAlias(typed) ? findByAlias(typed, o) : null;
      }
      const { body, status } = found;
      if (body.details !== undefined) return decode(linkDetailSchema, body, status);
      // A server that ignores `short` answers with the plain list; the link may still be on it.
      if (isObject(body.data) && 'urls' in body.data) {
        const match = decode(linkListSchema, body, status).items.find(
          (l) => sameShortUrl(l.shortUrl, shortUrl) || l.alias === typed,
        );
        return match ? client.getLink(match.id, o) : null;
      }
      if (isEmpty(body.data)) return isAlias(typed) ? findByAlias(typed, o) : null;
      return decode(linkDetailSchema, body, status);
    },
    getLink: (id, o) => call(linkDetailSchema, () => get(`/url/${pathId(id)}`, o)),
    addLink: (input, o) =>
      call(addLinkResponseSchema, () => write('POST', '/url/add', o, clean(linkInputSchema, input))),
    updateLink: (id, input, o) =>
      call(updateLinkResponseSchema, () =>
        write('PUT', `/url/${pathId(id)}/update`, o, clean(linkUpdateInputSchema, input)),
      ),
  };
  return client;
}

/** Validates and cleans an input; the first problem becomes a 'validation' ApiError. */
export function clean<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input, {
    error: (issue) =>
      issue.path?.length ? t('error_field_invalid', issue.path.join('.')) : t('error_input_invalid'),
  });
  if (parsed.success) return parsed.data;
  throw new ApiError({
    kind: 'validation',
    message: parsed.error.issues[0]?.message ?? t('error_input_invalid'),
  });
}

// Arguments may come from a page's message, so they are checked at run time whatever their type says.
function pathId(value: number): number {
  if (Number.isSafeInteger(value) && value > 0) return value;
  const shown = typeof value === 'number' || typeof value === 'string' ? String(value).slice(0, 40) : '';
  throw new ApiError({
    kind: 'validation',
    message: shown ? t('error_id_invalid_value', shown) : t('error_id_invalid'),
  });
}

function requiredShortUrl(shortUrl: string): string {
  const short = typeof shortUrl === 'string' ? shortUrl.trim() : '';
  if (short === '') throw new ApiError({ kind: 'validation', message: t('error_short_url_missing') });
  return short;
}

/** True for a bare alias (`my-demo`): no scheme, host or path, which a short URL always has. */
function isAlias(text: string): boolean {
  return !/[/:.]/.test(text);
}

/**
 * What the user typed, as the full short URL the API looks up: a bare alias under the server's own
 * URL, a URL without a scheme completed as Options completes a server URL (http:// for localhost,
 * https:// elsewhere, as branded domains are), and a full URL as it is.
 */
function fullShortUrl(typed: string, baseUrl: string): string {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(typed)) return typed;
  if (isAlias(typed)) return `${baseUrl}/${typed}`;
  return withScheme(typed) ?? `https://${typed}`;
}

function isNoMatch(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.kind === 'not_found' || (error.kind === 'validation' && NOT_FOUND_WORDS.test(error.message));
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '' || value === false) return true;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

function sameShortUrl(a: string, b: string): boolean {
  const bare = (url: string) =>
    url
      .trim()
      .replace(/^https?:\/\//i, '')
      .replace(/\/+$/, '');
  return bare(a) === bare(b);
}
