/**
 * Every piece of text the user sees comes from here: `t('popup_shorten')` looks the message up in the
 * browser's `_locales` for the user's language (built from `locales/`, see build/locales.ts).
 * The key type is read from the English files, so a misspelt or missing key fails type checking.
 */
import type Background from '@/locales/en/background.json';
import type Common from '@/locales/en/common.json';
import type Errors from '@/locales/en/errors.json';
import type Manage from '@/locales/en/manage.json';
import type Options from '@/locales/en/options.json';
import type Popup from '@/locales/en/popup.json';
import type SidePanel from '@/locales/en/sidepanel.json';

/** The name of a message in `locales/en/*.json`. */
export type MessageKey = keyof (typeof Background &
  typeof Common &
  typeof Errors &
  typeof Manage &
  typeof Options &
  typeof Popup &
  typeof SidePanel);

/**
 * The message in the user's language; `$1`… in it (named placeholders whose content is `$1`…) are
 * replaced by `substitutions` in order. The browser falls back to English for a missing translation.
 */
export function t(key: MessageKey, ...substitutions: (string | number)[]): string {
  // WXT types getMessage from public/_locales, which this project generates from locales/ instead.
  const getMessage = browser.i18n.getMessage as (name: string, substitutions?: string[]) => string;
  return getMessage(key, substitutions.map(String));
}

/** The primary language of a tag or browser locale: `pt` of `pt-BR`, `ar` of `ar_EG`. */
function primaryLanguage(tag: string): string {
  return tag.split(/[-_]/)[0]?.toLowerCase() ?? '';
}

/**
 * Which way the messages in use read: `rtl` for Arabic. The browser's `@@bidi_dir` is its own UI
 * language's direction; where that is a language without translations here (Hebrew, Persian), the
 * messages are the English fallback, which reads left to right.
 */
function textDirection(): 'ltr' | 'rtl' {
  const getMessage = browser.i18n.getMessage as (name: string) => string;
  const fallback = primaryLanguage(getMessage('@@ui_locale')) !== primaryLanguage(uiLanguage());
  return !fallback && getMessage('@@bidi_dir') === 'rtl' ? 'rtl' : 'ltr';
}

/**
 * Sets the page's language (for screen readers and hyphenation) to the one its messages are in, and
 * its direction to theirs: an Arabic page lays out from the right.
 */
export function setDocumentLanguage(doc: Document = document): void {
  doc.documentElement.lang = t('common_language_tag');
  doc.documentElement.dir = textDirection();
}

/** The language tag of the messages in use, for Intl formatting of dates, numbers and plurals. */
export function uiLanguage(): string {
  return t('common_language_tag') || 'en';
}

/** A number with the language's digit grouping ("1,234", "1.234", "1 234"). */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat(uiLanguage()).format(value);
}

/** The plural categories of a message, as written in it: `{one}…{other}…`. */
const PLURAL_FORM = /\{(zero|one|two|few|many|other)\}/;

/**
 * The form of a plural message for `category`, else its `other` form. A plural message holds one
 * form per plural category of its language (`Intl.PluralRules`: Japanese has one, English two,
 * Polish four, Arabic six), each after its `{category}` mark, because browser messages have no
 * plurals of their own.
 */
export function pluralForm(message: string, category: string): string {
  const parts = message.split(PLURAL_FORM);
  const forms = new Map<string, string>();
  for (let i = 1; i < parts.length; i += 2) forms.set(parts[i] as string, parts[i + 1] ?? '');
  return forms.get(category) ?? forms.get('other') ?? message;
}

/**
 * A message about a count, in the form the language's plural rules pick for it, with the count
 * (formatted) as its `$1` and `more` as `$2`….
 */
export function tPlural(key: MessageKey, count: number, ...more: (string | number)[]): string {
  const category = new Intl.PluralRules(uiLanguage()).select(count);
  return pluralForm(t(key, formatNumber(count), ...more), category);
}
