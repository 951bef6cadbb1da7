/**
 * The popup with its draft and its rate-limit countdown: what a reopened popup restores (only for the
 * same start URL and profile), that a finished link clears it, that a resend after reopening joins the
 * request already sent, and that a wait for the rate limit shows, counts down and holds Shorten.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../fixtures/popup-later-parts';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/popup/app';
import { type CachedLink, putCachedLists } from '@/lib/links/cache';
import { DRAFT_DEBOUNCE_MS } from '@/lib/links/draft';
import { emptyLinkForm } from '@/lib/links/link-form';
import { toShortenInput } from '@/lib/links/shorten-form';
import type { RequestOf, Result } from '@/lib/messaging/protocol';
import { defaultBehaviour, defaultUtmPresets, emptyDefaults } from '@/lib/settings/schema';
import type { Draft, Drafts, ShortenForm } from '@/lib/storage/items';
import { draftsItem, rateLimitWaitItem } from '@/lib/storage/items';
import { saveSettings } from '@/lib/storage/settings';
import { button, click, fakeBackground, field, mount, ok, settle, typeInto } from '../dom';

const NOW = new Date(2031, 2, 14, 10, 0, 0);
const TAB = 'https://blog.example/post';
const SUBMIT = 'form.shorten button[type="submit"]';

let profileId = '';
let counter = 0;

/** A fresh profile (the IndexedDB cache is shared by the tests of this file) with a campaign to pick. */
async function seed(): Promise<void> {
  profileId = `draft-profile-${++counter}`;
  await saveSettings({
    version: 1,
    activeProfileId: profileId,
    profiles: [{ id: profileId, name: 'Home', serverUrl: 'https://sho.rt', defaults: emptyDefaults() }],
    behaviour: { ...defaultBehaviour(), autoCopy: false, notifications: true },
    utmPresets: defaultUtmPresets(),
  });
  await putCachedLists(profileId, {
    fetchedAt: Date.now(),
    campaigns: [{ id: 3, name: 'Spring' }],
    channels: [],
  });
}

function form(patch: Partial<ShortenForm> = {}): ShortenForm {
  return { url: TAB, alias: '', campaignId: '', channelId: '', expiry: '', ...patch };
}

function draft(patch: Partial<Draft> = {}, formPatch: Partial<ShortenForm> = {}): Draft {
  return {
    profileId,
    state: { form: form(formPatch), more: null, moreOpen: false },
    request: null,
    at: Date.now(),
    ...patch,
  };
}

const storedDrafts = async () =>
  ((await fakeBrowser.storage.session.get(draftsItem.key))[draftsItem.key] ?? {}) as Drafts;

function link(alias: string): CachedLink {
  return {
    id: 100,
    alias,
    shortUrl: `https://sho.rt/${alias}`,
    longUrl: TAB,
    title: '',
    description: '',
    clicks: 0,
    date: '2031-03-14 10:00:00',
  };
}

/** A background that answers shorten with `answer` (default: the link), recording what was sent. */
function background(answer?: (p: RequestOf<'shorten'>) => Result<{ link: CachedLink }> | Promise<never>) {
  return fakeBackground({
    refresh: () => ok({ links: null, lists: null }),
    shorten: (payload) => answer?.(payload) ?? ok({ link: link(payload.input.custom ?? 'x') }),
  });
}

const mountPopup = () => mount(<App />, '#long-url');

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([{ url: TAB, title: 'A post' }] as never);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn() }, configurable: true });
  await seed();
});

afterEach(() => {
  vi.useRealTimers();
});

/**
 * Holds the draft's debounce timers until the test runs them: how long the typing took (a loaded
 * machine) must not decide whether the draft was written yet.
 */
function holdDebounce() {
  const realSet = globalThis.setTimeout;
  const realClear = globalThis.clearTimeout;
  const held = new Map<number, () => void>();
  let next = 1_000_000;
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
    if (ms !== DRAFT_DEBOUNCE_MS) return realSet(fn, ms);
    held.set(++next, fn);
    return next;
  }) as typeof setTimeout);
  vi.spyOn(globalThis, 'clearTimeout').mockImplementation(((id?: number) => {
    if (!held.delete(id as number)) realClear(id);
  }) as typeof clearTimeout);
  return {
    /** Runs the debounced writes now, as if typing had paused for the debounce. */
    pause() {
      const due = [...held.values()];
      held.clear();
      for (const fn of due) fn();
    },
  };
}

describe('the draft', () => {
  it('is written once typing pauses, and restored by the next popup on the same page', async () => {
    const debounce = holdDebounce();
    background();
    await mountPopup();
    await typeInto(field('Alias'), 'spring-sale');
    expect((await storedDrafts())[TAB]).toBeUndefined();

    debounce.pause();
    await vi.waitFor(async () => expect((await storedDrafts())[TAB]?.state.form.alias).toBe('spring-sale'));
    vi.mocked(globalThis.setTimeout).mockRestore();
    vi.mocked(globalThis.clearTimeout).mockRestore();
    await mountPopup();
    expect(field('Alias').value).toBe('spring-sale');
    expect(field('Long URL').value).toBe(TAB);
  });

  it('restores every main field and an open More options, with what was typed there', async () => {
    await fakeBrowser.storage.session.set({
      [draftsItem.key]: {
        [TAB]: {
          ...draft(),
          state: {
            form: form({
              url: 'https://blog.example/edited',
              alias: 'kept',
              campaignId: '3',
              expiry: '2031-04-01T12:00',
            }),
            more: { ...emptyLinkForm(), description: 'a note' },
            moreOpen: true,
          },
        },
      },
    });
    background();
    await mountPopup();

    expect(field('Long URL').value).toBe('https://blog.example/edited');
    expect(field('Alias').value).toBe('kept');
    expect(field<HTMLSelectElement>('Campaign').value).toBe('3');
    expect(field('Expiry').value).toBe('2031-04-01T12:00');
    await vi.waitFor(() => expect(document.querySelector('#more-options:not([hidden])')).not.toBeNull());
    expect(field<HTMLTextAreaElement>('Description').value).toBe('a note');
  });

  it('is not restored on another page, nor for another profile', async () => {
    await fakeBrowser.storage.session.set({
      [draftsItem.key]: {
        'https://other.example/': draft({}, { url: 'https://other.example/', alias: 'elsewhere' }),
        [TAB]: draft({ profileId: 'another-profile' }, { alias: 'other-profile' }),
      },
    });
    background();
    await mountPopup();
    expect(field('Alias').value).toBe('');
    expect(field('Long URL').value).toBe(TAB);
  });

  it.each([
    [
      'a URL that is not text',
      () => ({ ...draft({}, { alias: 'damaged' }), state: { form: { ...form(), url: 42 } } }),
    ],
    ['no form state', () => ({ ...draft(), state: null })],
    ['nothing', () => null],
  ])("is dropped when damaged (%s): the popup opens with the tab's URL", async (_what, damaged) => {
    await fakeBrowser.storage.session.set({ [draftsItem.key]: { [TAB]: damaged() } });
    background();
    await mountPopup();
    expect(field('Long URL').value).toBe(TAB);
    expect(field('Alias').value).toBe('');
  });

  it('is cleared once the link is made, and kept (with the request id) when it fails', async () => {
    let fail = true;
    const bg = background((payload) =>
      fail
        ? { ok: false, error: { kind: 'server', message: 'The server failed (HTTP 500). Try again later.' } }
        : ok({ link: link(payload.input.custom ?? 'x') }),
    );
    await mountPopup();
    await typeInto(field('Alias'), 'try-twice');
    await click(button('Shorten'));
    expect(document.querySelector('[role="alert"]')?.textContent).toContain('HTTP 500');
    const kept = (await storedDrafts())[TAB];
    expect(kept?.state.form.alias).toBe('try-twice');
    expect(kept?.request?.id).toBe(bg.of('shorten')[0]?.requestId);

    fail = false;
    await click(button('Shorten'));
    expect(document.querySelector<HTMLInputElement>('input[aria-label="Short URL"]')?.value).toBe(
      'https://sho.rt/try-twice',
    );
    expect((await storedDrafts())[TAB]).toBeUndefined();
  });

  it('makes a popup reopened after sending join that request: same request id, no second link', async () => {
    const sent = form({ alias: 'queued' });
    const key = JSON.stringify(toShortenInput(sent, emptyDefaults()));
    await fakeBrowser.storage.session.set({
      [draftsItem.key]: { [TAB]: draft({ request: { key, id: 'first-request' } }, { alias: 'queued' }) },
    });
    const bg = background();
    await mountPopup();
    await click(button('Shorten'));
    expect(bg.of('shorten').map((p) => p.requestId)).toEqual(['first-request']);

    // A changed input is another link: a new id.
    await typeInto(field('Alias'), 'changed');
    await click(document.querySelector<HTMLButtonElement>(SUBMIT)!);
    expect(bg.of('shorten')[1]?.requestId).not.toBe('first-request');
  });
});

describe('waiting for the rate limit', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: NOW });
  });

  it('shows the wait counting down, and Shorten waiting without sending again', async () => {
    let answer: (result: Result<{ link: CachedLink }>) => void = () => undefined;
    const bg = background(() => new Promise((resolve) => (answer = resolve)) as never);
    await mountPopup();
    expect(document.querySelector('[role="timer"]')).toBeNull();

    await typeInto(field('Alias'), 'later');
    await click(button('Shorten'));
    await fakeBrowser.storage.session.set({
      [rateLimitWaitItem.key]: { until: Date.now() + 5_000, queued: 1 },
    });
    await settle();
    expect(document.querySelector('[role="timer"]')?.textContent).toBe(
      'Waiting for the server’s rate limit — 5 seconds',
    );
    const submit = document.querySelector<HTMLButtonElement>(SUBMIT)!;
    expect([submit.textContent, submit.disabled]).toEqual(['Waiting…', true]);

    await vi.advanceTimersByTimeAsync(2_000);
    await settle();
    expect(document.querySelector('[role="timer"]')?.textContent).toBe(
      'Waiting for the server’s rate limit — 3 seconds',
    );
    // Enter in a field submits the form: the request is queued already, nothing more is sent.
    field('Alias').form?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await settle();
    expect(bg.of('shorten')).toHaveLength(1);

    await fakeBrowser.storage.session.remove(rateLimitWaitItem.key);
    answer(ok({ link: link('later') }));
    await settle();
    expect(document.querySelector('[role="timer"]')).toBeNull();
    expect(document.querySelector<HTMLInputElement>('input[aria-label="Short URL"]')?.value).toBe(
      'https://sho.rt/later',
    );
  });

  it('shows a wait that began before the popup opened', async () => {
    await fakeBrowser.storage.session.set({
      [rateLimitWaitItem.key]: { until: Date.now() + 42_000, queued: 2 },
    });
    background();
    await mountPopup();
    await vi.waitFor(() =>
      expect(document.querySelector('[role="timer"]')?.textContent).toBe(
        'Waiting for the server’s rate limit — 42 seconds',
      ),
    );
    expect(document.querySelector<HTMLButtonElement>(SUBMIT)?.textContent).toBe('Shorten');
    await fakeBrowser.storage.session.remove(rateLimitWaitItem.key);
  });
});
