/**
 * Sharing a short link: the share pages of mail and of the social networks people post links to,
 * each an address that opens the network's own "new post" form with the link (and its title where
 * the network takes one). Nothing is sent from the extension and no permission is needed: the page
 * opens in a new tab, where the user decides. Pure: the popup and the management page build the same.
 */

/** Where a link can be shared. */
export const SHARE_TARGETS = [
  'email',
  'x',
  'linkedin',
  'facebook',
  'whatsapp',
  'telegram',
  'reddit',
] as const;
export type ShareTarget = (typeof SHARE_TARGETS)[number];

/** The brand names, the same in every language; `email` is the one a page translates. */
export const SHARE_BRANDS: Record<Exclude<ShareTarget, 'email'>, string> = {
  x: 'X',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  reddit: 'Reddit',
};

/** What is shared: the short URL and the page's title ('' when none). */
export interface Shared {
  url: string;
  title: string;
}

const query = (params: Record<string, string>) =>
  Object.entries(params)
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');

/** The address that opens `target`'s share form for `shared`. */
export function shareUrl(target: ShareTarget, shared: Shared): string {
  const url = shared.url;
  const title = shared.title.trim();
  switch (target) {
    case 'email':
      // mailto: takes %20 for spaces, never `+` (RFC 6068).
      return `mailto:?${query({ subject: title, body: title ? `${title}\n${url}` : url })}`;
    case 'x':
      return `https://x.com/intent/tweet?${query({ text: title, url })}`;
    case 'linkedin':
      // LinkedIn reads the title from the page itself.
      return `https://www.linkedin.com/sharing/share-offsite/?${query({ url })}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?${query({ u: url })}`;
    case 'whatsapp':
      // One text: the title, then the link.
      return `https://wa.me/?${query({ text: title ? `${title} ${url}` : url })}`;
    case 'telegram':
      return `https://t.me/share/url?${query({ url, text: title })}`;
    case 'reddit':
      return `https://www.reddit.com/submit?${query({ url, title })}`;
  }
}
