import { describe, expect, it } from 'vitest';
import { isHttpUrl, longUrlError, safeHref, unshortenableReason } from '@/lib/url/rules';

describe('unshortenableReason', () => {
  it.each(['https://example.com/', 'http://localhost:8080/a?b=c#d', '  https://example.com/padded  '])(
    'accepts the web page %s',
    (url) => {
      expect(unshortenableReason(url)).toBeNull();
    },
  );

  it('explains browser pages with the example wording', () => {
    expect(unshortenableReason('chrome://extensions/')).toBe(
      "This page can't be shortened (chrome:// pages are internal to the browser). Paste a URL instead.",
    );
  });

  it.each([
    ['edge://settings', 'edge:// pages are internal to the browser'],
    ['about:blank', 'about: pages are internal to the browser'],
    ['about:addons', 'about: pages are internal to the browser'],
    ['chrome-extension://abc/popup.html', 'chrome-extension:// pages are internal to the browser'],
    ['moz-extension://abc/options.html', 'moz-extension:// pages are internal to the browser'],
    ['view-source:https://example.com', 'view-source: pages are internal to the browser'],
    ['file:///home/me/notes.html', 'file:// pages are on this computer, not on the web'],
    ['data:text/html,<b>hi</b>', 'only http:// and https:// pages have a web address to share'],
    ['javascript:alert(1)', 'only http:// and https:// pages have a web address to share'],
    ['', 'it has no web address'],
    [undefined, 'it has no web address'],
  ])('refuses %s', (url, why) => {
    expect(unshortenableReason(url)).toBe(`This page can't be shortened (${why}). Paste a URL instead.`);
  });
});

describe('longUrlError', () => {
  it('asks for a URL when the field is empty', () => {
    expect(longUrlError('   ')).toBe('Enter the URL to shorten.');
  });

  it.each(['example.com', 'ftp://example.com/file', 'chrome://settings', 'https://'])(
    'refuses %s',
    (value) => {
      expect(longUrlError(value)).toBe('Enter a full web address starting with http:// or https://.');
    },
  );

  it('accepts http and https addresses', () => {
    expect(longUrlError('https://example.com/a')).toBeNull();
    expect(longUrlError('http://example.com')).toBeNull();
  });
});

describe('links from server data', () => {
  it('only lets http(s) URLs become link targets', () => {
    expect(safeHref('https://sho.rt/a')).toBe('https://sho.rt/a');
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeHref('data:text/html,x')).toBeUndefined();
    expect(isHttpUrl('not a url')).toBe(false);
  });
});
