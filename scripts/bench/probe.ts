/**
 * A bench-only probe, injected into the popup and the service worker before their own scripts run,
 * in traced runs only (scripts/bench/tracing.ts): it times what the page waits for, as the page sees
 * it, from the call to the moment its answer is handed to the page's code:
 *
 *   storage   chrome.storage.{local,session,sync}.get (the `browser` namespace too, which Chromium
 *             gives its own objects), keys named
 *   indexedDB indexedDB.open, and each get/getAll/getAllKeys/count/put on an object store or index,
 *             its value made into objects included; a cursor (openCursor) until its transaction completes
 *   extension tabs.query and runtime.sendMessage (the message's `type`)
 *
 * Each becomes a user-timing measure `bench:<kind>:<what>`, which the trace records with its start
 * and end (see readsOf in trace.ts). It wraps functions and adds one listener per request: nothing
 * the extension does changes, and its cost is a few microseconds per call.
 */

/** Runs in the page or worker, so it may use nothing from outside its own body. */
function installProbe(): void {
  const scope = globalThis as unknown as Record<string, unknown> & { __shortlinkBenchProbe?: true };
  if (scope.__shortlinkBenchProbe) return;
  scope.__shortlinkBenchProbe = true;
  const record = (kind: string, what: string, start: number) => {
    performance.measure(`bench:${kind}:${what}`, { start, end: performance.now() });
  };
  // A key that holds data (`uncertain-create:["profile",{…}]`) is named by its prefix, the same every run.
  const keyName = (key: string) => (key.length > 40 ? key.replace(/[[{].*$/s, '…') : key);
  const keysOf = (keys: unknown) =>
    keys === null || keys === undefined
      ? '(all)'
      : (typeof keys === 'string' ? [keys] : Array.isArray(keys) ? keys : Object.keys(keys as object))
          .map((key) => keyName(String(key)))
          .join(',');
  type Method = (...args: unknown[]) => unknown;
  // Chromium may give `chrome` and `browser` the same objects: each function is wrapped once.
  const wrappers = new WeakSet<Method>();
  // Both calling conventions: a promise, or a last-argument callback.
  const timed = (original: Method, kind: string, what: (args: unknown[]) => string): Method =>
    function (this: unknown, ...args: unknown[]) {
      const start = performance.now();
      const label = what(args);
      const last = args.at(-1);
      if (typeof last === 'function') {
        args[args.length - 1] = (...answer: unknown[]) => {
          record(kind, label, start);
          return (last as Method)(...answer);
        };
        return original.apply(this, args);
      }
      const result = original.apply(this, args);
      if (result instanceof Promise) {
        result.then(
          () => record(kind, label, start),
          () => record(kind, `${label} (failed)`, start),
        );
      }
      return result;
    };
  const wrap = (owner: unknown, name: string, kind: string, what: (args: unknown[]) => string) => {
    const target = owner as Record<string, Method> | undefined;
    const original = target?.[name];
    if (typeof original !== 'function' || wrappers.has(original)) return;
    const wrapper = timed(original, kind, what);
    wrappers.add(wrapper);
    try {
      target![name] = wrapper;
    } catch {
      // A read-only binding stays as it is: its calls are not timed.
    }
  };
  const wrapExtension = (ns: unknown) => {
    const api = ns as Record<string, Record<string, unknown> | undefined> | undefined;
    for (const area of ['local', 'session', 'sync']) {
      wrap(api?.storage?.[area], 'get', 'storage', (args) => `${area}.get ${keysOf(args[0])}`);
    }
    wrap(api?.tabs, 'query', 'extension', () => 'tabs.query');
    wrap(api?.runtime, 'sendMessage', 'extension', (args) => {
      const message = args.find((a) => typeof a === 'object' && a !== null) as { type?: unknown } | undefined;
      return `runtime.sendMessage ${String(message?.type ?? '')}`.trim();
    });
  };
  if (scope.chrome === undefined && 'ServiceWorkerGlobalScope' in scope) {
    // A service worker waiting for the debugger, before its script: Chromium has not installed the
    // extension APIs yet. It installs them on the `chrome` object it finds on the global, here one
    // this probe gives through the global's prototype; they are wrapped when the worker's own code
    // first reads `chrome` (webextension-polyfill does so before anything else).
    const api = {} as Record<string, unknown>;
    let wrapped = false;
    Object.defineProperty(Object.getPrototypeOf(scope), 'chrome', {
      configurable: true,
      get() {
        if (!wrapped && 'storage' in api) {
          wrapped = true;
          wrapExtension(api);
          wrapExtension(Object.getOwnPropertyDescriptor(scope, 'browser')?.value);
        }
        return api;
      },
    });
  } else {
    for (const ns of new Set([scope.chrome, scope.browser])) wrapExtension(ns);
  }
  if (typeof IDBFactory === 'undefined') return;
  const timeRequest = (label: string, request: IDBRequest) => {
    const start = performance.now();
    // Added before the page's own handlers: it runs first, when the answer is dispatched. Reading
    // `result` makes the value (Chromium turns it into objects on first read, and keeps them for the
    // page's own read): the read's time includes that, as the page pays it.
    request.addEventListener('success', () => {
      void request.result;
      record('indexedDB', label, start);
    });
    request.addEventListener('error', () => record('indexedDB', `${label} (failed)`, start));
    return request;
  };
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (name: string, version?: number) {
    return timeRequest(`open ${name}`, open.call(this, name, version)) as IDBOpenDBRequest;
  };
  const store = IDBObjectStore.prototype as unknown as Record<string, Method>;
  for (const method of ['get', 'getAll', 'getAllKeys', 'count', 'put']) {
    const original = store[method]!;
    store[method] = function (this: IDBObjectStore, ...args: unknown[]) {
      const key = method === 'put' ? args[1] : args[0];
      const label = `${method} ${this.name} ${key === undefined ? '' : String(key)}`.trim();
      return timeRequest(label, original.apply(this, args) as IDBRequest);
    };
  }
  // An index's reads are named by store and index (`getAll links.date`: the popup's newest links).
  const index = IDBIndex.prototype as unknown as Record<string, Method>;
  for (const method of ['get', 'getAll', 'getAllKeys', 'count']) {
    const original = index[method]!;
    index[method] = function (this: IDBIndex, ...args: unknown[]) {
      return timeRequest(
        `${method} ${this.objectStore.name}.${this.name}`,
        original.apply(this, args) as IDBRequest,
      );
    };
  }
  // A cursor's read (the popup's newest links, by the date index) ends when its transaction does:
  // it may stop before the end of its range, and then no last `success` says so.
  for (const proto of [IDBObjectStore.prototype, IDBIndex.prototype] as unknown as Record<string, Method>[]) {
    const original = proto.openCursor!;
    proto.openCursor = function (this: IDBObjectStore | IDBIndex, ...args: unknown[]) {
      const start = performance.now();
      const request = original.apply(this, args) as IDBRequest;
      const where = 'objectStore' in this ? `${this.objectStore.name}.${this.name}` : this.name;
      request.transaction?.addEventListener('complete', () => record('indexedDB', `cursor ${where}`, start));
      return request;
    };
  }
}

/**
 * The probe as a script to evaluate. `__name` is the helper tsx's compiler wraps named functions in;
 * the page has none, so the script brings one that does nothing.
 */
export const PROBE_SOURCE = `((__name) => (${installProbe.toString()})())((f) => f);`;
