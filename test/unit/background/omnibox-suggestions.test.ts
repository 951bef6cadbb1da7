/**
 * The address bar's rows and what Enter means: found by the popup's search, highlighted with
 * Chrome's XML (escaped), plain text for Firefox.
 */
import { describe, expect, it } from 'vitest';
import {
  escapeXml,
  omniboxCache,
  omniboxIntent,
  omniboxSuggestions,
  unconfiguredDescription,
} from '@/entrypoints/background/omnibox-suggestions';
import type { CachedLink } from '@/lib/links/cache';

function link(id: number, patch: Partial<CachedLink>): CachedLink {
  return {
    id,
    alias: `a${id}`,
    shortUrl: `https://sho.rt/a${id}`,
    longUrl: `https://example.org/${id}`,
    title: '',
    description: '',
    clicks: 0,
    date: '2024-05-01 10:00:00',
    ...patch,
  };
}

const LINKS = [
  link(1, { title: 'Launch plan', longUrl: 'https://docs.example/plan' }),
  link(2, { alias: 'spring-sale', title: 'Shop' }),
  link(3, { longUrl: 'https://wiki.example/quarterly-review' }),
  link(4, { shortUrl: 'https://go.brand/promo7' }),
  link(5, { title: 'Tom & Jerry <b>"best"</b> \'ever\'', longUrl: 'https://tv.example/?a=1&b=2' }),
];
const cache = omniboxCache(LINKS);
const rows = (text: string, browser: 'chrome' | 'firefox' = 'chrome') =>
  omniboxSuggestions(text, cache, browser);

describe('omniboxSuggestions', () => {
  it('finds links by title, alias, long URL and short URL, with the short URL as content', () => {
    expect(rows('launch').suggestions.map((r) => r.content)).toEqual(['https://sho.rt/a1']);
    expect(rows('spring').suggestions.map((r) => r.content)).toEqual(['https://sho.rt/a2']);
    expect(rows('quarterly').suggestions.map((r) => r.content)).toEqual(['https://sho.rt/a3']);
    expect(rows('promo7').suggestions.map((r) => r.content)).toEqual(['https://go.brand/promo7']);
  });

  it("highlights every typed word in Chrome's markup, in the title, short URL and long URL", () => {
    expect(rows('laun PL').suggestions[0]!.description).toBe(
      '<match>Laun</match>ch <match>pl</match>an — <url>https://sho.rt/a1</url> ' +
        '<dim>https://docs.exam<match>pl</match>e/<match>pl</match>an</dim>',
    );
  });

  it('merges overlapping hits so a match never nests in a match', () => {
    expect(rows('launch aunc').suggestions[0]!.description).toMatch(/^<match>Launch<\/match> plan/);
  });

  it('escapes XML specials in titles and URLs, highlighted or not', () => {
    const { description } = rows('jerry').suggestions[0]!;
    expect(description).toBe(
      'Tom &#38; <match>Jerry</match> &#60;b&#62;&#34;best&#34;&#60;/b&#62; &#39;ever&#39; — ' +
        '<url>https://sho.rt/a5</url> <dim>https://tv.example/?a=1&#38;b=2</dim>',
    );
    // Well-formed: only the three style elements remain once the escapes are read back.
    const doc = new DOMParser().parseFromString(`<r>${description}</r>`, 'text/xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(doc.documentElement.textContent).toBe(
      'Tom & Jerry <b>"best"</b> \'ever\' — https://sho.rt/a5 https://tv.example/?a=1&b=2',
    );
  });

  it('gives Firefox plain text, with the characters as they are', () => {
    expect(rows('jerry', 'firefox').suggestions[0]!.description).toBe(
      'Tom & Jerry <b>"best"</b> \'ever\' — https://sho.rt/a5 https://tv.example/?a=1&b=2',
    );
    // Firefox shows the first row set for the previous keystroke: one text, true for any.
    for (const text of ['', 'launch', 'https://new.example/', 'zzz']) {
      expect(rows(text, 'firefox').description).toBe(
        'Enter copies the first link found, shortens a web address, or, with nothing typed, shortens the current tab.',
      );
    }
  });

  it('names a link without a title by its alias', () => {
    expect(rows('quarterly', 'firefox').suggestions[0]!.description).toBe(
      'a3 — https://sho.rt/a3 https://wiki.example/quarterly-review',
    );
  });

  it('says what Enter will do in the first row', () => {
    expect(rows('').description).toBe('Press Enter to shorten the current tab and copy its short URL');
    expect(rows('').suggestions).toEqual([]);
    expect(rows('https://new.example/a?b=1&c=2').description).toBe(
      'Press Enter to shorten and copy: <url>https://new.example/a?b=1&#38;c=2</url>',
    );
    expect(rows('launch').description).toBe(
      'Enter copies, Alt+Enter opens the long URL of: <url>https://sho.rt/a1</url>',
    );
    expect(rows('nothing <here>').description).toBe(
      'No saved link matches “nothing &#60;here&#62;”. Type a web address (https://…) to shorten it.',
    );
  });

  it('says Enter opens Options when no server is configured', () => {
    expect(unconfiguredDescription('chrome')).toBe('No server configured: press Enter to open Options');
    expect(unconfiguredDescription('firefox')).toBe('No server configured: press Enter to open Options');
  });

  it('does not list the row whose short URL is the text typed', () => {
    expect(rows('https://sho.rt/a1').suggestions.map((r) => r.content)).not.toContain('https://sho.rt/a1');
  });
});

describe('omniboxIntent', () => {
  it('reads nothing as the current tab, a picked short URL as its link, words as the first match', () => {
    expect(omniboxIntent('  ', cache)).toEqual({ kind: 'current-tab' });
    expect(omniboxIntent('https://go.brand/promo7', cache)).toEqual({ kind: 'link', link: LINKS[3] });
    expect(omniboxIntent('shop', cache)).toEqual({ kind: 'link', link: LINKS[1] });
    expect(omniboxIntent('zzz', cache)).toEqual({ kind: 'no-match', query: 'zzz' });
  });

  it('reads a web address as the context menu reads a selected one', () => {
    expect(omniboxIntent('https://new.example/x', cache)).toEqual({
      kind: 'shorten',
      url: 'https://new.example/x',
    });
    expect(omniboxIntent('www.example.org/doc.', cache)).toEqual({
      kind: 'shorten',
      url: 'https://www.example.org/doc',
    });
    expect(omniboxIntent('ftp://files.example/x', cache).kind).toBe('no-match');
  });
});

describe('escapeXml', () => {
  it('escapes the five XML specials', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
  });

  it('drops control characters and lone surrogates, which no XML may hold, and keeps the rest', () => {
    expect(escapeXml('a\u0000b\u0007c\u001Bd\uFFFEe\uD800f\uDC00g 😀\th')).toBe('abcdefg 😀\th');
  });

  it('gives a well-formed description for a title with such characters', () => {
    const title = 'Q3\u0000 plan\u0008 \uD83D report 😀';
    const [row] = omniboxSuggestions('plan', omniboxCache([link(9, { title })]), 'chrome').suggestions;
    expect(row!.description).toBe(
      'Q3 <match>plan</match>  report 😀 — <url>https://sho.rt/a9</url> <dim>https://example.org/9</dim>',
    );
    const parsed = new DOMParser().parseFromString(`<r>${row!.description}</r>`, 'application/xml');
    expect(parsed.querySelector('parsererror')).toBeNull();
  });
});
