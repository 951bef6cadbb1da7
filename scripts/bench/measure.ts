/**
 * The benchmark's measurements in real Chromium on an X display (Xvfb), with the built extension and
 * the baseline extension loaded side by side and driven as a user drives them, with key presses:
 *
 *   const bench = await startBench(extPath, baselinePath);   // browser, ids, servers, keys bound
 *   const ready = await popupReady(bench, 20);               // key press → popup-ready, both popups
 *   await bench.close();
 *
 * Each popup is the real toolbar popup, opened by its `_execute_action` shortcut over a tab of a local
 * page; the `shorten-page` shortcut is pressed over the same tab. A key press is timed when the tab
 * receives it (pressShortcutTimed), and times taken in a page are turned into another clock by an
 * offset measured around it (see pageClockOffset).
 */
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type CDPSession, type Page, type Target } from 'puppeteer-core';
import { configureExtension } from '../../test/e2e/configure';
import { xdotool } from '../../test/e2e/desktop';
import {
  bindCommand,
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  clearClipboard,
  languageEnv,
  pressShortcutTimed,
  readClipboard,
  serviceWorker,
  withTimeout,
} from '../../test/e2e/harness';
import { type PageServer, samplePage, startPageServer } from '../../test/e2e/page-server';
import { type ReferenceServer, startReference } from '../../test/e2e/reference-server';
import type { RecordedRequest } from '../../test/server/server';

/** The server's answer time in the stopped-worker measure: a `slow` fault holds each new link this long. */
export const SERVER_DELAY_MS = 100;
/** After the popup is ready, how long it may still send requests (its background refresh). */
const SETTLE_MS = 500;
const READY_TIMEOUT_MS = 15_000;
/** How long a key press may take to open a popup before it is pressed again. */
const OPEN_TIMEOUT_MS = 5_000;
const COPY_TIMEOUT_MS = 10_000;
/** How long a stopped worker must stay stopped before the key press that should wake it. */
const STOPPED_CHECK_MS = 250;

/** The shortcuts the bench binds, in Chromium's spelling: one per popup, and the extension's command. */
export const KEYS = { app: 'Alt+Shift+P', baseline: 'Alt+Shift+K', shortenPage: 'Alt+Shift+S' } as const;

/** Which popup: the extension's, or the bare baseline's. */
export type Which = 'app' | 'baseline';

/** A running benchmark browser. */
export interface Bench {
  browser: Browser;
  extensionId: string;
  baselineId: string;
  server: ReferenceServer;
  /** The local web site whose tab the popups open over and the shortcut shortens. */
  site: PageServer;
  /** The tab of `site`, in front. */
  tab: Page;
  chromiumVersion: string;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Now, in epoch milliseconds with sub-millisecond precision (the clock the key press time uses). */
const now = () => performance.timeOrigin + performance.now();

/**
 * Launches Chromium on the X display with the extension and the baseline, starts the reference
 * server and a local site, binds the shortcuts, and configures the extension against the server
 * with a warm cache (links and lists fetched moments ago).
 */
export async function startBench(extPath: string, baselinePath: string): Promise<Bench> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'shortlink-bench-profile-'));
  // A rate limit no run reaches: the client's limiter would otherwise hold requests back and time that.
  const server = await startReference({ rateLimit: 100_000 });
  const site = await startPageServer({ '/': samplePage('Benchmark article') });
  let browser: Browser | undefined;
  const close = async () => {
    const child = browser?.process();
    if (browser)
      await withTimeout(browser.close(), 10_000, 'Closing Chromium').catch(() => child?.kill('SIGKILL'));
    await Promise.all([server.close(), site.close()]);
    await rm(userDataDir, { recursive: true, force: true, maxRetries: 3 });
  };
  try {
    browser = await puppeteer.launch({
      executablePath: CHROMIUM_PATH,
      headless: false,
      pipe: true,
      enableExtensions: true,
      // The real window size, as in the e2e tests: key presses go to a real window.
      defaultViewport: null,
      protocolTimeout: 30_000,
      env: languageEnv('en'),
      args: [
        ...CHROMIUM_FLAGS,
        `--user-data-dir=${userDataDir}`,
        '--window-position=0,0',
        '--window-size=1280,800',
      ],
    });
    const extensionId = await browser.installExtension(extPath);
    const baselineId = await browser.installExtension(baselinePath);
    await bindCommand(browser, extensionId, '_execute_action', KEYS.app);
    await bindCommand(browser, baselineId, '_execute_action', KEYS.baseline);
    await bindCommand(browser, extensionId, 'shorten-page', KEYS.shortenPage);
    const worker = await serviceWorker(browser, extensionId);
    await configureExtension(worker, { serverUrl: server.url, apiKey: server.apiKey });
    // Detached: a worker that DevTools holds restarts paused, waiting for a debugger that never resumes it.
    await worker.close();
    const tab = await browser.newPage();
    await tab.goto(site.url('/'), { waitUntil: 'load' });
    const bench: Bench = {
      browser,
      extensionId,
      baselineId,
      server,
      site,
      tab,
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

/** A page's clock, `performance.timeOrigin + now()`, through puppeteer's page or a bare DevTools session. */
type ClockReader = () => Promise<number>;
const pageClock =
  (page: Page): ClockReader =>
  () =>
    page.evaluate(() => performance.timeOrigin + performance.now());
const sessionClock =
  (session: CDPSession): ClockReader =>
  async () =>
    (
      await session.send('Runtime.evaluate', {
        expression: 'performance.timeOrigin + performance.now()',
        returnByValue: true,
      })
    ).result.value as number;

/**
 * The offset (ms) to add to this process's clock to get a page's `performance.timeOrigin + now()`:
 * the round trip with the least delay of a few, read at its midpoint.
 */
async function pageClockOffset(page: Page | ClockReader): Promise<number> {
  const read = typeof page === 'function' ? page : pageClock(page);
  let best = { roundTrip: Number.POSITIVE_INFINITY, offset: 0 };
  for (let i = 0; i < 5; i++) {
    const before = now();
    const inPage = await read();
    const after = now();
    if (after - before < best.roundTrip)
      best = { roundTrip: after - before, offset: inPage - (before + after) / 2 };
  }
  return best.offset;
}

/**
 * Evaluated in an opening popup: its marks once `popup-ready` is marked (observed, not polled) and its
 * document has loaded (the bare popup marks before DOMContentLoaded ends: a timer waits for it); null
 * while the popup's own document is not the one running yet.
 */
const POPUP_MARKS = `location.protocol !== 'chrome-extension:' ? null : new Promise((resolve) => {
  const done = () => {
    const [navigation] = performance.getEntriesByType('navigation');
    if (navigation && navigation.domContentLoadedEventEnd === 0) return setTimeout(done, 5);
    resolve({
      origin: performance.timeOrigin,
      ready: performance.getEntriesByName('popup-ready')[0].startTime,
      documentReady: navigation ? navigation.domContentLoadedEventEnd : Number.NaN,
    });
  };
  if (performance.getEntriesByName('popup-ready').length > 0) return done();
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('popup-ready').length === 0) return;
    observer.disconnect();
    done();
  });
  observer.observe({ type: 'mark' });
})`;

type Marks = { origin: number; ready: number; documentReady: number };

/**
 * Waits for an opening popup's marks through a DevTools session of its own: puppeteer's page (its
 * isolated world, its polling timers) would run in the popup while it loads, and cost a popup that
 * waits for reads more than one that is ready at once.
 */
async function popupMarks(session: CDPSession): Promise<Marks> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error('The popup did not mark popup-ready');
    if (session.detached) throw new Error('The popup closed before it marked popup-ready');
    const asked = session.send('Runtime.evaluate', {
      expression: POPUP_MARKS,
      awaitPromise: true,
      returnByValue: true,
    });
    // A navigation replaces the context the evaluation ran in (an error): the next try asks the new one.
    const answer = await withTimeout(asked, left, 'Waiting for popup-ready').catch((error: unknown) => {
      if (Date.now() >= deadline) throw error;
      return undefined;
    });
    if (answer?.exceptionDetails)
      throw new Error(`The popup's marks could not be read: ${answer.exceptionDetails.text}`);
    const value = answer?.result.value as Marks | null | undefined;
    if (value) return value;
    await sleep(5);
  }
}

/**
 * How many DevTools sessions the bench itself is opening: the traces' probe (tracing.ts), which
 * instruments every session as it attaches, leaves those alone.
 */
export const ownSessions = { attaching: 0 };

/** One popup opening, timed from the key press. */
interface Opening {
  popup: Page;
  /** Key press → `popup-ready` mark. */
  readyMs: number;
  /** Navigation start → DOMContentLoaded's end: the page has loaded and run its scripts. */
  documentReadyMs: number;
  /** Key press → navigation start: the browser's part, opening the popup window. */
  openMs: number;
}

/** Waits until `target` is gone (a closed popup), so the next key press opens a new one. */
async function targetGone(browser: Browser, target: Target): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (browser.targets().includes(target)) {
    if (Date.now() > deadline) throw new Error(`The popup ${target.url()} did not close`);
    await sleep(10);
  }
}

/**
 * Opens the real popup of `which` over the bench's tab with its shortcut, as a user does, and waits
 * for its `popup-ready` mark. Presses the key once more if no popup opened (a key press that lands
 * while the window is taking the focus is lost); that try's time is the second press's.
 */
export async function openPopup(bench: Bench, which: Which): Promise<Opening> {
  const id = which === 'app' ? bench.extensionId : bench.baselineId;
  const isPopup = (t: Target) => t.url().startsWith(`chrome-extension://${id}/popup.html`);
  const before = new Set(bench.browser.targets().filter(isPopup));
  for (let attempt = 1; attempt <= 2; attempt++) {
    const tabOffset = await pageClockOffset(bench.tab);
    const pressedAt = await pressShortcutTimed(bench.tab, KEYS[which].toLowerCase()).catch(() => undefined);
    if (pressedAt === undefined) continue;
    const target = await bench.browser
      .waitForTarget((t) => isPopup(t) && !before.has(t), { timeout: OPEN_TIMEOUT_MS })
      .catch(() => undefined);
    if (!target) continue;
    ownSessions.attaching++;
    const session = await withTimeout(target.createCDPSession(), 10_000, 'Attaching to the popup').finally(
      () => ownSessions.attaching--,
    );
    let marks: Marks;
    let pressedInPopup: number;
    try {
      marks = await popupMarks(session);
      // Both times in the popup's clock: the tab and the popup run in different processes.
      pressedInPopup = pressedAt - tabOffset + (await pageClockOffset(sessionClock(session)));
    } finally {
      await session.detach().catch(() => undefined);
    }
    const popup = await withTimeout(target.asPage(), 10_000, 'Attaching to the popup');
    return {
      popup,
      readyMs: marks.origin + marks.ready - pressedInPopup,
      documentReadyMs: marks.documentReady,
      openMs: marks.origin - pressedInPopup,
    };
  }
  throw new Error(`The ${which} popup did not open after pressing ${KEYS[which]} twice`);
}

/** Closes a popup and waits until it is gone. */
export async function closePopup(bench: Bench, popup: Page): Promise<void> {
  const target = popup.target();
  await popup.close();
  await targetGone(bench.browser, target);
}

/** Opens the extension's popup once and lets its refresh fill the cache: later opens find it fresh. */
async function warmCache(bench: Bench): Promise<void> {
  const { popup } = await openPopup(bench, 'app');
  // The refresh runs after the first draw; it is over once the server has heard nothing for a while.
  let seen = -1;
  while (seen !== bench.server.requests.length) {
    seen = bench.server.requests.length;
    await sleep(1_000);
  }
  if (!bench.server.requests.some((r) => r.method === 'GET'))
    throw new Error('The popup fetched nothing to warm its cache: is the extension configured?');
  await closePopup(bench, popup);
}

/** Samples of popupReady, in ms. */
export interface PopupReadySamples {
  /** Key press → popup-ready. */
  app: number[];
  baseline: number[];
  /** Navigation start → DOMContentLoaded's end. */
  appDocument: number[];
  baselineDocument: number[];
  /** Key press → navigation start. */
  appOpen: number[];
  baselineOpen: number[];
}

/**
 * Key press → `popup-ready` (and navigation → document ready) of both popups, alternating which goes
 * first; `beforeRun` is awaited before each pair, untimed.
 */
export async function popupReady(
  bench: Bench,
  runs: number,
  { warmup = 3, beforeRun }: { warmup?: number; beforeRun?: () => Promise<void> } = {},
): Promise<PopupReadySamples> {
  const samples: PopupReadySamples = {
    app: [],
    baseline: [],
    appDocument: [],
    baselineDocument: [],
    appOpen: [],
    baselineOpen: [],
  };
  await withKeepers(bench, async () => {
    for (let run = -warmup; run < runs; run++) {
      await beforeRun?.();
      for (const which of alternate(run)) {
        const { popup, readyMs, documentReadyMs, openMs } = await openPopup(bench, which);
        await closePopup(bench, popup);
        if (run < 0) continue;
        samples[which].push(readyMs);
        samples[`${which}Document`].push(documentReadyMs);
        samples[`${which}Open`].push(openMs);
      }
    }
  });
  return samples;
}

/** Which popup opens first in run `run`: they take turns, so neither always follows the other. */
export function alternate(run: number): readonly Which[] {
  return run % 2 === 0 ? ['app', 'baseline'] : ['baseline', 'app'];
}

/**
 * Runs `work` with one idle tab of each extension open, so both popups load into a renderer that is
 * already running: otherwise the baseline, which has no service worker to keep its process alive,
 * would pay for a new process on every run and the extension would not.
 */
export async function withKeepers<T>(bench: Bench, work: () => Promise<T>): Promise<T> {
  const keepers = await Promise.all(
    [bench.extensionId, bench.baselineId].map(async (id) => {
      const page = await bench.browser.newPage();
      await page.goto(`chrome-extension://${id}/popup.html`, { waitUntil: 'load' });
      return page;
    }),
  );
  try {
    return await work();
  } finally {
    await Promise.all(keepers.map((page) => page.close()));
  }
}

/** Requests the server received for each opening of the extension's popup, with the cache still fresh. */
export async function requestsOnOpen(bench: Bench, opens: number): Promise<number[]> {
  const counts: number[] = [];
  for (let i = 0; i < opens; i++) {
    const before = bench.server.requests.length;
    const { popup } = await openPopup(bench, 'app');
    await sleep(SETTLE_MS);
    counts.push(bench.server.requests.length - before);
    await closePopup(bench, popup);
  }
  return counts;
}

/** Points the bench's tab at a new page of the local site, a URL no run has shortened. */
export async function freshPage(bench: Bench, name: string): Promise<string> {
  const path = `/bench/${name}`;
  bench.site.setPage(path, samplePage(`Benchmark ${name}`));
  await bench.tab.goto(bench.site.url(path), { waitUntil: 'load' });
  return bench.site.url(path);
}

/** Requests the server received for each Shorten click in the popup, over a page never shortened. */
export async function requestsPerShorten(bench: Bench, times: number): Promise<number[]> {
  const counts: number[] = [];
  for (let i = 0; i < times; i++) {
    await freshPage(bench, `shorten-${Date.now()}-${i}`);
    const { popup } = await openPopup(bench, 'app');
    await sleep(SETTLE_MS);
    const before = bench.server.requests.length;
    await popup.click('form.shorten button[type="submit"]');
    await popup.waitForSelector('section.result', { timeout: READY_TIMEOUT_MS });
    await sleep(SETTLE_MS);
    counts.push(bench.server.requests.length - before);
    await closePopup(bench, popup);
  }
  await bench.tab.goto(bench.site.url('/'), { waitUntil: 'load' });
  return counts;
}

/**
 * Presses `keys` (xdotool spelling) in the window that has the keyboard focus, as a user does: the
 * popup, which takes it when it opens. Returns when `page` received the keydown (epoch ms in the
 * page's clock, as pressShortcutTimed gives for a tab).
 */
async function pressInFocusedTimed(page: Page, keys: string): Promise<number> {
  await page.evaluate(() => {
    const w = globalThis as unknown as { benchKeyDown?: Promise<number> };
    w.benchKeyDown = new Promise((resolve) => {
      addEventListener('keydown', (event) => resolve(performance.timeOrigin + event.timeStamp), {
        once: true,
        capture: true,
      });
      setTimeout(() => resolve(Number.NaN), 5_000);
    });
  });
  await xdotool('key', '--delay', '0', keys);
  const at = await page.evaluate(
    () => (globalThis as unknown as { benchKeyDown: Promise<number> }).benchKeyDown,
  );
  if (Number.isNaN(at)) throw new Error(`${page.url()} saw no ${keys}: did it have the keyboard focus?`);
  return at;
}

/** Samples of popupShorten. */
export interface PopupShortenSamples {
  /** Enter → short URL on the clipboard, minus the server's delay (ms). */
  copied: number[];
  /** Enter → the server received the request to create the link (ms; whole ms: the server's clock). */
  toRequest: number[];
  /** How many POST /api/url/add each Shorten made, until SETTLE_MS after the copy. */
  creates: number[];
}

/**
 * The popup's own Shorten: the real popup opened by its shortcut over a page never shortened, then
 * Enter pressed in it (the URL field has the focus: Enter is Shorten, as for a user), timed until the
 * short URL is on the clipboard, read with xclip as in shortcutShorten; the server holds each new
 * link SERVER_DELAY_MS, which is subtracted. One untimed run first.
 */
export async function popupShorten(bench: Bench, runs: number): Promise<PopupShortenSamples> {
  bench.server.setFault({ kind: 'slow', delayMs: SERVER_DELAY_MS, match: 'POST /api/url/add' });
  const samples: PopupShortenSamples = { copied: [], toRequest: [], creates: [] };
  try {
    for (let run = -1; run < runs; run++) {
      const pageUrl = await freshPage(bench, `popup-shorten-${Date.now()}-${run}`);
      await clearClipboard();
      const { popup } = await openPopup(bench, 'app');
      // After ready the popup asks the background for a refresh: let it answer before the key press.
      await sleep(SETTLE_MS);
      const before = bench.server.requests.length;
      const popupOffset = await pageClockOffset(popup);
      const pressedAt = (await pressInFocusedTimed(popup, 'Return')) - popupOffset;
      const answer = await linkAnswered(bench.server, before);
      const copied = await clipboardFilled(answer.at);
      // Late requests count too: a second create a moment after the copy would still be one too many.
      await sleep(SETTLE_MS);
      const creates = bench.server.requests.slice(before).filter(isLinkCreate).length;
      const link = bench.server.store.links.find((l) => l.longurl === pageUrl);
      if (!link) throw new Error(`Shorten in the popup made no link for ${pageUrl}`);
      if (copied.text !== bench.server.store.shortUrl(link))
        throw new Error(
          `Shorten in the popup copied ${JSON.stringify(copied.text)}, not the short URL of ${pageUrl}`,
        );
      await closePopup(bench, popup);
      if (run < 0) continue;
      samples.copied.push(copied.at - pressedAt - SERVER_DELAY_MS);
      samples.toRequest.push(answer.request.at - pressedAt);
      samples.creates.push(creates);
    }
  } finally {
    bench.server.setFault(null);
    await bench.tab.goto(bench.site.url('/'), { waitUntil: 'load' });
  }
  return samples;
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

const isLinkCreate = (r: RecordedRequest) => r.method === 'POST' && r.path === '/api/url/add';

/**
 * When the server answered the first request to create a link that it recorded from `index` on
 * (this process's clock, polled every millisecond), and that request.
 */
export async function linkAnswered(
  server: ReferenceServer,
  index: number,
): Promise<{ at: number; request: RecordedRequest }> {
  const deadline = now() + COPY_TIMEOUT_MS;
  while (now() < deadline) {
    const request = server.requests.slice(index).find(isLinkCreate);
    if (request?.status !== undefined) return { at: now(), request };
    await sleep(1);
  }
  throw new Error(`The server answered no request to create a link within ${COPY_TIMEOUT_MS} ms`);
}

/**
 * When the clipboard first holds text, reading it with xclip back to back from `after` on, a time
 * known to be before the copy. One read takes a few milliseconds and sees the clipboard at some point
 * within them: the copy fell between the previous read's middle (or `after`) and this one's.
 */
export async function clipboardFilled(after: number): Promise<{ at: number; text: string }> {
  const deadline = now() + COPY_TIMEOUT_MS;
  let previous = after;
  while (now() < deadline) {
    const start = now();
    const text = await readClipboard();
    const middle = (start + now()) / 2;
    if (text !== '') return { at: (previous + middle) / 2, text };
    previous = middle;
  }
  throw new Error(`Nothing was copied within ${COPY_TIMEOUT_MS} ms of the shortcut`);
}

/** Samples of shortcutShorten, in ms. */
export interface ShortcutSamples {
  /** Key press → short URL on the clipboard, minus the server's delay, with the worker stopped first. */
  cold: number[];
  /** The same with the worker already running. */
  warm: number[];
  /** Key press → the server received the request (whole ms: the server's clock), worker stopped first. */
  coldToRequest: number[];
  warmToRequest: number[];
}

/**
 * Stops the service worker and makes sure it stays stopped for a moment: an event of the page load
 * before (a tab update) can wake it again just after, and then the run would not start cold.
 */
export async function stopWorker(session: CDPSession, status: () => string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    await session.send('ServiceWorker.stopAllWorkers');
    await waitForStatus(status, 'stopped');
    await sleep(STOPPED_CHECK_MS);
    if (status() === 'stopped') return;
  }
  throw new Error('The service worker keeps starting again after being stopped');
}

/**
 * Presses the `shorten-page` shortcut over a page never shortened, with the service worker stopped
 * through the DevTools protocol first (`cold`) or left running (`warm`), and times until the short
 * URL is on the clipboard; the server holds each new link SERVER_DELAY_MS, which is subtracted.
 */
export async function shortcutShorten(bench: Bench, runs: number): Promise<ShortcutSamples> {
  const session = await bench.tab.createCDPSession();
  const status = await watchWorker(session, bench.extensionId);
  bench.server.setFault({ kind: 'slow', delayMs: SERVER_DELAY_MS, match: 'POST /api/url/add' });
  const samples: ShortcutSamples = { cold: [], warm: [], coldToRequest: [], warmToRequest: [] };
  try {
    for (let run = -1; run < runs; run++) {
      for (const mode of ['cold', 'warm'] as const) {
        // Loading the page first: a worker woken by the navigation would not be a stopped one.
        const pageUrl = await freshPage(bench, `${mode}-${Date.now()}-${run}`);
        await clearClipboard();
        if (mode === 'cold') await stopWorker(session, status);
        else await waitForStatus(status, 'running');
        const before = bench.server.requests.length;
        const tabOffset = await pageClockOffset(bench.tab);
        const pressedAt = (await pressShortcutTimed(bench.tab, KEYS.shortenPage.toLowerCase())) - tabOffset;
        // Reading the clipboard only once the server has answered: reads cost CPU the worker needs.
        const answer = await linkAnswered(bench.server, before);
        const copied = await clipboardFilled(answer.at);
        const adds = bench.server.requests.slice(before).filter(isLinkCreate);
        const link = bench.server.store.links.find((l) => l.longurl === pageUrl);
        if (adds.length !== 1 || !link)
          throw new Error(`The shortcut sent ${adds.length} requests to shorten ${pageUrl} instead of 1`);
        if (copied.text !== bench.server.store.shortUrl(link))
          throw new Error(
            `The shortcut copied ${JSON.stringify(copied.text)}, not the short URL of ${pageUrl}`,
          );
        if (run < 0) continue;
        samples[mode].push(copied.at - pressedAt - SERVER_DELAY_MS);
        samples[`${mode}ToRequest`].push(answer.request.at - pressedAt);
      }
    }
  } finally {
    bench.server.setFault(null);
    await session.detach().catch(() => undefined);
    await bench.tab.goto(bench.site.url('/'), { waitUntil: 'load' });
  }
  return samples;
}

/**
 * Per round, the time of each keystroke (ms) over `count` cached links, run in a page of the same
 * browser: the popup's own search code (`timeSearch`), or the address bar's suggestion builder
 * (`timeOmnibox`); or each keystroke once, typed in order (`timePopupTyping`, `timeOmniboxTyping`).
 */
export async function searchTimes(
  bench: Bench,
  script: string,
  count: number,
  queries: string[],
  rounds: number,
  timer: 'timeSearch' | 'timeOmnibox' | 'timePopupTyping' | 'timeOmniboxTyping' = 'timeSearch',
): Promise<number[][]> {
  const page = await bench.browser.newPage();
  try {
    await page.addScriptTag({ content: script });
    return await page.evaluate(
      (name, n, q, r) => {
        const timers = globalThis as unknown as Record<
          string,
          (count: number, queries: string[], rounds: number) => number[][]
        >;
        return timers[name]!(n, q, r);
      },
      timer,
      count,
      queries,
      rounds,
    );
  } finally {
    await page.close();
  }
}
