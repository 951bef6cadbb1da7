/**
 * `browser.i18n` for unit tests, which fakeBrowser lacks: reads the same locales/ files the build
 * merges, and substitutes like Chrome and Firefox do (named `$name$` placeholders first, then `$1`…).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LOCALE, type LocaleMessages, readLocale } from '@/build/locales';

const LOCALES = join(import.meta.dirname, '../../../locales');
const cache = new Map<string, LocaleMessages>();

function messagesOf(locale: string): LocaleMessages {
  let messages = cache.get(locale);
  if (!messages) {
    messages = readLocale(LOCALES, locale);
    cache.set(locale, messages);
  }
  return messages;
}

/** The languages browsers lay out right to left, for `@@bidi_dir`. */
const RTL_LANGUAGES = new Set(['ar', 'fa', 'he', 'ur']);

/**
 * The messages every browser predefines, for a browser whose UI language is `locale` (which may be
 * one without translations here, as a browser in Hebrew is).
 */
function predefined(key: string, locale: string): string | undefined {
  if (key === '@@ui_locale') return locale;
  if (key === '@@bidi_dir') return RTL_LANGUAGES.has(locale.split(/[-_]/)[0] ?? '') ? 'rtl' : 'ltr';
  return undefined;
}

/** True when locales/ has translations for `locale`. */
function hasMessages(locale: string): boolean {
  return existsSync(join(LOCALES, locale));
}

/**
 * Formats `key` of `locale` as browser.i18n.getMessage would in a browser whose UI language is
 * `locale`: its messages, else English's; '' for an unknown key, as browsers do.
 */
export function formatMessage(
  key: string,
  substitutions: string | string[] = [],
  uiLocale: string = DEFAULT_LOCALE,
): string {
  const builtIn = predefined(key, uiLocale);
  if (builtIn !== undefined) return builtIn;
  const locale = hasMessages(uiLocale) ? uiLocale : DEFAULT_LOCALE;
  const entry = messagesOf(locale)[key];
  if (!entry) return '';
  const subs = Array.isArray(substitutions) ? substitutions : [substitutions];
  const placeholders = Object.fromEntries(
    Object.entries(entry.placeholders ?? {}).map(([name, value]) => [name.toLowerCase(), value.content]),
  );
  const named = entry.message.replace(/\$([A-Za-z0-9_@]+)\$/g, (all, name: string) => {
    const content = placeholders[name.toLowerCase()];
    return content ?? all;
  });
  return named.replace(/\$(\$+|[1-9])/g, (_all, what: string) =>
    what.startsWith('$') ? what : (subs[Number(what) - 1] ?? ''),
  );
}

/** The i18n namespace the fake browser gets in every unit test. */
export const fakeI18n = {
  getMessage: (key: string, substitutions?: string | string[]) => formatMessage(key, substitutions),
  getUILanguage: () => DEFAULT_LOCALE,
};
