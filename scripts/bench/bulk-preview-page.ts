/**
 * Runs in a Chromium page (bundled by scripts/bench/build.ts): times the Bulk create preview the
 * management page computes after a paste, `readBulkRows` then `previewBulk`, over 10,000 pasted rows
 * checked against 10,000 cached links. The page's English messages stand in for the browser's.
 */

import { readBulkRows } from '@/lib/jobs/bulk-csv';
import { previewBulk } from '@/lib/jobs/bulk-preview';
import common from '@/locales/en/common.json';
import errors from '@/locales/en/errors.json';
import manage from '@/locales/en/manage.json';
import { makeLinks } from './links';

const MESSAGES: Record<string, { message: string }> = { ...common, ...errors, ...manage };
// The preview words its reasons through browser.i18n, which a plain page does not have.
(globalThis as unknown as { browser: unknown }).browser = {
  i18n: { getMessage: (key: string) => MESSAGES[key]?.message ?? '' },
};

/**
 * A paste of `rows` lines as users make them: mostly new addresses, a fifth shortened before (in the
 * cache), some twice, a few that are not web addresses.
 */
function pastedText(rows: number, cachedUrls: string[]): string {
  const lines: string[] = [];
  for (let i = 0; i < rows; i++) {
    if (i % 50 === 49) lines.push(`not a url ${i}`);
    else if (i % 20 === 19) lines.push(lines[i - 10] ?? '');
    else if (i % 5 === 4) lines.push(cachedUrls[i] ?? '');
    else
      lines.push(
        `https://www.example.com/articles/${i}/a-long-enough-slug-for-a-real-article?ref=newsletter`,
      );
  }
  return lines.join('\n');
}

/** Per round, the time (ms) from the pasted text to the preview of its `rows` rows. */
function timeBulkPreview(rows: number, rounds: number): number[] {
  const cached = makeLinks(10_000);
  const text = pastedText(
    rows,
    cached.map((link) => link.longUrl),
  );
  const options = {
    campaignId: null,
    channelId: null,
    domain: '',
    expiry: '',
    status: 'private' as const,
    presets: [],
  };
  const context = { cached, campaigns: [], channels: [], stripTracking: true, now: new Date(), limit: 30 };
  const run = () => previewBulk(readBulkRows(text).rows, options, context);
  // One untimed run first, so every timed one runs optimised code.
  const first = run();
  if (first.rows.length !== rows) throw new Error(`The preview has ${first.rows.length} rows, not ${rows}`);
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  return samples;
}

(globalThis as { timeBulkPreview?: typeof timeBulkPreview }).timeBulkPreview = timeBulkPreview;
