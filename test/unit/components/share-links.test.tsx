/** The share links: one per network, each opening a new tab, and the system's share sheet only where it exists. */
import { describe, expect, it, vi } from 'vitest';
import { ShareLinks } from '@/components/share-links';
import { click, mount } from '../dom';

const links = () => [...document.querySelectorAll<HTMLAnchorElement>('.share a')];

describe('ShareLinks', () => {
  it('offers Email and six networks, each in a new tab without passing this page on', async () => {
    await mount(<ShareLinks url="https://sho.rt/a" title="A page" share={undefined} />);
    expect(links().map((a) => a.textContent)).toEqual([
      'Email',
      'X',
      'LinkedIn',
      'Facebook',
      'WhatsApp',
      'Telegram',
      'Reddit',
    ]);
    expect(links().every((a) => a.target === '_blank' && a.rel === 'noopener noreferrer')).toBe(true);
    expect(links()[1]?.getAttribute('aria-label')).toBe('Share on X (opens in a new tab)');
    expect(links()[6]?.href).toBe(
      'https://www.reddit.com/submit?url=https%3A%2F%2Fsho.rt%2Fa&title=A%20page',
    );
    expect(document.querySelector('.share button')).toBeNull();
  });

  it('opens the system’s share sheet with the link and its title, where the browser has one', async () => {
    const share = vi.fn(async () => undefined);
    await mount(<ShareLinks url="https://sho.rt/a" title="A page" share={share} />);
    await click(document.querySelector<HTMLButtonElement>('.share button')!);
    expect(share).toHaveBeenCalledWith({ url: 'https://sho.rt/a', title: 'A page' });
  });
});
