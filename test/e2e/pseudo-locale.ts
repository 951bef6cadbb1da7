/**
 * A pseudo-locale for layout tests: every English message about 40 % longer, its letters accented and
 * the whole in brackets (`Shorten` → `[Şħǿǿřŧḗḗƞ ǿƞḗ]`), so a text cut, a row that overflows or a
 * hard-coded English word shows at once. It is made at test time from the built extension's English
 * messages (accents by the pseudo-localization package) and added to a copy of that build:
 *
 *   const extPath = copyWithPseudoLocale(EXT_PATH);   // launch with { extPath, language: PSEUDO_LANGUAGE }
 *
 * Chromium ships none of its own pseudo-locales (en-XA, ar-XB) in Debian's build, and loads an
 * extension's messages only for a UI language it knows, so the pseudo messages go in as British
 * English (`_locales/en_GB`): Chromium started in en-GB picks them, and English stays the fallback.
 * Nothing of this is in `locales/`, so nothing of it ships.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pseudoLocalizeString } from 'pseudo-localization';
import type { LocaleMessages } from '@/build/locales';

/** The UI language to start Chromium in for the pseudo messages. */
export const PSEUDO_LANGUAGE = 'en-GB';

/** How much longer than English the text of each message (or plural form) gets, at least. */
const GROWTH = 1.4;

/** Parts of a message that stay as they are: `$NAME$` placeholders, `{one}` plural marks, line breaks. */
const KEPT = /(\$[A-Za-z0-9_@]+\$|\{(?:zero|one|two|few|many|other)\}|\n)/;

/** Messages no language translates: the tag Intl and `<html lang>` read, and the brand. */
const UNTRANSLATED = new Set(['common_language_tag', 'ext_name']);

/** Words that pad a text to its length; accented like the rest. */
const PADDING = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** The visible text of a message: without its placeholders and plural marks. */
function textOf(message: string): string {
  return message
    .split(KEPT)
    .filter((_part, index) => index % 2 === 0)
    .join('');
}

/** One plural form (or a whole message without plurals), accented, padded and bracketed. */
function pseudoForm(form: string): string {
  if (!/[A-Za-z]/.test(textOf(form))) return form;
  const parts = form.split(KEPT).map((part, index) => (index % 2 === 0 ? pseudoLocalizeString(part) : part));
  let text = parts.join('');
  const wanted = Math.ceil(textOf(form).length * GROWTH);
  for (let i = 0; textOf(text).length < wanted; i++) {
    text += ` ${pseudoLocalizeString(PADDING[i % PADDING.length] ?? '')}`;
  }
  return `[${text}]`;
}

/**
 * A message in the pseudo-locale: each plural form on its own (its `{category}` mark kept), with
 * every placeholder and line break where English has it.
 */
export function pseudoLocalize(message: string): string {
  const forms = message.split(/(\{(?:zero|one|two|few|many|other)\})/);
  return forms.map((part, index) => (index % 2 === 0 && part !== '' ? pseudoForm(part) : part)).join('');
}

/** Every message of a messages.json in the pseudo-locale (placeholder definitions as they are). */
export function pseudoMessages(messages: LocaleMessages): LocaleMessages {
  return Object.fromEntries(
    Object.entries(messages).map(([key, entry]) => [
      key,
      UNTRANSLATED.has(key) ? entry : { ...entry, message: pseudoLocalize(entry.message) },
    ]),
  );
}

/**
 * Copies the unpacked extension in `extPath` to a new temporary folder, adds the pseudo-locale's
 * messages made from its English ones, and returns the copy's folder (the caller removes it).
 */
export function copyWithPseudoLocale(extPath: string): string {
  const copy = mkdtempSync(join(tmpdir(), 'shortlink-pseudo-'));
  cpSync(extPath, copy, { recursive: true });
  const english = JSON.parse(
    readFileSync(join(copy, '_locales', 'en', 'messages.json'), 'utf8'),
  ) as LocaleMessages;
  const folder = join(copy, '_locales', PSEUDO_LANGUAGE.replace('-', '_'));
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'messages.json'), `${JSON.stringify(pseudoMessages(english), null, 2)}\n`);
  return copy;
}
