/**
 * Every page lays out from the right in Arabic (`<html dir="rtl">`, lib/i18n.ts): the stylesheets say
 * start and end, never left and right, so one rule serves both directions.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');

function cssFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return cssFiles(path);
    return name.endsWith('.css') ? [path] : [];
  });
}

/** The declarations of a stylesheet that name a physical side, as `property: value`. */
function physicalSides(css: string): string[] {
  const declarations = css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split(/[;{}]/)
    .map((part) => part.trim())
    .filter((part) => /^[a-z-]+\s*:/.test(part));
  return declarations.filter((declaration) => {
    const [property = '', ...rest] = declaration.split(':');
    const name = property.trim();
    const value = rest.join(':').trim();
    if (/(^|-)(left|right)(-|$)/.test(name)) return true;
    if (/^(text-align|float|clear|justify-self|justify-items|justify-content)$/.test(name))
      return /\b(left|right)\b/.test(value);
    // margin: 0 0 0 24px sets one side only: margin-inline-start says which in either direction.
    if (/^(margin|padding|inset|border-width|border-color|border-style)$/.test(name)) {
      const parts = value.split(/\s+/);
      return parts.length === 4 && parts[1] !== parts[3];
    }
    return false;
  });
}

describe('the stylesheets lay out for both directions', () => {
  const files = ['assets', 'entrypoints', 'components'].flatMap((dir) => cssFiles(join(ROOT, dir)));

  it.each(files.map((file) => [relative(ROOT, file), file]))(
    '%s says start and end, not left and right',
    (_name, file) => {
      expect(physicalSides(readFileSync(file, 'utf8'))).toEqual([]);
    },
  );

  it('finds a physical side in a property, a value or a one-sided shorthand', () => {
    expect(
      physicalSides(
        '.a { padding-left: 18px; inset-inline-start: 0 } .b { text-align: right; margin: 0 0 0 24px; padding: 0 8px }',
      ),
    ).toEqual(['padding-left: 18px', 'text-align: right', 'margin: 0 0 0 24px']);
  });
});
