import { describe, expect, it } from 'vitest';
import {
  copyPayloadFor,
  copyPayloadForLabelled,
  copyPayloadForList,
  formatForCopy,
  parseCopyFormat,
} from '@/lib/links/copy-format';

const link = { shortUrl: 'https://go.example.com/abc', title: 'Spring sale' };

describe('formatForCopy', () => {
  it('plain is the URL alone', () => {
    expect(formatForCopy(link, 'plain')).toBe('https://go.example.com/abc');
  });

  it('markdown puts the title in brackets', () => {
    expect(formatForCopy(link, 'markdown')).toBe('[Spring sale](https://go.example.com/abc)');
  });

  it('markdown escapes brackets and folds new lines in the title', () => {
    expect(formatForCopy({ ...link, title: 'A [b]\nc' }, 'markdown')).toBe(
      '[A \\[b\\] c](https://go.example.com/abc)',
    );
  });

  it('markdown escapes parentheses in the URL, which would end the link early', () => {
    expect(formatForCopy({ shortUrl: 'https://x.io/a(b)', title: 'T' }, 'markdown')).toBe(
      '[T](https://x.io/a%28b%29)',
    );
  });

  it('html escapes the title and the URL', () => {
    expect(formatForCopy({ shortUrl: 'https://x.io/a"b', title: '<b>&' }, 'html')).toBe(
      '<a href="https://x.io/a&quot;b">&lt;b&gt;&amp;</a>',
    );
  });

  it('markdown escapes what would open inline HTML, an autolink or a code span in the title', () => {
    const copied = formatForCopy({ ...link, title: '<img src=x onerror=alert(1)> `a' }, 'markdown');
    expect(copied).toBe('[\\<img src=x onerror=alert(1)\\> \\`a](https://go.example.com/abc)');
  });

  it('markdown encodes a space, < or > in the URL, which would end the destination early', () => {
    expect(formatForCopy({ shortUrl: 'https://x.io/a b<c>', title: 'T' }, 'markdown')).toBe(
      '[T](https://x.io/a%20b%3Cc%3E)',
    );
  });

  it.each(['javascript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:msgbox(1)', '//evil.example/x'])(
    'links only an http(s) short URL: %s is copied as escaped text in HTML and Markdown',
    (shortUrl) => {
      const html = formatForCopy({ shortUrl, title: 'T' }, 'html');
      expect(html).not.toContain('<a');
      expect(html).toBe(`T — ${shortUrl.replace(/</g, '&lt;').replace(/>/g, '&gt;')}`);
      expect(formatForCopy({ shortUrl, title: '' }, 'markdown')).not.toMatch(/\]\(/);
      expect(copyPayloadForLabelled([{ label: 'X', shortUrl }], 'html').text).not.toContain('<a');
      expect(copyPayloadForLabelled([{ label: 'X', shortUrl }], 'markdown').text).not.toMatch(/\]\(/);
    },
  );

  it('titled joins title and URL with a dash', () => {
    expect(formatForCopy(link, 'titled')).toBe('Spring sale — https://go.example.com/abc');
  });

  it('falls back to the URL when there is no title', () => {
    const untitled = { ...link, title: '  ' };
    expect(formatForCopy(untitled, 'titled')).toBe(link.shortUrl);
    expect(formatForCopy(untitled, 'markdown')).toBe(`[${link.shortUrl}](${link.shortUrl})`);
  });
});

describe('parseCopyFormat', () => {
  it('keeps known formats and turns anything else into plain', () => {
    expect(parseCopyFormat('html')).toBe('html');
    expect(parseCopyFormat('rtf')).toBe('plain');
    expect(parseCopyFormat(undefined)).toBe('plain');
  });
});

describe('copyPayloadFor', () => {
  it('gives HTML as text/plain and text/html, so rich editors paste a link', () => {
    const markup = '<a href="https://go.example.com/abc">Spring sale</a>';
    expect(copyPayloadFor(link, 'html')).toEqual({ text: markup, html: markup });
  });

  it.each(['plain', 'markdown', 'titled'] as const)('gives %s as text only', (format) => {
    expect(copyPayloadFor(link, format)).toEqual({ text: formatForCopy(link, format) });
  });
});

describe('copyPayloadForList', () => {
  const links = [link, { shortUrl: 'https://go.example.com/xyz', title: '' }];

  it('puts one link per line, in order', () => {
    expect(copyPayloadForList(links, 'titled')).toEqual({
      text: 'Spring sale — https://go.example.com/abc\nhttps://go.example.com/xyz',
    });
  });

  it('breaks HTML lines with <br>, which rich editors keep', () => {
    expect(copyPayloadForList(links, 'html')).toEqual({
      text: '<a href="https://go.example.com/abc">Spring sale</a>\n<a href="https://go.example.com/xyz">https://go.example.com/xyz</a>',
      html: '<a href="https://go.example.com/abc">Spring sale</a><br>\n<a href="https://go.example.com/xyz">https://go.example.com/xyz</a>',
    });
  });

  it('is empty for no links', () => {
    expect(copyPayloadForList([], 'plain')).toEqual({ text: '' });
  });
});

describe('copyPayloadForLabelled', () => {
  const links = [
    { label: 'X', shortUrl: 'https://go.example.com/x1' },
    { label: 'LinkedIn', shortUrl: 'https://go.example.com/li2' },
  ];

  it('plain labels each line with a colon', () => {
    expect(copyPayloadForLabelled(links, 'plain')).toEqual({
      text: 'X: https://go.example.com/x1\nLinkedIn: https://go.example.com/li2',
    });
  });

  it('markdown makes a list of linked URLs, escaping the label', () => {
    expect(copyPayloadForLabelled([{ label: 'A [b]\nc', shortUrl: 'https://x.io/(1)' }], 'markdown')).toEqual(
      {
        text: '- A \\[b\\] c: [https://x.io/(1)](https://x.io/%281%29)',
      },
    );
    expect(copyPayloadForLabelled(links, 'markdown').text.split('\n')).toEqual([
      '- X: [https://go.example.com/x1](https://go.example.com/x1)',
      '- LinkedIn: [https://go.example.com/li2](https://go.example.com/li2)',
    ]);
  });

  it('html makes an escaped list, as text/plain and text/html', () => {
    const payload = copyPayloadForLabelled([{ label: '<b>&', shortUrl: 'https://x.io/a"b' }], 'html');
    const list =
      '<ul>\n<li>&lt;b&gt;&amp;: <a href="https://x.io/a&quot;b">https://x.io/a&quot;b</a></li>\n</ul>';
    expect(payload).toEqual({ text: list, html: list });
  });

  it('titled puts the label where the title goes', () => {
    expect(copyPayloadForLabelled(links, 'titled').text).toBe(
      'X — https://go.example.com/x1\nLinkedIn — https://go.example.com/li2',
    );
  });
});
