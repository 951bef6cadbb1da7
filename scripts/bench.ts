/**
 * `npm run bench`: builds the extension and a bare Preact baseline extension with the same toolchain,
 * measures what a user feels in real Chromium on an X display (a fresh Xvfb when DISPLAY is unset),
 * prints one table (each figure, its goal, the same-run baseline and the run's noise) and the size
 * fences, and writes every figure and sample to .bench/results.json.
 *
 *   npm run bench                      # 20 timed runs per timing (plus warm-up runs, not counted)
 *   npm run bench -- --runs 40         # more runs on a noisy machine
 *   npm run bench -- --skip-build      # reuse .output/chrome-mv3-bench and .output/bench-baseline
 *
 * Timings are medians; noise is the interquartile range over the median. Byte sizes are exact.
 * The machine is shared: compare the popup with the baseline of the same run, not across runs.
 * Nothing here is asserted by a test: timings depend on the machine, and sizes are fences, not goals.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../test/e2e/build';
import { BASELINE_PATH, BENCH_EXT_PATH, buildAll, bundlePage } from './bench/build';
import { type BulkJobMemory, bulkJobMemory, bulkPreviewTimes } from './bench/bulk';
import { SEARCH_TERMS, typingQueries } from './bench/links';
import {
  type PopupReadySamples,
  popupReady,
  requestsOnOpen,
  requestsPerShorten,
  SERVER_DELAY_MS,
  type ShortcutSamples,
  searchTimes,
  shortcutShorten,
  startBench,
} from './bench/measure';
import { type InitialLoad, initialLoad, POPUP_FENCE, WORKER_FENCE, workerLoad } from './bench/sizes';
import { type Summary, summarize } from './bench/stats';

const RESULTS_PATH = join(ROOT, '.bench', 'results.json');
/** The real popup may take at most this many times the bare popup's time from key press to ready. */
const READY_RATIO_GOAL = 1.15;
/** The popup's document may be ready at most this much later than the bare popup's. */
const DOCUMENT_READY_GOAL_MS = 40;
const SEARCH_GOALS_MS = { 10000: 2, 50000: 10 } as const;
/** The address bar's first suggestion within one frame of the keystroke (60 Hz). */
const OMNIBOX_GOAL_MS = 16;
const OMNIBOX_LINKS = 50_000;
/** A stopped service worker may add at most this much to the server's answer time. */
const COLD_START_GOAL_MS = 50;
/** The Bulk create preview of 10,000 pasted rows, once the typing pause is over. */
const BULK_PREVIEW_GOAL_MS = 200;
/** The worker's heap during a 1,000-row job: a fence, and what it may keep once the job is done. */
const BULK_HEAP_FENCE = 50 * 1024 * 1024;
const BULK_HEAP_KEPT_GOAL = 1024 * 1024;

interface Options {
  runs: number;
  build: boolean;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { runs: 20, build: true };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--skip-build') options.build = false;
    else if (arg === '--runs') {
      options.runs = Number(argv[++i]);
      if (!Number.isInteger(options.runs) || options.runs < 10) {
        throw new Error('--runs needs a whole number of at least 10: medians of fewer runs say little here.');
      }
    } else throw new Error(`Unknown option ${arg}. Use --runs N and --skip-build.`);
  }
  return options;
}

/** One line of the table. */
interface Row {
  measure: string;
  result: string;
  goal: string;
  baseline: string;
  noise: string;
  /** 'yes' or '**no**' for a goal; for a fence, whether the size is inside it. */
  met: string;
}

const bytes = (n: number) => `${n.toLocaleString('en-US')} B`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n: number) => `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms`;
const pct = (s: Summary) => `${s.iqrPercent.toFixed(0)}%`;
const yes = (met: boolean) => (met ? 'yes' : '**no**');

/** Median over rounds of each round's median keystroke, and the slowest keystroke's median. */
function keystrokes(rounds: number[][]): { perRound: Summary; worst: number } {
  const perRound = summarize(rounds.map((round) => summarize(round).median));
  const queries = rounds[0]!.length;
  const worst = Math.max(
    ...Array.from({ length: queries }, (_, q) => summarize(rounds.map((round) => round[q]!)).median),
  );
  return { perRound, worst };
}

function table(rows: Row[]): string {
  const head = ['Measure', 'Result', 'Goal', 'Baseline (same run)', 'Noise (IQR/median)', 'Goal met'];
  const lines = [head, head.map(() => '---')];
  for (const r of rows) lines.push([r.measure, r.result, r.goal, r.baseline, r.noise, r.met]);
  return lines.map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

function fileList(load: InitialLoad): string {
  return load.files.map((f) => `${f.path} ${bytes(f.gzip)}`).join(' + ');
}

/** A size row: where `load` stands against its fence. */
function fenceRow(measure: string, load: InitialLoad, fence: number, baseline: string): Row {
  return {
    measure,
    result: `${bytes(load.gzip)} (${kb(load.gzip)})`,
    goal: `fence, not a goal: ≤ ${bytes(fence)} (${kb(fence)})`,
    baseline,
    noise: 'exact',
    met: load.gzip <= fence ? 'inside the fence' : '**past the fence**',
  };
}

/**
 * Runs the bench again under scripts/with-display.sh (a fresh Xvfb) when there is no X display: the
 * popups are real toolbar popups, opened with real key presses. Resolves to its exit code.
 */
function underDisplay(): Promise<number> {
  const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');
  const child = spawn('bash', [join(ROOT, 'scripts', 'with-display.sh'), tsx, ...process.argv.slice(1)], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

async function main(): Promise<void> {
  if (!process.env.DISPLAY) {
    process.exitCode = await underDisplay();
    return;
  }
  const options = parseArgs(process.argv.slice(2));
  const loadAtStart = loadavg();
  if (options.build) {
    console.log('Building the extension and the baseline extension…');
    await buildAll();
  }
  const popupLoad = initialLoad(BENCH_EXT_PATH, 'popup.html');
  const workerStart = workerLoad(BENCH_EXT_PATH);
  const baselineLoad = initialLoad(BASELINE_PATH, 'popup.html');
  const searchScript = await bundlePage('search-page.ts');
  const bulkScript = await bundlePage('bulk-preview-page.ts');

  console.log(`Measuring in Chromium on display ${process.env.DISPLAY}, ${options.runs} timed runs each…`);
  const bench = await startBench(BENCH_EXT_PATH, BASELINE_PATH);
  let measured: {
    openRequests: number[];
    shortenRequests: number[];
    ready: PopupReadySamples;
    shortcut: ShortcutSamples;
    search: Record<number, number[][]>;
    omnibox: number[][];
    bulkPreview: number[];
    bulkMemory: BulkJobMemory;
  };
  try {
    // Requests first: the cache the bench warmed is fresh for 5 minutes.
    const openRequests = await requestsOnOpen(bench, 5);
    const shortenRequests = await requestsPerShorten(bench, 3);
    const ready = await popupReady(bench, options.runs);
    const shortcut = await shortcutShorten(bench, options.runs);
    const queries = typingQueries(SEARCH_TERMS);
    const search: Record<number, number[][]> = {};
    for (const count of [10_000, 50_000]) {
      search[count] = await searchTimes(bench, searchScript, count, queries, options.runs);
    }
    const omnibox = await searchTimes(
      bench,
      searchScript,
      OMNIBOX_LINKS,
      queries,
      options.runs,
      'timeOmnibox',
    );
    const bulkPreview = await bulkPreviewTimes(bench, bulkScript, options.runs);
    // Last: the job sends a thousand requests, which no other measure should run beside.
    const bulkMemory = await bulkJobMemory(bench);
    measured = { openRequests, shortenRequests, ready, shortcut, search, omnibox, bulkPreview, bulkMemory };
  } finally {
    await bench.close();
  }

  const appReady = summarize(measured.ready.app);
  const baseReady = summarize(measured.ready.baseline);
  const ratio = appReady.median / baseReady.median;
  const appDocument = summarize(measured.ready.appDocument);
  const baseDocument = summarize(measured.ready.baselineDocument);
  const documentLater = appDocument.median - baseDocument.median;
  const cold = summarize(measured.shortcut.cold);
  const warm = summarize(measured.shortcut.warm);
  const search = Object.fromEntries(
    Object.entries(measured.search).map(([count, rounds]) => [count, keystrokes(rounds)]),
  );
  const omnibox = keystrokes(measured.omnibox);
  const median = (samples: number[]) => ms(summarize(samples).median);
  const bulkPreview = summarize(measured.bulkPreview);
  const heap = measured.bulkMemory;
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  const sinceNavigation = (ready: number[], open: number[]) => summarize(ready.map((t, i) => t - open[i]!));
  const pageReady = {
    app: sinceNavigation(measured.ready.app, measured.ready.appOpen),
    baseline: sinceNavigation(measured.ready.baseline, measured.ready.baselineOpen),
  };

  const rows: Row[] = [
    {
      measure: `Popup opened by its shortcut: key press → URL filled, Shorten enabled, list drawn; median of ${appReady.n}`,
      result: `${ms(appReady.median)} (${ratio.toFixed(2)}×)`,
      goal: `≤ ${READY_RATIO_GOAL}× baseline = ${ms(baseReady.median * READY_RATIO_GOAL)}`,
      baseline: `bare Preact popup: ${ms(baseReady.median)}`,
      noise: `${pct(appReady)} / baseline ${pct(baseReady)}`,
      met: yes(ratio <= READY_RATIO_GOAL),
    },
    {
      measure: `Popup document ready (navigation start → DOMContentLoaded), median of ${appDocument.n}`,
      result: `${ms(appDocument.median)} (${documentLater >= 0 ? '+' : ''}${ms(documentLater)})`,
      goal: `≤ baseline + ${DOCUMENT_READY_GOAL_MS} ms = ${ms(baseDocument.median + DOCUMENT_READY_GOAL_MS)}`,
      baseline: `bare Preact popup: ${ms(baseDocument.median)}`,
      noise: `${pct(appDocument)} / baseline ${pct(baseDocument)}`,
      met: yes(documentLater <= DOCUMENT_READY_GOAL_MS),
    },
    {
      measure: `Stopped service worker → shorten-page shortcut → short URL on the clipboard, minus the server's ${SERVER_DELAY_MS} ms, median of ${cold.n}`,
      result: ms(cold.median),
      goal: `≤ ${COLD_START_GOAL_MS} ms`,
      baseline: `worker already running: ${ms(warm.median)}`,
      noise: `${pct(cold)} / running ${pct(warm)}`,
      met: yes(cold.median <= COLD_START_GOAL_MS),
    },
    {
      measure: `Requests when the popup opens, warm cache (max of ${measured.openRequests.length})`,
      result: String(Math.max(...measured.openRequests)),
      goal: '0',
      baseline: '—',
      noise: 'exact',
      met: yes(measured.openRequests.every((n) => n === 0)),
    },
    {
      measure: `Requests per Shorten in the popup (max of ${measured.shortenRequests.length})`,
      result: String(Math.max(...measured.shortenRequests)),
      goal: 'exactly 1',
      baseline: '—',
      noise: 'exact',
      met: yes(measured.shortenRequests.every((n) => n === 1)),
    },
    ...([10_000, 50_000] as const).map(
      (count): Row => ({
        measure: `Search, one keystroke over ${count.toLocaleString('en-US')} cached links, median`,
        result: `${ms(search[count]!.perRound.median)} (slowest keystroke ${ms(search[count]!.worst)})`,
        goal: `< ${SEARCH_GOALS_MS[count]} ms`,
        baseline: '—',
        noise: pct(search[count]!.perRound),
        met: yes(search[count]!.perRound.median < SEARCH_GOALS_MS[count]),
      }),
    ),
    {
      measure: `Address-bar keyword: the suggestions for one keystroke over ${OMNIBOX_LINKS.toLocaleString('en-US')} cached links, median`,
      result: `${ms(omnibox.perRound.median)} (slowest keystroke ${ms(omnibox.worst)})`,
      goal: `< ${OMNIBOX_GOAL_MS} ms (one frame)`,
      baseline: '—',
      noise: pct(omnibox.perRound),
      met: yes(omnibox.perRound.median < OMNIBOX_GOAL_MS && omnibox.worst < OMNIBOX_GOAL_MS),
    },
    {
      measure: `Bulk create preview of 10,000 pasted rows against 10,000 cached links, median of ${bulkPreview.n}`,
      result: ms(bulkPreview.median),
      goal: `≤ ${BULK_PREVIEW_GOAL_MS} ms`,
      baseline: '—',
      noise: pct(bulkPreview),
      met: yes(bulkPreview.median <= BULK_PREVIEW_GOAL_MS),
    },
    {
      measure: `Service worker JS heap during a ${heap.rows.toLocaleString('en-US')}-row bulk job (peak; before → after)`,
      result: `${mb(heap.peak)}; ${mb(heap.before)} → ${mb(heap.after)}`,
      goal: `peak ≤ ${mb(BULK_HEAP_FENCE)} (fence); after − before ≤ ${mb(BULK_HEAP_KEPT_GOAL)}`,
      baseline: '—',
      noise: 'one run',
      met: yes(heap.peak <= BULK_HEAP_FENCE && heap.after - heap.before <= BULK_HEAP_KEPT_GOAL),
    },
    fenceRow(
      'Popup first load, gzip (HTML + every script and stylesheet before its code runs)',
      popupLoad,
      POPUP_FENCE,
      `bare Preact popup: ${bytes(baselineLoad.gzip)}`,
    ),
    fenceRow('Service worker start load, gzip (its script + static imports)', workerStart, WORKER_FENCE, '—'),
  ];

  const loadAtEnd = loadavg();
  const notes = [
    `Chromium ${bench.chromiumVersion}, headed on X display ${process.env.DISPLAY}; ${cpus().length} CPUs, load average ${loadAtStart[0]!.toFixed(2)} at start, ${loadAtEnd[0]!.toFixed(2)} at end.`,
    `Popup: the real toolbar popup of each extension, opened over a tab of a local page by its _execute_action shortcut (pressed with xdotool, alternating which popup goes first, after untimed warm-up runs), timed from the key press (the keydown time of the chord's first key in the tab, which Chromium stamps when it receives the key) to performance.mark("popup-ready"), clocks of the two processes matched by round trips. The extension's popup marks it once the URL field is filled with the tab's URL, Shorten is enabled and the recent list is drawn from the cache; the bare popup (scripts/bench/baseline) reads nothing and marks it after its first render. Of that, key press → navigation start (the browser opening the popup, the same work for both) took ${median(measured.ready.appOpen)} for the popup and ${median(measured.ready.baselineOpen)} for the baseline; navigation start → popup-ready (the measure of earlier benches, which opened popup.html as a tab) took ${ms(pageReady.app.median)} and ${ms(pageReady.baseline.median)} (${(pageReady.app.median / pageReady.baseline.median).toFixed(2)}×). One idle tab of each extension stays open, so both popups load into a running renderer. DevTools (puppeteer) attaches to each new popup before it runs, which delays both alike before navigation starts.`,
    "Document ready: from the popup's navigation start to the end of DOMContentLoaded (its HTML parsed and its scripts run); after it, the real popup waits for settings, the tab and the cache.",
    `Stopped worker: the worker is stopped with the DevTools protocol (ServiceWorker.stopAllWorkers), then the shorten-page shortcut (Alt+Shift+S) is pressed over a page never shortened (timed as for the popup), and, once the server has answered, the clipboard is read with xclip, back to back, until it holds the short URL (the copy is placed between the middles of the last two reads); the server holds each new link ${SERVER_DELAY_MS} ms (a \`slow\` fault), which is subtracted. Key press → request at the server: ${median(measured.shortcut.coldToRequest)} with the worker stopped, ${median(measured.shortcut.warmToRequest)} running (the server's clock, whole ms); the stopped worker's own part (stopped − running medians) is ${ms(cold.median - warm.median)}. The context menu runs the same shorten-and-copy after its click.`,
    'Requests: counted by the reference server while the real popup opens with a fresh cache (0.5 s allowed for its background refresh), and for each Shorten click over a page never shortened.',
    `Search: the popup's searchLinks over a buildSearchIndex index, limit 20, for each keystroke of ${SEARCH_TERMS.map((t) => `"${t}"`).join(', ')} (the last matches nothing, so it scans every link); the median keystroke of each round, median over rounds.`,
    `Address-bar keyword: omniboxSuggestions (entrypoints/background/omnibox-suggestions.ts), the same search with the rows' XML markup and the first row's text, over the cache the background keeps in memory during a keyword session, for the same keystrokes; as for the search. Not timed: the browser drawing the rows.`,
    `Bulk preview: the management page's own readBulkRows and previewBulk, in a page of the same browser, over a paste of 10,000 lines (a fifth of them shortened before and in a cache of 10,000 links, some twice, some not web addresses), tracking parameters stripped; the page runs it once the user stops typing for 300 ms, and draws the first 200 rows.`,
    `Bulk job memory: a ${heap.rows}-row job started from an extension page as the management page starts one, against the reference server with no rate limit to wait for (it took ${(heap.durationMs / 1000).toFixed(0)} s); the worker's JavaScript heap in use (Runtime.getHeapUsage) sampled every 250 ms, with a garbage collection before and after. Each progress write copies the job's rows, which is most of the peak.`,
    `Sizes: fences, not goals; gzip level 9 per file of what loads before the code runs, found from the built HTML and the worker's script and their static imports. Popup = ${fileList(popupLoad)}; worker = ${fileList(workerStart)}.`,
  ];

  const output = [table(rows), '', ...notes.map((note, i) => `${i + 1}. ${note}`)].join('\n');
  console.log(`\n${output}\n`);

  mkdirSync(join(ROOT, '.bench'), { recursive: true });
  writeFileSync(
    RESULTS_PATH,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        chromium: bench.chromiumVersion,
        node: process.version,
        cpus: cpus().length,
        loadAverage: { start: loadAtStart, end: loadAtEnd },
        runs: options.runs,
        rows,
        notes,
        sizes: {
          popup: popupLoad,
          worker: workerStart,
          baseline: baselineLoad,
          fences: { popup: POPUP_FENCE, worker: WORKER_FENCE },
        },
        timings: {
          popupReady: { app: appReady, baseline: baseReady, ratio, sinceNavigationStart: pageReady },
          documentReady: { app: appDocument, baseline: baseDocument, later: documentLater },
          stoppedWorker: { cold, warm, serverDelayMs: SERVER_DELAY_MS },
          search: Object.fromEntries(
            Object.entries(search).map(([count, s]) => [count, { ...s.perRound, worstKeystroke: s.worst }]),
          ),
          omnibox: { links: OMNIBOX_LINKS, ...omnibox.perRound, worstKeystroke: omnibox.worst },
          bulkPreview,
        },
        requests: { onOpen: measured.openRequests, perShorten: measured.shortenRequests },
        samples: measured,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`Figures and samples: ${RESULTS_PATH}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
