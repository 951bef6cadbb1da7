/**
 * Numbers, counts, server dates and names of links as the management page shows them, in the
 * language of its messages.
 */

import type { LinkSummary } from '@/lib/api/schemas';
import { parseApiDate } from '@/lib/dates';
import { type MessageKey, t, tPlural, uiLanguage } from '@/lib/i18n';

/**
 * A server date in the user's language: the date and, when the server sent one, the time. Anything
 * that is not a date in the API's form is shown as it came, so nothing the server said is hidden.
 */
export function formatDate(value: string, { withTime = true } = {}): string {
  const parsed = parseApiDate(value);
  if (!parsed) return value;
  return new Intl.DateTimeFormat(uiLanguage(), {
    dateStyle: 'medium',
    ...(withTime && parsed.hasTime ? { timeStyle: 'short' } : {}),
  }).format(parsed.date);
}

/** The overlay kinds the server is known to report, with their names in the user's language. */
const OVERLAY_TYPES: Record<string, MessageKey> = {
  message: 'manage_overlay_type_message',
  contact: 'manage_overlay_type_contact',
  newsletter: 'manage_overlay_type_newsletter',
  poll: 'manage_overlay_type_poll',
  image: 'manage_overlay_type_image',
  coupon: 'manage_overlay_type_coupon',
};

/**
 * A CTA overlay's `type` in the user's language; a kind not known here is shown as the server
 * sends it, which beats hiding it.
 */
export function overlayTypeLabel(type: string): string {
  const key = OVERLAY_TYPES[type.trim().toLowerCase()];
  return key ? t(key) : type;
}

/** How a link is named in a list and in what is said about it: its title, else alias, else number. */
export const linkName = (link: Pick<LinkSummary, 'id' | 'title' | 'alias'>) =>
  link.title || link.alias || `#${link.id}`;
/** A duration as a person reads it: seconds under a minute, minutes under two hours, else hours and minutes. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  // A countdown reads in seconds up to two minutes: "1 minute" would stand still for a whole minute.
  if (seconds < 120) return tPlural('manage_duration_seconds', seconds);
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return tPlural('manage_duration_minutes', minutes);
  return t('manage_duration_hours', Math.floor(minutes / 60), minutes % 60);
}
