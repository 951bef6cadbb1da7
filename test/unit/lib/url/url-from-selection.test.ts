/** `urlFromSelection`: the web address a selected piece of text means, as the user means it. */
import { describe, expect, it } from 'vitest';
import { urlFromSelection } from '@/lib/url/rules';

describe('urlFromSelection', () => {
  it.each([
    ['a plain URL', 'https://example.com/path/page', 'https://example.com/path/page'],
    ['http', 'http://example.com/', 'http://example.com/'],
    ['an upper-case scheme', 'HTTPS://Example.com/A', 'HTTPS://Example.com/A'],
    ['spaces and line breaks around it', ' \n\thttps://sel.example/x \n', 'https://sel.example/x'],
    ['the full stop ending a sentence', 'https://example.com/path/page.', 'https://example.com/path/page'],
    ['a full stop after a query', 'https://a.example/x?q=1.', 'https://a.example/x?q=1'],
    ['a comma', 'https://a.example/x,', 'https://a.example/x'],
    ['French quotes with spaces', '« https://a.example/x »', 'https://a.example/x'],
    ['French quotes with no-break spaces', '«\u00a0https://a.example/x\u00a0»', 'https://a.example/x'],
    ['an ellipsis after it', 'https://a.example/x…', 'https://a.example/x'],
    ['a semicolon', 'https://a.example/x;', 'https://a.example/x'],
    ['a colon', 'https://a.example/x:', 'https://a.example/x'],
    ['an exclamation mark', 'https://a.example/x!', 'https://a.example/x'],
    ['a question mark', 'https://a.example/x?', 'https://a.example/x'],
    ['several marks', 'https://a.example/x?!...', 'https://a.example/x'],
    ['parentheses', '(https://example.com/paren)', 'https://example.com/paren'],
    ['parentheses and a full stop', '(https://example.com/paren).', 'https://example.com/paren'],
    ['a full stop inside parentheses', '(https://example.com/paren.)', 'https://example.com/paren'],
    ['square brackets', '[https://example.com/b]', 'https://example.com/b'],
    ['angle brackets', '<https://example.com/a>', 'https://example.com/a'],
    ['double quotes', '"https://example.com/q"', 'https://example.com/q'],
    ['single quotes', "'https://example.com/q'", 'https://example.com/q'],
    ['typographic double quotes', '“https://example.com/q”', 'https://example.com/q'],
    ['typographic single quotes', '‘https://example.com/q’', 'https://example.com/q'],
    ['guillemets', '«https://example.com/q»', 'https://example.com/q'],
    ['quotes inside parentheses', '("https://example.com/q"),', 'https://example.com/q'],
    ['only an opening bracket', '(https://example.com/open', 'https://example.com/open'],
    ['an unbalanced closing parenthesis', 'https://example.com/x)', 'https://example.com/x'],
    ['an unbalanced closing bracket', 'https://example.com/x]', 'https://example.com/x'],
    [
      'the parenthesis that closes one in the URL',
      'https://en.wikipedia.org/wiki/Foo_(bar)',
      'https://en.wikipedia.org/wiki/Foo_(bar)',
    ],
    [
      'a parenthesised URL ending in a parenthesis',
      '(https://en.wikipedia.org/wiki/Foo_(bar)).',
      'https://en.wikipedia.org/wiki/Foo_(bar)',
    ],
    ['balanced brackets of an IPv6 host', 'http://[::1]', 'http://[::1]'],
    ['a www. address', 'www.example.org/doc', 'https://www.example.org/doc'],
    ['a www. address in a sentence', '(www.example.org).', 'https://www.example.org'],
    ['an upper-case WWW. address', 'WWW.Example.org', 'https://WWW.Example.org'],
  ])('takes %s', (_, text, url) => {
    expect(urlFromSelection(text)).toBe(url);
  });

  it.each([
    ['empty text', ''],
    ['spaces only', '   '],
    ['punctuation only', '(".")'],
    ['words', 'just some words'],
    ['a URL in a sentence', 'see https://a.example/x for more'],
    ['two URLs', 'https://a.example/ https://b.example/'],
    ['two URLs on two lines', 'https://a.example/\nhttps://b.example/'],
    ['a space inside the URL', 'https://a.example/a b'],
    ['a bare host name', 'example.com/doc'],
    ['www. alone', 'www.'],
    ['www. and one word', 'www.example'],
    ['a mailto: address', 'mailto:someone@example.com'],
    ['an ftp: URL', 'ftp://files.example/a'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a file: URL', 'file:///etc/passwd'],
    ['http without a host', 'https://'],
    ['http without slashes', 'http:example.com'],
  ])('refuses %s', (_, text) => {
    expect(urlFromSelection(text)).toBeNull();
  });
});
