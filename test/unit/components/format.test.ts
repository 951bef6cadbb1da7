/** Numbers, counts and server dates on the management page follow the language of its messages. */

import { describe, expect, it, vi } from 'vitest';
import { formatDate, overlayTypeLabel } from '@/components/format';
import { formatNumber, tPlural } from '@/lib/i18n';
import { formatMessage } from '../i18n/fake-i18n';

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

describe('formatNumber and tCount', () => {
  it('groups digits as the language does', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    speak('de');
    expect(formatNumber(1234567)).toBe('1.234.567');
  });

  it('picks the plural form by the language’s rules and puts the formatted count in', () => {
    expect(tPlural('manage_editor_errors', 1)).toBe('One field needs attention before saving.');
    expect(tPlural('manage_pager_status', 1200, 2, 3)).toBe('Page 2 of 3 (1,200 items)');
    speak('fr');
    // French counts 0 and 1 in the singular; English would say "0 items".
    expect(tPlural('manage_pager_status', 0, 1, 1)).toBe('Page 1 sur 1 (0 élément)');
    expect(tPlural('manage_pager_status', 1200, 2, 3)).toBe('Page 2 sur 3 (1\u202f200 éléments)');
  });
});

describe('overlayTypeLabel', () => {
  it('names the overlay kinds it knows in the user’s language, whatever their case', () => {
    speak('de');
    expect(overlayTypeLabel('message')).toBe('Nachricht');
    expect(overlayTypeLabel('Poll')).toBe('Umfrage');
    expect(overlayTypeLabel('contact')).toBe('Kontaktformular');
  });

  it('shows a kind it does not know as the server sent it', () => {
    speak('de');
    expect(overlayTypeLabel('hologram')).toBe('hologram');
  });
});
