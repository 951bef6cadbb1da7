/**
 * The pseudo-locale the layout tests run in (test/e2e/pseudo-locale.ts): every English message longer,
 * accented and bracketed, with its placeholders and plural marks intact, so the extension still fills
 * in its values and picks its plural forms.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, readLocale } from '@/build/locales';
import { pseudoLocalize, pseudoMessages } from '../../e2e/pseudo-locale';

const english = readLocale(join(import.meta.dirname, '../../../locales'), DEFAULT_LOCALE);
const pseudo = pseudoMessages(english);

/** The placeholders, plural marks and line breaks of a message, in order. */
const kept = (message: string) => message.match(/\$[A-Za-z0-9_@]+\$|\{[a-z]+\}|\n/g) ?? [];
/** A message's text without them, form by form. */
const forms = (message: string) =>
  message
    .split(/\{[a-z]+\}/)
    .filter(Boolean)
    .map((form) => form.replace(/\$[A-Za-z0-9_@]+\$|\n/g, ''));

describe('the pseudo-locale', () => {
  it('accents, lengthens and brackets a text', () => {
    expect(pseudoLocalize('Shorten')).toMatch(/^\[Şħǿǿřŧḗḗƞ [^\]]+\]$/);
    expect(pseudoLocalize('Copy $URL$')).toMatch(/^\[Ƈǿǿƥẏ \$URL\$[^\]]*\]$/);
  });

  it('keeps every placeholder, plural mark and line break of every message where English has it', () => {
    for (const [key, entry] of Object.entries(english)) {
      expect.soft(kept(pseudo[key]?.message ?? ''), key).toEqual(kept(entry.message));
    }
  });

  it('makes the text of every form at least 40 % longer, with no plain letter left to pass for English', () => {
    for (const [key, entry] of Object.entries(english)) {
      if (key === 'common_language_tag' || key === 'ext_name') continue;
      const before = forms(entry.message);
      const after = forms(pseudo[key]?.message ?? '');
      expect.soft(after.length, key).toBe(before.length);
      after.forEach((form, i) => {
        const source = before[i] ?? '';
        if (!/[A-Za-z]/.test(source)) return;
        expect.soft(form, key).toMatch(/^\[.*\]$/s);
        expect.soft(form.length - 2, key).toBeGreaterThanOrEqual(Math.ceil(source.length * 1.4));
        expect.soft(form, key).not.toMatch(/[A-Za-z]/);
      });
    }
  });

  it('leaves the language tag for Intl and <html lang>, and the brand, as they are', () => {
    expect(pseudo.common_language_tag?.message).toBe('en');
    expect(pseudo.ext_name?.message).toBe('Shortlink');
  });
});
