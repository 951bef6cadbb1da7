/** lib/i18n.ts: numbers and counts follow the language of the messages. */
import { describe, expect, it, vi } from 'vitest';
import { formatNumber, tPlural } from '@/lib/i18n';
import { formatMessage } from '../i18n/fake-i18n';

/** Makes the fake browser answer in `locale`, as a browser whose UI language it is would. */
function speak(locale: string) {
  vi.spyOn(browser.i18n, 'getMessage').mockImplementation(((key: string, subs?: string | string[]) =>
    formatMessage(key, subs, locale)) as typeof browser.i18n.getMessage);
}

describe('formatNumber and tPlural', () => {
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
