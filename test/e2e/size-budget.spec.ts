/**
 * Size budgets of what loads before the extension can act, checked on the build this e2e run made
 * (.output/chrome-mv3-e2e), so a change that makes the service worker load more fails CI.
 * Bytes are gzip level 9, file by file, of the HTML, its scripts and styles and their static imports,
 * and of what the worker runs when it starts (scripts/bench/sizes.ts); lazy chunks, and the worker's
 * lazy part, are left out. Timings belong to `npm run bench`, never to a test.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type InitialLoad, WORKER_BUDGET, WORKER_LAZY_PART, workerLoad } from '../../scripts/bench/sizes';
import { EXT_PATH } from './build';

function listing(load: InitialLoad): string {
  return load.files.map((file) => `${file.path}: ${file.gzip} B gzip`).join(', ');
}

describe('service worker', () => {
  it(`loads at most ${WORKER_BUDGET} B gzip (16 KB) when it starts: its start script alone`, () => {
    const load = workerLoad(EXT_PATH);
    expect(load.files.map((file) => file.path)).toEqual(['background.js']);
    expect(load.gzip, listing(load)).toBeLessThanOrEqual(WORKER_BUDGET);
  });

  it('starts without zod and without the API client: both come with the lazy part on first use', () => {
    const start = readFileSync(join(EXT_PATH, 'background.js'), 'utf8');
    const lazy = readFileSync(join(EXT_PATH, WORKER_LAZY_PART), 'utf8');
    // `_zod` is where every zod schema keeps its internals; the text is the key of one of the
    // client's messages (lib/api/client.ts), which only the client names.
    const clientText = 'error_id_invalid_value';
    expect(start).not.toContain('_zod');
    expect(start).not.toContain(clientText);
    expect(lazy).toContain('_zod');
    expect(lazy).toContain(clientText);
  });
});
