/**
 * The longest text each free-text field takes, defined once for every page (popup, More options,
 * Options, the management page) and for the background's checks of what pages send (lib/api/schemas.ts,
 * entrypoints/background/payloads.ts). The API states no lengths, so these are ours: generous for what
 * people write, and small enough that a slip (a whole document pasted into a description) never
 * reaches the server.
 */
import { t } from './i18n';

export const TEXT_LIMITS = {
  /** A custom alias: part of a URL people type or read out. */
  alias: 64,
  /** A campaign's or channel's name, a profile's name. */
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
} as const;

/** The message for a field longer than `max` characters, or undefined when it fits. */
export function tooLong(value: string, max: number): string | undefined {
  return value.length > max ? t('common_too_long', max, value.length - max) : undefined;
}
