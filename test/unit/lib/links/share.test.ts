/** The share pages' addresses: each network's own form, the link and title encoded once, none empty. */
import { describe, expect, it } from 'vitest';
import { SHARE_TARGETS, shareUrl } from '@/lib/links/share';

const shared = { url: 'https://sho.rt/spring', title: 'Spring sale & more: 20% off' };

describe('shareUrl', () => {
  it.each([
    [
      'email',
      'mailto:?subject=Spring%20sale%20%26%20more%3A%2020%25%20off&body=Spring%20sale%20%26%20more%3A%2020%25%20off%0Ahttps%3A%2F%2Fsho.rt%2Fspring',
    ],
    [
      'x',
      'https://x.com/intent/tweet?text=Spring%20sale%20%26%20more%3A%2020%25%20off&url=https%3A%2F%2Fsho.rt%2Fspring',
    ],
    ['linkedin', 'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fsho.rt%2Fspring'],
    ['facebook', 'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fsho.rt%2Fspring'],
    [
      'whatsapp',
      'https://wa.me/?text=Spring%20sale%20%26%20more%3A%2020%25%20off%20https%3A%2F%2Fsho.rt%2Fspring',
    ],
    [
      'telegram',
      'https://t.me/share/url?url=https%3A%2F%2Fsho.rt%2Fspring&text=Spring%20sale%20%26%20more%3A%2020%25%20off',
    ],
    [
      'reddit',
      'https://www.reddit.com/submit?url=https%3A%2F%2Fsho.rt%2Fspring&title=Spring%20sale%20%26%20more%3A%2020%25%20off',
    ],
  ] as const)('%s', (target, expected) => {
    expect(shareUrl(target, shared)).toBe(expected);
    // The link reads back whole from the query, whatever it holds.
    const back = new URL(expected.replace('mailto:', 'https://mail.invalid/'));
    expect([...back.searchParams.values()].join(' ')).toContain('https://sho.rt/spring');
  });

  it('leaves out the title where there is none, and keeps non-Latin titles whole', () => {
    const untitled = { url: 'https://sho.rt/a', title: '  ' };
    expect(shareUrl('x', untitled)).toBe('https://x.com/intent/tweet?url=https%3A%2F%2Fsho.rt%2Fa');
    expect(shareUrl('email', untitled)).toBe('mailto:?body=https%3A%2F%2Fsho.rt%2Fa');
    expect(shareUrl('whatsapp', untitled)).toBe('https://wa.me/?text=https%3A%2F%2Fsho.rt%2Fa');
    const title = new URL(
      shareUrl('reddit', { url: 'https://sho.rt/a', title: 'Привет, 世界' }),
    ).searchParams.get('title');
    expect(title).toBe('Привет, 世界');
  });

  it('opens every network over https, and mail with mailto:', () => {
    for (const target of SHARE_TARGETS) {
      const protocol = new URL(shareUrl(target, shared)).protocol;
      expect(protocol).toBe(target === 'email' ? 'mailto:' : 'https:');
    }
  });
});
