/**
 * zod/mini schemas for everything the link-shortener API sends and accepts; every API type is inferred
 * from them. Response schemas turn what real servers send (numbers as strings, 0/1 booleans, the
 * campaign name under `domain`, missing fields) into one clean shape, and drop only list entries
 * without a usable id. Input schemas trim text and drop empty fields, so a request carries only what
 * the user filled in.
 *
 *   const page = linkListSchema.parse(json);      // Page<LinkSummary>
 *   const body = linkInputSchema.parse(formData); // what POST /api/url/add sends
 *
 * zod/mini, as everywhere in the extension: its functional form reads `z.optional(x)` for
 * `x.optional()`.
 * The schemas are `z.lazy`: each is built on its first parse, not when the module loads, so a
 * stopped worker answering the shortcut and the popup drawing its first screen build only those they
 * use (issue #27; the figure is in README's Performance).
 */

import { t } from '../i18n';
import { isObject } from '../is-object';
import { TEXT_LIMITS } from '../text-limits';
import { isHttpUrl } from '../url/rules';
import { z } from '../zod';

type JsonObject = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// Value normalisers. They never throw: anything unusable becomes the field's default.

function toInteger(value: unknown): number | null {
  const n = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : null;
}

function toNumber(value: unknown): number | null {
  const n = typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

function toCount(value: unknown): number | null {
  const n = toInteger(value);
  return n !== null && n >= 0 ? n : null;
}

function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

/**
 * A link's campaign or channel as a list entry may carry it (the spec's list shows neither): a name,
 * an id, or an object with either; undefined when absent or unusable.
 */
function toLabel(value: unknown): string | undefined {
  const label = isObject(value) ? toText(value.name) || toText(value.id) : toText(value);
  return label.trim() === '' ? undefined : label;
}

function toBool(value: unknown): boolean {
  if (typeof value === 'string') return ['1', 'true'].includes(value.trim().toLowerCase());
  return value === true || value === 1;
}

/** A URL or date that servers send as false, "", null or a zero date when it is not set. */
function toOptionalText(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  return /^0000-00-00( 00:00:00)?$/.test(value.trim()) ? null : value;
}

// Maps are built through a Map and Object.fromEntries so that a `__proto__` key stays a plain key.
function toTargetMap(value: unknown): Record<string, string> {
  const targets = new Map<string, string>();
  if (isObject(value)) {
    for (const [name, link] of Object.entries(value)) if (typeof link === 'string') targets.set(name, link);
  } else if (Array.isArray(value)) {
    for (const entry of value) {
      if (Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string') {
        targets.set(entry[0], entry[1]);
      } else if (isObject(entry) && typeof entry.link === 'string') {
        const name = [entry.location, entry.device, entry.language, entry.name].find(
          (n) => typeof n === 'string',
        );
        if (typeof name === 'string') targets.set(name, entry.link);
      }
    }
  }
  return Object.fromEntries(targets);
}

function toCountPair(entry: unknown): [string, number] | null {
  if (typeof entry === 'string') return [entry, 1];
  if (Array.isArray(entry)) {
    const count = toNumber(entry[1]);
    return typeof entry[0] === 'string' && count !== null ? [entry[0], count] : null;
  }
  if (!isObject(entry)) return null;
  // An entry like { country: "US", clicks: 3 }: its key names are unknown, so go by value types.
  const values = Object.values(entry);
  const name = values.find((v): v is string => typeof v === 'string' && toNumber(v) === null);
  const count = values.map(toNumber).find((n) => n !== null);
  return name === undefined ? null : [name, count ?? 1];
}

function toCountMap(value: unknown): Record<string, number> {
  const counts = new Map<string, number>();
  if (isObject(value)) {
    for (const [name, raw] of Object.entries(value)) {
      const count = toNumber(raw);
      if (count !== null) counts.set(name, count);
    }
  } else if (Array.isArray(value)) {
    for (const entry of value) {
      const pair = toCountPair(entry);
      if (pair) counts.set(pair[0], (counts.get(pair[0]) ?? 0) + pair[1]);
    }
  }
  return Object.fromEntries(counts);
}

// The spec only shows a number for the top-* statistics; servers that send a breakdown get it kept.
function toBreakdown(value: unknown): number | Record<string, number> {
  if (Array.isArray(value) || isObject(value)) return toCountMap(value);
  return toNumber(value) ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Building schemas.

// ---------------------------------------------------------------------------------------------
// Field schemas for responses.

const lenient = <T>(normalise: (value: unknown) => T) =>
  z.pipe(z.optional(z.unknown()), z.transform(normalise));

/** Runs `prepare` on the raw value before `schema` reads it (full zod's `z.preprocess`). */
const preprocess = <S extends z.ZodMiniType>(prepare: (value: unknown) => unknown, schema: S) =>
  z.pipe(z.transform(prepare), schema);

const text = lenient(toText);
const count = lenient((value) => toCount(value) ?? 0);
const optionalCount = lenient(toCount);
const flag = lenient(toBool);
const optionalText = lenient(toOptionalText);
const entityId = preprocess((value) => toInteger(value) ?? value, z.number().check(z.int(), z.positive()));
const jsonObject = z.custom<JsonObject>(isObject);

// ---------------------------------------------------------------------------------------------
// Resources.

const accountSchema = z.lazy(() =>
  z.object({
    id: entityId,
    email: text,
    username: text,
    avatar: text,
    status: text,
    expires: text,
    registered: text,
  }),
);
export type Account = z.infer<typeof accountSchema>;

const brandedDomainSchema = z.lazy(() =>
  z.object({
    id: entityId,
    domain: text,
    redirectroot: text,
    redirect404: text,
  }),
);
export type BrandedDomain = z.infer<typeof brandedDomainSchema>;

const splashPageSchema = z.lazy(() => z.object({ id: entityId, name: text, date: text }));
export type SplashPage = z.infer<typeof splashPageSchema>;

const ctaOverlaySchema = z.lazy(() => z.object({ id: entityId, type: text, name: text, date: text }));
export type CtaOverlay = z.infer<typeof ctaOverlaySchema>;

// Servers send the campaign name under `name` in lists but under `domain` in add/update answers.
export const campaignSchema = z.lazy(() =>
  z.pipe(
    z.object({ id: entityId, name: text, domain: text, public: flag, rotator: optionalText, list: text }),
    z.transform((c) => ({
      id: c.id,
      name: c.name || c.domain,
      public: c.public,
      rotator: c.rotator,
      list: c.list,
    })),
  ),
);
export type Campaign = z.infer<typeof campaignSchema>;

export const channelSchema = z.lazy(() =>
  z.object({
    id: entityId,
    name: text,
    description: text,
    color: text,
    starred: flag,
  }),
);
export type Channel = z.infer<typeof channelSchema>;

const channelItemSchema = z.lazy(() =>
  z.object({
    type: text,
    id: entityId,
    title: text,
    preview: text,
    link: text,
    date: text,
  }),
);
export type ChannelItem = z.infer<typeof channelItemSchema>;

const linkSummarySchema = z.lazy(() =>
  z.pipe(
    z.object({
      id: entityId,
      alias: text,
      shorturl: text,
      longurl: text,
      clicks: count,
      title: text,
      description: text,
      date: text,
      campaign: lenient(toLabel),
      channel: lenient(toLabel),
    }),
    z.transform(({ shorturl, longurl, campaign, channel, ...rest }) => ({
      ...rest,
      shortUrl: shorturl,
      longUrl: longurl,
      ...(campaign === undefined ? {} : { campaign }),
      ...(channel === undefined ? {} : { channel }),
    })),
  ),
);
export type LinkSummary = z.infer<typeof linkSummarySchema>;

const linkDetailsSchema = z.lazy(() =>
  z.pipe(
    z.object({
      shorturl: text,
      longurl: text,
      title: text,
      description: text,
      location: lenient(toTargetMap),
      device: lenient(toTargetMap),
      expiry: optionalText,
      date: text,
    }),
    z.transform(({ shorturl, longurl, ...rest }) => ({ shortUrl: shorturl, longUrl: longurl, ...rest })),
  ),
);

const linkStatsSchema = z.lazy(() => {
  const breakdown = lenient(toBreakdown);
  return z.object({
    clicks: count,
    uniqueClicks: count,
    topCountries: breakdown,
    topReferrers: breakdown,
    topBrowsers: breakdown,
    topOs: breakdown,
    socialCount: lenient(toCountMap),
  });
});

// A server that leaves out the top-level id still names the link in `details.id`.
function liftDetailsId(value: unknown): unknown {
  if (!isObject(value) || toInteger(value.id) !== null || !isObject(value.details)) return value;
  return { ...value, id: value.details.id };
}

/** GET /api/url/:id, and GET /api/urls?short=… when it matches. */
export const linkDetailSchema = z.lazy(() =>
  z.pipe(
    preprocess(
      liftDetailsId,
      z.object({
        id: entityId,
        details: linkDetailsSchema,
        data: preprocess((value) => (isObject(value) ? value : {}), linkStatsSchema),
      }),
    ),
    z.transform(({ id, details, data }) => ({ id, details, stats: data })),
  ),
);
export type LinkDetail = z.infer<typeof linkDetailSchema>;

// ---------------------------------------------------------------------------------------------
// Responses.

/** A paged list after normalisation. */
export type Page<T> = {
  items: T[];
  total: number;
  perPage: number;
  currentPage: number;
  nextPage: number | null;
  maxPage: number;
};

const pagingSchema = z.lazy(() =>
  z.object({
    result: optionalCount,
    perpage: optionalCount,
    currentpage: optionalCount,
    nextpage: optionalCount,
    maxpage: optionalCount,
  }),
);

// PHP encodes an array with gaps as an object keyed by index, and a lone entry may come unwrapped.
function listEntries(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (!isObject(value)) return [];
  return 'id' in value ? [value] : Object.values(value);
}

function pageSchema<T extends z.ZodMiniType>(key: string, item: T) {
  return z.pipe(
    z.object({ data: preprocess((v) => (Array.isArray(v) && v.length === 0 ? {} : v), jsonObject) }),
    z.transform(({ data }): Page<z.output<T>> => {
      const items = listEntries(data[key]).flatMap((entry) => {
        const parsed = item.safeParse(entry);
        return parsed.success ? [parsed.data] : [];
      });
      const paging = pagingSchema.parse(data);
      const currentPage = paging.currentpage || 1;
      const next = paging.nextpage;
      // Servers mark the last page with nextpage null, 0, missing, or equal to the current page.
      const nextPage =
        next !== null && next > currentPage && (paging.maxpage === null || next <= paging.maxpage)
          ? next
          : null;
      return {
        items,
        total: paging.result ?? items.length,
        perPage: paging.perpage ?? items.length,
        currentPage,
        nextPage,
        maxPage: paging.maxpage ?? Math.max(currentPage, nextPage ?? 0),
      };
    }),
  );
}

export const domainListSchema = z.lazy(() => pageSchema('domains', brandedDomainSchema));
export const splashListSchema = z.lazy(() => pageSchema('splash', splashPageSchema));
export const overlayListSchema = z.lazy(() => pageSchema('cta', ctaOverlaySchema));
export const campaignListSchema = z.lazy(() => pageSchema('campaigns', campaignSchema));
export const channelListSchema = z.lazy(() => pageSchema('channels', channelSchema));
export const channelItemListSchema = z.lazy(() => pageSchema('items', channelItemSchema));
export const linkListSchema = z.lazy(() => pageSchema('urls', linkSummarySchema));

export const accountResponseSchema = z.lazy(() =>
  z.pipe(
    z.object({ data: accountSchema }),
    z.transform(({ data }) => data),
  ),
);

export const messageResponseSchema = z.lazy(() => z.object({ message: text }));
export type MessageResult = z.infer<typeof messageResponseSchema>;

export const idResponseSchema = z.lazy(() => z.object({ id: entityId }));
export type CreatedId = z.infer<typeof idResponseSchema>;

// Some servers name the short URL `short` instead of `shorturl`.
export const addLinkResponseSchema = z
  .pipe(
    z.object({ id: entityId, shorturl: text, short: text }),
    z.transform(({ id, shorturl, short }) => ({ id, shortUrl: shorturl || short })),
  )
  .check(z.refine((link) => link.shortUrl !== '', { path: ['shorturl'] }));
export type CreatedLink = z.infer<typeof addLinkResponseSchema>;

// The spec does not show this answer: accept a message, a short URL, both or neither.
export const updateLinkResponseSchema = z.lazy(() =>
  z.pipe(
    z.object({ message: text, shorturl: text, short: text }),
    z.transform(({ message, shorturl, short }) => ({ message, shortUrl: shorturl || short || null })),
  ),
);
export type UpdatedLink = z.infer<typeof updateLinkResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Inputs. Each message says what to do, since it is shown to the user as is.

/** A message of a failed check, in the user's language, looked up when a check fails. */
type Message = { error: () => string };
const say = (...message: Parameters<typeof t>): Message => ({ error: () => t(...message) });

const entered = z.lazy(() =>
  z.pipe(
    z.optional(z.string()),
    z.transform((value: string | undefined) => value?.trim() || undefined),
  ),
);
/** `entered`, with a check of what was entered (an empty field passes). */
const enteredAnd = (valid: (value: string) => boolean, message: Message) =>
  entered.check(z.refine((v) => v === undefined || valid(v), message));
const required = (message: Message) => z.string(message).check(z.trim(), z.minLength(1, message));
/**
 * At most `max` characters as typed (lib/text-limits.ts): the pages say so at the field; this is the
 * background's own check, which trusts no page. `field` names the field in the message.
 */
const atMost = (max: number, field: string) =>
  z.refine((v: unknown) => typeof v !== 'string' || v.length <= max, say('error_text_too_long', field, max));
const enteredMax = (max: number, field: string) =>
  z.pipe(
    z.optional(z.string()).check(atMost(max, field)),
    z.transform((value: string | undefined) => value?.trim() || undefined),
  );
const secretMax = (max: number, field: string) =>
  z.pipe(
    z.optional(z.string()).check(atMost(max, field)),
    z.transform((value: string | undefined) => value || undefined),
  );
const positiveInt = (message: Message) => z.number(message).check(z.int(message), z.positive(message));
const optionalRef = (message: Message) =>
  z.pipe(
    z.nullish(positiveInt(message)),
    z.transform((value: number | null | undefined) => value ?? undefined),
  );
const scheme = /^https?:\/\/\S+$/i;

const pageQueryFields = () => ({
  limit: z.optional(positiveInt(say('error_page_size_invalid'))),
  page: z.optional(positiveInt(say('error_page_number_invalid'))),
});

export const pageQuerySchema = z.lazy(() => z.object(pageQueryFields()));

export type PageQuery = z.input<typeof pageQuerySchema>;

export const linkListQuerySchema = z.lazy(() =>
  z.object({
    ...pageQueryFields(),
    order: z.optional(z.enum(['date', 'click'], say('error_order_invalid'))),
    q: entered,
  }),
);
export type LinkListQuery = z.input<typeof linkListQuerySchema>;

export const accountUpdateInputSchema = z.lazy(() => {
  const email = z.email();
  return z.object({
    email: enteredMax(TEXT_LIMITS.email, 'email').check(
      z.refine((v) => v === undefined || email.safeParse(v).success, say('error_email_invalid')),
    ),
    password: secretMax(TEXT_LIMITS.password, 'password'),
  });
});
export type AccountUpdateInput = z.input<typeof accountUpdateInputSchema>;

const redirects = () => ({ redirectroot: entered, redirect404: entered });

export const domainInputSchema = z.lazy(() =>
  z.object({
    domain: required(say('error_domain_scheme')).check(z.regex(scheme, say('error_domain_scheme'))),
    ...redirects(),
  }),
);
export type DomainInput = z.input<typeof domainInputSchema>;

export const domainUpdateInputSchema = z.lazy(() => z.object(redirects()));
export type DomainUpdateInput = z.input<typeof domainUpdateInputSchema>;

const campaignFields = () => ({
  slug: enteredMax(TEXT_LIMITS.slug, 'slug'),
  public: z.optional(z.boolean()),
});

export const campaignInputSchema = z.lazy(() =>
  z.object({
    name: enteredMax(TEXT_LIMITS.name, 'name'),
    ...campaignFields(),
  }),
);
export type CampaignInput = z.input<typeof campaignInputSchema>;

export const campaignUpdateInputSchema = z.lazy(() =>
  z.object({
    name: required(say('error_campaign_name_missing')).check(atMost(TEXT_LIMITS.name, 'name')),
    ...campaignFields(),
  }),
);
export type CampaignUpdateInput = z.input<typeof campaignUpdateInputSchema>;

const channelFields = () => ({
  description: enteredMax(TEXT_LIMITS.description, 'description'),
  color: enteredAnd((v) => /^#[\da-f]{6}$/i.test(v), say('error_colour_invalid')),
  starred: z.optional(z.boolean()),
});

export const channelInputSchema = z.lazy(() =>
  z.object({
    name: required(say('error_channel_name_missing')).check(atMost(TEXT_LIMITS.name, 'name')),
    ...channelFields(),
  }),
);
export type ChannelInput = z.input<typeof channelInputSchema>;

/** The kinds of item a channel holds (the `:type` of POST /api/channel/:id/assign/:type/:itemid). */
export const channelItemTypeSchema = z.lazy(() =>
  z.enum(['links', 'bio', 'qr'], say('error_channel_item_type')),
);
export type ChannelItemType = z.infer<typeof channelItemTypeSchema>;

export const channelUpdateInputSchema = z.lazy(() =>
  z.object({
    name: enteredMax(TEXT_LIMITS.name, 'name'),
    ...channelFields(),
  }),
);
export type ChannelUpdateInput = z.input<typeof channelUpdateInputSchema>;

/** Rows of a repeatable field: empty rows are dropped, a half-filled row is an error (`message`). */
function rows<T extends z.ZodMiniType<Record<string, string>>>(row: T, message: Message) {
  const isFilled = (r: Record<string, string>) => Object.values(r).some((v) => v !== '');
  return z.pipe(
    z
      .optional(z.array(row))
      .check(
        z.refine((list) => !(list ?? []).some((r) => isFilled(r) && Object.values(r).includes('')), message),
      ),
    z.transform((list: z.output<T>[] | undefined) => {
      const filled = (list ?? []).filter(isFilled);
      return filled.length > 0 ? filled : undefined;
    }),
  );
}

/** Body of POST /api/url/add. */
function buildLinkInput() {
  const cell = z.string().check(z.trim());
  return z.object({
    url: required(say('error_long_url_missing')).check(
      z.refine((url) => isHttpUrl(url.trim()), say('error_long_url_not_web')),
    ),
    // One path segment of the short URL: no white space, `/`, `?` or `#`.
    custom: enteredMax(TEXT_LIMITS.alias, 'custom').check(
      z.refine((alias) => alias === undefined || !/[\s/?#]/.test(alias), say('common_alias_invalid')),
    ),
    type: z.pipe(
      z.optional(z.union([z.string(), z.number()])),
      z.transform((value: string | number | undefined) =>
        value === undefined ? undefined : String(value).trim() || undefined,
      ),
    ),
    password: secretMax(TEXT_LIMITS.password, 'password'),
    domain: entered,
    expiry: enteredAnd((v) => /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(v), say('error_expiry_format')),
    geotarget: rows(z.object({ location: cell, link: cell }), say('error_rows_geo')),
    devicetarget: rows(z.object({ device: cell, link: cell }), say('error_rows_device')),
    languagetarget: rows(z.object({ language: cell, link: cell }), say('error_rows_language')),
    metatitle: enteredMax(TEXT_LIMITS.title, 'metatitle'),
    metadescription: enteredMax(TEXT_LIMITS.description, 'metadescription'),
    metaimage: entered,
    description: enteredMax(TEXT_LIMITS.description, 'description'),
    pixels: z.pipe(
      z.optional(z.array(positiveInt(say('error_pixel_id_invalid')))),
      z.transform((list: number[] | undefined) => (list && list.length > 0 ? list : undefined)),
    ),
    channel: optionalRef(say('error_channel_id_invalid')),
    campaign: optionalRef(say('error_campaign_id_invalid')),
    deeplink: z.pipe(
      z.optional(z.object({ auto: z.optional(z.boolean()), apple: entered, google: entered })),
      z.transform((d) => (d && (d.auto === true || d.apple || d.google) ? d : undefined)),
    ),
    status: z.optional(z.enum(['public', 'private'], say('error_status_invalid'))),
    parameters: rows(z.object({ name: cell, value: cell }), say('error_rows_parameter')),
  });
}

// Built once, when first checked, like the other schemas here (z.lazy); the update schema is made from
// its object.
let linkInput: ReturnType<typeof buildLinkInput> | undefined;
const linkInputObject = () => (linkInput ??= buildLinkInput());
export const linkInputSchema = z.lazy(linkInputObject);

export type LinkInput = z.input<typeof linkInputSchema>;

/** Body of PUT /api/url/:id/update: the add fields without `status` and `description`. */
export const linkUpdateInputSchema = z.lazy(() =>
  z.omit(linkInputObject(), { status: true, description: true }),
);
export type LinkUpdateInput = z.input<typeof linkUpdateInputSchema>;
