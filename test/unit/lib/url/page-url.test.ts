import { describe, expect, it } from 'vitest';
import { resolveLink, resolveLinkUrl, resolvePage, resolvePageUrl } from '@/lib/url/page-url';

const off = { preferCanonical: false, stripTracking: false };
const TAB = 'https://shop.example/item/7?ref=home&utm_source=mail';

describe('resolvePageUrl', () => {
  it('keeps the tab’s address when both settings are off', () => {
    expect(resolvePageUrl(TAB, 'https://shop.example/item/7', off)).toBe(TAB);
  });

  it('uses an absolute http(s) canonical URL when preferred', () => {
    const hygiene = { ...off, preferCanonical: true };
    expect(resolvePageUrl(TAB, ' https://shop.example/item/7 ', hygiene)).toBe('https://shop.example/item/7');
    expect(resolvePageUrl(TAB, 'http://shop.example/item/7', hygiene)).toBe('http://shop.example/item/7');
  });

  it.each([
    ['missing', null],
    ['empty', '  '],
    ['relative', '/item/7'],
    ['protocol-relative', '//shop.example/item/7'],
    ['javascript:', 'javascript:alert(document.cookie)'],
    ['data:', 'data:text/html,hi'],
    ['without a host', 'https://'],
  ])('falls back to the tab’s address when the canonical URL is %s', (_, canonical) => {
    expect(resolvePageUrl(TAB, canonical, { ...off, preferCanonical: true })).toBe(TAB);
  });

  it.each([
    ['another site', 'https://evil.example/item/7'],
    ['a look-alike site', 'https://shop.example.evil.example/item/7'],
    ['a neighbour on a shared host', 'https://bob.github.io/post'],
  ])('falls back to the tab’s address when the canonical URL is on %s', (_, canonical) => {
    const hygiene = { ...off, preferCanonical: true };
    const tab = canonical.includes('github.io') ? 'https://alice.github.io/post' : TAB;
    expect(resolvePageUrl(tab, canonical, hygiene)).toBe(tab);
  });

  it('uses a canonical URL on another host of the page’s own site', () => {
    const hygiene = { ...off, preferCanonical: true };
    expect(resolvePageUrl('https://m.shop.example/item/7', 'https://www.shop.example/item/7', hygiene)).toBe(
      'https://www.shop.example/item/7',
    );
  });

  it('strips tracking parameters after choosing, from the canonical URL too', () => {
    const both = { preferCanonical: true, stripTracking: true };
    expect(resolvePageUrl(TAB, null, both)).toBe('https://shop.example/item/7?ref=home');
    expect(resolvePageUrl(TAB, 'https://shop.example/p/7?utm_medium=x&v=2#a', both)).toBe(
      'https://shop.example/p/7?v=2#a',
    );
  });
});

describe('resolveLinkUrl', () => {
  it('only strips tracking parameters, and only when asked', () => {
    expect(resolveLinkUrl(TAB, { preferCanonical: true, stripTracking: false })).toBe(TAB);
    expect(resolveLinkUrl(TAB, { preferCanonical: true, stripTracking: true })).toBe(
      'https://shop.example/item/7?ref=home',
    );
  });
});

describe('redirect wrappers', () => {
  const WRAPPED = `https://l.facebook.com/l.php?u=${encodeURIComponent(TAB)}&h=AT0`;

  it('are taken off when asked, before tracking parameters, and named', () => {
    expect(resolveLink(WRAPPED, { ...off, unwrapRedirects: true })).toEqual({
      url: TAB,
      unwrapped: ['Facebook'],
    });
    expect(resolveLink(WRAPPED, { ...off, unwrapRedirects: true, stripTracking: true })).toEqual({
      url: 'https://shop.example/item/7?ref=home',
      unwrapped: ['Facebook'],
    });
  });

  it('are kept when the setting is off or absent', () => {
    expect(resolveLink(WRAPPED, off)).toEqual({ url: WRAPPED, unwrapped: [] });
    expect(resolveLinkUrl(WRAPPED, { ...off, unwrapRedirects: false })).toBe(WRAPPED);
  });

  it('are taken off a canonical URL too', () => {
    const hygiene = { ...off, preferCanonical: true, unwrapRedirects: true };
    // A canonical URL counts only on the page's own site: a page of Facebook's declaring its wrapper.
    expect(resolvePage('https://www.facebook.com/some.page/posts/1', WRAPPED, hygiene)).toEqual({
      url: TAB,
      unwrapped: ['Facebook'],
    });
  });
});
