/**
 * The popup's shorten form as plain data: its initial values from a profile's defaults, its
 * validation, and its conversion into the `input` of a `shorten` request. Pure.
 */
import { datetimeLocalToApi, defaultExpiryValue, parseDatetimeLocal } from './format';
import type { LinkDefaults } from './settings';
import { longUrlError } from './url';

/** What the form's fields hold; select values are ids as strings, '' for "None". */
export interface ShortenForm {
  url: string;
  alias: string;
  campaignId: string;
  channelId: string;
  /** `<input type="datetime-local">` value, '' for no expiry. */
  expiry: string;
}

/** The body of POST /api/url/add that the popup can fill. */
export interface ShortenInput {
  url: string;
  custom?: string;
  campaign?: number;
  channel?: number;
  expiry?: string;
  domain?: string;
  status: 'public' | 'private';
}

export type FormErrors = Partial<Record<'url' | 'expiry', string>>;

const idValue = (id: number | null) => (id === null ? '' : String(id));

/** A fresh form for `url` with the profile's defaults (expiry = now + expiryDays). */
export function initialForm(url: string, defaults: LinkDefaults, now: Date): ShortenForm {
  return {
    url,
    alias: '',
    campaignId: idValue(defaults.campaignId),
    channelId: idValue(defaults.channelId),
    expiry: defaultExpiryValue(defaults.expiryDays, now),
  };
}

/** Field messages for what the server would refuse or what makes no sense; empty when valid. */
export function validateForm(form: ShortenForm, now: Date): FormErrors {
  const errors: FormErrors = {};
  const url = longUrlError(form.url);
  if (url) errors.url = url;
  if (form.expiry) {
    const expiry = parseDatetimeLocal(form.expiry);
    if (!expiry) errors.expiry = 'Enter a valid date and time, or clear the field.';
    else if (expiry <= now) errors.expiry = 'The expiry must be in the future.';
  }
  return errors;
}

/** The request input: only fields that have values, plus the profile's domain and status. */
export function toShortenInput(form: ShortenForm, defaults: LinkDefaults): ShortenInput {
  const input: ShortenInput = { url: form.url.trim(), status: defaults.status };
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
