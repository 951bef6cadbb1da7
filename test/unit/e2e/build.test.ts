// @vitest-environment node
/** E2E_SKIP_BUILD's check: a build older than a source file is refused. */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sourceNewerThanBuild } from '../../e2e/build';

let root: string;
const ext = () => join(root, '.output', 'chrome-mv3-e2e');

/** Writes `path` under root, last modified `secondsAgo` seconds ago. */
function file(path: string, secondsAgo: number): string {
  const full = join(root, path);
  mkdirSync(join(full, '..'), { recursive: true });
  writeFileSync(full, 'x');
  const when = Date.now() / 1000 - secondsAgo;
  utimesSync(full, when, when);
  return full;
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'shortlink-build-'));
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('sourceNewerThanBuild', () => {
  it('names a source file changed after the build', () => {
    file('lib/old.ts', 100);
    file('.output/chrome-mv3-e2e/manifest.json', 50);
    const changed = file('entrypoints/popup/app.tsx', 10);
    expect(sourceNewerThanBuild(ext(), root)).toBe(changed);
  });

  it('accepts a build newer than every source, whatever changed outside the sources', () => {
    file('lib/old.ts', 100);
    file('wxt.config.ts', 90);
    file('.output/chrome-mv3-e2e/manifest.json', 50);
    file('test/unit/some.test.ts', 10);
    file('README.md', 10);
    expect(sourceNewerThanBuild(ext(), root)).toBeNull();
  });

  it('counts the build settings and the e2e build script as sources', () => {
    file('.output/chrome-mv3-e2e/manifest.json', 50);
    const config = file('wxt.config.ts', 10);
    expect(sourceNewerThanBuild(ext(), root)).toBe(config);
  });
});
