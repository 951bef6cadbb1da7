// @vitest-environment node
/**
 * `npm run zip` is reproducible: what a store reviewer rebuilds from the sources zip is, byte for
 * byte, what was uploaded. The test does what the reviewer does, twice: it makes the sources zip from
 * this working tree, unpacks it into two fresh folders and runs `npm run zip` in each (with this
 * tree's node_modules linked in for `npm ci`), then compares every zip by SHA-256.
 */
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localeNames } from '@/build/locales';
import { BUILD_TIMEOUT_MS, buildWith, ROOT, readZip, run, sha256, VERSION } from './release-helpers';

const CHROME_ZIP = `shortlink-extension-${VERSION}-chrome.zip`;
const FIREFOX_ZIP = `shortlink-extension-${VERSION}-firefox.zip`;
const SOURCES_ZIP = `shortlink-extension-${VERSION}-sources.zip`;

let work: string;
/** The zips made from this working tree: the Chrome zip and the sources zip (as `wxt zip --sources`). */
let seed: string;
/** Two folders holding the unpacked sources zip, each after `npm run zip`. */
let rebuilds: [string, string];

/** Writes the files of `zipPath` under `folder`. */
function unpack(zipPath: string, folder: string): void {
  for (const entry of readZip(readFileSync(zipPath))) {
    const path = join(folder, entry.name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, entry.data);
  }
}

const outputOf = (folder: string) => join(folder, '.output');
const zipsIn = (folder: string) =>
  readdirSync(folder)
    .filter((name) => name.endsWith('.zip'))
    .sort();

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'shortlink-release-'));
  seed = join(work, 'seed');
  await buildWith('zip', { browser: 'chrome', outDir: seed, zip: { zipSources: true } });
  rebuilds = [join(work, 'a'), join(work, 'b')];
  for (const folder of rebuilds) {
    unpack(join(seed, SOURCES_ZIP), folder);
    symlinkSync(join(ROOT, 'node_modules'), join(folder, 'node_modules'), 'dir');
    await run('npm', ['run', 'zip'], folder);
  }
}, 4 * BUILD_TIMEOUT_MS);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('npm run zip', () => {
  it('makes the Chrome, Firefox and sources zips, byte-identical in two builds from the sources zip', () => {
    const [a, b] = rebuilds.map(outputOf) as [string, string];
    expect(zipsIn(a)).toEqual([CHROME_ZIP, FIREFOX_ZIP, SOURCES_ZIP]);
    expect(zipsIn(b)).toEqual(zipsIn(a));
    for (const name of zipsIn(a)) expect(sha256(join(b, name)), name).toBe(sha256(join(a, name)));
  });

  it('rebuilds, from the sources zip, the same sources zip and Chrome zip as from the working tree', () => {
    const rebuilt = outputOf(rebuilds[0]);
    expect(sha256(join(rebuilt, SOURCES_ZIP))).toBe(sha256(join(seed, SOURCES_ZIP)));
    expect(sha256(join(rebuilt, CHROME_ZIP))).toBe(sha256(join(seed, CHROME_ZIP)));
  });

  it('writes entries in name order, all with one timestamp that does not depend on when they were built', () => {
    const stamps = new Set<string>();
    // The two rebuilds ran seconds apart: a clock-based timestamp would differ between them.
    for (const folder of rebuilds.map(outputOf)) {
      for (const name of zipsIn(folder)) {
        const entries = readZip(readFileSync(join(folder, name)));
        const names = entries.map((entry) => entry.name);
        expect(names, name).toEqual([...names].sort());
        for (const entry of entries) stamps.add(`${entry.dosDate}/${entry.dosTime}`);
      }
    }
    expect(stamps.size).toBe(1);
  });

  it('declares the same Content Security Policy for the extension pages in the Chrome and Firefox packages', () => {
    const folder = outputOf(rebuilds[0]);
    for (const name of [CHROME_ZIP, FIREFOX_ZIP]) {
      const entry = readZip(readFileSync(join(folder, name))).find((e) => e.name === 'manifest.json');
      const manifest = JSON.parse(entry!.data.toString('utf8'));
      expect(manifest.content_security_policy, name).toEqual({
        extension_pages: "script-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none';",
      });
    }
  });

  it('ships the messages of each language in locales/ and of no other (the tests’ pseudo-locale stays out)', () => {
    const names = readZip(readFileSync(join(seed, CHROME_ZIP))).map((entry) => entry.name);
    const shipped = names.filter((name) => name.startsWith('_locales/'));
    expect(shipped).toEqual(
      localeNames(join(ROOT, 'locales')).map((locale) => `_locales/${locale}/messages.json`),
    );
    expect(shipped.length).toBe(15);
  });

  it('puts in the sources zip what a reviewer needs to rebuild, and no dependencies, builds or tests', () => {
    const entries = readZip(readFileSync(join(seed, SOURCES_ZIP)));
    const names = entries.map((entry) => entry.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'package.json',
        'package-lock.json',
        'README.md',
        'wxt.config.ts',
        'entrypoints/background/index.ts',
        // Chrome-only, but `npm run zip` rebuilds the Chrome zip too.
        'entrypoints/offscreen/index.html',
      ]),
    );
    expect(names.filter((name) => /^(node_modules|\.output|\.wxt|test|docs|scripts)\//.test(name))).toEqual(
      [],
    );
    const readme = entries.find((entry) => entry.name === 'README.md')!.data.toString('utf8');
    expect(readme).toContain('npm ci && npm run zip');
  });
});
