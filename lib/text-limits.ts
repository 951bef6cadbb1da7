/**
 * The one table of limits, for every form, the background's checks and the settings file: what a
 * form accepts, the others take, so a user's own export always imports. The API states no lengths:
 * these are generous for what people write, and stop a slip (a document pasted whole) at the form.
 */
import { t } from './i18n';

export const TEXT_LIMITS = {
  /** A custom alias: part of a URL people type or read out. */
  alias: 64,
  /** A campaign's, channel's, profile's or UTM preset's name. */
  name: 100,
  /** A campaign's public slug. */
  slug: 64,
  /** A link's social-media title. */
  title: 200,
  /** A link's description, its social-media description, a channel's description. */
  description: 1000,
  /** A link's password, the account's password. */
  password: 128,
  /** An email address: the longest a mail server delivers to. */
  email: 254,
  /** A UTM preset's value (utm_source, utm_medium…). */
  utmValue: 500,
  /** A server's address, a profile's default branded domain. */
  address: 2000,
  /** An API key. */
  apiKey: 1000,
  /** A long URL, as bulk create and the queue take it. */
  longUrl: 8000,
  /** A page's title kept with its link; a longer one is cut, not refused. */
  pageTitle: 1000,
  /** A failure's message a page hands back to the background (queueing a failed create). */
  message: 2000,
  /** What the extension writes itself and never asks anyone to type: an id, a date, a time stamp. */
  id: 200,
} as const;

/** The most items of each list a user keeps: Options refuses one more, and so does a settings file. */
export const LIST_LIMITS = {
  profiles: 100,
  utmPresets: 100,
  /** Creates waiting for the server in the outage queue: past it a create is refused, never dropped. */
  queue: 500,
} as const;

/** The message for a field longer than `max` characters, or undefined when it fits. */
export function tooLong(value: string, max: number): string | undefined {
  return value.length > max ? t('common_too_long', max, value.length - max) : undefined;
}
