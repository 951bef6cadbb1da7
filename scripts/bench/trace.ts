/**
 * Reads a Chromium performance trace (the DevTools protocol's `Tracing`, whole browser) into the
 * bench's breakdowns of where the time goes, with no I/O, so that a unit test can feed it a small
 * trace:
 *
 *   const trace = readTrace(events);                          // threads named, slices nested
 *   const popup = popupBreakdown(trace, popupUrl);            // one traced opening of a popup
 *   const worker = workerBreakdown(trace, scriptUrl, apiUrl); // one traced stopped-worker shortcut
 *   const hot = hotFunctions(trace, popup.window);            // sampled self time, when profiled
 *
 * Times in a trace are microseconds of one monotonic clock shared by all processes; every figure
 * returned is in milliseconds. The events read (DevTools' own timeline events):
 *
 *   navigationStart, popup-ready          user-timing marks of the popup's document
 *   v8.compileModule, v8.compile          compiling a module or classic script on the thread that runs it
 *   v8.parseOnBackground                  a script parsed off the main thread while it streamed in
 *   v8.evaluateModule, v8.run             a module's or classic script's top-level code running
 *   bench:<kind>:<what> (async)           a read timed by scripts/bench/probe.ts
 *   EventDispatch keydown                 the key press, in the tab that received it
 *   ResourceSendRequest / ResourceFinish  the request to the server
 *   ProfileChunk                          V8's sampling profiler (disabled-by-default-v8.cpu_profiler)
 */

/** One event of a trace's `traceEvents`, as Chromium writes it. */
export interface TraceEvent {
  name: string;
  cat: string;
  /** Phase: X complete, B/E begin/end, b/e async begin/end, I/R/n instant, P sample, M metadata. */
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  id2?: { local?: string; global?: string };
  args?: { name?: string; data?: Record<string, unknown> } & Record<string, unknown>;
}

/** A complete slice of time on one thread, nested in its parent: `self` is what its children leave. */
interface Slice {
  name: string;
  start: number;
  end: number;
  self: number;
  depth: number;
  data: Record<string, unknown>;
}

/** A trace read once: its events by thread, and its threads' names. */
export interface Trace {
  events: TraceEvent[];
  /** `pid:tid` → the thread's name ('CrRendererMain', 'ServiceWorker thread', …). */
  threadNames: Map<string, string>;
  /** Complete slices of each thread (`pid:tid`), by start. */
  slices: Map<string, Slice[]>;
}

/** A moment range of the trace, on one thread. */
export interface Window {
  pid: number;
  tid: number;
  start: number;
  end: number;
}

const threadKey = (pid: number, tid: number) => `${pid}:${tid}`;
/** `scheme://host` of a URL: URL.origin is "null" for chrome-extension: in Node. */
const originOf = (url: string) => {
  const { protocol, host } = new URL(url);
  return `${protocol}//${host}`;
};
const ms = (us: number) => us / 1000;
const dataOf = (event: TraceEvent): Record<string, unknown> => event.args?.data ?? {};
const str = (value: unknown) => (typeof value === 'string' ? value : '');
/** Appends `value` to the list at `key`, made when missing. */
function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Indexes a trace: thread names, and every thread's complete slices nested by start and end. */
export function readTrace(events: TraceEvent[]): Trace {
  const threadNames = new Map<string, string>();
  const raw = new Map<string, Omit<Slice, 'self' | 'depth'>[]>();
  const open = new Map<string, TraceEvent[]>();
  const add = (key: string, slice: Omit<Slice, 'self' | 'depth'>) => push(raw, key, slice);
  for (const event of events) {
    const key = threadKey(event.pid, event.tid);
    if (event.ph === 'M' && event.name === 'thread_name') threadNames.set(key, str(event.args?.name));
    else if (event.ph === 'X')
      add(key, { name: event.name, start: event.ts, end: event.ts + (event.dur ?? 0), data: dataOf(event) });
    else if (event.ph === 'B') push(open, key, event);
    else if (event.ph === 'E') {
      const begin = open.get(key)?.pop();
      if (begin) add(key, { name: begin.name, start: begin.ts, end: event.ts, data: dataOf(begin) });
    }
  }
  const slices = new Map<string, Slice[]>();
  for (const [key, list] of raw) slices.set(key, nest(list));
  return { events, threadNames, slices };
}

/**
 * Nests one thread's slices (each inside the last one still open at its start, outer ones first
 * when two start together) and computes each one's self time.
 */
function nest(list: Omit<Slice, 'self' | 'depth'>[]): Slice[] {
  const sorted = list
    .map((s) => ({ ...s, self: s.end - s.start, depth: 0 }))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const stack: Slice[] = [];
  for (const slice of sorted) {
    while (stack.length > 0 && stack.at(-1)!.end <= slice.start) stack.pop();
    const parent = stack.at(-1);
    if (parent && slice.end <= parent.end) {
      parent.self -= slice.end - slice.start;
      slice.depth = parent.depth + 1;
    }
    stack.push(slice);
  }
  return sorted;
}

/** The slices of a window's thread that start inside it, cut at its end. */
function slicesIn(trace: Trace, window: Window): Slice[] {
  return (trace.slices.get(threadKey(window.pid, window.tid)) ?? []).filter(
    (s) => s.start >= window.start && s.start < window.end,
  );
}

/** Total duration in ms of the window's slices named `names`, outermost only (one inside another counts once). */
function totalOf(
  trace: Trace,
  window: Window,
  names: readonly string[],
  filter = (_: Slice) => true,
): number {
  let total = 0;
  let coveredUntil = Number.NEGATIVE_INFINITY;
  for (const slice of slicesIn(trace, window)) {
    if (!names.includes(slice.name) || !filter(slice)) continue;
    const end = Math.min(slice.end, window.end);
    if (slice.start >= coveredUntil) total += end - slice.start;
    else if (end > coveredUntil) total += end - coveredUntil;
    coveredUntil = Math.max(coveredUntil, end);
  }
  return ms(total);
}

/** Where a thread's time went in a window: self time in ms by trace event name, largest first. */
export function activities(trace: Trace, window: Window, atLeastMs = 0): { name: string; ms: number }[] {
  const byName = new Map<string, number>();
  // Cut at the window's end first, then nested again: a slice keeps only its self time inside it.
  const cut = nest(slicesIn(trace, window).map((s) => ({ ...s, end: Math.min(s.end, window.end) })));
  for (const slice of cut) byName.set(slice.name, (byName.get(slice.name) ?? 0) + slice.self);
  return [...byName]
    .map(([name, us]) => ({ name, ms: ms(us) }))
    .filter((a) => a.ms >= atLeastMs)
    .sort((a, b) => b.ms - a.ms);
}

/** How long the window's thread ran tasks (its outermost slices), in ms; the rest it waited. */
function busyMs(trace: Trace, window: Window): number {
  return slicesIn(trace, window)
    .filter((s) => s.depth === 0)
    .reduce((sum, s) => sum + ms(Math.min(s.end, window.end) - s.start), 0);
}

/** One read timed by the probe (scripts/bench/probe.ts). */
export interface Read {
  /** 'storage', 'indexedDB' or 'extension'. */
  kind: string;
  /** What was read: `local.get settings`, `get kv links:e2e-profile`, `tabs.query`… */
  what: string;
  /** When it was called, in ms after the window's start. */
  atMs: number;
  /** Call → answer handed to the page's code, in ms. */
  ms: number;
}

/** The probe's timed reads on one thread, called inside the window (answered later included). */
export function readsIn(trace: Trace, window: Window, prefix = 'bench:'): Read[] {
  const open = new Map<string, TraceEvent[]>();
  const reads: Read[] = [];
  const events = trace.events
    .filter((e) => e.pid === window.pid && e.tid === window.tid && e.name.startsWith(prefix))
    .sort((a, b) => a.ts - b.ts);
  for (const event of events) {
    const key = `${event.id2?.local ?? event.id2?.global ?? event.id ?? ''}\n${event.name}`;
    if (event.ph === 'b') push(open, key, event);
    else if (event.ph === 'e') {
      const begin = open.get(key)?.shift();
      if (!begin || begin.ts < window.start || begin.ts >= window.end) continue;
      const [kind = '', ...rest] = event.name.slice(prefix.length).split(':');
      reads.push({
        kind,
        what: rest.join(':'),
        atMs: ms(begin.ts - window.start),
        ms: ms(event.ts - begin.ts),
      });
    }
  }
  return reads.sort((a, b) => a.atMs - b.atMs);
}

/**
 * How long at least one storage or IndexedDB read of `reads` was under way before `untilMs` (ms after
 * the window's start). Other calls (tabs.query, messages) are listed, not counted.
 */
export function inFlightMs(reads: readonly Read[], untilMs = Number.POSITIVE_INFINITY): number {
  let total = 0;
  let coveredUntil = Number.NEGATIVE_INFINITY;
  const storage = reads.filter((r) => r.kind === 'storage' || r.kind === 'indexedDB');
  for (const read of storage.sort((a, b) => a.atMs - b.atMs)) {
    const end = Math.min(read.atMs + read.ms, untilMs);
    if (end <= read.atMs) continue;
    total += Math.max(0, end - Math.max(read.atMs, coveredUntil));
    coveredUntil = Math.max(coveredUntil, end);
  }
  return total;
}

/** What compiling the page's or worker's scripts cost, in ms. */
interface Compile {
  /** On the thread that runs them: v8.compileModule and v8.compile. */
  onThreadMs: number;
  /** Parsed on another thread while the script streamed in (in parallel with the thread's other work). */
  offThreadMs: number;
  /** Per script: streamed or why not, as Chromium says it, and whether V8's code cache was used; once each. */
  notes: string[];
}

function compileOf(trace: Trace, window: Window, urlPrefix: string): Compile {
  const ours = (s: Slice) => str(s.data.url).startsWith(urlPrefix);
  const onThreadMs = totalOf(trace, window, ['v8.compileModule', 'v8.compile'], ours);
  let offThreadMs = 0;
  for (const [key, slices] of trace.slices) {
    if (!key.startsWith(`${window.pid}:`) || key === threadKey(window.pid, window.tid)) continue;
    for (const s of slices) {
      if (s.name === 'v8.parseOnBackground' && ours(s) && s.start >= window.start && s.start < window.end)
        offThreadMs += ms(s.end - s.start);
    }
  }
  const notes = new Set<string>();
  for (const s of slicesIn(trace, window)) {
    if ((s.name === 'v8.compileModule' || s.name === 'v8.compile') && ours(s)) {
      const file = str(s.data.url).slice(urlPrefix.length + 1);
      const reason = str(s.data.notStreamedReason);
      const consumed = Number(s.data.consumedCacheSize ?? 0);
      const cache = s.data.cacheRejected
        ? 'code cache rejected'
        : consumed > 0
          ? `code cache used (${consumed.toLocaleString('en-US')} B)`
          : 'no code cache';
      notes.add(`${file}: ${reason ? `not streamed (${reason})` : 'streamed'}, ${cache}`);
    }
  }
  return { onThreadMs, offThreadMs, notes: [...notes] };
}

/** One traced opening of a popup, from its navigation start to its `popup-ready` mark. */
export interface PopupBreakdown {
  /** The popup's main thread, navigation start → popup-ready (trace microseconds). */
  window: Window;
  /** Navigation start → popup-ready, in this traced opening. */
  readyMs: number;
  /** Parsing the HTML. */
  parseHtmlMs: number;
  compile: Compile;
  /** Top-level code of the page's module(s), the first render(…) call included. */
  evaluationMs: number;
  /** Garbage collections on the main thread before ready (inside the items above or between them). */
  gcMs: number;
  /** Style, layout, paint and compositing work before ready. */
  renderingMs: number;
  /** Producing V8's code cache for a script (Chromium does it on a script's early loads). */
  codeCacheMs: number;
  /** Reads called before ready, as the page saw them. */
  reads: Read[];
  /** How long at least one of those reads was under way before ready. */
  readsInFlightMs: number;
  /**
   * The task that draws the first screen, from its start to popup-ready: the last answer the popup
   * waited for, the end of its loading code, Preact's render and commit. Null when popup-ready is
   * marked in the task that runs the module's top-level code (the bare popup: its render is there).
   */
  firstRenderMs: number | null;
  /** Time before ready in which the main thread ran no task: it waited for reads or the browser. */
  idleMs: number;
  /** Main-thread self time by trace event, ≥ 2 ms, before ready. */
  activities: { name: string; ms: number }[];
}

/** Event names of style, layout, paint and compositing on a page's main thread. */
const RENDERING = [
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'ParseAuthorStyleSheet',
];
const GC = ['MinorGC', 'MajorGC', 'V8.GCScavenger', 'V8.GCFinalizeMC', 'BlinkGC.AtomicPhase'];
const ACTIVITY_MS = 2;

/**
 * The breakdown of one traced opening of the popup at `pageUrl` (its full URL without query, e.g.
 * `chrome-extension://<id>/popup.html`): the last navigation to it in the trace, up to the first
 * `popup-ready` mark after it on the same thread.
 */
export function popupBreakdown(trace: Trace, pageUrl: string): PopupBreakdown {
  const navigation = trace.events
    .filter((e) => e.name === 'navigationStart' && str(dataOf(e).documentLoaderURL).startsWith(pageUrl))
    .sort((a, b) => a.ts - b.ts)
    .at(-1);
  if (!navigation) throw new Error(`The trace holds no navigation to ${pageUrl}`);
  const ready = trace.events
    .filter((e) => e.name === 'popup-ready' && e.pid === navigation.pid && e.tid === navigation.tid)
    .filter((e) => e.ts >= navigation.ts)
    .sort((a, b) => a.ts - b.ts)[0];
  if (!ready) throw new Error(`The trace holds no popup-ready mark after the navigation to ${pageUrl}`);
  const window: Window = { pid: navigation.pid, tid: navigation.tid, start: navigation.ts, end: ready.ts };
  const origin = originOf(pageUrl);
  const readyMs = ms(window.end - window.start);
  const reads = readsIn(trace, window);
  const slices = slicesIn(trace, window);
  const readyTask = slices.find((s) => s.depth === 0 && s.start <= ready.ts && s.end >= ready.ts);
  const evaluates = (s: Slice) => s.name === 'v8.evaluateModule' || s.name === 'v8.run';
  const inReadyTask = readyTask
    ? slices.some((s) => evaluates(s) && s.start >= readyTask.start && s.end <= readyTask.end)
    : false;
  return {
    window,
    readyMs,
    parseHtmlMs: totalOf(trace, window, ['ParseHTML']),
    compile: compileOf(trace, window, origin),
    evaluationMs: totalOf(trace, window, ['v8.evaluateModule', 'v8.run']),
    gcMs: totalOf(trace, window, GC),
    renderingMs: totalOf(trace, window, RENDERING),
    codeCacheMs: totalOf(trace, window, ['v8.produceModuleCache', 'v8.produceCache']),
    reads,
    readsInFlightMs: inFlightMs(reads, readyMs),
    firstRenderMs: readyTask && !inReadyTask ? ms(ready.ts - readyTask.start) : null,
    idleMs: readyMs - busyMs(trace, window),
    activities: activities(trace, window, ACTIVITY_MS),
  };
}

/** One traced shortcut with the service worker stopped: key press → the link copied. */
export interface WorkerBreakdown {
  /** The worker's thread, key press → the copy answered (trace microseconds). */
  window: Window;
  /** Key press (the tab's keydown) → the worker's script starts: the browser starting the worker. */
  keyToScriptMs: number;
  compile: Compile;
  /** The script's top-level code: #27's "the worker's script evaluation alone". */
  evaluationMs: number;
  /** Script start → the request to create the link sent: its code, the reads, the shortcut's handler. */
  scriptToRequestMs: number;
  /** The request, sent → answered (the server's own time included). */
  requestMs: number;
  /** Answer → the copy answered (cache write and the offscreen document's copy). */
  answerToCopiedMs: number;
  /** Garbage collections on the worker's thread. */
  gcMs: number;
  reads: Read[];
  /** How long at least one read was under way before the request was sent. */
  readsBeforeRequestMs: number;
  /** The offscreen document, when the worker created it in this run: navigation → its script run. */
  offscreen: { readyMs: number; compile: Compile; evaluationMs: number } | null;
  /** Worker-thread self time by trace event, ≥ 2 ms. */
  activities: { name: string; ms: number }[];
  /** The extension's main thread (the offscreen document) in the same window, ≥ 2 ms. */
  pageActivities: { name: string; ms: number }[];
}

/**
 * The breakdown of one stopped-worker shortcut: the worker whose script is `scriptUrl`, from the
 * first keydown in any tab to the end of its `runtime.sendMessage copy` read (the offscreen copy),
 * with the request whose URL starts with `requestUrl`.
 */
export function workerBreakdown(trace: Trace, scriptUrl: string, requestUrl: string): WorkerBreakdown {
  const script = trace.events
    .filter((e) => e.name === 'EvaluateScript' && str(dataOf(e).url) === scriptUrl)
    .sort((a, b) => a.ts - b.ts)[0];
  if (!script) throw new Error(`The trace holds no start of ${scriptUrl}: was the worker stopped?`);
  const key = trace.events
    .filter((e) => e.name === 'EventDispatch' && dataOf(e).type === 'keydown' && e.ts <= script.ts)
    .sort((a, b) => a.ts - b.ts)[0];
  if (!key) throw new Error('The trace holds no key press before the worker started');
  const thread = { pid: script.pid, tid: script.tid };
  const all: Window = { ...thread, start: key.ts, end: Number.POSITIVE_INFINITY };
  const reads = readsIn(trace, all);
  const copy = reads.find((r) => r.kind === 'extension' && r.what === 'runtime.sendMessage copy');
  if (!copy)
    throw new Error(
      'The trace holds no copy message from the worker to its offscreen document: did the probe reach the worker?',
    );
  const window: Window = { ...all, end: key.ts + (copy.atMs + copy.ms) * 1000 };
  const request = trace.events
    .filter((e) => e.name === 'ResourceSendRequest' && e.pid === script.pid && e.ts >= script.ts)
    .find((e) => str(dataOf(e).url).startsWith(requestUrl));
  if (!request) throw new Error(`The worker sent no request to ${requestUrl} in the trace`);
  const requestId = dataOf(request).requestId;
  const finish = trace.events
    .filter((e) => e.name === 'ResourceFinish' && e.ts >= request.ts && e.pid === script.pid)
    .find((e) => requestId === undefined || dataOf(e).requestId === requestId);
  if (!finish) throw new Error(`The request to ${requestUrl} did not finish in the trace`);
  const scriptSlice = slicesIn(trace, window).find(
    (s) => s.name === 'EvaluateScript' && s.data.url === scriptUrl,
  );
  const origin = originOf(scriptUrl);
  const requestAtMs = ms(request.ts - key.ts);
  const main = [...trace.threadNames].find(
    ([k, name]) => k.startsWith(`${script.pid}:`) && name === 'CrRendererMain',
  )?.[0];
  const pageWindow: Window | null = main
    ? { pid: script.pid, tid: Number(main.split(':')[1]), start: window.start, end: window.end }
    : null;
  return {
    window,
    keyToScriptMs: ms(script.ts - key.ts),
    compile: compileOf(trace, window, origin),
    evaluationMs: totalOf(
      trace,
      window,
      ['v8.run'],
      (s) => !!scriptSlice && s.start >= scriptSlice.start && s.end <= scriptSlice.end,
    ),
    scriptToRequestMs: ms(request.ts - script.ts),
    requestMs: ms(finish.ts - request.ts),
    answerToCopiedMs: ms(window.end - finish.ts),
    gcMs: totalOf(trace, window, GC),
    reads,
    readsBeforeRequestMs: inFlightMs(reads, requestAtMs),
    offscreen: pageWindow ? offscreenOf(trace, pageWindow, origin) : null,
    activities: activities(trace, window, ACTIVITY_MS),
    pageActivities: pageWindow ? activities(trace, pageWindow, ACTIVITY_MS) : [],
  };
}

/** The offscreen document's load inside the window, if it was created there. */
function offscreenOf(trace: Trace, window: Window, origin: string): WorkerBreakdown['offscreen'] {
  const navigation = trace.events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.pid === window.pid &&
      e.ts >= window.start &&
      e.ts < window.end &&
      str(dataOf(e).documentLoaderURL).startsWith(`${origin}/offscreen`),
  );
  if (!navigation) return null;
  const page: Window = { ...window, start: navigation.ts };
  const evaluation = slicesIn(trace, page).find((s) => s.name === 'v8.evaluateModule' || s.name === 'v8.run');
  return {
    readyMs: evaluation ? ms(evaluation.end - navigation.ts) : ms(window.end - navigation.ts),
    compile: compileOf(trace, page, origin),
    evaluationMs: totalOf(trace, page, ['v8.evaluateModule', 'v8.run']),
  };
}

/** A function's sampled self time. */
export interface HotFunction {
  url: string;
  /** The function's name as the script has it (minified in a build), or V8's '(program)', '(garbage collector)'. */
  name: string;
  /** 0-based, as V8 reports them. */
  line: number;
  column: number;
  ms: number;
}

interface ProfileNode {
  /** V8 leaves out what a frame does not have: its script for '(program)', its position for '(root)'. */
  callFrame: { functionName: string; url?: string; lineNumber?: number; columnNumber?: number };
  parent?: number;
}

/**
 * Self time by function from V8's sampling profiler, on the windows' threads and inside them. Profiles arrive in ProfileChunk events, each profile
 * named by its Profile event's id and thread.
 */
export function hotFunctions(trace: Trace, windows: readonly Window[]): HotFunction[] {
  const profiles = new Map<string, { tid: number; start: number; nodes: Map<number, ProfileNode> }>();
  const samples: { key: string; ts: number; node: number }[] = [];
  const clocks = new Map<string, number>();
  for (const event of [...trace.events].sort((a, b) => a.ts - b.ts)) {
    const key = `${event.pid}:${event.id ?? ''}`;
    if (event.name === 'Profile' && event.ph === 'P') {
      profiles.set(key, {
        tid: event.tid,
        start: Number(dataOf(event).startTime ?? event.ts),
        nodes: new Map(),
      });
      clocks.set(key, Number(dataOf(event).startTime ?? event.ts));
    }
    if (event.name !== 'ProfileChunk') continue;
    const profile = profiles.get(key);
    if (!profile) continue;
    const data = dataOf(event) as {
      cpuProfile?: { nodes?: ({ id: number } & ProfileNode)[]; samples?: number[] };
      timeDeltas?: number[];
    };
    for (const node of data.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
    const deltas = data.timeDeltas ?? [];
    let clock = clocks.get(key) ?? profile.start;
    (data.cpuProfile?.samples ?? []).forEach((node, i) => {
      clock += deltas[i] ?? 0;
      samples.push({ key, ts: clock, node });
    });
    clocks.set(key, clock);
  }
  const totals = new Map<string, HotFunction>();
  // A sample counts for the time to the next one, at most a few sampling intervals: on a busy
  // machine the sampler itself can wait, and a gap is not the last sampled function's time.
  const intervals = samples.map((s, i) => (samples[i + 1]?.key === s.key ? samples[i + 1]!.ts - s.ts : 0));
  const positive = intervals.filter((d) => d > 0).sort((a, b) => a - b);
  const longest = 4 * (positive[Math.floor(positive.length / 2)] ?? 0);
  const byProfile = new Map<string, typeof samples>();
  for (const sample of samples) push(byProfile, sample.key, sample);
  for (const [key, list] of byProfile) {
    const profile = profiles.get(key)!;
    const pid = Number(key.split(':')[0]);
    list.forEach((sample, i) => {
      const next = list[i + 1];
      const span = next ? Math.min(next.ts - sample.ts, longest) : 0;
      const inside = windows.some(
        (w) => w.pid === pid && w.tid === profile.tid && sample.ts >= w.start && sample.ts < w.end,
      );
      if (!inside || span <= 0) return;
      const frame = profile.nodes.get(sample.node)?.callFrame;
      if (!frame || frame.functionName === '(idle)') return;
      const url = frame.url ?? '';
      const line = frame.lineNumber ?? -1;
      const column = frame.columnNumber ?? -1;
      const id = `${url}\n${frame.functionName}\n${line}\n${column}`;
      const entry = totals.get(id) ?? { url, name: frame.functionName || '(anonymous)', line, column, ms: 0 };
      entry.ms += ms(span);
      totals.set(id, entry);
    });
  }
  return [...totals.values()].sort((a, b) => b.ms - a.ms);
}
