/**
 * The trace reading behind `npm run bench`'s breakdown: on small hand-made traces whose answers are
 * known, each part must come out of the right events, nested work counted once, and reads paired
 * with their own answers.
 */
import { describe, expect, it } from 'vitest';
import { decodeVlq, readSourceMap } from '@/scripts/bench/source-map';
import {
  activities,
  hotFunctions,
  inFlightMs,
  popupBreakdown,
  readsIn,
  readTrace,
  type TraceEvent,
  workerBreakdown,
} from '@/scripts/bench/trace';

const EXT = 'chrome-extension://abc';
const PID = 10;
const MAIN = 10;
const WORKER = 12;
const TAB = 20;

/** A complete event; times in ms for the reader's sake, written in the trace's microseconds. */
const x = (
  name: string,
  at: number,
  dur: number,
  data: Record<string, unknown> = {},
  tid = MAIN,
): TraceEvent => ({
  name,
  cat: 'devtools.timeline',
  ph: 'X',
  ts: at * 1000,
  dur: dur * 1000,
  pid: PID,
  tid,
  args: { data },
});
const mark = (name: string, at: number, data: Record<string, unknown> = {}, tid = MAIN): TraceEvent => ({
  name,
  cat: 'blink.user_timing',
  ph: 'R',
  ts: at * 1000,
  pid: PID,
  tid,
  args: { data },
});
/** A read as the probe's user-timing measure writes it: an async begin and end under one local id. */
const read = (what: string, at: number, dur: number, id: string, tid = MAIN): TraceEvent[] =>
  (['b', 'e'] as const).map((ph) => ({
    name: `bench:${what}`,
    cat: 'blink.user_timing',
    ph,
    ts: (ph === 'b' ? at : at + dur) * 1000,
    pid: PID,
    tid,
    id2: { local: id },
  }));
const thread = (tid: number, name: string, pid = PID): TraceEvent => ({
  name: 'thread_name',
  cat: '__metadata',
  ph: 'M',
  ts: 0,
  pid,
  tid,
  args: { name },
});

/**
 * A real popup's opening at 100 ms: HTML parsed, its module compiled and run (a GC inside), three
 * reads (two at once), then the task that draws it from 170 to 185, popup-ready at 180.
 */
const popupEvents: TraceEvent[] = [
  thread(MAIN, 'CrRendererMain'),
  thread(11, 'ThreadPoolForegroundWorker'),
  mark('navigationStart', 100, { documentLoaderURL: `${EXT}/popup.html` }),
  x('RunTask', 102, 3),
  x('ParseHTML', 102, 2),
  x('v8.parseOnBackground', 103, 4, { url: `${EXT}/chunks/popup.js` }, 11),
  x('RunTask', 110, 30),
  x('v8.compileModule', 110, 1, {
    url: `${EXT}/chunks/popup.js`,
    notStreamedReason: 'script has code-cache available',
    consumedCacheSize: 2048,
  }),
  x('v8.evaluateModule', 112, 20),
  x('MinorGC', 120, 5),
  ...read('storage:local.get settings', 130, 20, '0x1'),
  ...read('indexedDB:get kv links:p1', 140, 20, '0x2'),
  ...read('storage:session.get popupDrafts', 150, 5, '0x1'),
  x('RunTask', 170, 15),
  x('FunctionCall', 170, 8),
  x('Layout', 178, 1.5),
  { ...mark('popup-ready', 180), ph: 'I' },
  // After ready: not the opening's.
  ...read('extension:runtime.sendMessage refresh', 181, 40, '0x3'),
  x('RunTask', 190, 50),
];

describe('popupBreakdown', () => {
  const popup = popupBreakdown(readTrace(popupEvents), `${EXT}/popup.html`);

  it('times the parts between navigation start and popup-ready', () => {
    expect(popup.readyMs).toBe(80);
    expect(popup.parseHtmlMs).toBe(2);
    expect(popup.compile).toEqual({
      onThreadMs: 1,
      offThreadMs: 4,
      notes: ['chunks/popup.js: not streamed (script has code-cache available), code cache used (2,048 B)'],
    });
    expect(popup.evaluationMs).toBe(20);
    expect(popup.gcMs).toBe(5);
    expect(popup.renderingMs).toBe(1.5);
  });

  it('pairs each read with its own answer although ids are reused, and counts reads in flight once', () => {
    expect(popup.reads).toEqual([
      { kind: 'storage', what: 'local.get settings', atMs: 30, ms: 20 },
      { kind: 'indexedDB', what: 'get kv links:p1', atMs: 40, ms: 20 },
      { kind: 'storage', what: 'session.get popupDrafts', atMs: 50, ms: 5 },
    ]);
    // 130 → 160: one read or another under way.
    expect(popup.readsInFlightMs).toBe(30);
  });

  it('takes the first render from the task that marks popup-ready, and the idle time from the gaps', () => {
    expect(popup.firstRenderMs).toBe(10);
    // Busy 102–105, 110–140, 170–180 (cut at ready): 43 ms of 80.
    expect(popup.idleMs).toBe(37);
  });

  it('gives no separate first render when popup-ready is marked in the module evaluation (the bare popup)', () => {
    const bare = readTrace([
      mark('navigationStart', 0, { documentLoaderURL: `${EXT}/popup.html` }),
      x('RunTask', 5, 10),
      x('v8.evaluateModule', 5, 8),
      { ...mark('popup-ready', 13), ph: 'I' },
    ]);
    expect(popupBreakdown(bare, `${EXT}/popup.html`).firstRenderMs).toBeNull();
  });

  it('fails clearly when the trace missed the opening', () => {
    expect(() => popupBreakdown(readTrace([]), `${EXT}/popup.html`)).toThrow(/no navigation/);
  });
});

describe('activities', () => {
  it('gives each event its self time: its duration less what nests in it', () => {
    const trace = readTrace(popupEvents);
    const list = activities(trace, { pid: PID, tid: MAIN, start: 100_000, end: 180_000 });
    const of = (name: string) => list.find((a) => a.name === name)?.ms;
    expect(of('v8.evaluateModule')).toBe(15);
    expect(of('MinorGC')).toBe(5);
    // 30 − 1 (compile) − 20 (evaluation); and the drawing task cut at ready: 10 − 8 − 1.5.
    expect(of('RunTask')).toBeCloseTo(1 + 9 + 0.5, 6);
    expect(of('FunctionCall')).toBe(8);
  });
});

describe('readsIn and inFlightMs', () => {
  it('keeps reads called in the window, answered later included', () => {
    const trace = readTrace(popupEvents);
    const reads = readsIn(trace, { pid: PID, tid: MAIN, start: 145_000, end: 185_000 });
    expect(reads.map((r) => r.what)).toEqual(['session.get popupDrafts', 'runtime.sendMessage refresh']);
  });

  it('counts storage and IndexedDB reads, not messages, up to a limit', () => {
    const reads = [
      { kind: 'storage', what: 'a', atMs: 0, ms: 10 },
      { kind: 'extension', what: 'runtime.sendMessage x', atMs: 0, ms: 100 },
      { kind: 'indexedDB', what: 'b', atMs: 20, ms: 10 },
    ];
    expect(inFlightMs(reads)).toBe(20);
    expect(inFlightMs(reads, 25)).toBe(15);
  });
});

describe('workerBreakdown', () => {
  const events: TraceEvent[] = [
    thread(MAIN, 'CrRendererMain'),
    thread(WORKER, 'ServiceWorker thread'),
    thread(TAB, 'CrRendererMain', 30),
    { ...x('EventDispatch', 0, 0.1, { type: 'keydown' }), pid: 30, tid: TAB },
    x('EvaluateScript', 40, 30, { url: `${EXT}/background.js` }, WORKER),
    x('v8.compile', 40, 5, { url: `${EXT}/background.js`, consumedCacheSize: 100 }, WORKER),
    x('v8.run', 45, 25, {}, WORKER),
    ...read('storage:local.get settings', 75, 5, '0x1', WORKER),
    ...read('storage:local.get settings', 81, 4, '0x1', WORKER),
    {
      ...x('ResourceSendRequest', 90, 0, { url: 'http://127.0.0.1:1/api/url/add', requestId: 'r1' }, WORKER),
      ph: 'I',
    },
    { ...x('ResourceFinish', 200, 0, { requestId: 'r1' }, WORKER), ph: 'I' },
    ...read('extension:runtime.sendMessage copy', 205, 15, '0x2', WORKER),
  ];

  it('splits key press → copy into the worker start, its script, its reads, the request and the copy', () => {
    const worker = workerBreakdown(
      readTrace(events),
      `${EXT}/background.js`,
      'http://127.0.0.1:1/api/url/add',
    );
    expect(worker).toMatchObject({
      keyToScriptMs: 40,
      evaluationMs: 25,
      scriptToRequestMs: 50,
      requestMs: 110,
      answerToCopiedMs: 20,
      readsBeforeRequestMs: 9,
      offscreen: null,
    });
    expect(worker.compile.onThreadMs).toBe(5);
    expect(worker.reads.map((r) => r.what)).toEqual([
      'local.get settings',
      'local.get settings',
      'runtime.sendMessage copy',
    ]);
  });

  it('fails clearly when the worker was not stopped (its script did not run)', () => {
    expect(() => workerBreakdown(readTrace([]), `${EXT}/background.js`, 'http://x/')).toThrow(
      /was the worker stopped/,
    );
  });
});

describe('hotFunctions', () => {
  it('sums sampled self time by function, on the window’s thread and inside it', () => {
    const frame = (functionName: string, url = `${EXT}/chunks/popup.js`) => ({
      functionName,
      url,
      lineNumber: 0,
      columnNumber: functionName.length,
    });
    const events: TraceEvent[] = [
      {
        name: 'Profile',
        cat: 'v8',
        ph: 'P',
        ts: 0,
        pid: PID,
        tid: MAIN,
        id: '0x1',
        args: { data: { startTime: 1000 } },
      },
      {
        name: 'ProfileChunk',
        cat: 'v8',
        ph: 'P',
        ts: 1,
        pid: PID,
        tid: 99,
        id: '0x1',
        args: {
          data: {
            cpuProfile: {
              nodes: [
                { id: 1, callFrame: { functionName: '(root)' } },
                { id: 2, callFrame: frame('render'), parent: 1 },
                { id: 3, callFrame: frame('parse'), parent: 1 },
                { id: 4, callFrame: { functionName: '(idle)' }, parent: 1 },
              ],
              samples: [2, 2, 3, 4, 2, 3],
            },
            // Samples at 1.1, 1.2, 1.3, 1.4, 1.5 and 1.6 ms.
            timeDeltas: [100, 100, 100, 100, 100, 100],
          },
        },
      },
    ];
    const hot = hotFunctions(readTrace(events), [{ pid: PID, tid: MAIN, start: 1000, end: 1450 }]);
    expect(hot.map((h) => [h.name, Math.round(h.ms * 1000)])).toEqual([
      ['render', 200],
      ['parse', 100],
    ]);
    expect(hotFunctions(readTrace(events), [{ pid: PID, tid: 12, start: 0, end: 9e9 }])).toEqual([]);
  });
});

describe('source maps', () => {
  it('decodes base64 VLQ numbers, signs and continuations included', () => {
    expect(decodeVlq('AAAA')).toEqual([0, 0, 0, 0]);
    expect(decodeVlq('CADE')).toEqual([1, 0, -1, 2]);
    expect(decodeVlq('gB')).toEqual([16]);
  });

  it('finds the source, line and name of a generated position', () => {
    // Line 0: column 0 → a.ts line 1; column 10 → b.ts line 3, named "render".
    const map = readSourceMap(
      JSON.stringify({
        version: 3,
        sources: ['../../a.ts', '../../b.ts'],
        names: ['render'],
        mappings: 'AAAA,UCEAA',
      }),
    );
    expect(map.original(0, 4)).toEqual({ source: 'a.ts', line: 1 });
    expect(map.original(0, 12)).toEqual({ source: 'b.ts', line: 3, name: 'render' });
    expect(map.original(1, 0)).toBeUndefined();
  });
});
