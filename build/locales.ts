/**
 * Builds the browser's `_locales/<language>/messages.json` from the source files in `locales/`: one
 * folder per language, one JSON file per area of the extension (popup, options, …), so that each area's
 * strings sit together and the files stay small enough to translate and review. wxt.config.ts writes
 * the merged files into every build; test/unit/i18n/locales.test.ts checks that every language has
 * every key, with the same placeholders.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One entry of a messages.json, as Chrome and Firefox read it. */
interface LocaleMessage {
  message: string;
  description?: string;
  placeholders?: Record<string, { content: string; example?: string }>;
}

export type LocaleMessages = Record<string, LocaleMessage>;

/** The language the others are checked against, and the manifest's default_locale. */
export const DEFAULT_LOCALE = 'en';

/** Chrome refuses names with other characters, and compares them case-insensitively. */
const KEY = /^[A-Za-z0-9_]+$/;

/** Every language folder in `root` (sorted, so builds are reproducible). */
export function localeNames(root: string): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The merged messages of one language; throws on a key defined twice or a name Chrome refuses. */
export function readLocale(root: string, locale: string): LocaleMessages {
  const merged: LocaleMessages = {};
  const seen = new Map<string, string>();
  const files = readdirSync(join(root, locale))
    .filter((name) => name.endsWith('.json'))
    .sort();
  for (const file of files) {
    const messages = JSON.parse(readFileSync(join(root, locale, file), 'utf8')) as LocaleMessages;
    for (const [key, value] of Object.entries(messages)) {
      if (!KEY.test(key)) throw new Error(`locales/${locale}/${file}: "${key}" is not a valid message name`);
      const earlier = seen.get(key.toLowerCase());
      if (earlier) throw new Error(`locales/${locale}: "${key}" is in both ${earlier} and ${file}`);
      seen.set(key.toLowerCase(), file);
      merged[key] = value;
    }
  }
  return merged;
}

/** The files to write into a build: `_locales/<language>/messages.json` for every language. */
export function buildLocaleFiles(root: string): { relativeDest: string; contents: string }[] {
  return localeNames(root).map((locale) => ({
    relativeDest: `_locales/${locale}/messages.json`,
    contents: `${JSON.stringify(readLocale(root, locale), null, 2)}\n`,
  }));
}
