/**
 * The benchmark's measurements in real, headless Chromium with the built extension and the baseline
 * page loaded side by side:
 *
 *   const bench = await startBench(extPath, baselinePath);   // browser, ids, reference server, configured
 *   const ready = await popupReady(bench, 20);               // { app: [ms…], baseline: [ms…] }
 *   await bench.close();
 *
 * Pages are opened as tabs of a fixed 400×600 viewport at chrome-extension://<id>/popup.html: a
 * headless browser has no toolbar popup, and the baseline is opened the same way.
 */
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type CDPSession, type Page } from 'puppeteer-core';
import { configureExtension } from '../../test/e2e/configure';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, serviceWorker, withTimeout } from '../../test/e2e/harness';
import { type ReferenceServer, startReference } from '../../test/e2e/reference-server';

/** The server's answer time in the cold-start measure: a `slow` fault holds each new link this long. */
export const SERVER_DELAY_MS = 100;
/** After the page is ready, how long a popup may still send requests (its background refresh). */
const SETTLE_MS = 500;
const READY_TIMEOUT_MS = 15_000;

/** A running benchmark browser. */
export interface Bench {
  browser: Browser;
  extensionId: string;
  baselineId: string;
  server: ReferenceServer;
  chromiumVersion: string;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Launches headless Chromium with the extension and the baseline, starts the reference server, and
 * configures the extension against it with a warm cache (links and lists fetched moments ago).
 */
export async function startBench(extPath: string, baselinePath: string): Promise<Bench> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'shortlink-bench-profile-'));
  // A rate limit no run reaches: the client's limiter would otherwise hold requests back and time that.
  const server = await startReference({ rateLimit: 100_000 });
  let browser: Browser | undefined;
  const close = async () => {
    const child = browser?.process();
    if (browser)
      await withTimeout(browser.close(), 10_000, 'Closing Chromium').catch(() => child?.kill('SIGKILL'));
    await server.close();
    await rm(userDataDir, { recursive: true, force: true, maxRetries: 3 });
  };
  try {
    browser = await puppeteer.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      pipe: true,
      enableExtensions: true,
      defaultViewport: { width: 400, height: 600 },
      protocolTimeout: 30_000,
      args: [...CHROMIUM_FLAGS, `--user-data-dir=${userDataDir}`],
    });
    const extensionId = await browser.installExtension(extPath);
    const baselineId = await browser.installExtension(baselinePath);
    const worker = await serviceWorker(browser, extensionId);
    await configureExtension(worker, { serverUrl: server.url, apiKey: server.apiKey });
    // Detached: a worker that DevTools holds restarts paused, waiting for a debugger that never resumes it.
    await worker.close();
    const bench: Bench = {
      browser,
      extensionId,
      baselineId,
      server,
      chromiumVersion: await browser.version(),
      close,
    };
    await warmCache(bench);
    return bench;
  } catch (error) {
    await close();
    throw error;
  }
}

function popupUrl(id: string, longUrl: string): string {
  return `chrome-extension://${id}/popup.html?url=${encodeURIComponent(longUrl)}`;
}

/**
 * Opens `url` in a new tab and waits for its `popup-ready` mark; returns the page, the mark's time
 * and, to tell loading from waiting for data, when the page's scripts had run (DOMContentLoaded's end).
 */
async function openUntilReady(
  browser: Browser,
  url: string,
): Promise<{ page: Page; readyMs: number; scriptsMs: number }> {
  const page = await browser.newPage();
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout: READY_TIMEOUT_MS });
  await page.waitForFunction(() => performance.getEntriesByName('popup-ready').length > 0, {
    polling: 20,
    timeout: READY_TIMEOUT_MS,
  });
  const timing = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return {
      readyMs: performance.getEntriesByName('popup-ready')[0]!.startTime,
      scriptsMs: navigation?.domContentLoadedEventEnd ?? Number.NaN,
    };
  });
  return { page, ...timing };
}

/** Sends one protocol message from an extension page, as the popup's `send` does; resolves to the reply. */
export function sendFrom(page: Page, message: unknown): Promise<{ ms: number; reply: unknown }> {
  return page.evaluate(async (m) => {
    const { chrome } = globalThis as unknown as {
      chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };
    };
    const start = performance.now();
    const reply = await chrome.runtime.sendMessage(m);
    return { ms: performance.now() - start, reply };
  }, message);
}

/** Fetches links and lists into the cache through the background, as the popup's refresh does. */
async function warmCache(bench: Bench): Promise<void> {
  const { page } = await openUntilReady(bench.browser, popupUrl(bench.extensionId, 'https://example.com/'));
  const { reply } = await sendFrom(page, { type: 'refresh', payload: { force: true } });
  if (!(reply as { ok?: boolean })?.ok) throw new Error(`Warming the cache failed: ${JSON.stringify(reply)}`);
  await page.close();
}

/** Time to `popup-ready` (and to DOMContentLoaded) of the popup and the baseline, alternating which goes first. */
export async function popupReady(
  bench: Bench,
  runs: number,
  warmup = 3,
): Promise<{ app: number[]; baseline: number[]; appScripts: number[]; baselineScripts: number[] }> {
  const app: number[] = [];
  const baseline: number[] = [];
  const appScripts: number[] = [];
  const baselineScripts: number[] = [];
  const url = 'https://example.com/articles/benchmark';
  // One idle tab of each extension stays open, so both pages load into a renderer that is already
  // running: otherwise the baseline, which has no service worker to keep its process alive, would
  // pay for a new process on every run and the extension would not.
  const keepers = await Promise.all(
    [bench.extensionId, bench.baselineId].map(
      async (id) => (await openUntilReady(bench.browser, popupUrl(id, url))).page,
    ),
  );
  for (let run = -warmup; run < runs; run++) {
    const order = run % 2 === 0 ? (['app', 'baseline'] as const) : (['baseline', 'app'] as const);
    for (const which of order) {
      const id = which === 'app' ? bench.extensionId : bench.baselineId;
      const { page, readyMs, scriptsMs } = await openUntilReady(bench.browser, popupUrl(id, url));
      await page.close();
      if (run < 0) continue;
      (which === 'app' ? app : baseline).push(readyMs);
      (which === 'app' ? appScripts : baselineScripts).push(scriptsMs);
    }
  }
  await Promise.all(keepers.map((page) => page.close()));
  return { app, baseline, appScripts, baselineScripts };
}

/** Requests the server received for each popup opening, with the cache still fresh. */
export async function requestsOnOpen(bench: Bench, opens: number): Promise<number[]> {
  const counts: number[] = [];
  for (let i = 0; i < opens; i++) {
    const before = bench.server.requests.length;
    const { page } = await openUntilReady(bench.browser, popupUrl(bench.extensionId, 'https://example.com/'));
    await sleep(SETTLE_MS);
    counts.push(bench.server.requests.length - before);
    await page.close();
  }
  return counts;
}

/** Requests the server received for each Shorten click in the popup, for a URL never shortened. */
export async function requestsPerShorten(bench: Bench, times: number): Promise<number[]> {
  const counts: number[] = [];
  for (let i = 0; i < times; i++) {
    const longUrl = `https://example.com/bench/shorten/${Date.now()}-${i}`;
    const { page } = await openUntilReady(bench.browser, popupUrl(bench.extensionId, longUrl));
    await sleep(SETTLE_MS);
    const before = bench.server.requests.length;
    await page.click('form.shorten button[type="submit"]');
    await page.waitForSelector('section.result', { timeout: READY_TIMEOUT_MS });
    await sleep(SETTLE_MS);
    counts.push(bench.server.requests.length - before);
    await page.close();
  }
  return counts;
}

/** Follows the running status of the extension's service worker through the ServiceWorker domain. */
export async function watchWorker(session: CDPSession, extensionId: string): Promise<() => string> {
  let status = 'unknown';
  session.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions) {
      if (version.scriptURL.startsWith(`chrome-extension://${extensionId}/`)) status = version.runningStatus;
    }
  });
  await session.send('ServiceWorker.enable');
  return () => status;
}

/** Waits until the status watchWorker follows is `wanted` ('stopped', 'running'). */
export async function waitForStatus(current: () => string, wanted: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (current() !== wanted) {
    if (Date.now() > deadline)
      throw new Error(`The service worker did not become ${wanted} (is ${current()})`);
    await sleep(10);
  }
}

/**
 * The extension's scripts that its running service worker has run, as paths inside the extension
 * (e.g. `['background.js']`), read from the DevTools protocol: what scripts/bench/sizes.ts counts as
 * loaded at start must be exactly this for a worker that has handled nothing needing more.
 */
export async function workerScripts(browser: Browser, extensionId: string): Promise<string[]> {
  const origin = `chrome-extension://${extensionId}/`;
  const target = await browser.waitForTarget(
    (t) => t.type() === 'service_worker' && t.url().startsWith(origin),
    { timeout: 10_000 },
  );
  const session = await target.createCDPSession();
  const scripts: string[] = [];
  session.on('Debugger.scriptParsed', ({ url }) => {
    if (url.startsWith(origin)) scripts.push(url.slice(origin.length));
  });
  try {
    // Debugger.enable reports every script the worker has already run before it answers.
    await session.send('Debugger.enable');
    await session.send('Debugger.disable');
  } finally {
    await session.detach().catch(() => undefined);
  }
  return [...new Set(scripts)];
}

/**
 * Milliseconds from sending `shorten` to its reply, minus the server's answer time, with the service
 * worker stopped first (`cold`) or left running (`warm`): what the extension itself adds.
 */
export async function shortenOverhead(
  bench: Bench,
  runs: number,
): Promise<{ cold: number[]; warm: number[] }> {
  const { page } = await openUntilReady(bench.browser, popupUrl(bench.extensionId, 'https://example.com/'));
  await sleep(SETTLE_MS);
  const session = await page.createCDPSession();
  const status = await watchWorker(session, bench.extensionId);
  bench.server.setFault({ kind: 'slow', delayMs: SERVER_DELAY_MS, match: 'POST /api/url/add' });
  const cold: number[] = [];
  const warm: number[] = [];
  try {
    for (let run = -1; run < runs; run++) {
      for (const mode of ['cold', 'warm'] as const) {
        if (mode === 'cold') {
          await session.send('ServiceWorker.stopAllWorkers');
          await waitForStatus(status, 'stopped');
        } else {
          await waitForStatus(status, 'running');
        }
        const longUrl = `https://example.com/bench/${mode}/${Date.now()}-${run}`;
        const requestId = `bench-${mode}-${Date.now()}-${run}`;
        const before = bench.server.requests.length;
        const { ms, reply } = await sendFrom(page, {
          type: 'shorten',
          payload: { requestId, input: { url: longUrl, status: 'private' } },
        });
        if (!(reply as { ok?: boolean })?.ok) throw new Error(`shorten failed: ${JSON.stringify(reply)}`);
        const sent = bench.server.requests.length - before;
        if (sent !== 1) throw new Error(`shorten sent ${sent} requests instead of 1`);
        if (run >= 0) (mode === 'cold' ? cold : warm).push(ms - SERVER_DELAY_MS);
      }
    }
  } finally {
    bench.server.setFault(null);
    await session.detach().catch(() => undefined);
    await page.close();
  }
  return { cold, warm };
}

/**
 * Per round, the time of each keystroke's search (ms) over `count` cached links, from the popup's own
 * search code run in a page of the same browser.
 */
export async function searchTimes(
  bench: Bench,
  script: string,
  count: number,
  queries: string[],
  rounds: number,
): Promise<number[][]> {
  const page = await bench.browser.newPage();
  try {
    await page.addScriptTag({ content: script });
    return await page.evaluate(
      (n, q, r) => {
        const { timeSearch } = globalThis as unknown as {
          timeSearch(count: number, queries: string[], rounds: number): number[][];
        };
        return timeSearch(n, q, r);
      },
      count,
      queries,
      rounds,
    );
  } finally {
    await page.close();
  }
}
