/**
 * The popup's shorten form as plain data: its validation, and its conversion into the `input` of a
 * `shorten` request. Pure but for the messages' language. Its initial values are in
 * entrypoints/popup/start-url.ts.
 */

import type { LinkInput } from '../api/schemas';
import { datetimeLocalToApi, parseLocalDateTime } from '../dates';
import { t } from '../i18n';
import type { LinkDefaults } from '../settings/schema';
import type { ShortenForm } from '../storage/items';
import { TEXT_LIMITS, tooLong } from '../text-limits';
import { longUrlError } from '../url/rules';

export type FormErrors = Partial<Record<'url' | 'alias' | 'expiry', string>>;

/**
 * The message for a custom alias that cannot be one, or undefined. The API spec does not give the
 * alias rules, so this refuses only what cannot sit in a short URL's path as one segment: white
 * space, `/`, `?` and `#`. The one rule of the popup and of the link editor (lib/links/link-form.ts).
 */
export function aliasError(alias: string): string | undefined {
  const tooLongText = tooLong(alias.trim(), TEXT_LIMITS.alias);
  if (tooLongText) return tooLongText;
  return /[\s/?#]/.test(alias.trim()) ? t('common_alias_invalid') : undefined;
}

/**
 * The alias a short URL carries: the last segment of its path, decoded (`https://go.example.com/sale`
 * and `https://example.com/s/sale` both say `sale`); '' for a URL without one.
 */
export function aliasOf(shortUrl: string): string {
  let segment: string;
  try {
    segment = new URL(shortUrl).pathname.split('/').filter(Boolean).pop() ?? '';
  } catch {
    return '';
  }
  try {
    return decodeURIComponent(segment);
  } catch {
    // A stray % is part of the alias as the server wrote it.
    return segment;
  }
}

/** Field messages for what the server would refuse or what makes no sense; empty when valid. */
export function validateForm(form: ShortenForm, now: Date): FormErrors {
  const errors: FormErrors = {};
  const url = longUrlError(form.url);
  if (url) errors.url = url;
  const alias = aliasError(form.alias);
  if (alias) errors.alias = alias;
  if (form.expiry) {
    const expiry = parseLocalDateTime(form.expiry);
    if (!expiry) errors.expiry = t('popup_expiry_invalid');
    else if (expiry <= now) errors.expiry = t('popup_expiry_past');
  }
  return errors;
}

/** The request input: only fields that have values, plus the profile's domain and status. */
export function toShortenInput(form: ShortenForm, defaults: LinkDefaults): LinkInput {
  const input: LinkInput = { url: form.url.trim(), status: defaults.status };
  const alias = form.alias.trim();
  if (alias) input.custom = alias;
  const campaign = Number(form.campaignId);
  if (form.campaignId && Number.isInteger(campaign)) input.campaign = campaign;
  const channel = Number(form.channelId);
  if (form.channelId && Number.isInteger(channel)) input.channel = channel;
  const expiry = datetimeLocalToApi(form.expiry);
  if (expiry) input.expiry = expiry;
  const domain = defaults.domain.trim();
  if (domain) input.domain = domain;
  return input;
}
