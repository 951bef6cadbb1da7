/** The management page's rate-limit notice, driven by the state the background keeps in storage.session. */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { RateLimitWait } from '@/entrypoints/manage/rate-limit-wait';
import type { RateLimitWait as Wait } from '@/lib/api/rate-limiter';
import { rateLimitWaitItem } from '@/lib/storage/items';
import { settle } from '../dom';

let container: HTMLElement;

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['Date', 'setInterval', 'clearInterval'],
    now: new Date(2031, 2, 14, 10, 0, 0),
  });
  container = document.createElement('div');
  document.body.replaceChildren(container);
});

afterEach(async () => {
  await act(() => render(null, container));
  vi.useRealTimers();
});

const timer = () => container.querySelector('[role="timer"]')?.textContent ?? null;

describe('RateLimitWait', () => {
  it('appears while requests wait, counts down each second, and goes when they are sent', async () => {
    await act(() => render(<RateLimitWait />, container));
    await settle();
    expect(timer()).toBeNull();

    await fakeBrowser.storage.session.set({
      [rateLimitWaitItem.key]: { until: Date.now() + 30_000, queued: 3 },
    });
    await settle();
    expect(timer()).toBe('Waiting for the server’s rate limit — 30 seconds');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(timer()).toBe('Waiting for the server’s rate limit — 29 seconds');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(29_500);
    });
    expect(timer()).toBe('Waiting for the server’s rate limit — 0 seconds');

    await fakeBrowser.storage.session.remove(rateLimitWaitItem.key);
    await settle();
    expect(timer()).toBeNull();
  });

  it('shows a wait already under way when the page opens, and stops watching when it closes', async () => {
    await fakeBrowser.storage.session.set({
      [rateLimitWaitItem.key]: { until: Date.now() + 12_000, queued: 1 },
    });
    const stop = vi.fn();
    let show: (wait: Wait | null) => void = () => undefined;
    const watch = vi.fn((callback: (wait: Wait | null) => void) => {
      show = callback;
      return stop;
    });
    await act(() => render(<RateLimitWait watch={watch} />, container));
    await act(() => show({ until: Date.now() + 7_000, queued: 1 }));
    expect(timer()).toBe('Waiting for the server’s rate limit — 7 seconds');
    // Preact 11 runs an effect's cleanup after the next paint, as React does; act() flushes it.
    await act(() => render(null, container));
    expect(stop).toHaveBeenCalledOnce();

    await act(() => render(<RateLimitWait />, container));
    await settle();
    expect(timer()).toBe('Waiting for the server’s rate limit — 12 seconds');
  });
});
