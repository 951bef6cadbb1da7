/**
 * Bulk create's figures: how long the management page's preview of 10,000 pasted rows takes (its own
 * code, in a page of the bench's Chromium), and how much memory the service worker holds while it
 * runs a 1,000-row job against the reference server (its JavaScript heap, read through DevTools).
 */
import type { Page } from 'puppeteer-core';
import { serviceWorker } from '../../test/e2e/harness';
import type { Bench } from './measure';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Per round, the time (ms) from 10,000 pasted rows to their preview. */
export async function bulkPreviewTimes(bench: Bench, script: string, rounds: number): Promise<number[]> {
  const page = await bench.browser.newPage();
  try {
    await page.addScriptTag({ content: script });
    return await page.evaluate((r) => {
      const { timeBulkPreview } = globalThis as unknown as {
        timeBulkPreview(rows: number, rounds: number): number[];
      };
      return timeBulkPreview(10_000, r);
    }, rounds);
  } finally {
    await page.close();
  }
}

/** What the worker's heap held around a bulk job. */
export interface BulkJobMemory {
  /** JS heap in use (bytes) just before the job, after a garbage collection. */
  before: number;
  /** The most in use while the job ran, sampled every SAMPLE_MS. */
  peak: number;
  /** In use once the job was done, after a garbage collection. */
  after: number;
  /** Start → the stored job saying done (or JOB_TIMEOUT_MS, when it was not). */
  durationMs: number;
  rows: number;
  /** Rows made when the job ended, or when it was cancelled for taking longer than JOB_TIMEOUT_MS. */
  done: number;
  /** False when the job was cancelled unfinished: then `after` holds what a cancelled job keeps. */
  finished: boolean;
}

const SAMPLE_MS = 250;
const JOB_TIMEOUT_MS = 10 * 60_000;

/** The stored job's state and how many rows are done, read from an extension page. */
function jobProgress(page: Page): Promise<{ state: string; done: number } | null> {
  return page.evaluate(async () => {
    const { chrome } = globalThis as unknown as {
      chrome: { storage: { local: { get(key: string): Promise<Record<string, unknown>> } } };
    };
    const job = (await chrome.storage.local.get('bulkJob')).bulkJob as
      | { state: string; rows: { state: string }[] }
      | undefined;
    if (!job) return null;
    return {
      state: job.state,
      done: job.rows.filter((row) => row.state === 'made' || row.state === 'reused').length,
    };
  });
}

/** Waits until a cancelled job is no longer running (its row under way answered). */
async function waitUntilEnded(page: Page): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const progress = await jobProgress(page);
    if (progress?.state !== 'running') return;
    await sleep(SAMPLE_MS);
  }
  throw new Error('The bench’s bulk job kept running after it was cancelled');
}

/**
 * Runs a `rows`-row bulk job as the management page starts one, and samples the worker's heap. A job
 * that takes longer than JOB_TIMEOUT_MS is cancelled and reported unfinished.
 */
export async function bulkJobMemory(bench: Bench, rows = 1_000): Promise<BulkJobMemory> {
  const page = await bench.browser.newPage();
  await page.goto(`chrome-extension://${bench.extensionId}/manage.html#/account`, { waitUntil: 'load' });
  const send = (message: unknown) =>
    page.evaluate(
      (m) =>
        (
          globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }
        ).chrome.runtime.sendMessage(m),
      message,
    );
  // The page's message wakes the worker if Chromium stopped it; then DevTools can attach to it.
  await send({ type: 'bulkRateLimit', payload: {} });
  const worker = await serviceWorker(bench.browser, bench.extensionId);
  const session = worker.client;
  const used = async () => ((await session.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize;
  try {
    await session.send('HeapProfiler.enable');
    await session.send('HeapProfiler.collectGarbage');
    const before = await used();
    const items = Array.from({ length: rows }, (_, i) => ({
      input: { url: `https://www.example.com/bulk/${Date.now()}/${i}?ref=bench`, status: 'private' },
      title: `Bench article ${i}`,
      label: '',
    }));
    const start = Date.now();
    const reply = (await send({ type: 'bulkStart', payload: { items } })) as { ok: boolean; error?: unknown };
    if (!reply.ok) throw new Error(`bulkStart failed: ${JSON.stringify(reply.error)}`);
    let peak = before;
    let finished = false;
    let done = 0;
    for (;;) {
      peak = Math.max(peak, await used());
      const progress = await jobProgress(page);
      done = progress?.done ?? 0;
      if (progress?.state === 'done') {
        if (progress.done !== rows) throw new Error(`The job ended with ${progress.done} of ${rows} links`);
        finished = true;
        break;
      }
      if (progress?.state === 'paused' || progress?.state === 'cancelled')
        throw new Error(`The bench's bulk job stopped: ${progress.state}`);
      // Reported, not thrown: a slow job is a finding, and the other measures' figures are kept.
      if (Date.now() - start > JOB_TIMEOUT_MS) {
        await send({ type: 'bulkControl', payload: { action: 'cancel' } });
        await waitUntilEnded(page);
        break;
      }
      await sleep(SAMPLE_MS);
    }
    const durationMs = Date.now() - start;
    await session.send('HeapProfiler.collectGarbage');
    const after = await used();
    await send({ type: 'bulkControl', payload: { action: 'clear' } });
    return { before, peak, after, durationMs, rows, done, finished };
  } finally {
    // Detached: a worker that DevTools holds restarts paused, waiting for a debugger that never resumes it.
    await worker.close().catch(() => undefined);
    await page.close();
  }
}
