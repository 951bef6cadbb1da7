import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTrackingParam, stripTrackingParams } from '@/lib/url/tracking';

describe('stripTrackingParams', () => {
  it('removes utm_* and click ids, keeps the rest in order with the fragment', () => {
    expect(
      stripTrackingParams('https://shop.example.com/p?id=7&utm_source=news&fbclid=x&color=red#top'),
    ).toBe('https://shop.example.com/p?id=7&color=red#top');
  });

  it('drops the question mark when nothing is left', () => {
    expect(stripTrackingParams('https://example.com/a?utm_medium=mail&gclid=1')).toBe(
      'https://example.com/a',
    );
  });

  it('leaves a URL without tracking parameters byte for byte', () => {
    const url = 'https://example.com/search?q=a%20b&x=%2F';
    expect(stripTrackingParams(url)).toBe(url);
  });

  it('matches names case-insensitively and when encoded', () => {
    expect(stripTrackingParams('https://example.com/?UTM_Source=a&%75tm_term=b&k=1')).toBe(
      'https://example.com/?k=1',
    );
  });

  it('returns anything that is not an http(s) URL unchanged', () => {
    expect(stripTrackingParams('not a url')).toBe('not a url');
    expect(stripTrackingParams('ftp://example.com/?utm_source=a')).toBe('ftp://example.com/?utm_source=a');
  });

  it('never adds a tracking parameter and never throws', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => {
        const cleaned = stripTrackingParams(url);
        const params = new URL(cleaned).searchParams;
        for (const name of params.keys()) expect(isTrackingParam(name)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
