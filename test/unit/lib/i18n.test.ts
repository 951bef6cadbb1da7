/**
 * Messages in the browser's language: each page says which language its text is in and which way it
 * reads, and dates, numbers, counts and durations follow every shipped language through Intl.
 */
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { localeNames, readLocale } from '@/build/locales';
import { formatNumber, pluralForm, setDocumentLanguage, tPlural, uiLanguage } from '@/lib/i18n';
import { formatDate } from '@/lib/present/dates';
import { formatDuration, retryHint } from '@/lib/present/time';
import { formatMessage } from '../i18n/fake-i18n';

const LOCALES = join(import.meta.dirname, '../../../locales');

/** Makes the fake browser's UI language `locale`, as a browser in that language would be. */
function speak(locale: string) {
  vi.spyOn(browser.i18n, 'getMessage').mockImplementation(((key: string, subs?: string | string[]) =>
    formatMessage(key, subs, locale)) as typeof browser.i18n.getMessage);
}

/** What a page says of its language after setDocumentLanguage, in a browser speaking `locale`. */
function documentLanguage(locale: string) {
  speak(locale);
  const doc = document.implementation.createHTMLDocument('');
  setDocumentLanguage(doc);
  return { lang: doc.documentElement.lang, dir: doc.documentElement.dir };
}

describe('setDocumentLanguage', () => {
  it('marks an Arabic page as Arabic, laid out right to left', () => {
    expect(documentLanguage('ar')).toEqual({ lang: 'ar', dir: 'rtl' });
  });

  it('marks a Japanese, a German and an English page as left to right', () => {
    expect(documentLanguage('ja')).toEqual({ lang: 'ja', dir: 'ltr' });
    expect(documentLanguage('de')).toEqual({ lang: 'de', dir: 'ltr' });
    expect(documentLanguage('en')).toEqual({ lang: 'en', dir: 'ltr' });
  });

  it('keeps the English fallback left to right in a browser whose right-to-left language has no translation', () => {
    // Chrome in Hebrew says rtl; the messages it falls back to are English.
    expect(documentLanguage('he')).toEqual({ lang: 'en', dir: 'ltr' });
  });
});

/** The first whole number, or exact million, that `rules` puts in each of its categories. */
function sampleCounts(rules: Intl.PluralRules): Map<string, number> {
  const samples = new Map<string, number>();
  for (const n of [...Array.from({ length: 201 }, (_, i) => i), 1_000_000]) {
    const category = rules.select(n);
    if (!samples.has(category)) samples.set(category, n);
  }
  return samples;
}

const DATE = '2026-03-05 14:30:00';

/** What English says, to tell a translation from a fallback to it. */
function inEnglish<T>(say: () => T): T {
  speak('en');
  return say();
}

describe.each(localeNames(LOCALES).filter((locale) => locale !== 'en'))('%s through Intl', (locale) => {
  const messages = readLocale(LOCALES, locale);
  const tag = messages.common_language_tag?.message ?? '';
  const primary = (t: string) => t.split('-')[0];

  it('is a language Intl has data for, not a fallback', () => {
    speak(locale);
    expect(uiLanguage()).toBe(tag);
    expect(primary(new Intl.DateTimeFormat(tag).resolvedOptions().locale)).toBe(primary(tag));
    expect(primary(new Intl.NumberFormat(tag).resolvedOptions().locale)).toBe(primary(tag));
    expect(primary(new Intl.PluralRules(tag).resolvedOptions().locale)).toBe(primary(tag));
  });

  it('writes dates, numbers and durations in the language', () => {
    const english = inEnglish(() => ({
      date: formatDate(DATE),
      duration: formatDuration(90_000),
      retry: retryHint(40_000, 0),
    }));
    speak(locale);
    const date = formatDate(DATE);
    expect(date).toBe(
      new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(2026, 2, 5, 14, 30),
      ),
    );
    expect(date).not.toBe(english.date);
    expect(formatNumber(1234567.5)).toBe(new Intl.NumberFormat(tag).format(1234567.5));
    const duration = formatDuration(90_000);
    expect(duration).toContain(formatNumber(90));
    expect(duration).not.toBe(english.duration);
    const retry = retryHint(40_000, 0);
    expect(retry).toContain(formatNumber(40));
    expect(retry).not.toBe(english.retry);
  });

  it('says a count in the form of each of its plural categories, with the count where the form has it', () => {
    const raw = messages.common_chars_left?.message ?? '';
    for (const [category, n] of sampleCounts(new Intl.PluralRules(tag))) {
      const english = inEnglish(() => tPlural('common_chars_left', n));
      speak(locale);
      const said = tPlural('common_chars_left', n);
      expect(said, `${category} (${n})`).not.toMatch(/[{}$]/);
      expect(said, `${category} (${n})`).not.toBe(english);
      if (pluralForm(raw, category).includes('$COUNT$'))
        expect(said, `${category} (${n})`).toContain(formatNumber(n));
    }
  });
});

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
