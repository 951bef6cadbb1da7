/** How pages name what the server sends: links, and the kinds of CTA overlay, in the user's language. */
import type { LinkSummary } from '../api/schemas';
import { type MessageKey, t, uiLanguage } from '../i18n';

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

/** Names joined as the user's language lists them ("Outlook Safe Links and Google"), each once. */
export function namesList(names: readonly string[]): string {
  return new Intl.ListFormat(uiLanguage(), { type: 'conjunction' }).format([...new Set(names)]);
}
