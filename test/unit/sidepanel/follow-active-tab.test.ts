import { describe, expect, it, vi } from 'vitest';
import type { TabInfo } from '@/entrypoints/popup/start-url';
import { followActiveTab, type TabEvents } from '@/entrypoints/sidepanel/follow-active-tab';

const WINDOW = 7;

function event<A extends unknown[]>() {
  const listeners = new Set<(...args: A) => void>();
  return {
    addListener: (l: (...args: A) => void) => void listeners.add(l),
    removeListener: (l: (...args: A) => void) => void listeners.delete(l),
    fire: (...args: A) => {
      for (const l of listeners) l(...args);
    },
    size: () => listeners.size,
  };
}

/** Browser events and the active tab of WINDOW as `active` says; `query` may be held to answer later. */
function fakeTabs(first: TabInfo | undefined) {
  let active = first;
  const api = {
    tabs: {
      query: vi.fn(async (_: { active: true; windowId: number }) => (active ? [active] : [])),
      onActivated: event<[{ tabId: number; windowId: number }]>(),
      onUpdated:
        event<[number, { url?: string; status?: string }, { active?: boolean; windowId?: number }]>(),
    },
    windows: { onFocusChanged: event<[number]>() },
    permissions: { onAdded: event<[unknown]>() },
  };
  return {
    api,
    events: api as TabEvents,
    show(tab: TabInfo | undefined) {
      active = tab;
    },
  };
}

const A = { id: 1, url: 'https://a.example/', title: 'A' };
const B = { id: 2, url: 'https://b.example/', title: 'B' };

/** Lets the checks' queries answer. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('following the active tab of the panel’s window', () => {
  it('starts with the active tab of its own window', async () => {
    const { api, events } = fakeTabs(A);
    const onTab = vi.fn();
    followActiveTab(WINDOW, onTab, events);
    await settle();
    expect(api.tabs.query).toHaveBeenCalledWith({ active: true, windowId: WINDOW });
    expect(onTab.mock.calls).toEqual([[A]]);
  });

  it('follows a switch to another tab in its window, not in another window', async () => {
    const fake = fakeTabs(A);
    const onTab = vi.fn();
    followActiveTab(WINDOW, onTab, fake.events);
    await settle();

    fake.show(B);
    fake.api.tabs.onActivated.fire({ tabId: 2, windowId: WINDOW + 1 });
    await settle();
    expect(onTab).toHaveBeenCalledTimes(1);

    fake.api.tabs.onActivated.fire({ tabId: 2, windowId: WINDOW });
    await settle();
    expect(onTab.mock.calls).toEqual([[A], [B]]);
  });

  it('follows the active tab to another address; a title change, a reload or another tab loading is not a new page', async () => {
    const fake = fakeTabs(A);
    const onTab = vi.fn();
    followActiveTab(WINDOW, onTab, fake.events);
    await settle();

    fake.show({ ...A, title: 'A, loaded' });
    fake.api.tabs.onUpdated.fire(1, { status: 'complete' }, { active: true, windowId: WINDOW });
    fake.api.tabs.onUpdated.fire(1, { status: 'loading' }, { active: true, windowId: WINDOW });
    fake.api.tabs.onUpdated.fire(5, { url: 'https://c.example/' }, { active: false, windowId: WINDOW });
    await settle();
    expect(onTab).toHaveBeenCalledTimes(1);

    const moved = { ...A, url: 'https://a.example/next' };
    fake.show(moved);
    fake.api.tabs.onUpdated.fire(1, { url: moved.url }, { active: true, windowId: WINDOW });
    await settle();
    expect(onTab.mock.calls).toEqual([[A], [moved]]);
  });

  it('notices a navigation it cannot read the address of by its loading status (no `tabs` permission)', async () => {
    const fake = fakeTabs(A);
    const onTab = vi.fn();
    followActiveTab(WINDOW, onTab, fake.events);
    await settle();
    // activeTab ends when the tab leaves the page it was granted for: the address is no longer readable.
    fake.show({ id: 1, title: 'Elsewhere' });
    fake.api.tabs.onUpdated.fire(1, { status: 'loading' }, { active: true, windowId: WINDOW });
    await settle();
    expect(onTab.mock.calls).toEqual([[A], [{ id: 1, title: 'Elsewhere' }]]);
  });

  it('looks again when its window comes back into focus and when tab addresses are allowed', async () => {
    const fake = fakeTabs({ id: 2 });
    const onTab = vi.fn();
    followActiveTab(WINDOW, onTab, fake.events);
    await settle();

    fake.show(B);
    fake.api.permissions.onAdded.fire({ permissions: ['tabs'] });
    await settle();
    expect(onTab.mock.calls).toEqual([[{ id: 2 }], [B]]);

    fake.show(A);
    fake.api.windows.onFocusChanged.fire(WINDOW + 1);
    await settle();
    expect(onTab).toHaveBeenCalledTimes(2);
    fake.api.windows.onFocusChanged.fire(WINDOW);
    await settle();
    expect(onTab.mock.calls.at(-1)).toEqual([A]);
  });

  it('keeps only the newest answer when switches come faster than the browser answers', async () => {
    const fake = fakeTabs(A);
    const onTab = vi.fn();
    followActiveTab(WINDOW, onTab, fake.events);
    await settle();
    let answerB: (tabs: TabInfo[]) => void = () => undefined;
    fake.api.tabs.query.mockImplementationOnce(() => new Promise((resolve) => (answerB = resolve)));
    fake.api.tabs.onActivated.fire({ tabId: 2, windowId: WINDOW });
    const C = { id: 3, url: 'https://c.example/' };
    fake.show(C);
    fake.api.tabs.onActivated.fire({ tabId: 3, windowId: WINDOW });
    await settle();
    answerB([B]);
    await settle();
    expect(onTab.mock.calls).toEqual([[A], [C]]);
  });

  it('stops listening when stopped, and ignores a check still running', async () => {
    const fake = fakeTabs(A);
    const onTab = vi.fn();
    const stop = followActiveTab(WINDOW, onTab, fake.events);
    stop();
    await settle();
    expect(onTab).not.toHaveBeenCalled();
    expect(fake.api.tabs.onActivated.size() + fake.api.tabs.onUpdated.size()).toBe(0);
    expect(fake.api.windows.onFocusChanged.size() + fake.api.permissions.onAdded.size()).toBe(0);
  });
});
