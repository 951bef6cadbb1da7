import { describe, expect, it } from 'vitest';
import { sameSite, siteOf } from '@/lib/url/site';

describe('siteOf', () => {
  it.each([
    ['example.com', 'example.com'],
    ['www.example.com', 'example.com'],
    ['a.b.example.com.', 'example.com'],
    ['news.example.co.uk', 'example.co.uk'],
    ['shop.example.com.au', 'example.com.au'],
    ['alice.github.io', 'alice.github.io'],
    ['docs.alice.github.io', 'alice.github.io'],
    ['my-app.vercel.app', 'my-app.vercel.app'],
    ['github.io', 'github.io'],
    ['co.uk', 'co.uk'],
    ['localhost', 'localhost'],
    ['127.0.0.1', '127.0.0.1'],
    ['[::1]', '[::1]'],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
  ])('%s belongs to %s', (host, site) => {
    expect(siteOf(host)).toBe(site);
  });
});

describe('sameSite', () => {
  it('joins a site’s own hosts, and no one else’s', () => {
    expect(sameSite('https://www.example.com/a', 'https://example.com/b')).toBe(true);
    expect(sameSite('https://m.example.co.uk/', 'https://www.example.co.uk/')).toBe(true);
    expect(sameSite('https://example.com/', 'https://example.org/')).toBe(false);
    expect(sameSite('https://evil.co.uk/', 'https://shop.co.uk/')).toBe(false);
    expect(sameSite('https://alice.github.io/', 'https://bob.github.io/')).toBe(false);
    expect(sameSite('http://127.0.0.1:8080/', 'http://127.0.0.2:8080/')).toBe(false);
    expect(sameSite('not a url', 'https://example.com/')).toBe(false);
  });
});
