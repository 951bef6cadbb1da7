/** lib/present/labels.ts: what the server sends, named in the user's language. */
import { describe, expect, it, vi } from 'vitest';
import { overlayTypeLabel } from '@/lib/present/labels';
import { formatMessage } from '../../i18n/fake-i18n';

describe('overlayTypeLabel', () => {
  it('names the overlay kinds it knows in the user’s language, whatever their case', () => {
    vi.spyOn(browser.i18n, 'getMessage').mockImplementation(((key: string, subs?: string | string[]) =>
      formatMessage(key, subs, 'de')) as typeof browser.i18n.getMessage);
    expect(overlayTypeLabel('message')).toBe('Nachricht');
    expect(overlayTypeLabel('Poll')).toBe('Umfrage');
    expect(overlayTypeLabel('contact')).toBe('Kontaktformular');
    expect(overlayTypeLabel('hologram')).toBe('hologram');
  });
});
