import { describe, expect, it } from 'vitest';
import { readRateLimit, resetTime, retryTime } from '@/lib/api/rate-limit';

const NOW = 1_700_000_000_000;

describe('readRateLimit', () => {
  it('reads limit, remaining and reset', () => {
    const headers = new Headers({
      'X-RateLimit-Limit': '30',
      'X-RateLimit-Remaining': '12',
      'X-RateLimit-Reset': '1700000060',
    });
    expect(readRateLimit(headers, NOW)).toEqual({
      limit: 30,
      remaining: 12,
      resetAt: 1_700_000_060_000,
      seenAt: NOW,
    });
  });

  it('is null when the answer has no limit headers', () => {
    expect(readRateLimit(new Headers(), NOW)).toBeNull();
    expect(readRateLimit(new Headers({ 'X-RateLimit-Limit': 'lots' }), NOW)).toBeNull();
  });

  it('keeps the counts when Reset is missing or unreadable', () => {
    const headers = new Headers({
      'X-RateLimit-Limit': '30',
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': '?',
    });
    expect(readRateLimit(headers, NOW)).toEqual({ limit: 30, remaining: 0, resetAt: null, seenAt: NOW });
  });
});

describe('resetTime', () => {
  const reset = (value: string) => resetTime(new Headers({ 'X-RateLimit-Reset': value }), NOW);

  it('reads values above 1e12 as epoch milliseconds', () => {
    expect(reset('1700000045000')).toBe(1_700_000_045_000);
  });

  it('reads values above 1e9 as epoch seconds', () => {
    expect(reset('1700000045')).toBe(1_700_000_045_000);
  });

  it('reads small values as seconds from now', () => {
    expect(reset('45')).toBe(NOW + 45_000);
    expect(reset('0')).toBe(NOW);
  });

  it('reads an HTTP date', () => {
    expect(reset('Tue, 14 Nov 2023 22:14:20 GMT')).toBe(Date.parse('2023-11-14T22:14:20Z'));
  });
});

describe('retryTime', () => {
  it('prefers X-RateLimit-Reset over Retry-After', () => {
    const headers = new Headers({ 'X-RateLimit-Reset': '10', 'Retry-After': '99' });
    expect(retryTime(headers, NOW)).toBe(NOW + 10_000);
  });

  it('falls back to Retry-After in seconds or as a date', () => {
    expect(retryTime(new Headers({ 'Retry-After': '120' }), NOW)).toBe(NOW + 120_000);
    expect(retryTime(new Headers({ 'Retry-After': 'Tue, 14 Nov 2023 22:15:00 GMT' }), NOW)).toBe(
      Date.parse('2023-11-14T22:15:00Z'),
    );
  });

  it('is null when the server gives no time', () => {
    expect(retryTime(new Headers(), NOW)).toBeNull();
  });
});
