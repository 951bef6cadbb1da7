// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { withScheme } from '@/lib/url/scheme';

describe('withScheme', () => {
  it.each([
    ['localhost:8787', 'http://localhost:8787'],
    ['127.0.0.1:8787/api', 'http://127.0.0.1:8787/api'],
    ['LOCALHOST', 'http://LOCALHOST'],
    ['go.example.com', 'https://go.example.com'],
    ['go.example.com/abc', 'https://go.example.com/abc'],
    ['intranet:8080', 'https://intranet:8080'],
  ])('completes the bare host %s as %s', (typed, completed) => {
    expect(withScheme(typed)).toBe(completed);
  });

  it.each(['my-demo', 'https://go.example.com', 'not a host', 'go.example.com?x=1 y', ''])(
    'leaves %s to the caller: an alias, a whole URL or no host at all',
    (typed) => {
      expect(withScheme(typed)).toBeNull();
    },
  );
});
