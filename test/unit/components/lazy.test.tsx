/**
 * components/lazy.tsx: a part of a page whose code loads apart from the page's, when first drawn or
 * preloaded (the popup's later parts: entrypoints/popup/later-parts.ts).
 */
import type { ComponentChild, ComponentType } from 'preact';
import { useState } from 'preact/hooks';
import { describe, expect, it, vi } from 'vitest';
import { lazy } from '@/components/lazy';
import { alerts, button, click, mount, settle } from '../dom';

/** A load the test answers when it chooses, counting the loads asked for. */
function deferredLoad<P extends object = { name: string }>() {
  const answers: { resolve: (c: ComponentType<P>) => void; reject: (e: Error) => void }[] = [];
  const load = vi.fn(
    () => new Promise<ComponentType<P>>((resolve, reject) => answers.push({ resolve, reject })),
  );
  return { load, answers };
}

function Part({ name }: { name: string }) {
  return <p class="part">Part for {name}</p>;
}

/**
 * A page with a Toggle button that draws its part as `draw` says for the toggle's state: only once
 * open, as the popup draws its lists, or always but hidden until open, as it draws More options.
 */
function Page({ draw }: { draw: (open: boolean) => ComponentChild }) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen(!open)}>
        Toggle
      </button>
      {draw(open)}
    </main>
  );
}

const part = () => document.querySelector('.part')?.textContent;

describe('a lazy part', () => {
  it('loads nothing until first drawn, then draws with its props once its code is there', async () => {
    const { load, answers } = deferredLoad();
    const Lazy = lazy(load);
    await mount(<Page draw={(open) => open && <Lazy name="x" />} />, 'main');
    expect(load).not.toHaveBeenCalled();

    await click(button('Toggle'));
    expect(load).toHaveBeenCalledOnce();
    expect(part()).toBeUndefined();

    answers[0]?.resolve(Part);
    await vi.waitFor(() => expect(part()).toBe('Part for x'));

    // Closed and drawn again: at once, without another load.
    await click(button('Toggle'));
    await click(button('Toggle'));
    expect(part()).toBe('Part for x');
    expect(load).toHaveBeenCalledOnce();
  });

  it('draws at once where it was preloaded, and is loaded once however often that is asked', async () => {
    const { load, answers } = deferredLoad();
    const Lazy = lazy(load);
    const first = Lazy.preload();
    const second = Lazy.preload();
    answers[0]?.resolve(Part);
    await Promise.all([first, second]);
    expect(load).toHaveBeenCalledOnce();

    await mount(<Page draw={(open) => open && <Lazy name="x" />} />, 'main');
    await click(button('Toggle'));
    expect(part()).toBe('Part for x');
  });

  it('says so where its code cannot be loaded, and tries again when drawn again', async () => {
    const { load, answers } = deferredLoad();
    const Lazy = lazy(load);
    // A preload that fails settles all the same: the page goes on without the part.
    const preloaded = Lazy.preload();
    answers[0]?.reject(new Error('Failed to fetch dynamically imported module'));
    await expect(preloaded).resolves.toBeUndefined();

    const root = await mount(<Page draw={(open) => open && <Lazy name="x" />} />, 'main');
    await click(button('Toggle'));
    answers[1]?.reject(new Error('Failed to fetch dynamically imported module'));
    await vi.waitFor(() => expect(alerts(root)).toHaveLength(1));
    expect(alerts(root)[0]).toMatch(/unexpected problem\. Try again/);

    await click(button('Toggle'));
    await click(button('Toggle'));
    expect(load).toHaveBeenCalledTimes(3);
    answers[2]?.resolve(Part);
    await vi.waitFor(() => expect(part()).toBe('Part for x'));
    await settle();
    expect(alerts(root)).toEqual([]);
  });

  it('says nothing while drawn hidden, and tries again once shown', async () => {
    const { load, answers } = deferredLoad<{ hidden: boolean }>();
    const Hidable = lazy(load);
    const root = await mount(<Page draw={(open) => <Hidable hidden={!open} />} />, 'main');
    answers[0]?.reject(new Error('Failed to fetch dynamically imported module'));
    await settle();
    expect(alerts(root)).toEqual([]);

    await click(button('Toggle'));
    expect(load).toHaveBeenCalledTimes(2);
    answers[1]?.reject(new Error('Failed to fetch dynamically imported module'));
    await vi.waitFor(() => expect(alerts(root)).toHaveLength(1));
  });
});
