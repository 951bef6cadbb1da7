/**
 * `browser.i18n` for unit tests, which fakeBrowser lacks: reads the same locales/ files the build
 * merges, and substitutes like Chrome and Firefox do (named `$name$` placeholders first, then `$1`…).
 */
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

/** Formats `key` of `locale` as browser.i18n.getMessage would; '' for an unknown key, as browsers do. */
export function formatMessage(
  key: string,
  substitutions: string | string[] = [],
  locale: string = DEFAULT_LOCALE,
): string {
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
