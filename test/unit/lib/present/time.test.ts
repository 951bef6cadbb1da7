/** lib/present/time.ts: one rule for every wait and duration a user reads, in their language. */
import { describe, expect, it, vi } from 'vitest';
import { formatDuration, retryHint } from '@/lib/present/time';
import { formatMessage } from '../../i18n/fake-i18n';

/** Makes the fake browser answer in `locale`, as a browser whose UI language it is would. */
function speak(locale: string) {
  vi.spyOn(browser.i18n, 'getMessage').mockImplementation(((key: string, subs?: string | string[]) =>
    formatMessage(key, subs, locale)) as typeof browser.i18n.getMessage);
}

describe('formatDuration', () => {
  it('counts seconds up to two minutes, so a countdown moves every second', () => {
    expect(formatDuration(0)).toBe('0 seconds');
    expect(formatDuration(1_000)).toBe('1 second');
    expect(formatDuration(41_200)).toBe('42 seconds');
    expect(formatDuration(119_000)).toBe('119 seconds');
  });

  it('counts minutes up to two hours, then hours and minutes', () => {
    expect(formatDuration(120_000)).toBe('2 minutes');
    expect(formatDuration(61 * 60_000)).toBe('61 minutes');
    expect(formatDuration(2 * 3_600_000)).toBe('2 hours');
    expect(formatDuration(2 * 3_600_000 + 5 * 60_000)).toBe('2 hours and 5 minutes');
    expect(formatDuration(3 * 3_600_000 + 60_000)).toBe('3 hours and 1 minute');
  });

  it('follows the plural rules of the user’s language', () => {
    speak('de');
    expect(formatDuration(1_000)).toBe('1 Sekunde');
    expect(formatDuration(2 * 3_600_000 + 60_000)).toBe('2 Stunden und 1 Minute');
    speak('fr');
    expect(formatDuration(0)).toBe('0 seconde');
    expect(formatDuration(90 * 60_000)).toBe('90 minutes');
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
    expect(retryHint(undefined, now)).toBe('Wait a minute and try again.');
  });
  it('never says zero or negative seconds', () => {
    expect(retryHint(now - 5000, now)).toBe('Try again in 1 second.');
  });
});
