import { describe, expect, it } from 'vitest';
import { retryHint, savedKeyHint } from '@/lib/format';

describe('retryHint', () => {
  const now = 1_000_000;
  it('counts seconds until the window resets', () => {
    expect(retryHint(now + 39_200, now)).toBe('Try again in 40 seconds.');
  });
  it('switches to minutes for long waits', () => {
    expect(retryHint(now + 5 * 60_000, now)).toBe('Try again in 5 minutes.');
  });
  it('guesses a minute when the server did not say', () => {
    expect(retryHint(undefined, now)).toBe('Try again in 60 seconds.');
  });
  it('never says zero or negative seconds', () => {
    expect(retryHint(now - 5000, now)).toBe('Try again in 1 second.');
  });
});

describe('savedKeyHint', () => {
  it('shows only the last four characters of the key', () => {
    expect(savedKeyHint(' sk-live-abcdef1234 ')).toBe(
      'A key ending in …1234 is saved for this profile. Leave the field empty to keep it.',
    );
  });
});
