/**
 * The probe `npm run bench` injects into the popup and the worker in traced runs: it must time each
 * read once, in both calling conventions, and hand every answer on unchanged.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PROBE_SOURCE } from '@/scripts/bench/probe';

type Callback = (answer: unknown) => void;

const scope = globalThis as unknown as Record<string, unknown>;

/** A stand-in for chrome.storage.local.get: a promise, or the callback when one is given. */
function get(keys: unknown, callback?: Callback): Promise<unknown> | undefined {
  const answer = { keys };
  if (callback) {
    setTimeout(() => callback(answer), 1);
    return undefined;
  }
  return new Promise((resolve) => setTimeout(() => resolve(answer), 1));
}

describe('the bench probe', () => {
  afterEach(() => {
    for (const name of ['chrome', 'browser', '__shortlinkBenchProbe']) delete scope[name];
    performance.clearMeasures();
  });

  it('times promise and callback reads once each, though chrome and browser share the objects', async () => {
    const api = {
      storage: { local: { get }, session: { get } },
      runtime: { sendMessage: (message: unknown) => Promise.resolve({ ok: true, message }) },
    };
    scope.chrome = api;
    scope.browser = api;
    new Function(PROBE_SOURCE)();

    expect(await api.storage.local.get('settings')).toEqual({ keys: 'settings' });
    const viaCallback = await new Promise((resolve) => api.storage.session.get(['a', 'b'], resolve));
    expect(viaCallback).toEqual({ keys: ['a', 'b'] });
    await api.storage.session.get(
      `uncertain-create:${JSON.stringify(['p', { url: 'https://x/'.repeat(9) }])}`,
    );
    await api.runtime.sendMessage({ type: 'refresh', payload: {} });
    await new Promise((resolve) => setTimeout(resolve, 5));

    expect(performance.getEntriesByType('measure').map((m) => m.name)).toEqual([
      'bench:storage:local.get settings',
      'bench:storage:session.get a,b',
      'bench:storage:session.get uncertain-create:…',
      'bench:extension:runtime.sendMessage refresh',
    ]);
  });

  it('installs itself once in a page', () => {
    const api = { storage: { local: { get } } };
    scope.chrome = api;
    new Function(PROBE_SOURCE)();
    const wrapped = api.storage.local.get;
    new Function(PROBE_SOURCE)();
    expect(api.storage.local.get).toBe(wrapped);
    expect(wrapped).not.toBe(get);
  });
});
