/** The URLs of a text that holds several: separators, text around them, and what is not a separator. */
import { describe, expect, it } from 'vitest';
import { distinctUrl, urlsInText } from '@/lib/url/several';

describe('urlsInText', () => {
  it('reads one URL a line', () => {
    expect(urlsInText('https://a.example/1\nhttps://b.example/2\r\nhttps://c.example/3\n')).toEqual([
      'https://a.example/1',
      'https://b.example/2',
      'https://c.example/3',
    ]);
  });

  it('reads URLs separated by spaces, commas or semicolons', () => {
    expect(
      urlsInText('https://a.example/1 https://b.example/2,https://c.example/3; https://d.example/4'),
    ).toEqual(['https://a.example/1', 'https://b.example/2', 'https://c.example/3', 'https://d.example/4']);
  });

  it('ignores the words around them, and their brackets, quotes and sentence punctuation', () => {
    const text =
      'See the report (https://a.example/report), the “https://b.example/q?x=1” page and <https://c.example/>.\n' +
      '- [docs](https://d.example/guide)\n• www.e.example/start!';
    expect(urlsInText(text)).toEqual([
      'https://a.example/report',
      'https://b.example/q?x=1',
      'https://c.example/',
      'https://d.example/guide',
      'https://www.e.example/start',
    ]);
  });

  it('keeps commas and semicolons inside a URL, and parentheses it opens itself', () => {
    expect(urlsInText('https://a.example/?ids=1,2;3 https://en.wikipedia.org/wiki/Foo_(bar)')).toEqual([
      'https://a.example/?ids=1,2;3',
      'https://en.wikipedia.org/wiki/Foo_(bar)',
    ]);
  });

  it('keeps duplicates for the caller to collapse, and finds nothing in plain words or other schemes', () => {
    expect(urlsInText('https://a.example https://a.example')).toHaveLength(2);
    expect(
      urlsInText('nothing here, mailto:x@y.example ftp://files.example/ or javascript:alert(1)'),
    ).toEqual([]);
    expect(urlsInText('')).toEqual([]);
  });
});

describe('distinctUrl', () => {
  it('adds sl=<n>, replacing one the URL has, and keeps the rest of the query as written', () => {
    expect(distinctUrl('https://a.example/p', 2)).toBe('https://a.example/p?sl=2');
    expect(distinctUrl('https://a.example/p?q=a+b&sl=1#top', 3)).toBe('https://a.example/p?q=a+b&sl=3#top');
    expect(distinctUrl('not a url', 2)).toBe('not a url');
  });
});
