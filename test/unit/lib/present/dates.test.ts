/** lib/present/dates.ts: server dates in the language of the messages, and the day in a file's name. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileDay, formatDate, formatExportDate } from '@/lib/present/dates';
import { formatMessage } from '../../i18n/fake-i18n';

/** Makes the fake browser answer in `locale`, as a browser whose UI language it is would. */
function speak(locale: string) {
  vi.spyOn(browser.i18n, 'getMessage').mockImplementation(((key: string, subs?: string | string[]) =>
    formatMessage(key, subs, locale)) as typeof browser.i18n.getMessage);
}

describe('formatDate', () => {
  it('shows an API date and time in the language of the messages, as the server’s clock reads it', () => {
    expect(formatDate('2030-12-31 23:59:59')).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(2030, 11, 31, 23, 59),
      ),
    );
    speak('de');
    expect(formatDate('2030-12-31 23:59:59')).toBe('31.12.2030, 23:59');
  });

  it('shows a date without a time as a date only, and can leave the time out', () => {
    speak('de');
    expect(formatDate('2026-04-20')).toBe('20.04.2026');
    expect(formatDate('2026-04-20 08:00:00', { withTime: false })).toBe('20.04.2026');
  });

  it('shows anything that is not a real date in the API’s form as it came', () => {
    expect(formatDate('2026-02-30 10:00:00')).toBe('2026-02-30 10:00:00');
    expect(formatDate('next Tuesday')).toBe('next Tuesday');
    expect(formatDate('')).toBe('');
  });
});

describe('formatExportDate', () => {
  it('shows an export’s ISO, API-form and epoch dates like a server date, and anything else as written', () => {
    speak('de');
    expect(formatExportDate('2024-06-01T08:00:00')).toBe('01.06.2024, 08:00');
    expect(formatExportDate('2024-06-01 08:00:00')).toBe('01.06.2024, 08:00');
    expect(formatExportDate('2024-06-01')).toBe('01.06.2024');
    expect(formatExportDate(String(new Date(2024, 2, 1, 9, 30).getTime() / 1000))).toBe('01.03.2024, 09:30');
    expect(formatExportDate('spring 2024')).toBe('spring 2024');
  });
});

describe('fileDay', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('is the user’s local day, also while UTC is still on the day before or already on the next', () => {
    process.env.TZ = 'Europe/Berlin';
    const afterMidnight = new Date(2031, 2, 1, 0, 30);
    expect(afterMidnight.toISOString().slice(0, 10)).toBe('2031-02-28');
    expect(fileDay(afterMidnight)).toBe('2031-03-01');
    process.env.TZ = 'America/Los_Angeles';
    const lateEvening = new Date(2031, 11, 31, 23, 59);
    expect(lateEvening.toISOString().slice(0, 10)).toBe('2032-01-01');
    expect(fileDay(lateEvening)).toBe('2031-12-31');
  });
});
