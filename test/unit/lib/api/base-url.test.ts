import { describe, expect, it } from 'vitest';
import { normalizeBaseUrl, originOf } from '@/lib/api/base-url';

function accepted(input: string): string {
  const result = normalizeBaseUrl(input);
  if (!result.ok) throw new Error(`rejected ${input}: ${result.message}`);
  return result.url;
}

function rejection(input: string): string {
  const result = normalizeBaseUrl(input);
  if (result.ok) throw new Error(`accepted ${input} as ${result.url}`);
  return result.message;
}

describe('normalizeBaseUrl', () => {
  it.each([
    ['https://short.example.com', 'https://short.example.com'],
    ['  https://short.example.com  ', 'https://short.example.com'],
    ['https://short.example.com///', 'https://short.example.com'],
    ['https://short.example.com/api', 'https://short.example.com'],
    ['https://short.example.com/api/', 'https://short.example.com'],
    ['https://short.example.com/API/', 'https://short.example.com'],
    ['HTTPS://Short.Example.COM/', 'https://short.example.com'],
    ['https://example.com/short', 'https://example.com/short'],
    ['https://example.com/short/api/', 'https://example.com/short'],
    ['https://example.com:8443/', 'https://example.com:8443'],
    ['https://example.com:443', 'https://example.com'],
    ['http://localhost', 'http://localhost'],
    ['http://localhost:8080/api', 'http://localhost:8080'],
    ['http://127.0.0.1:3000/', 'http://127.0.0.1:3000'],
  ])('accepts %j as %s', (input, url) => {
    expect(accepted(input)).toBe(url);
  });

  it('keeps an /api that is not the last path segment', () => {
    expect(accepted('https://example.com/api/short')).toBe('https://example.com/api/short');
  });

  it('requires https on hosts other than localhost', () => {
    expect(rejection('http://short.example.com')).toBe('Use https:// — only localhost may use http://.');
    expect(rejection('http://192.168.1.10:8080')).toContain('only localhost may use http://');
    expect(rejection('http://localhost.evil.com')).toContain('only localhost may use http://');
  });

  it.each(['ftp://example.com', 'javascript:alert(1)', 'file:///etc/passwd', 'data:text/plain,hi'])(
    'rejects the %s scheme and says to use https://',
    (input) => {
      expect(rejection(input)).toMatch(/^Use an https:\/\/ address/);
    },
  );

  it.each([
    ['localhost:8787', 'http://localhost:8787'],
    ['localhost', 'http://localhost'],
    ['LocalHost:8787/api/', 'http://localhost:8787'],
    ['127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['short.example.com', 'https://short.example.com'],
    ['short.example.com:8443/short', 'https://short.example.com:8443/short'],
    ['intranet:8080', 'https://intranet:8080'],
  ])('reads the bare host %j as %s, and says it added the scheme', (input, url) => {
    const result = normalizeBaseUrl(input, { bareHost: true });
    expect(result).toEqual({ ok: true, url, schemeAdded: true });
  });

  it('says it added no scheme when one was typed', () => {
    expect(normalizeBaseUrl('http://localhost:8787', { bareHost: true })).toEqual({
      ok: true,
      url: 'http://localhost:8787',
      schemeAdded: false,
    });
  });

  it('still refuses, when reading a bare host, what a bare host cannot be', () => {
    const refusal = (input: string) => {
      const result = normalizeBaseUrl(input, { bareHost: true });
      return result.ok ? `accepted as ${result.url}` : result.message;
    };
    expect(refusal('localhost.evil.com:80/x?y')).toContain('Remove the ?query or #fragment');
    expect(refusal('user@localhost:8787')).toContain('Start the address with https://');
    expect(refusal('test')).toContain('Start the address with https://');
    expect(refusal('not a url')).toContain('Start the address with https://');
    expect(refusal('javascript:alert(1)')).toMatch(/^Use an https:\/\/ address/);
  });

  it('reads no bare host in a stored or imported address', () => {
    expect(normalizeBaseUrl('localhost:8787').ok).toBe(false);
  });

  it('rejects an address without a scheme and says what to type', () => {
    expect(rejection('short.example.com')).toBe(
      'Start the address with https://, e.g. https://short.example.com.',
    );
    expect(rejection('//short.example.com')).toContain('Start the address with https://');
  });

  it('rejects credentials in the URL', () => {
    expect(rejection('https://user:secret@example.com')).toContain('Remove the user name and password');
    expect(rejection('https://user@example.com')).toContain('Remove the user name and password');
  });

  it('rejects a query or fragment', () => {
    expect(rejection('https://example.com/?key=abc')).toContain('Remove the ?query or #fragment');
    expect(rejection('https://example.com/#top')).toContain('Remove the ?query or #fragment');
    expect(rejection('https://example.com/?')).toContain('Remove the ?query or #fragment');
  });

  it('rejects empty input and garbage', () => {
    expect(rejection('   ')).toContain('Enter the address of your link-shortening server');
    expect(rejection('not a url')).toContain('Start the address with https://');
    expect(rejection('https://')).toContain('not a valid web address');
    expect(rejection('https://exa mple.com')).toContain('not a valid web address');
  });

  it('never ends with a slash', () => {
    for (const input of ['https://a.example/', 'https://a.example/x/', 'http://localhost/api//']) {
      expect(accepted(input).endsWith('/')).toBe(false);
    }
  });
});

describe('originOf', () => {
  it('gives a host-permission match pattern without port or path', () => {
    expect(originOf('https://example.com')).toBe('https://example.com/*');
    expect(originOf('https://example.com/short')).toBe('https://example.com/*');
    expect(originOf('http://localhost:8080')).toBe('http://localhost/*');
  });
});
