/**
 * The link editor's model: what the form holds (strings and rows, as typed), its validation, and
 * its conversion to the request bodies of POST /api/url/add and PUT /api/url/:id/update. Pure, so
 * the popup's "More options" and the management page share one set of rules.
 *
 *   const errors = validateLinkForm(state, new Date());
 *   if (Object.keys(errors).length === 0) callApi('updateLink', id, toLinkUpdateInput(state));
 */

import type { LinkDetail, LinkInput, LinkUpdateInput } from '../api/schemas';
import { apiToDatetimeLocal, datetimeLocalToApi, parseLocalDateTime } from '../dates';
import { type MessageKey, t } from '../i18n';
import { parseId } from '../ids';
import type { LinkFormState } from '../storage/items';
import { TEXT_LIMITS, tooLong } from '../text-limits';
import { isHttpUrl } from '../url/rules';
import { z } from '../zod';
import { aliasError, aliasOf } from './shorten-form';

type ParameterRow = LinkFormState['parameters'][number];
/** `auto` lets the server build app links from the long URL; `stores` sends the two store links. */
export type DeeplinkMode = LinkFormState['deeplink'];

/** Field name (or `rows.index.part`, e.g. `geotarget.0.link`) → message to show next to it. */
export type LinkFormErrors = Record<string, string>;

/** A blank form. */
export function emptyLinkForm(): LinkFormState {
  return {
    url: '',
    custom: '',
    type: '',
    password: '',
    domain: '',
    expiry: '',
    geotarget: [],
    devicetarget: [],
    languagetarget: [],
    metatitle: '',
    metadescription: '',
    metaimage: '',
    description: '',
    pixels: '',
    channel: '',
    campaign: '',
    deeplink: 'none',
    deeplinkApple: '',
    deeplinkGoogle: '',
    status: '',
    parameters: [],
  };
}

// ---------------------------------------------------------------------------------------------
// Field rules, also used by the other management forms.

const filled = (value: string) => value.trim() !== '';

/** True for `#RRGGBB`. */
export function isHexColor(value: string): boolean {
  return /^#[0-9a-f]{6}$/i.test(value.trim());
}

/** True when the URL's path (query and fragment ignored) ends in .jpg, .jpeg or .png. */
function isJpgOrPngUrl(value: string): boolean {
  if (!isHttpUrl(value.trim())) return false;
  return /\.(jpe?g|png)$/i.test(new URL(value.trim()).pathname);
}

/** The comma-separated pixel ids as numbers; undefined when one of them is not a positive integer. */
export function parsePixelIds(value: string): number[] | undefined {
  const parts = value
    .split(',')
    .map((part) => part.trim())
    .filter(filled);
  const ids = parts.map(parseId);
  return ids.every((id): id is number => id !== undefined) ? ids : undefined;
}

// The messages are looked up each time the schema is built, so they follow the page's language.
const optionalUrl = (message: MessageKey = 'manage_url_invalid') =>
  z.string().check(z.refine((value) => !filled(value) || isHttpUrl(value.trim()), t(message)));

/**
 * A row of two parts: both or neither, and `link` (if that is a part) must be http(s). `keyMessage`
 * asks for the first part when only the second is filled in.
 */
function rowSchema(key: string, keyMessage: MessageKey, valueKey: 'link' | 'value') {
  const shape: Record<string, z.ZodMiniString<string>> = { [key]: z.string(), [valueKey]: z.string() };
  return z.object(shape).check(
    z.superRefine((row: Record<string, string>, ctx) => {
      const name = row[key] ?? '';
      const value = row[valueKey] ?? '';
      if (!filled(name) && !filled(value)) return;
      if (!filled(name)) ctx.addIssue({ code: 'custom', path: [key], message: t(keyMessage) });
      if (!filled(value)) {
        ctx.addIssue({
          code: 'custom',
          path: [valueKey],
          message: valueKey === 'link' ? t('manage_row_target_url_required') : t('manage_row_value_required'),
        });
      } else if (valueKey === 'link' && !isHttpUrl(value.trim())) {
        ctx.addIssue({ code: 'custom', path: [valueKey], message: t('manage_url_invalid') });
      }
    }),
  );
}

/** Text of at most `max` characters (lib/text-limits.ts). */
const limited = (max: number) =>
  z.string().check(
    z.superRefine((value, ctx) => {
      const message = tooLong(value, max);
      if (message) ctx.addIssue({ code: 'custom', message, input: value });
    }),
  );

function linkFormSchema(now: Date) {
  return z.object({
    url: z.string().check(
      z.refine(filled, { message: t('manage_long_url_required'), abort: true }),
      z.refine((value) => isHttpUrl(value.trim()), t('manage_url_invalid')),
    ),
    custom: z.string().check(
      z.superRefine((value, ctx) => {
        const message = aliasError(value);
        if (message) ctx.addIssue({ code: 'custom', message, input: value });
      }),
    ),
    domain: optionalUrl('manage_domain_choice_invalid'),
    description: limited(TEXT_LIMITS.description),
    metatitle: limited(TEXT_LIMITS.title),
    metadescription: limited(TEXT_LIMITS.description),
    password: limited(TEXT_LIMITS.password),
    expiry: z.string().check(
      z.superRefine((value, ctx) => {
        if (!filled(value)) return;
        const date = parseLocalDateTime(value);
        if (!date) ctx.addIssue({ code: 'custom', message: t('manage_expiry_invalid'), input: value });
        else if (date.getTime() <= now.getTime()) {
          ctx.addIssue({ code: 'custom', message: t('manage_expiry_past'), input: value });
        }
      }),
    ),
    geotarget: z.array(rowSchema('location', 'manage_row_location_required', 'link')),
    devicetarget: z.array(rowSchema('device', 'manage_row_device_required', 'link')),
    languagetarget: z.array(rowSchema('language', 'manage_row_language_required', 'link')),
    metaimage: z
      .string()
      .check(z.refine((value) => !filled(value) || isJpgOrPngUrl(value), t('manage_meta_image_invalid'))),
    pixels: z
      .string()
      .check(z.refine((value) => parsePixelIds(value) !== undefined, t('manage_pixels_invalid'))),
    channel: z
      .string()
      .check(z.refine((v) => !filled(v) || parseId(v) !== undefined, t('manage_channel_choice_invalid'))),
    campaign: z
      .string()
      .check(z.refine((v) => !filled(v) || parseId(v) !== undefined, t('manage_campaign_choice_invalid'))),
    deeplinkApple: optionalUrl(),
    deeplinkGoogle: optionalUrl(),
    parameters: z.array(rowSchema('name', 'manage_row_parameter_name_required', 'value')),
  });
}

/** The form's errors; an empty object means the form can be sent. `now` decides what "future" is. */
export function validateLinkForm(state: LinkFormState, now: Date): LinkFormErrors {
  const errors: LinkFormErrors = {};
  const result = linkFormSchema(now).safeParse(state);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join('.');
      errors[key] ??= issue.message;
    }
  }
  if (state.deeplink === 'stores' && !filled(state.deeplinkApple) && !filled(state.deeplinkGoogle)) {
    errors.deeplinkApple ??= t('manage_deeplink_stores_required');
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Form → request body. Only filled fields are sent: the API treats a missing field as "unchanged".

function text(value: string): string | undefined {
  return value.trim() || undefined;
}

function filledRows<R extends object>(rows: R[]): R[] | undefined {
  const kept = rows
    .map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, String(v).trim()])) as R)
    .filter((row) => Object.values(row).every(filled));
  return kept.length > 0 ? kept : undefined;
}

/** The API's `type` for a redirect choice: a keyword, or the bare id of a splash page or overlay. */
export function redirectTypeValue(choice: string): string | undefined {
  const match = /^(?:splash-page|overlay):(\d+)$/.exec(choice);
  return match ? match[1] : text(choice);
}

function deeplinkBody(state: LinkFormState): LinkInput['deeplink'] {
  if (state.deeplink === 'auto') return { auto: true };
  if (state.deeplink !== 'stores') return undefined;
  const apple = text(state.deeplinkApple);
  const google = text(state.deeplinkGoogle);
  if (!apple && !google) return undefined;
  return { ...(apple ? { apple } : {}), ...(google ? { google } : {}) };
}

/** Drops keys whose value is undefined, so the JSON body lists only what was filled in. */
function compact<T extends object>(body: T): T {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as T;
}

/** The body of PUT /api/url/:id/update (no `status` or `description`: the endpoint does not take them). */
export function toLinkUpdateInput(state: LinkFormState): LinkUpdateInput {
  const pixels = parsePixelIds(state.pixels);
  return compact<LinkUpdateInput>({
    url: state.url.trim(),
    custom: text(state.custom),
    type: redirectTypeValue(state.type),
    // A password may start or end with a space on purpose.
    password: state.password || undefined,
    domain: text(state.domain),
    expiry: text(state.expiry) && (datetimeLocalToApi(state.expiry) ?? state.expiry.trim()),
    geotarget: filledRows(state.geotarget),
    devicetarget: filledRows(state.devicetarget),
    languagetarget: filledRows(state.languagetarget),
    metatitle: text(state.metatitle),
    metadescription: text(state.metadescription),
    metaimage: text(state.metaimage),
    pixels: pixels && pixels.length > 0 ? pixels : undefined,
    channel: parseId(state.channel),
    campaign: parseId(state.campaign),
    deeplink: deeplinkBody(state),
    parameters: filledRows(state.parameters),
  });
}

/**
 * The update body with only what differs from `initial` (the form as it was prefilled), so a value
 * the user did not touch is never sent again; `url` always, as the endpoint requires it. Undefined
 * when nothing changed at all: then there is nothing to send.
 */
export function toChangedLinkUpdate(
  initial: LinkFormState,
  state: LinkFormState,
): LinkUpdateInput | undefined {
  const before: Record<string, unknown> = toLinkUpdateInput(initial);
  const after = toLinkUpdateInput(state);
  const changed = Object.entries(after).filter(
    ([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key]),
  );
  return changed.length === 0 ? undefined : { ...Object.fromEntries(changed), url: after.url };
}

/** The body of POST /api/url/add. */
export function toLinkInput(state: LinkFormState): LinkInput {
  return compact<LinkInput>({
    ...toLinkUpdateInput(state),
    description: text(state.description),
    status: state.status || undefined,
  });
}

// ---------------------------------------------------------------------------------------------
// Server → form.

/**
 * The editor prefilled from a link's details: long URL, alias, geo and device targets, expiry. The
 * API shows nothing else of a link, so the other fields start blank and, left blank, stay unchanged.
 */
export function fromLinkDetail(detail: LinkDetail): LinkFormState {
  const { details } = detail;
  return {
    ...emptyLinkForm(),
    url: details.longUrl,
    custom: aliasOf(details.shortUrl),
    description: details.description,
    expiry: apiToDatetimeLocal(details.expiry),
    geotarget: Object.entries(details.location).map(([location, link]) => ({ location, link })),
    devicetarget: Object.entries(details.device).map(([device, link]) => ({ device, link })),
  };
}

/** The UTM parameter names the preset adds. */
const UTM_NAMES = ['utm_source', 'utm_medium', 'utm_campaign'] as const;

/** `rows` plus empty utm_source/utm_medium/utm_campaign rows for any of them not already there. */
export function withUtmRows(rows: ParameterRow[]): ParameterRow[] {
  const present = new Set(rows.map((row) => row.name.trim()));
  const added = UTM_NAMES.filter((name) => !present.has(name)).map((name) => ({ name, value: '' }));
  // The preset replaces blank rows instead of leaving them above the new ones.
  return [...rows.filter((row) => filled(row.name) || filled(row.value)), ...added];
}
