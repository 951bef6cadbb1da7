/**
 * The translations are complete and consistent: every language has every English key, with the same
 * placeholders, and every English message is used somewhere (no dead text for translators).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import ts from 'typescript';
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

/** The `$name$` references in a message (in any of its plural forms), lower-cased as browsers compare them. */
function placeholderRefs(message: string): string[] {
  return [...new Set([...message.matchAll(/\$([A-Za-z0-9_@]+)\$/g)].map((m) => m[1]!.toLowerCase()))].sort();
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

  it('keeps French punctuation on its line: no breakable space before : ; ? ! » or after «', () => {
    for (const [key, entry] of Object.entries(readLocale(LOCALES, 'fr'))) {
      expect.soft(entry.message, `fr ${key}`).not.toMatch(/ [:;?!»]|« /);
    }
  });

  it.each(localeNames(LOCALES))(
    '%s writes every plural message with exactly the plural categories of its language',
    (locale) => {
      const messages = readLocale(LOCALES, locale);
      const tag = messages.common_language_tag?.message ?? locale;
      const wanted = [...new Intl.PluralRules(tag).resolvedOptions().pluralCategories].sort();
      const plural = Object.keys(english).filter((key) => english[key]?.message.includes('{other}'));
      expect(plural.length).toBeGreaterThan(0);
      for (const key of plural) {
        const message = messages[key]?.message ?? '';
        const categories = [...message.matchAll(/\{(zero|one|two|few|many|other)\}/g)].map((m) => m[1]);
        expect.soft(message.startsWith('{'), `${locale} ${key} starts with its first category`).toBe(true);
        expect.soft([...categories].sort(), `${locale} ${key}`).toEqual(wanted);
      }
      // A message is plural in every language or in none: the code calls tPlural or t for it.
      for (const [key, entry] of Object.entries(messages)) {
        if (!plural.includes(key)) expect.soft(entry.message, `${locale} ${key}`).not.toMatch(/\{other\}/);
      }
    },
  );

  // The stores show the manifest's name and description in the user's language: the Chrome Web Store
  // takes a name of at most 75 characters and a description of at most 132.
  it.each(localeNames(LOCALES))(
    '%s has the store name and description, within the stores’ limits',
    (locale) => {
      const { ext_name: name, ext_description: description } = readLocale(LOCALES, locale);
      expect(name?.message.length).toBeGreaterThan(0);
      expect(name?.message.length).toBeLessThanOrEqual(75);
      expect(description?.message.length).toBeGreaterThan(0);
      expect(description?.message.length).toBeLessThanOrEqual(132);
      if (locale !== DEFAULT_LOCALE) expect(description?.message).not.toBe(english.ext_description?.message);
    },
  );

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

/** Literal words in a .tsx file's markup: JSX text and the string attributes a user reads or hears. */
function hardCodedText(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && /[A-Za-z]{2,}/.test(node.text)) found.push(node.text.trim());
    if (
      ts.isJsxAttribute(node) &&
      SPOKEN_ATTRIBUTES.has(node.name.getText(source)) &&
      node.initializer &&
      ts.isStringLiteral(node.initializer) &&
      /[A-Za-z]{2,}/.test(node.initializer.text)
    ) {
      found.push(`${node.name.getText(source)}="${node.initializer.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Attributes whose text a user reads (title, placeholder) or a screen reader speaks. */
const SPOKEN_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'title', 'placeholder', 'alt', 'label']);

/** Text written straight into markup would not be translated. */
describe('no hard-coded text in the UI', () => {
  const tsx = SOURCES.filter((file) => file.endsWith('.tsx'));

  it.each(tsx.map((file) => [relative(ROOT, file), file]))('%s', (_name, file) => {
    expect(hardCodedText(file)).toEqual([]);
  });

  it('finds text and spoken attributes, and nothing in code', () => {
    const dir = mkdtempSync(join(tmpdir(), 'i18n-scan-'));
    const file = join(dir, 'sample.tsx');
    writeFileSync(
      file,
      `const f = (a: Array<Map<string, number>>) => a.length > 1 ? <p>{a}</p> : null;
       export const X = () => <div title="Open it" class="x y">Hello there<span aria-label={t('k')}>{'//'}</span></div>;`,
    );
    expect(hardCodedText(file)).toEqual(['title="Open it"', 'Hello there']);
    rmSync(dir, { recursive: true });
  });
});
