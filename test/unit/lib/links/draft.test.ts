/**
 * lib/links/draft.ts: when a draft is written (debounced, and at once when the popup is about to go), where
 * (storage.session, else storage.local without the link password), per start URL, and how old ones go.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DRAFT_DEBOUNCE_MS, DRAFT_TTL_MS, draftSaver, readDrafts } from '@/lib/links/draft';
import { emptyLinkForm } from '@/lib/links/link-form';
import type { Draft, Drafts } from '@/lib/storage/items';
import { draftsItem } from '@/lib/storage/items';

const URL_A = 'https://blog.example/a';
const URL_B = 'https://blog.example/b';

function current(alias: string, password = ''): Omit<Draft, 'at'> {
  return {
    profileId: 'p1',
    state: {
      form: { url: URL_A, alias, campaignId: '', channelId: '', expiry: '' },
      more: { ...emptyLinkForm(), password, description: 'note' },
      moreOpen: true,
    },
    request: null,
  };
}

const stored = async (area: 'session' | 'local' = 'session') =>
  ((await fakeBrowser.storage[area].get(draftsItem.key))[draftsItem.key] ?? {}) as Drafts;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date(2031, 2, 14, 10, 0, 0) });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('writing', () => {
  it('waits until changes pause for 300 ms, then writes the latest state once', async () => {
    const set = vi.spyOn(fakeBrowser.storage.session, 'set');
    let alias = 'a';
    const saver = draftSaver({}, URL_A, () => current(alias));

    for (const next of ['ab', 'abc', 'abcd']) {
      alias = next;
      saver.schedule();
      await vi.advanceTimersByTimeAsync(DRAFT_DEBOUNCE_MS - 50);
    }
    expect(set).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(50);

    expect(set).toHaveBeenCalledOnce();
    expect((await stored())[URL_A]).toMatchObject({ ...current('abcd'), at: Date.now() });
  });

  it.each([
    ['the pointer leaves the popup', () => document.dispatchEvent(new Event('mouseleave'))],
    ['the page hides', () => window.dispatchEvent(new Event('pagehide'))],
    ['the page becomes hidden', () => document.dispatchEvent(new Event('visibilitychange'))],
  ])('writes a pending change at once when %s', async (_when, leave) => {
    const set = vi.spyOn(fakeBrowser.storage.session, 'set');
    const saver = draftSaver({}, URL_A, () => current('typed'));
    leave();
    expect(set).not.toHaveBeenCalled();

    saver.schedule();
    leave();
    expect(set).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(DRAFT_DEBOUNCE_MS);
    expect(set).toHaveBeenCalledOnce();
    expect((await stored())[URL_A]?.state.form.alias).toBe('typed');
  });

  it('keeps one draft per start URL, forgets this one on clear, and drops those a day old', async () => {
    const old = { ...current('old'), at: Date.now() - DRAFT_TTL_MS - 1 };
    const other = { ...current('other'), at: Date.now() - 1000 };
    await fakeBrowser.storage.session.set({
      [draftsItem.key]: { 'https://old.example/': old, [URL_B]: other },
    });
    const drafts = await readDrafts();
    expect(Object.keys(drafts)).toEqual(['https://old.example/', URL_B]);

    const save = draftSaver(drafts, URL_A, () => current('mine'));
    save.schedule();
    save.flush();
    expect(Object.keys(await stored()).sort()).toEqual([URL_A, URL_B]);
    expect((await stored())[URL_B]).toEqual(other);

    save.clear();
    await vi.advanceTimersByTimeAsync(0);
    expect(Object.keys(await stored())).toEqual([URL_B]);
  });

  it('writes a pending change when stopped (the side panel moved to another page), then listens no more', async () => {
    const set = vi.spyOn(fakeBrowser.storage.session, 'set');
    const saver = draftSaver({}, URL_A, () => current('typed'));
    saver.schedule();
    saver.stop();
    expect(set).toHaveBeenCalledOnce();
    expect((await stored())[URL_A]?.state.form.alias).toBe('typed');
    saver.schedule();
    document.dispatchEvent(new Event('mouseleave'));
    expect(set).toHaveBeenCalledOnce();
  });

  it("forgets a stopped page's draft in what storage holds now, keeping the next page's newer draft", async () => {
    const saverA = draftSaver(await readDrafts(), URL_A, () => current('on A'));
    saverA.schedule();
    saverA.stop();
    // The next page reads after A's write and writes its own draft.
    const saverB = draftSaver(await readDrafts(), URL_B, () => current('on B'));
    saverB.schedule();
    saverB.flush();
    // A's link arrives after the switch.
    saverA.clear();
    await vi.advanceTimersByTimeAsync(0);
    expect(Object.keys(await stored())).toEqual([URL_B]);
    expect((await stored())[URL_B]?.state.form.alias).toBe('on B');
  });

  it('cancels a pending write when cleared (the link was made)', async () => {
    const saver = draftSaver({}, URL_A, () => current('typed'));
    saver.schedule();
    saver.clear();
    await vi.advanceTimersByTimeAsync(DRAFT_DEBOUNCE_MS);
    expect(await stored()).toEqual({});
  });
});

describe('where drafts live', () => {
  it('keeps the link password in storage.session, which never reaches the disk', async () => {
    const saver = draftSaver({}, URL_A, () => current('a', 'open sesame'));
    saver.schedule();
    saver.flush();
    expect((await stored())[URL_A]?.state.more?.password).toBe('open sesame');
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('reads no drafts, rather than failing, when storage cannot be read', async () => {
    vi.spyOn(fakeBrowser.storage.session, 'get').mockRejectedValue(new Error('broken'));
    expect(await readDrafts()).toEqual({});
  });
});

describe('reading', () => {
  it('keeps only well-formed drafts: a damaged one is dropped, not restored into the form', async () => {
    const good = { ...current('kept'), at: Date.now() };
    const { state } = good;
    await fakeBrowser.storage.session.set({
      [draftsItem.key]: {
        [URL_A]: good,
        'https://url-not-text.example/': { ...good, state: { ...state, form: { ...state.form, url: 42 } } },
        'https://no-state.example/': { ...good, state: null },
        'https://bad-more.example/': {
          ...good,
          state: { ...state, more: { ...state.more, geotarget: 'x' } },
        },
        'https://bad-request.example/': { ...good, request: { key: 1 } },
        'https://no-time.example/': { ...good, at: 'now' },
        'https://null.example/': null,
      },
    });
    expect(await readDrafts()).toEqual({ [URL_A]: good });
  });

  it.each([
    ['a string', 'garbage'],
    ['an array', [current('x')]],
    ['a number', 7],
  ])('reads no drafts when the stored value is %s', async (_what, value) => {
    await fakeBrowser.storage.session.set({ [draftsItem.key]: value });
    expect(await readDrafts()).toEqual({});
  });
});
