/** lib/dates.ts: the API's date format, the datetime-local value, and default expiries. */
import { describe, expect, it } from 'vitest';
import {
  apiToDatetimeLocal,
  datetimeLocalToApi,
  defaultExpiryValue,
  expiryFromDays,
  localDay,
  parseApiDate,
  parseExportDate,
  parseLocalDateTime,
  toApiDateTime,
  toDatetimeLocal,
} from '@/lib/dates';

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
      expect(parseLocalDateTime(value)).toBeNull();
      expect(datetimeLocalToApi(value)).toBeNull();
    },
  );

  it('reads the input value as local time', () => {
    expect(parseLocalDateTime('2031-02-06T09:05')?.getTime()).toBe(new Date(2031, 1, 6, 9, 5).getTime());
  });
});

describe('the API format', () => {
  const date = new Date(2031, 0, 30, 9, 5, 42);

  it('writes a date as the API does, in local time', () => {
    expect(toApiDateTime(date)).toBe('2031-01-30 09:05:42');
    expect(localDay(date)).toBe('2031-01-30');
  });

  it('reads an API date back as a datetime-local value, and as a local Date', () => {
    expect(apiToDatetimeLocal('2031-01-30 09:05:42')).toBe('2031-01-30T09:05:42');
    expect(apiToDatetimeLocal('soon')).toBe('');
    expect(parseLocalDateTime('2031-01-30 09:05:42')?.getTime()).toBe(date.getTime());
  });

  it.each(['2031-01-30 24:00', '2031-01-30T09:60', '2031-02-29T09:00'])(
    'rejects the impossible "%s"',
    (value) => {
      expect(parseLocalDateTime(value)).toBeNull();
    },
  );
});

describe('parseApiDate', () => {
  it('reads a date and time, or a date alone, as the server clock reads them', () => {
    expect(parseApiDate('2026-11-24 09:30:00')).toEqual({
      date: new Date(2026, 10, 24, 9, 30, 0),
      hasTime: true,
    });
    expect(parseApiDate(' 2026-11-24 ')).toEqual({ date: new Date(2026, 10, 24), hasTime: false });
  });

  it('is null for what is not a real date in the API form', () => {
    expect(parseApiDate('2026-02-30')).toBeNull();
    expect(parseApiDate('yesterday')).toBeNull();
    expect(parseApiDate('')).toBeNull();
  });
});

describe('parseExportDate', () => {
  it('reads ISO 8601 with its zone, and without one as local time', () => {
    expect(parseExportDate('2024-06-01T08:00:00.000Z')).toEqual({
      date: new Date(Date.UTC(2024, 5, 1, 8)),
      hasTime: true,
    });
    expect(parseExportDate('2024-06-01T08:00:00+02:00')?.date).toEqual(new Date(Date.UTC(2024, 5, 1, 6)));
    expect(parseExportDate('2024-06-01T08:00')?.date).toEqual(new Date(2024, 5, 1, 8));
  });

  it('reads the API form and seconds or milliseconds since the epoch', () => {
    expect(parseExportDate('2024-06-01 08:00:00')?.date).toEqual(new Date(2024, 5, 1, 8));
    expect(parseExportDate('2024-06-01')).toEqual({ date: new Date(2024, 5, 1), hasTime: false });
    expect(parseExportDate('1709285400')?.date).toEqual(new Date(1_709_285_400_000));
    expect(parseExportDate('1709285400123')?.date).toEqual(new Date(1_709_285_400_123));
  });

  it('is null for anything else: a count, a day that does not exist, words', () => {
    expect(parseExportDate('120')).toBeNull();
    expect(parseExportDate('2024-02-30T10:00:00Z')).toBeNull();
    expect(parseExportDate('last spring')).toBeNull();
    expect(parseExportDate('')).toBeNull();
  });
});
