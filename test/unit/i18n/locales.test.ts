/**
 * The translations are complete and consistent: every language has every English key, with the same
 * placeholders, and every English message is used somewhere (no dead text for translators).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildLocaleFiles, DEFAULT_LOCALE, localeNames, readLocale } from '@/build/locales';

const ROOT = join(import.meta.dirname, '../../..');
const LOCALES = join(ROOT, 'locales');
const english = readLocale(LOCALES, DEFAULT_LOCALE);
const others = localeNames(LOCALES).filter((name) => name !== DEFAULT_LOCALE);

/** Source files that can show text: pages, components, the background and shared code. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|html)$/.test(name) ? [path] : [];
  });
}
const SOURCES = [
  ...['entrypoints', 'components', 'lib'].flatMap((d) => sourceFiles(join(ROOT, d))),
  join(ROOT, 'wxt.config.ts'),
];
const allSource = SOURCES.map((file) => readFileSync(file, 'utf8')).join('\n');

/** `$name$` references in a message, lower-cased as browsers compare them. */
function placeholderRefs(message: string): string[] {
  return [...message.matchAll(/\$([A-Za-z0-9_@]+)\$/g)].map((m) => m[1]!.toLowerCase()).sort();
}

describe('locales', () => {
  it('ships English and at least two other languages', () => {
    expect(others.length).toBeGreaterThanOrEqual(2);
  });

  it.each(others)('%s has exactly the English keys', (locale) => {
    const messages = readLocale(LOCALES, locale);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(others)('%s uses the same placeholders as English in every message', (locale) => {
    const messages = readLocale(LOCALES, locale);
    for (const [key, source] of Object.entries(english)) {
      const translated = messages[key];
      expect
        .soft(placeholderRefs(translated?.message ?? ''), `${locale} ${key}`)
        .toEqual(placeholderRefs(source.message));
      expect
        .soft(translated?.placeholders ?? {}, `${locale} ${key}`)
        .toEqual(
          expect.objectContaining(
            Object.fromEntries(
              Object.entries(source.placeholders ?? {}).map(([name, p]) => [
                name,
                expect.objectContaining({ content: p.content }),
              ]),
            ),
          ),
        );
    }
  });

  it.each(localeNames(LOCALES))('%s has no empty message and no undefined placeholder', (locale) => {
    for (const [key, entry] of Object.entries(readLocale(LOCALES, locale))) {
      expect.soft(entry.message.trim(), `${locale} ${key}`).not.toBe('');
      const defined = Object.keys(entry.placeholders ?? {}).map((name) => name.toLowerCase());
      for (const ref of placeholderRefs(entry.message))
        expect.soft(defined, `${locale} ${key}`).toContain(ref);
    }
  });

  it('uses every English message somewhere in the source', () => {
    const unused = Object.keys(english).filter((key) => !allSource.includes(key));
    expect(unused).toEqual([]);
  });

  it('builds one messages.json per language for the browser', () => {
    const files = buildLocaleFiles(LOCALES);
    expect(files.map((f) => f.relativeDest)).toContain('_locales/en/messages.json');
    const built = JSON.parse(files.find((f) => f.relativeDest === '_locales/en/messages.json')!.contents);
    expect(built).toEqual(english);
  });
});

/**
 * Text written straight into markup would not be translated. This finds JSX text and the attributes
 * a user reads or hears (aria-label, title, placeholder, alt) that hold a literal word.
 */
describe('no hard-coded text in the UI', () => {
  const tsx = SOURCES.filter((file) => file.endsWith('.tsx'));
  // A word of two letters or more between tags, outside `{…}` expressions.
  const JSX_TEXT = />([^<>{}]*[A-Za-z]{2,}[^<>{}]*)</g;
  const ATTRIBUTE = /\b(aria-label|title|placeholder|alt)="([^"]*[A-Za-z][^"]*)"/g;

  it.each(tsx.map((file) => [relative(ROOT, file), file]))('%s', (_name, file) => {
    const code = readFileSync(file, 'utf8')
      // Comments and TypeScript generics (`Component<object, State>`) are not markup.
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\/\/.*$/gm, '')
      .replace(/<[A-Za-z]+(?:\[\])?(?:, [A-Za-z]+(?:\[\])?)*>/g, '');
    const found = [
      ...[...code.matchAll(JSX_TEXT)].map((m) => m[1]!.trim()),
      ...[...code.matchAll(ATTRIBUTE)].map((m) => `${m[1]}="${m[2]}"`),
    ].filter((text) => !/^[\s\W\d]*$/.test(text));
    expect(found).toEqual([]);
  });
});
