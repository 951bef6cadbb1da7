import { describe, expect, it } from 'vitest';
import {
  datetimeLocalToApi,
  defaultExpiryValue,
  expiryFromDays,
  parseDatetimeLocal,
  retryHint,
  savedKeyHint,
  toDatetimeLocal,
} from '@/lib/format';

describe('expiry dates', () => {
  const now = new Date(2031, 0, 30, 9, 5, 42);

  it('formats a date for <input type="datetime-local"> in local time', () => {
    expect(toDatetimeLocal(now)).toBe('2031-01-30T09:05');
  });

  it('adds calendar days for a default expiry', () => {
    expect(toDatetimeLocal(expiryFromDays(7, now)!)).toBe('2031-02-06T09:05');
    expect(defaultExpiryValue(30, now)).toBe('2031-03-01T09:05');
  });

  it.each([null, 0, -3, Number.NaN])('has no expiry for %s days', (days) => {
    expect(expiryFromDays(days, now)).toBeNull();
    expect(defaultExpiryValue(days, now)).toBe('');
  });

  it('converts the input value to the API form', () => {
    expect(datetimeLocalToApi('2031-02-06T09:05')).toBe('2031-02-06 09:05:00');
    expect(datetimeLocalToApi('2031-02-06T09:05:07')).toBe('2031-02-06 09:05:07');
  });

  it.each(['', '2031-02-06', '2031-02-30T10:00', '06/02/2031 09:05', 'tomorrow'])(
    'rejects the malformed value "%s"',
    (value) => {
      expect(parseDatetimeLocal(value)).toBeNull();
      expect(datetimeLocalToApi(value)).toBeNull();
    },
  );

  it('reads the input value as local time', () => {
    expect(parseDatetimeLocal('2031-02-06T09:05')?.getTime()).toBe(new Date(2031, 1, 6, 9, 5).getTime());
  });
});

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
