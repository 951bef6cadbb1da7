// @vitest-environment node
/**
 * The Firefox build as addons.mozilla.org checks it: `web-ext lint` (the AMO validator) must find no
 * error, and only the warnings the README's Release section explains. A new kind of warning fails
 * here so that someone reads it before a reviewer does.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_TIMEOUT_MS, buildWith, ROOT, runForOutput } from './release-helpers';

/** Warning codes explained in README.md ("Firefox: what web-ext lint reports"). */
const DOCUMENTED_WARNINGS = new Set([
  // Preact's renderer sets innerHTML (for dangerouslySetInnerHTML, which the extension never uses).
  'UNSAFE_VAR_ASSIGNMENT',
  // zod probes `new Function` to choose a faster parser; the extension page CSP refuses it.
  'DANGEROUS_EVAL',
  // data_collection_permissions is read from Firefox 140 on; 128-139 ignore it.
  'KEY_FIREFOX_UNSUPPORTED_BY_MIN_VERSION',
  // Firefox for Android is not a target (it has no context menus or keyboard commands).
  'KEY_FIREFOX_ANDROID_UNSUPPORTED_BY_MIN_VERSION',
]);

interface LintMessage {
  code: string;
  message: string;
  file?: string;
}
interface LintReport {
  summary: { errors: number; warnings: number; notices: number };
  errors: LintMessage[];
  warnings: LintMessage[];
}

const describeMessages = (messages: LintMessage[]) =>
  messages.map((m) => `${m.code}: ${m.message}${m.file ? ` (${m.file})` : ''}`).join('\n');

let work: string;
let extension: string;
let report: LintReport;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'shortlink-firefox-'));
  // The manifest version comes from wxt.config.ts, as in `npm run build:firefox`.
  await buildWith('build', { browser: 'firefox', outDir: work });
  extension = join(work, 'firefox-mv3');
  const webExt = join(ROOT, 'node_modules', '.bin', 'web-ext');
  // Exit status 1 means errors were found: the report says which, so it is read either way.
  const { stdout, stderr } = await runForOutput(
    webExt,
    ['lint', '--source-dir', extension, '--output', 'json', '--no-config-discovery'],
    ROOT,
  );
  const json = stdout.slice(stdout.indexOf('{'));
  if (!json) throw new Error(`web-ext lint printed no report:\n${stdout}\n${stderr}`);
  report = JSON.parse(json) as LintReport;
}, 2 * BUILD_TIMEOUT_MS);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the Firefox build', () => {
  it('passes web-ext lint with no errors and only documented warnings', () => {
    expect(report.errors, describeMessages(report.errors)).toEqual([]);
    const unexplained = report.warnings.filter((warning) => !DOCUMENTED_WARNINGS.has(warning.code));
    expect(unexplained, describeMessages(unexplained)).toEqual([]);
  });

  it('declares its id, its minimum Firefox, that it sends browsing activity (to the user’s server), and asks for no host up front', () => {
    const manifest = JSON.parse(readFileSync(join(extension, 'manifest.json'), 'utf8'));
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.browser_specific_settings.gecko).toEqual({
      id: 'shortlink@extension',
      strict_min_version: '128.0',
      data_collection_permissions: { required: ['browsingActivity'] },
    });
    expect(manifest.background).toEqual({ scripts: ['background.js'] });
    expect(manifest.permissions).not.toContain('offscreen');
    expect(manifest.host_permissions ?? []).toEqual([]);
    expect(manifest.optional_host_permissions).not.toContain('<all_urls>');
    expect(manifest.content_scripts).toBeUndefined();
  });
});
