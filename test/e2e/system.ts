/**
 * What some specs need from the system besides a browser, checked before they start, where its absence
 * would otherwise make a test fail with a misleading message (Chromium without its German pack shows
 * English: "expected 'en' to be 'de'"). Each check throws an error that names the missing package and
 * the command that installs it. `npm test` installs all of them (scripts/system-deps.sh).
 *
 * The `ext` fixture (fixtures.ts) checks the language it launches Chromium in; firefox.spec.ts checks
 * for Firefox.
 */
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { FIREFOX_PATH, hasFirefox } from './firefox';
import { CHROMIUM_PATH } from './harness';

const INSTALL_ALL = 'or `bash scripts/system-deps.sh`, which installs everything `npm test` needs';

/** The folder of Chromium's UI translations (`de.pak`, …), or undefined when it cannot be told. */
function chromiumLocalesDir(): string | undefined {
  // Debian's /usr/bin/chromium is a shell script that runs /usr/lib/chromium/chromium.
  if (CHROMIUM_PATH === '/usr/bin/chromium') return '/usr/lib/chromium/locales';
  try {
    const dir = join(dirname(realpathSync(CHROMIUM_PATH)), 'locales');
    return existsSync(dir) ? dir : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Throws unless Chromium can show its UI, and so the extension, in `language` (`de`, `fr`, `pt-BR`):
 * Debian's chromium package has English only, the other languages come with chromium-l10n.
 */
export function requireChromiumLanguage(language = 'en'): void {
  if (language === 'en' || language.startsWith('en-')) return;
  const dir = chromiumLocalesDir();
  if (!dir) return;
  const pak = join(dir, `${language}.pak`);
  if (existsSync(pak)) return;
  throw new Error(
    `Chromium has no ${language} translation (${pak} is missing), so it would show English: ` +
      `install its language packs with \`sudo apt-get install -y chromium-l10n\` (${INSTALL_ALL}).`,
  );
}

/** Throws unless Firefox ESR is installed (at FIREFOX_PATH). */
export function requireFirefox(): void {
  if (hasFirefox()) return;
  throw new Error(
    `Firefox ESR is missing (no ${FIREFOX_PATH}): install it with ` +
      `\`sudo apt-get install -y firefox-esr\` (${INSTALL_ALL}), or set FIREFOX_PATH.`,
  );
}
