/**
 * How `npm run bench` prints: the table's rows and cells, and the trace breakdown's section (the
 * medians of scripts/bench/tracing.ts, then each traced series part by part).
 */

import type { Summary } from './stats';
import type { Read } from './trace';
import type { HotSpot, PopupSummary, PopupTraces, WorkerTraces } from './tracing';

/** One line of the table. */
export interface Row {
  measure: string;
  result: string;
  goal: string;
  baseline: string;
  noise: string;
  /** 'yes' or '**no**' for a goal; for a fence, whether the size is inside it; '—' for a figure without a goal. */
  met: string;
}

export const ms = (n: number) => `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms`;
export const pct = (s: Summary) => `${s.iqrPercent.toFixed(0)}%`;
export const yes = (met: boolean) => (met ? 'yes' : '**no**');
export const times = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

/** A markdown table. */
function table(head: string[], rows: string[][]): string {
  const lines = [head, head.map(() => '---'), ...rows];
  return lines.map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

/** The bench's table of rows. */
export function rowsTable(rows: Row[]): string {
  return table(
    ['Measure', 'Result', 'Goal', 'Baseline (same run)', 'Noise (IQR/median)', 'Goal met'],
    rows.map((r) => [r.measure, r.result, r.goal, r.baseline, r.noise, r.met]),
  );
}

const readsCount = (reads: readonly Read[], untilMs: number) => reads.filter((r) => r.atMs < untilMs).length;

/** The popup's summary cell: parse and compile, evaluation, reads, first render. */
export function popupParts(s: PopupSummary): string {
  const offThread = s.compileOffThreadMs > 0 ? ` (+${ms(s.compileOffThreadMs)} off the main thread)` : '';
  const reads = readsCount(s.reads, s.readyMs);
  return [
    `parse+compile ${ms(s.compileMs)}${offThread}`,
    `top-level evaluation ${ms(s.evaluationMs)}`,
    reads > 0
      ? `storage and IndexedDB reads ${ms(s.readsInFlightMs)} in flight (${reads} reads)`
      : 'no reads',
    s.firstRenderMs === null ? 'first render inside the evaluation' : `first render ${ms(s.firstRenderMs)}`,
  ].join(', ');
}

/** The worker's summary cell. */
export function workerParts(s: WorkerTraces['median']): string {
  return [
    `key → script start ${ms(s.keyToScriptMs)}`,
    `script compile ${ms(s.compileMs)}`,
    `script evaluation ${ms(s.evaluationMs)}`,
    `script start → request sent ${ms(s.scriptToRequestMs)} (reads ${ms(s.readsBeforeRequestMs)} in flight, ${readsCount(s.reads, Number.POSITIVE_INFINITY)} reads in all)`,
    `answer → copied ${ms(s.answerToCopiedMs)}`,
  ].join(', ');
}

const dash = '—';
const cell = (n: number | null | undefined) => (n === null || n === undefined ? dash : ms(n));

function readList(reads: readonly Read[], untilMs?: number): string[] {
  if (reads.length === 0) return ['(none)'];
  return reads.map(
    (r) =>
      `- ${r.kind} \`${r.what}\`: ${ms(r.ms)} (called at +${ms(r.atMs)}${untilMs !== undefined && r.atMs >= untilMs ? ', after ready' : ''})`,
  );
}

/** RunTask's self time is a task's work that no finer event names (native work, IPC, untraced V8 work). */
function activityList(list: readonly { name: string; ms: number }[]): string {
  if (list.length === 0) return '(none ≥ 2 ms)';
  return list
    .map((a) => `${a.name === 'RunTask' ? 'other work in tasks (RunTask)' : a.name} ${ms(a.ms)}`)
    .join(', ');
}

function hotTable(spots: readonly HotSpot[]): string {
  if (spots.length === 0) return '(no samples)';
  return table(
    ['Self time', 'Function (built name)', 'Source', 'Script'],
    spots.map((s) => [
      ms(s.ms),
      s.originalName ? `${s.originalName} (${s.name})` : s.name,
      s.source ?? dash,
      s.script,
    ]),
  );
}

function bySourceList(list: readonly { source: string; ms: number }[]): string {
  return list.map((s) => `${s.source} ${ms(s.ms)}`).join(', ') || '(no samples)';
}

/** One popup series (the real popup, and the bare one when traced) as a section of the breakdown. */
function popupSection(title: string, runs: number, app: PopupTraces, baseline?: PopupTraces): string[] {
  const a = app.median;
  const b = baseline?.median;
  const rows: [string, (s: PopupSummary) => number | null][] = [
    ['navigation start → popup-ready (traced)', (s) => s.readyMs],
    ['HTML parsing', (s) => s.parseHtmlMs],
    ['script compile on the main thread (v8.compileModule, v8.compile)', (s) => s.compileMs],
    [
      'script parse off the main thread while it streams in (v8.parseOnBackground)',
      (s) => s.compileOffThreadMs,
    ],
    [
      'top-level evaluation of its script (v8.evaluateModule, v8.run; a module the script initialises in a later task or microtask is not in it)',
      (s) => s.evaluationMs,
    ],
    ['of which or beside it: garbage collection', (s) => s.gcMs],
    ['producing the code cache (v8.produceModuleCache)', (s) => s.codeCacheMs],
    ['storage and IndexedDB reads in flight before ready (their union)', (s) => s.readsInFlightMs],
    ['first render: the task that draws the first screen, start → popup-ready', (s) => s.firstRenderMs],
    ['style, layout and paint before ready', (s) => s.renderingMs],
    ['main thread idle before ready (waiting for reads or the browser)', (s) => s.idleMs],
  ];
  const head = baseline ? ['Part', 'Real popup', 'Bare popup'] : ['Part', 'Real popup'];
  const lines = [
    `### ${title} (median of ${runs} traced openings)`,
    '',
    table(
      head,
      rows.map(([label, pick]) => [label, cell(pick(a)), ...(b ? [cell(pick(b))] : [])]),
    ),
    '',
    `Script compile: ${a.compileNotes.join('; ') || dash}${b ? ` (bare: ${b.compileNotes.join('; ') || dash})` : ''}.`,
    '',
    'Reads the real popup made before ready, as it saw them (call → answer handed to its code; median):',
    ...readList(a.reads, a.readyMs),
    '',
    `Main-thread self time by trace event before ready, ≥ 2 ms: real popup: ${activityList(a.activities)}${b ? `; bare popup: ${activityList(b.activities)}` : ''}.`,
    '',
    'Hottest functions of the real popup, navigation start → ready (one profiled opening; self time):',
    '',
    hotTable(app.hot),
    '',
    `By source file: ${bySourceList(app.hotBySource)}.`,
  ];
  if (app.renderHot.length > 0) {
    lines.push('', 'Of those, in the task that draws the first screen:', '', hotTable(app.renderHot));
  }
  if (baseline) {
    lines.push('', `Bare popup, by source file (profiled opening): ${bySourceList(baseline.hotBySource)}.`);
  }
  return lines;
}

function workerSection(runs: number, worker: WorkerTraces): string[] {
  const s = worker.median;
  const offscreen = s.offscreen
    ? `created in ${s.offscreen.runs} of ${runs} runs: navigation → its script run ${ms(s.offscreen.readyMs)}, its evaluation ${ms(s.offscreen.evaluationMs)}`
    : 'already open in every run (the worker did not create it)';
  return [
    `### Stopped worker → Alt+Shift+S → clipboard (median of ${runs} traced runs)`,
    '',
    table(
      ['Part', 'Stopped worker'],
      [
        ['key press (the tab’s keydown) → the worker’s script starts', ms(s.keyToScriptMs)],
        ['script compile (v8.compile)', ms(s.compileMs)],
        ['script evaluation alone: its top-level code (v8.run)', ms(s.evaluationMs)],
        ['script start → request to create the link sent', ms(s.scriptToRequestMs)],
        ['of which reads in flight (their union)', ms(s.readsBeforeRequestMs)],
        ['the request, sent → answered (the server’s 100 ms included)', ms(s.requestMs)],
        ['answer → the copy answered (cache write, offscreen copy)', ms(s.answerToCopiedMs)],
        ['garbage collection on the worker’s thread', ms(s.gcMs)],
      ],
    ),
    '',
    `Script compile: ${s.compileNotes.join('; ') || dash}. Offscreen document: ${offscreen}.`,
    '',
    'Reads the worker made, as it saw them (median):',
    ...readList(s.reads),
    '',
    `Worker-thread self time by trace event, ≥ 2 ms: ${activityList(s.activities)}. The extension's main thread (the offscreen document) in the same time: ${activityList(s.pageActivities)}.`,
    '',
    'Hottest functions, worker and offscreen document (one profiled run; self time):',
    '',
    hotTable(worker.hot),
    '',
    `By source file: ${bySourceList(worker.hotBySource)}.`,
  ];
}

/** The traced series, as the printed output's second section. */
export function breakdownSection(
  runs: number,
  traces: {
    popups?: Partial<Record<'app' | 'baseline', PopupTraces>>;
    popups50k?: PopupTraces;
    worker?: WorkerTraces;
    links50k?: number;
  },
): string {
  const lines = [
    '## Trace breakdown',
    '',
    'Where the time goes, from performance traces of the whole browser (DevTools protocol `Tracing`, ' +
      'categories devtools.timeline, v8, blink.user_timing; scripts/bench/tracing.ts). Tracing slows work ' +
      'down: compare the real and bare popups of the same traced runs, and take absolute times from the ' +
      "table above. Reads are timed by a probe the bench injects before the page's own scripts " +
      '(scripts/bench/probe.ts). Hot functions come from one more run with V8’s sampling profiler ' +
      '(disabled-by-default-v8.cpu_profiler), named through the build’s source maps: a function’s name in ' +
      'the built script, its original name and source line when the map has them; (program) is native work ' +
      'V8 gives no function (bindings, compiling, style), a bare name such as focus a built-in.',
  ];
  const { popups, popups50k, worker } = traces;
  if (popups?.app) lines.push('', ...popupSection('Popup opening', runs, popups.app, popups.baseline));
  if (popups50k) {
    const count = (traces.links50k ?? 0).toLocaleString('en-US');
    lines.push('', ...popupSection(`Real popup opening with ${count} links cached`, runs, popups50k));
  }
  if (worker) lines.push('', ...workerSection(runs, worker));
  return lines.join('\n');
}
