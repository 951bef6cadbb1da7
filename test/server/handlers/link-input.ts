import { randomInt } from 'node:crypto';
import { isDateTime } from '../dates';
import type { LinkRecord, Store } from '../store';
import {
  invalid,
  isHttpUrl,
  optionalId,
  optionalObjectArray,
  optionalString,
  optionalUrl,
  requiredString,
} from '../validate';

const ALIAS = /^[A-Za-z0-9_-]{2,64}$/;
// Paths this server's own URLs use (the API, rotators, campaign lists, QR previews) cannot be aliases.
const RESERVED_ALIASES = new Set(['api', 'r', 'campaign', 'qr', '__control']);
const ALIAS_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const RANDOM_ALIAS_LENGTH = 6;
const REDIRECT_TYPES = new Set(['direct', 'frame', 'splash']);
const LANGUAGE_CODE = /^[a-z]{2,3}(-[A-Za-z]{2})?$/;

type Body = Record<string, unknown>;
/** Validated link fields from a request body, plus the channel, which lives outside the link record. */
export type LinkInput = Partial<Omit<LinkRecord, 'id' | 'date' | 'clicks'>> & { channel?: number };

/** A free random alias of six letters and digits. */
export function randomAlias(store: Store): string {
  for (;;) {
    let alias = '';
    for (let i = 0; i < RANDOM_ALIAS_LENGTH; i++) alias += ALIAS_CHARS[randomInt(ALIAS_CHARS.length)];
    if (!store.links.some((link) => link.alias === alias)) return alias;
  }
}

function readAlias(store: Store, body: Body, self?: LinkRecord): string | undefined {
  const alias = optionalString(body, 'custom')?.trim();
  if (alias === undefined || alias === '') return undefined;
  if (!ALIAS.test(alias)) {
    invalid('The custom alias must be 2 to 64 letters, digits, hyphens or underscores.');
  }
  if (RESERVED_ALIASES.has(alias.toLowerCase())) invalid('That alias is reserved.');
  // Aliases are unique across domains, so moving a link to another domain never collides.
  if (store.links.some((link) => link !== self && link.alias === alias))
    invalid('That alias is already taken.');
  return alias;
}

function readType(store: Store, body: Body): string | undefined {
  const value = body.type;
  if (value === undefined || value === null) return undefined;
  const type = String(value);
  if (REDIRECT_TYPES.has(type)) return type;
  // A number names a custom splash page or a CTA overlay; the spec gives no way to tell which.
  const id = /^\d+$/.test(type) ? Number(type) : Number.NaN;
  if (store.splashPages.some((page) => page.id === id) || store.overlays.some((cta) => cta.id === id)) {
    return type;
  }
  invalid('The type must be direct, frame, splash, or the id of a splash page or CTA overlay.');
}

/** Empty string clears the branded domain; otherwise it must be one the user added (or this server). */
function readDomain(store: Store, body: Body): string | null | undefined {
  const value = optionalString(body, 'domain')?.trim();
  if (value === undefined) return undefined;
  if (value === '') return null;
  const origin = isHttpUrl(value) ? new URL(value).origin : '';
  if (origin === store.baseUrl) return null;
  const domain = store.domains.find((known) => known.domain === origin);
  if (!domain) invalid('The domain must be one of your branded domains.');
  return domain.domain;
}

/** Null or an empty string clears the expiry. */
function readExpiry(body: Body): string | null | undefined {
  if (body.expiry === null || body.expiry === '') return null;
  const expiry = optionalString(body, 'expiry');
  if (expiry !== undefined && !isDateTime(expiry)) {
    invalid('The expiry must be a date formatted YYYY-MM-DD HH:MM:SS.');
  }
  return expiry;
}

function readMetaImage(body: Body): string | undefined {
  const image = optionalUrl(body, 'metaimage');
  if (image && !/\.(jpe?g|png)$/i.test(new URL(image).pathname)) {
    invalid('The metaimage must be the URL of a .jpg or .png image.');
  }
  return image;
}

function readPixels(body: Body): number[] | undefined {
  const pixels = body.pixels;
  if (pixels === undefined || pixels === null) return undefined;
  if (!Array.isArray(pixels) || !pixels.every((id) => Number.isInteger(id) && id > 0)) {
    invalid('The pixels field must be an array of positive integer pixel ids.');
  }
  return pixels as number[];
}

function readDeeplink(body: Body): Record<string, unknown> | undefined {
  const deeplink = body.deeplink;
  if (deeplink === undefined || deeplink === null) return undefined;
  if (typeof deeplink !== 'object' || Array.isArray(deeplink))
    invalid('The deeplink field must be an object.');
  for (const [key, value] of Object.entries(deeplink)) {
    if (key === 'auto') {
      if (typeof value !== 'boolean') invalid('deeplink.auto must be true or false.');
    } else if (typeof value !== 'string' || (value !== '' && !isHttpUrl(value))) {
      invalid(`deeplink.${key} must be an app store URL.`);
    }
  }
  return { ...deeplink };
}

function readLanguageTargets(body: Body): LinkRecord['languagetarget'] | undefined {
  const targets = optionalObjectArray(body, 'languagetarget', ['language', 'link'] as const);
  targets?.forEach((target, index) => {
    if (!LANGUAGE_CODE.test(target.language)) {
      invalid(`languagetarget[${index}].language must be a language code such as en or pt-BR.`);
    }
  });
  return targets;
}

function readReference(store: Store, body: Body, name: 'channel' | 'campaign'): number | undefined {
  const id = optionalId(body, name);
  if (id === undefined) return undefined;
  const exists = name === 'channel' ? store.channel(id) : store.campaign(id);
  if (!exists) invalid(`There is no ${name} with id ${id}.`);
  return id;
}

/** Every optional field shared by add and update; update leaves out status and description, as the spec does. */
export function readLinkFields(store: Store, body: Body, self?: LinkRecord): LinkInput {
  const password = optionalString(body, 'password');
  const input: LinkInput = {
    alias: readAlias(store, body, self),
    type: readType(store, body),
    password: password === '' ? null : password,
    domain: readDomain(store, body),
    expiry: readExpiry(body),
    geotarget: optionalObjectArray(body, 'geotarget', ['location', 'link'] as const),
    devicetarget: optionalObjectArray(body, 'devicetarget', ['device', 'link'] as const),
    languagetarget: readLanguageTargets(body),
    metatitle: optionalString(body, 'metatitle'),
    metadescription: optionalString(body, 'metadescription'),
    metaimage: readMetaImage(body),
    pixels: readPixels(body),
    channel: readReference(store, body, 'channel'),
    campaign: readReference(store, body, 'campaign'),
    deeplink: readDeeplink(body),
    parameters: optionalObjectArray(body, 'parameters', ['name', 'value'] as const),
  };
  // Drop absent fields so spreading the input over a record only changes what was sent.
  for (const key of Object.keys(input) as (keyof LinkInput)[]) {
    if (input[key] === undefined) delete input[key];
  }
  return input;
}

/** The required `url` field, which must be http(s). */
export function readLongUrl(body: Body): string {
  const url = requiredString(body, 'url').trim();
  if (!isHttpUrl(url)) invalid('The url must be a valid http or https URL.');
  return url;
}

/** The optional `status` field: public or private. */
export function readStatus(body: Body): LinkRecord['status'] | undefined {
  const status = optionalString(body, 'status');
  if (status !== undefined && status !== 'public' && status !== 'private') {
    invalid('The status must be public or private.');
  }
  return status;
}
