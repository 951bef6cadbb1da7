/**
 * Traced runs (issue #27, item 1): the real and the bare popup opening, and a stopped worker's
 * shortcut, recorded with the DevTools protocol's `Tracing` from a browser-level session (every
 * process: the popup's renderer, the worker's thread, the offscreen document) and read by trace.ts:
 *
 *   const popups = await tracePopups(bench, 5);   // 5 traced openings of each popup, then 1 profiled
 *   const worker = await traceWorker(bench, 5);   // 5 traced stopped-worker shortcuts, then 1 profiled
 *
 * The traced runs are timed by their own trace (timeline categories only: DevTools' timeline, V8's
 * compile/run events, user timings), medians over the runs; V8's sampling profiler, which slows
 * compiling and running down, records only the one profiled run that names the hottest functions.
 * Tracing costs time too: compare the two popups of the same traced runs, and take absolute times
 * from the untraced rows.
 *
 * While a series runs, every page and worker that opens gets scripts/bench/probe.ts before its own
 * scripts (see probeNewTargets), so the trace holds each storage and IndexedDB read as the page
 * sees it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CDPSession, CDPSessionEvent } from 'puppeteer-core';
import { ROOT } from '../../test/e2e/build';
import { clearClipboard, pressShortcutTimed } from '../../test/e2e/harness';
import {
  alternate,
  type Bench,
  clipboardFilled,
  closePopup,
  freshPage,
  KEYS,
  linkAnswered,
  openPopup,
  ownSessions,
  SERVER_DELAY_MS,
  stopWorker,
  type Which,
  watchWorker,
  withKeepers,
} from './measure';
import { PROBE_SOURCE } from './probe';
import { readSourceMap, type SourceMap } from './source-map';
import { summarize } from './stats';
import {
  type HotFunction,
  hotFunctions,
  type PopupBreakdown,
  popupBreakdown,
  type Read,
  readTrace,
  type Trace,
  type TraceEvent,
  type Window,
  type WorkerBreakdown,
  workerBreakdown,
} from './trace';

/** What DevTools' Performance panel records, without the sampling profiler. */
const TIMELINE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink.user_timing',
  '__metadata',
];
/** Added for the one profiled run of each series. */
const PROFILER_CATEGORY = 'disabled-by-default-v8.cpu_profiler';
/** Hot functions listed: the top ones, down to this much self time. */
const HOT_LIMIT = 15;
const HOT_MIN_MS = 0.5;

/**
 * While on, gives every target that DevTools auto-attaches the probe before it runs: a page through
 * an init script (Page.addScriptToEvaluateOnNewDocument), a worker through an evaluation while it
 * waits for the debugger (puppeteer resumes it right after). This listener runs before puppeteer's
 * own, so its commands are on the wire first. A page has no context 1 yet and refuses the
 * evaluation, which would otherwise create an extra context before its navigation.
 */
function probeNewTargets(session: CDPSession): () => void {
  const connection = session.connection();
  if (!connection) throw new Error('The bench’s browser session has no connection');
  const onAttached = (target: CDPSession) => {
    // A session the bench opens itself (measure.ts, to wait for a popup's marks) is not a new target.
    if (ownSessions.attaching > 0) return;
    const ignore = () => undefined;
    target.send('Page.enable').catch(ignore);
    target.send('Page.addScriptToEvaluateOnNewDocument', { source: PROBE_SOURCE }).catch(ignore);
    target.send('Runtime.evaluate', { expression: PROBE_SOURCE, contextId: 1 }).catch(ignore);
  };
  connection.on(CDPSessionEvent.SessionAttached, onAttached);
  return () => connection.off(CDPSessionEvent.SessionAttached, onAttached);
}

/** Reads a protocol stream to its end. */
async function readStream(session: CDPSession, handle: string): Promise<string> {
  const parts: string[] = [];
  for (;;) {
    const chunk = await session.send('IO.read', { handle, size: 4 << 20 });
    parts.push(chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data);
    if (chunk.eof) break;
  }
  await session.send('IO.close', { handle });
  return parts.join('');
}

/** Where the profiled runs' traces are kept, to open in DevTools' Performance panel (gitignored). */
export const TRACES_DIR = join(ROOT, '.bench', 'traces');

/**
 * Traces the whole browser while `act` runs; with `profiled`, V8's sampling profiler too, and the
 * trace is kept as TRACES_DIR/<profiled>.json.
 */
async function record<T>(
  session: CDPSession,
  profiled: string | false,
  act: () => Promise<T>,
  keepAs: string | false = profiled,
): Promise<{ trace: Trace; result: T }> {
  const categories = profiled ? [...TIMELINE_CATEGORIES, PROFILER_CATEGORY] : TIMELINE_CATEGORIES;
  await session.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: { includedCategories: categories, recordMode: 'recordAsMuchAsPossible' },
  });
  const complete = new Promise<string>((resolve, reject) =>
    session.once('Tracing.tracingComplete', (event) =>
      event.stream ? resolve(event.stream) : reject(new Error('The trace came without a stream')),
    ),
  );
  let result: T;
  try {
    result = await act();
  } finally {
    await session.send('Tracing.end');
  }
  const text = await readStream(session, await complete);
  if (keepAs) {
    mkdirSync(TRACES_DIR, { recursive: true });
    writeFileSync(join(TRACES_DIR, `${keepAs}.json`), text);
  }
  const json = JSON.parse(text) as { traceEvents: TraceEvent[] } | TraceEvent[];
  return { trace: readTrace(Array.isArray(json) ? json : json.traceEvents), result };
}

/** A function of a hot list, its source found through the build's source map. */
export interface HotSpot {
  /** The built script, inside the extension ('popup-start.js', 'chunks/manage-….js'), or V8's '(program)', '(garbage collector)'. */
  script: string;
  /** The function's name in the built script (minified). */
  name: string;
  /** Its source file and line (`lib/settings/schema.ts:140`), when the map knows it. */
  source?: string;
  /** The original name at that position, when the map has one. */
  originalName?: string;
  ms: number;
}

/** Source maps of the bench's two builds, by URL origin; see scripts/bench/build.ts. */
function sourceMaps(bench: Bench, roots: { extPath: string; baselinePath: string }) {
  const dirs = new Map([
    [`chrome-extension://${bench.extensionId}`, roots.extPath],
    [`chrome-extension://${bench.baselineId}`, roots.baselinePath],
  ]);
  const maps = new Map<string, SourceMap | null>();
  const mapOf = (url: string): SourceMap | null => {
    if (!maps.has(url)) {
      const { protocol, host, pathname } = new URL(url);
      const dir = dirs.get(`${protocol}//${host}`);
      const file = dir && join(dir, `${pathname}.map`);
      maps.set(url, file && existsSync(file) ? readSourceMap(readFileSync(file, 'utf8')) : null);
    }
    return maps.get(url) ?? null;
  };
  return (hot: HotFunction): HotSpot => {
    if (!hot.url.startsWith('chrome-extension://'))
      return { script: hot.url || hot.name, name: hot.name, ms: hot.ms };
    const spot: HotSpot = { script: new URL(hot.url).pathname.slice(1), name: hot.name, ms: hot.ms };
    const original = mapOf(hot.url)?.original(hot.line, hot.column);
    if (original) {
      spot.source = `${original.source}:${original.line}`;
      if (original.name && original.name !== hot.name) spot.originalName = original.name;
    }
    return spot;
  };
}

/** Self time by source file (the module's path, or the script's when unmapped), largest first. */
function bySource(spots: readonly HotSpot[]): { source: string; ms: number }[] {
  const totals = new Map<string, number>();
  for (const spot of spots) {
    const source = spot.source?.replace(/:\d+$/, '') ?? spot.script;
    totals.set(source, (totals.get(source) ?? 0) + spot.ms);
  }
  return [...totals]
    .map(([source, ms]) => ({ source, ms }))
    .sort((a, b) => b.ms - a.ms)
    .filter((s) => s.ms >= HOT_MIN_MS);
}

const top = (spots: HotSpot[]) => spots.filter((s) => s.ms >= HOT_MIN_MS).slice(0, HOT_LIMIT);
const median = (values: readonly number[]) => (values.length === 0 ? 0 : summarize(values).median);

/** Per read (its kind and what, numbered when read again), the median call time and duration over runs. */
function medianReads(runs: readonly Read[][]): Read[] {
  const byLabel = new Map<string, Read[]>();
  for (const reads of runs) {
    const seen = new Map<string, number>();
    for (const read of reads) {
      const base = `${read.kind}:${read.what}`;
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      const label = n === 1 ? read.what : `${read.what} (#${n})`;
      const key = `${read.kind}:${label}`;
      byLabel.set(key, [...(byLabel.get(key) ?? []), { ...read, what: label }]);
    }
  }
  return [...byLabel.values()]
    .map((reads) => ({
      kind: reads[0]!.kind,
      what: reads[0]!.what,
      atMs: median(reads.map((r) => r.atMs)),
      ms: median(reads.map((r) => r.ms)),
    }))
    .sort((a, b) => a.atMs - b.atMs);
}

/** Median self time by activity over runs (absent in a run: 0), ≥ 2 ms. */
function medianActivities(runs: readonly { name: string; ms: number }[][]): { name: string; ms: number }[] {
  const names = new Set(runs.flatMap((r) => r.map((a) => a.name)));
  return [...names]
    .map((name) => ({ name, ms: median(runs.map((r) => r.find((a) => a.name === name)?.ms ?? 0)) }))
    .filter((a) => a.ms >= 2)
    .sort((a, b) => b.ms - a.ms);
}

/** The medians of a popup's traced openings. */
export interface PopupSummary {
  readyMs: number;
  parseHtmlMs: number;
  compileMs: number;
  compileOffThreadMs: number;
  evaluationMs: number;
  gcMs: number;
  renderingMs: number;
  codeCacheMs: number;
  readsInFlightMs: number;
  /** Null when popup-ready is marked in the module's evaluation (the bare popup). */
  firstRenderMs: number | null;
  idleMs: number;
  reads: Read[];
  activities: { name: string; ms: number }[];
  compileNotes: string[];
}

function summarizePopup(runs: readonly PopupBreakdown[]): PopupSummary {
  const of = (pick: (b: PopupBreakdown) => number) => median(runs.map(pick));
  const renders = runs.map((r) => r.firstRenderMs).filter((v): v is number => v !== null);
  return {
    readyMs: of((b) => b.readyMs),
    parseHtmlMs: of((b) => b.parseHtmlMs),
    compileMs: of((b) => b.compile.onThreadMs),
    compileOffThreadMs: of((b) => b.compile.offThreadMs),
    evaluationMs: of((b) => b.evaluationMs),
    gcMs: of((b) => b.gcMs),
    renderingMs: of((b) => b.renderingMs),
    codeCacheMs: of((b) => b.codeCacheMs),
    readsInFlightMs: of((b) => b.readsInFlightMs),
    firstRenderMs: renders.length > runs.length / 2 ? median(renders) : null,
    idleMs: of((b) => b.idleMs),
    reads: medianReads(runs.map((r) => r.reads)),
    activities: medianActivities(runs.map((r) => r.activities)),
    compileNotes: [...new Set(runs.flatMap((r) => r.compile.notes))],
  };
}

/** One popup's traced openings. */
export interface PopupTraces {
  median: PopupSummary;
  runs: Omit<PopupBreakdown, 'window'>[];
  /** From the profiled opening: hottest functions, navigation start → popup-ready. */
  hot: HotSpot[];
  /** The same, by source file. */
  hotBySource: { source: string; ms: number }[];
  /** Hottest functions of the task that draws the first screen (empty for the bare popup). */
  renderHot: HotSpot[];
}

/** Where the bench's builds are, to find their source maps. */
interface Builds {
  extPath: string;
  baselinePath: string;
}

/**
 * `runs` traced openings of each popup (of the real one only with `appOnly`), alternating which goes
 * first, after two untraced openings of each; then one profiled opening of each. Keeper tabs are open,
 * as for the timed openings (withKeepers).
 */
export async function tracePopups(
  bench: Bench,
  runs: number,
  builds: Builds,
  { appOnly = false, name = 'popup' }: { appOnly?: boolean; name?: string } = {},
): Promise<Partial<Record<Which, PopupTraces>>> {
  const session = await bench.browser.target().createCDPSession();
  const describe = sourceMaps(bench, builds);
  const kinds = (run: number) => alternate(run).filter((w) => !appOnly || w === 'app');
  let stopProbing: () => void = () => undefined;
  try {
    return await withKeepers(bench, async () => {
      // Only the popups: a keeper tab runs on the popup's main thread, and its reads are not the popup's.
      stopProbing = probeNewTargets(session);
      const traced: Record<Which, PopupBreakdown[]> = { app: [], baseline: [] };
      const profiled: Partial<Record<Which, { trace: Trace; breakdown: PopupBreakdown }>> = {};
      // Two untraced openings first: Chromium makes a script's code cache on its early loads.
      for (let run = -2; run <= runs; run++) {
        for (const which of kinds(run)) {
          const withProfiler = run === runs;
          const id = which === 'app' ? bench.extensionId : bench.baselineId;
          const label = `${name}-${which === 'app' ? 'real' : 'bare'}`;
          // The last traced opening is kept too: its timings are not slowed by the profiler.
          const keepAs = withProfiler ? label : run === runs - 1 && `${label}-traced`;
          const profiler = withProfiler && label;
          const { trace, result: popup } = await record(
            session,
            profiler,
            async () => {
              const { popup } = await openPopup(bench, which);
              return popup;
            },
            keepAs,
          );
          await closePopup(bench, popup);
          if (run < 0) continue;
          const breakdown = popupBreakdown(trace, `chrome-extension://${id}/popup.html`);
          if (withProfiler) profiled[which] = { trace, breakdown };
          else traced[which].push(breakdown);
        }
      }
      const result: Partial<Record<Which, PopupTraces>> = {};
      for (const which of ['app', 'baseline'] as const) {
        const profile = profiled[which];
        if (!profile) continue;
        const { window, firstRenderMs } = profile.breakdown;
        const hot = hotFunctions(profile.trace, [window]).map(describe);
        const renderWindow: Window = { ...window, start: window.end - (firstRenderMs ?? 0) * 1000 };
        result[which] = {
          median: summarizePopup(traced[which]),
          runs: traced[which].map(({ window: _, ...rest }) => rest),
          hot: top(hot),
          hotBySource: bySource(hot),
          renderHot:
            firstRenderMs === null ? [] : top(hotFunctions(profile.trace, [renderWindow]).map(describe)),
        };
      }
      return result;
    });
  } finally {
    stopProbing();
    await session.detach().catch(() => undefined);
  }
}

/** The medians of the traced stopped-worker shortcuts. */
interface WorkerSummary {
  keyToScriptMs: number;
  compileMs: number;
  evaluationMs: number;
  scriptToRequestMs: number;
  requestMs: number;
  answerToCopiedMs: number;
  gcMs: number;
  readsBeforeRequestMs: number;
  reads: Read[];
  /** Runs in which the worker created its offscreen document, and that document's medians. */
  offscreen: { runs: number; readyMs: number; evaluationMs: number } | null;
  activities: { name: string; ms: number }[];
  pageActivities: { name: string; ms: number }[];
  compileNotes: string[];
}

/** The traced stopped-worker shortcuts. */
export interface WorkerTraces {
  median: WorkerSummary;
  runs: Omit<WorkerBreakdown, 'window'>[];
  /** From the profiled run: hottest functions of the worker and of the extension's main thread. */
  hot: HotSpot[];
  hotBySource: { source: string; ms: number }[];
}

/**
 * `runs` traced stopped-worker shortcuts as shortcutShorten times them (a fresh page, the worker
 * stopped, Alt+Shift+S, the short URL on the clipboard), after one untraced run; then one profiled.
 */
export async function traceWorker(bench: Bench, runs: number, builds: Builds): Promise<WorkerTraces> {
  const session = await bench.browser.target().createCDPSession();
  const tabSession = await bench.tab.createCDPSession();
  const status = await watchWorker(tabSession, bench.extensionId);
  const stopProbing = probeNewTargets(session);
  const describe = sourceMaps(bench, builds);
  const scriptUrl = `chrome-extension://${bench.extensionId}/background.js`;
  const requestUrl = `${bench.server.url.replace(/\/$/, '')}/api/url/add`;
  bench.server.setFault({ kind: 'slow', delayMs: SERVER_DELAY_MS, match: 'POST /api/url/add' });
  const traced: WorkerBreakdown[] = [];
  let profiled: { trace: Trace; breakdown: WorkerBreakdown } | undefined;
  try {
    for (let run = -1; run <= runs; run++) {
      const withProfiler = run === runs;
      // A run whose trace misses a part (the probe did not reach the worker in time, which happened
      // once in some seventy traced runs) is run again once, rather than losing the whole bench.
      for (let attempt = 1; ; attempt++) {
        await freshPage(bench, `traced-${Date.now()}-${run}-${attempt}`);
        await clearClipboard();
        await stopWorker(tabSession, status);
        const act = async () => {
          const before = bench.server.requests.length;
          await pressShortcutTimed(bench.tab, KEYS.shortenPage.toLowerCase());
          const answer = await linkAnswered(bench.server, before);
          await clipboardFilled(answer.at);
        };
        if (run < 0) {
          await act();
          break;
        }
        const { trace } = await record(session, withProfiler && 'stopped-worker', act);
        let breakdown: WorkerBreakdown;
        try {
          breakdown = workerBreakdown(trace, scriptUrl, requestUrl);
        } catch (error) {
          if (attempt >= 2) throw error;
          continue;
        }
        if (withProfiler) profiled = { trace, breakdown };
        else traced.push(breakdown);
        break;
      }
    }
  } finally {
    stopProbing();
    bench.server.setFault(null);
    await tabSession.detach().catch(() => undefined);
    await session.detach().catch(() => undefined);
    await bench.tab.goto(bench.site.url('/'), { waitUntil: 'load' });
  }
  const { window } = profiled!.breakdown;
  const main = [...profiled!.trace.threadNames].find(
    ([key, name]) => key.startsWith(`${window.pid}:`) && name === 'CrRendererMain',
  );
  const windows: Window[] = [window, ...(main ? [{ ...window, tid: Number(main[0].split(':')[1]) }] : [])];
  const hot = hotFunctions(profiled!.trace, windows).map(describe);
  return {
    median: summarizeWorker(traced),
    runs: traced.map(({ window: _, ...rest }) => rest),
    hot: top(hot),
    hotBySource: bySource(hot),
  };
}

function summarizeWorker(runs: readonly WorkerBreakdown[]): WorkerSummary {
  const of = (pick: (b: WorkerBreakdown) => number) => median(runs.map(pick));
  const offscreen = runs.flatMap((r) => (r.offscreen ? [r.offscreen] : []));
  return {
    keyToScriptMs: of((b) => b.keyToScriptMs),
    compileMs: of((b) => b.compile.onThreadMs),
    evaluationMs: of((b) => b.evaluationMs),
    scriptToRequestMs: of((b) => b.scriptToRequestMs),
    requestMs: of((b) => b.requestMs),
    answerToCopiedMs: of((b) => b.answerToCopiedMs),
    gcMs: of((b) => b.gcMs),
    readsBeforeRequestMs: of((b) => b.readsBeforeRequestMs),
    reads: medianReads(runs.map((r) => r.reads)),
    offscreen:
      offscreen.length === 0
        ? null
        : {
            runs: offscreen.length,
            readyMs: median(offscreen.map((o) => o.readyMs)),
            evaluationMs: median(offscreen.map((o) => o.evaluationMs)),
          },
    activities: medianActivities(runs.map((r) => r.activities)),
    pageActivities: medianActivities(runs.map((r) => r.pageActivities)),
    compileNotes: [...new Set(runs.flatMap((r) => r.compile.notes))],
  };
}
