/**
 * The popup's copy formats, its URL hygiene at start (tracking parameters, the page's canonical URL)
 * and "Shorten all tabs", driven through the real App against a fake background.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../fixtures/popup-later-parts';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { copyPayload } from '@/components/clipboard';
import { App } from '@/entrypoints/popup/app';
import type { AllTabsProgress, AllTabsResult } from '@/lib/jobs/all-tabs';
import { type CachedLink, putCachedLinks } from '@/lib/links/cache';
import type { RequestOf, ResponseOf, Result } from '@/lib/messaging/protocol';
import type { Behaviour } from '@/lib/settings/schema';
import { allTabsAskedItem, listJobItem } from '@/lib/storage/items';
import { saveActiveProfile } from '../../fixtures/active-profile';
import { allTabsRun } from '../../fixtures/all-tabs-run';
import {
  button,
  buttons,
  choose,
  click,
  fakeBackground,
  field,
  mount,
  ok,
  roleText,
  settle,
  typeInto,
} from '../dom';

const TAB = { id: 7, url: 'https://blog.example/post?id=4&utm_source=news&fbclid=abc', title: 'A post' };
const CLEAN = 'https://blog.example/post?id=4';
const CANONICAL = 'https://blog.example/posts/4';

let writeText: ReturnType<typeof vi.fn>;
let write: ReturnType<typeof vi.fn>;

function link(id: number, longUrl: string, extra: Partial<CachedLink> = {}): CachedLink {
  return {
    id,
    alias: `a${id}`,
    shortUrl: `https://sho.rt/a${id}`,
    longUrl,
    title: '',
    description: '',
    clicks: 0,
    date: '2031-03-01 10:00:00',
    ...extra,
  };
}

/** Saves the active profile with `links` cached; answers its id. */
async function seed(behaviour: Partial<Behaviour> = {}, links: CachedLink[] = []): Promise<string> {
  const id = await saveActiveProfile(behaviour);
  await putCachedLinks(id, links, Date.now());
  return id;
}

function activeTab(tab: { id?: number; url: string; title?: string } = TAB) {
  return vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([tab] as never);
}

/** A background whose shorten makes https://sho.rt/new, titled with the page title it was sent. */
function background(extra: Parameters<typeof fakeBackground>[0] = {}) {
  return fakeBackground({
    refresh: () => ok({ links: null, lists: null }),
    shorten: (payload: RequestOf<'shorten'>): Result<ResponseOf<'shorten'>> =>
      ok({
        link: link(100, payload.input.url, {
          shortUrl: 'https://sho.rt/new',
          title: payload.pageTitle ?? '',
        }),
      }),
    ...extra,
  });
}

/** `browser.scripting` answering `executeScript` with `answer` (a canonical href, or a thrown error). */
function fakeScripting(answer: () => Promise<string | null>) {
  const executeScript = vi.fn(async () => [{ frameId: 0, result: await answer() }]);
  Object.assign(fakeBrowser, { scripting: { executeScript } });
  return executeScript;
}

const mountPopup = () => mount(<App />, 'main');
const resultText = () => document.querySelector('.result')?.textContent ?? '';
const notice = () => document.querySelector('.notice')?.textContent ?? null;

beforeEach(() => {
  writeText = vi.fn(async () => undefined);
  write = vi.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText, write }, configurable: true });
  // happy-dom has no ClipboardItem; this one keeps what it was given for the assertions.
  vi.stubGlobal(
    'ClipboardItem',
    class {
      constructor(readonly items: Record<string, Blob>) {}
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('copy formats', () => {
  it('copies in the format of the settings, titled with the page title, and says which', async () => {
    await seed({ copyFormat: 'markdown' });
    activeTab({ id: 7, url: 'https://blog.example/post', title: 'A [great] post' });
    background();
    await mountPopup();

    await click(button('Shorten'));

    expect(writeText).toHaveBeenCalledWith('[A \\[great\\] post](https://sho.rt/new)');
    expect(resultText()).toContain('✓ Copied as Markdown link');
    expect(roleText('status')).toBe('Copied https://sho.rt/new as Markdown link');
  });

  it('copies HTML as markup and as rich text at once', async () => {
    await seed({ copyFormat: 'html' });
    activeTab({ id: 7, url: 'https://blog.example/post', title: 'Fish & chips' });
    background();
    await mountPopup();

    await click(button('Shorten'));

    expect(writeText).not.toHaveBeenCalled();
    expect(write).toHaveBeenCalledOnce();
    const [[item]] = write.mock.calls[0] as [[{ items: Record<string, Blob> }]];
    const markup = '<a href="https://sho.rt/new">Fish &amp; chips</a>';
    expect(Object.keys(item.items).sort()).toEqual(['text/html', 'text/plain']);
    expect(await item.items['text/plain']?.text()).toBe(markup);
    expect(await item.items['text/html']?.text()).toBe(markup);
    expect(resultText()).toContain('✓ Copied as HTML link');
  });

  it('falls back to the markup as plain text when the browser refuses rich text', async () => {
    await seed({ copyFormat: 'html' });
    activeTab({ id: 7, url: 'https://blog.example/post', title: 'A post' });
    background();
    write.mockRejectedValue(new DOMException('Not allowed', 'NotAllowedError'));
    await mountPopup();

    await click(button('Shorten'));

    expect(writeText).toHaveBeenCalledWith('<a href="https://sho.rt/new">A post</a>');
    expect(resultText()).toContain('✓ Copied as HTML link');
  });

  it('says so, and how to copy by hand, when the clipboard refuses everything', async () => {
    await seed({ copyFormat: 'markdown' });
    activeTab();
    background();
    writeText.mockRejectedValue(new DOMException('Not allowed', 'NotAllowedError'));
    await mountPopup();

    await click(button('Shorten'));

    expect(field('Short URL').value).toBe('https://sho.rt/new');
    expect(resultText()).not.toContain('Copied');
    expect(roleText('status')).toBe('Couldn’t copy to the clipboard: select the short URL and press Ctrl+C.');
  });

  it('copies once in another format from "Copy as…", leaving the setting as it was', async () => {
    await seed({ copyFormat: 'plain' });
    activeTab({ id: 7, url: 'https://blog.example/post', title: 'A post' });
    background();
    await mountPopup();
    await click(button('Shorten'));
    expect(writeText).toHaveBeenLastCalledWith('https://sho.rt/new');
    expect(resultText()).toContain('✓ Copied');

    const copyAs = field<HTMLSelectElement>('Copy as…');
    expect([...copyAs.options].map((o) => o.text)).toEqual([
      'Copy as…',
      'Plain URL',
      'Markdown link',
      'HTML link',
      'Title and URL',
    ]);
    await choose(copyAs, 'titled');
    expect(writeText).toHaveBeenLastCalledWith('A post — https://sho.rt/new');
    expect(resultText()).toContain('✓ Copied as Title and URL');
    // An action, not a setting: the select is back on its label, and Copy uses the setting again.
    expect(copyAs.value).toBe('');
    await click(button('Copy'));
    expect(writeText).toHaveBeenLastCalledWith('https://sho.rt/new');
  });

  it('copies a recent link in the format of the settings, with its own title', async () => {
    await seed({ copyFormat: 'titled' }, [link(1, 'https://one.example/', { title: 'One' })]);
    activeTab();
    background();
    await mountPopup();

    await click(button('Copy https://sho.rt/a1'));

    expect(writeText).toHaveBeenCalledWith('One — https://sho.rt/a1');
  });
});

describe('URL hygiene at start', () => {
  it('starts with tracking parameters removed, says so, and Undo brings the tab URL back', async () => {
    await seed({ stripTracking: true });
    activeTab();
    const bg = background();
    await mountPopup();

    expect(field('Long URL').value).toBe(CLEAN);
    expect(notice()).toContain('Tracking parameters removed');
    await click(button('Undo: use the tab’s address as it was'));
    expect(field('Long URL').value).toBe(TAB.url);
    expect(notice()).toBeNull();
    expect(document.activeElement).toBe(field('Long URL'));

    await click(button('Shorten'));
    expect(bg.of('shorten')[0]?.input.url).toBe(TAB.url);
  });

  it('changes nothing, and shows no notice, when the setting is off or nothing tracks', async () => {
    await seed({ stripTracking: false });
    activeTab();
    background();
    await mountPopup();
    expect(field('Long URL').value).toBe(TAB.url);
    expect(notice()).toBeNull();

    await seed({ stripTracking: true });
    activeTab({ id: 7, url: CLEAN });
    await mountPopup();
    expect(field('Long URL').value).toBe(CLEAN);
    expect(notice()).toBeNull();
  });

  it('sends the page title with the cleaned URL: it is still the page', async () => {
    await seed({ stripTracking: true });
    activeTab();
    const bg = background();
    await mountPopup();

    await click(button('Shorten'));

    expect(bg.of('shorten')[0]).toMatchObject({ input: { url: CLEAN }, pageTitle: 'A post' });
  });

  it('fills in the canonical URL after drawing the form, cleaned, with its notice and Undo', async () => {
    await seed({ preferCanonical: true, stripTracking: true });
    activeTab();
    let answer: (href: string | null) => void = () => undefined;
    const executeScript = fakeScripting(() => new Promise((resolve) => (answer = resolve)));
    background();
    await mountPopup();

    // The form is drawn without waiting for the page.
    expect(field('Long URL').value).toBe(CLEAN);
    await vi.waitFor(() =>
      expect(executeScript).toHaveBeenCalledWith(expect.objectContaining({ target: { tabId: 7 } })),
    );
    answer(`${CANONICAL}?utm_medium=social`);
    await vi.waitFor(() => expect(field('Long URL').value).toBe(CANONICAL));
    expect(notice()).toContain('Using the page’s canonical URL');

    // Undo steps back one change at a time: first to the tab's address still cleaned of tracking
    // parameters (the setting is on), then, from the tracking notice, to the address as it was.
    await click(button('Undo: use the tab’s address as it was'));
    expect(field('Long URL').value).toBe(CLEAN);
    expect(notice()).toContain('Tracking parameters removed');
    await click(button('Undo: use the tab’s address as it was'));
    expect(field('Long URL').value).toBe(TAB.url);
    expect(notice()).toBeNull();
  });

  it('undoes the canonical URL to the tab’s own address when tracking parameters are kept', async () => {
    await seed({ preferCanonical: true });
    activeTab();
    fakeScripting(async () => CANONICAL);
    background();
    await mountPopup();

    await vi.waitFor(() => expect(field('Long URL').value).toBe(CANONICAL));
    await click(button('Undo: use the tab’s address as it was'));
    expect(field('Long URL').value).toBe(TAB.url);
    expect(notice()).toBeNull();
  });

  it('leaves the field alone when the user typed before the canonical URL arrived', async () => {
    await seed({ preferCanonical: true });
    activeTab();
    let answer: (href: string | null) => void = () => undefined;
    const executeScript = fakeScripting(() => new Promise((resolve) => (answer = resolve)));
    background();
    await mountPopup();
    await vi.waitFor(() => expect(executeScript).toHaveBeenCalled());

    await typeInto(field('Long URL'), 'https://typed.example/');
    answer(CANONICAL);
    await settle(10);

    expect(field('Long URL').value).toBe('https://typed.example/');
    expect(notice()).toBeNull();
  });

  it('keeps the tab URL, and says nothing, when the page declares a canonical URL on another site', async () => {
    await seed({ preferCanonical: true });
    activeTab();
    const executeScript = fakeScripting(async () => 'https://attacker.example/landing');
    background();
    await mountPopup();
    await vi.waitFor(() => expect(executeScript).toHaveBeenCalled());
    await settle(10);

    expect(field('Long URL').value).toBe(TAB.url);
    expect(notice()).toBeNull();
  });

  it('keeps the tab URL when the page declares no canonical URL or cannot be read', async () => {
    await seed({ preferCanonical: true });
    activeTab();
    const executeScript = fakeScripting(async () => {
      throw new Error('Cannot access contents of the page');
    });
    background();
    await mountPopup();
    await vi.waitFor(() => expect(executeScript).toHaveBeenCalled());
    await settle(10);

    expect(field('Long URL').value).toBe(TAB.url);
    expect(notice()).toBeNull();
  });
});

describe('shorten all tabs', () => {
  const RESULT: AllTabsResult = {
    windowId: 5,
    links: [
      { longUrl: 'https://a.example/', shortUrl: 'https://sho.rt/a', title: 'A', reused: false },
      { longUrl: 'https://b.example/', shortUrl: 'https://sho.rt/b', title: 'B', reused: true },
    ],
    failures: [
      {
        longUrl: 'https://c.example/',
        title: 'Broken page',
        error: { kind: 'validation', message: 'The server refused this address.' },
      },
    ],
    skipped: 1,
    text: 'https://sho.rt/a\nhttps://sho.rt/b',
    copied: true,
  };

  /** The `tabs` permission: what the dialog answers, and whether it is granted already. */
  function permissions(granted: boolean, already = false) {
    const request = vi.fn(async () => granted);
    const contains = vi.fn(async () => already);
    Object.assign(fakeBrowser, { permissions: { ...fakeBrowser.permissions, request, contains } });
    return request;
  }

  beforeEach(() => {
    vi.spyOn(fakeBrowser.windows, 'getCurrent').mockResolvedValue({ id: 5 } as never);
  });

  it('asks for the tabs permission in the click itself, and says what to do when it is refused', async () => {
    await seed();
    activeTab();
    const bg = background();
    const request = permissions(false);
    await mountPopup();

    button('Shorten all tabs').click();
    // Synchronously, in the click: a request after an await would have lost the user's gesture.
    expect(request).toHaveBeenCalledWith({ permissions: ['tabs'] });
    await vi.waitFor(() =>
      expect(roleText('alert')).toContain('Click “Shorten all tabs” again and choose Allow'),
    );
    expect(bg.of('shortenAllTabs')).toEqual([]);
  });

  it('shows the progress the background publishes, then what was copied and what failed', async () => {
    await seed();
    activeTab();
    let answer: (result: Result<AllTabsResult>) => void = () => undefined;
    const bg = background({ shortenAllTabs: () => new Promise((resolve) => (answer = resolve)) });
    permissions(true);
    await mountPopup();

    await click(button('Shorten all tabs'));
    await vi.waitFor(() => expect(bg.of('shortenAllTabs')).toEqual([{ windowId: 5 }]));
    // Unavailable while it runs, yet focusable: a disabled button would drop the keyboard's focus.
    expect(button('Shorten all tabs').getAttribute('aria-disabled')).toBe('true');
    await click(button('Shorten all tabs'));
    expect(bg.of('shortenAllTabs')).toHaveLength(1);

    const progress: AllTabsProgress = {
      windowId: 5,
      startedAt: Date.now(),
      total: 3,
      done: 1,
      failed: 0,
      finished: false,
    };
    // Another window's run is not this one's progress.
    await fakeBrowser.storage.session.set({
      [listJobItem.key]: allTabsRun({ ...progress, windowId: 6, done: 2 }),
    });
    await settle();
    await fakeBrowser.storage.session.set({ [listJobItem.key]: allTabsRun(progress) });
    await vi.waitFor(() => expect(document.body.textContent).toContain('Shortening tabs: 1 of 3…'));
    const bar = document.querySelector('progress');
    expect([bar?.value, bar?.max]).toEqual([1, 3]);

    answer(ok(RESULT));
    await vi.waitFor(() => expect(document.body.textContent).toContain('2 links copied to the clipboard.'));
    const text = document.body.textContent;
    expect(text).toContain('1 tab couldn’t be shortened:');
    expect(document.querySelector('.failures')?.textContent).toBe(
      'Broken page: The server refused this address.',
    );
    expect(text).toContain('1 tab without a web address was left out.');
    expect(button('Shorten all tabs').hasAttribute('aria-disabled')).toBe(false);
  });

  it('is one attempt among others: it clears the last Shorten’s alert, and a new Shorten clears its report', async () => {
    await seed();
    activeTab();
    background({
      shorten: () => ({ ok: false, error: { kind: 'validation', message: 'That alias is already taken.' } }),
      shortenAllTabs: () => ok(RESULT),
    });
    permissions(true);
    await mountPopup();
    await click(button('Shorten'));
    expect(roleText('alert')).toBe('That alias is already taken.');

    await click(button('Shorten all tabs'));
    await vi.waitFor(() => expect(document.body.textContent).toContain('2 links copied to the clipboard.'));
    expect(document.body.textContent).not.toContain('That alias is already taken.');

    await click(button('Shorten'));
    expect(roleText('alert')).toBe('That alias is already taken.');
    expect(document.body.textContent).not.toContain('2 links copied to the clipboard.');
  });

  it('lists the run’s links under Recent and offers this tab’s link, once the run is done', async () => {
    const profileId = await seed();
    activeTab({ id: 7, url: 'https://a.example/', title: 'A' });
    const made = [link(201, 'https://a.example/', { shortUrl: 'https://sho.rt/a', title: 'A' })];
    background({
      // As the background does: each link made goes into the profile's cache.
      shortenAllTabs: async () => {
        await putCachedLinks(profileId, made, Date.now());
        return ok({ ...RESULT, links: RESULT.links.slice(0, 1) });
      },
    });
    permissions(true);
    await mountPopup();
    expect(document.querySelector('.links')?.textContent ?? '').not.toContain('https://sho.rt/a');
    expect(document.body.textContent).not.toContain('You shortened this before');

    await click(button('Shorten all tabs'));
    await vi.waitFor(() => expect(document.body.textContent).toContain('1 link copied to the clipboard.'));
    await vi.waitFor(() =>
      expect(document.querySelector('.links')?.textContent).toContain('https://sho.rt/a'),
    );
    expect(document.body.textContent).toContain('You shortened this before: https://sho.rt/a');
    expect(buttons('Copy existing')).toHaveLength(1);
  });

  it('notes the request, for the next popup when Chromium’s dialog closes this one', async () => {
    await seed();
    activeTab();
    background();
    // Never answered: the popup is gone before the user answers.
    Object.assign(fakeBrowser, {
      permissions: { ...fakeBrowser.permissions, request: () => new Promise(() => undefined) },
    });
    await mountPopup();

    button('Shorten all tabs').click();
    await settle();

    const stored = await fakeBrowser.storage.session.get(allTabsAskedItem.key);
    expect(stored[allTabsAskedItem.key]).toBeTypeOf('number');
  });

  it('goes on with the request of the popup the dialog closed, once the user allowed it', async () => {
    await seed();
    activeTab();
    await fakeBrowser.storage.session.set({ [allTabsAskedItem.key]: Date.now() - 5_000 });
    const bg = background({ shortenAllTabs: () => ok(RESULT) });
    permissions(true, true);
    await mountPopup();

    await vi.waitFor(() => expect(document.body.textContent).toContain('2 links copied to the clipboard.'));
    expect(bg.of('shortenAllTabs')).toEqual([{ windowId: 5 }]);
    expect(await fakeBrowser.storage.session.get(allTabsAskedItem.key)).toEqual({});
  });

  it('shows the run the background started on the grant instead of starting another', async () => {
    await seed();
    activeTab();
    const asked = Date.now() - 5_000;
    const progress = { windowId: 5, startedAt: asked + 1_000, total: 3, done: 2, failed: 1 };
    await fakeBrowser.storage.session.set({
      [allTabsAskedItem.key]: asked,
      [listJobItem.key]: allTabsRun({ ...progress, finished: true, result: RESULT }),
    });
    const bg = background({ shortenAllTabs: () => ok(RESULT) });
    permissions(true, true);
    await mountPopup();

    await vi.waitFor(() => expect(document.body.textContent).toContain('2 links copied to the clipboard.'));
    expect(bg.of('shortenAllTabs')).toEqual([]);
    expect(await fakeBrowser.storage.session.get(allTabsAskedItem.key)).toEqual({});
  });

  it('forgets a request the user refused, or one too old, without a word', async () => {
    await seed();
    activeTab();
    await fakeBrowser.storage.session.set({ [allTabsAskedItem.key]: Date.now() - 5_000 });
    const bg = background({ shortenAllTabs: () => ok(RESULT) });
    permissions(false, false);
    await mountPopup();
    await vi.waitFor(async () =>
      expect(await fakeBrowser.storage.session.get(allTabsAskedItem.key)).toEqual({}),
    );

    await fakeBrowser.storage.session.set({ [allTabsAskedItem.key]: Date.now() - 3 * 60_000 });
    permissions(true, true);
    await mountPopup();
    await settle(20);

    expect(bg.of('shortenAllTabs')).toEqual([]);
    expect(document.querySelector('.card[role="status"], [role="alert"]')).toBeNull();
  });

  it('shows the run of its window that is still going when it opens', async () => {
    await seed();
    activeTab();
    await fakeBrowser.storage.session.set({
      [listJobItem.key]: allTabsRun({
        windowId: 5,
        startedAt: Date.now(),
        total: 4,
        done: 2,
        failed: 1,
        finished: false,
      }),
    });
    const bg = background({ shortenAllTabs: () => new Promise(() => undefined) });
    permissions(true, true);
    await mountPopup();

    await vi.waitFor(() => expect(document.body.textContent).toContain('Shortening tabs: 3 of 4…'));
    expect(bg.of('shortenAllTabs')).toEqual([{ windowId: 5 }]);
  });

  it('shows, once, the report of a run that ended with a failure while no popup was open', async () => {
    await seed();
    activeTab();
    const progress = { windowId: 5, startedAt: Date.now() - 60_000, total: 3, done: 2, failed: 1 };
    await fakeBrowser.storage.session.set({
      [listJobItem.key]: allTabsRun({ ...progress, finished: true, result: RESULT }),
    });
    const bg = background({ shortenAllTabs: () => ok(RESULT) });
    permissions(true, true);
    await mountPopup();

    await vi.waitFor(() => expect(document.body.textContent).toContain('Broken page'));
    expect(bg.of('shortenAllTabs')).toEqual([]);

    // The popup it was shown in may close at once; the next one doesn't offer it again.
    await mountPopup();
    await settle(20);
    expect(document.body.textContent).not.toContain('Broken page');
  });

  it('opens at the top with the report of a run that ended unseen, and scrolls to one the user started', async () => {
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    await seed();
    activeTab();
    const progress = { windowId: 5, startedAt: Date.now() - 60_000, total: 3, done: 2, failed: 1 };
    await fakeBrowser.storage.session.set({
      [listJobItem.key]: allTabsRun({ ...progress, finished: true, result: RESULT }),
    });
    background({ shortenAllTabs: () => ok(RESULT) });
    permissions(true, true);
    await mountPopup();
    await vi.waitFor(() => expect(document.body.textContent).toContain('Broken page'));
    await settle(20);
    // Scrolling to the report would hide the header: the profile switcher and Options.
    expect(scrolled).not.toHaveBeenCalled();

    await click(button('Shorten all tabs'));
    await vi.waitFor(() => expect(scrolled).toHaveBeenCalled());
    scrolled.mockRestore();
  });

  it('shows, likewise, the report of a run whose list could not be copied', async () => {
    await seed();
    activeTab();
    const result = { ...RESULT, failures: [], copied: false };
    await fakeBrowser.storage.session.set({
      [listJobItem.key]: allTabsRun({
        windowId: 5,
        startedAt: Date.now() - 60_000,
        total: 2,
        done: 2,
        failed: 0,
        finished: true,
        result,
      }),
    });
    background({ shortenAllTabs: () => ok(result) });
    permissions(true, true);
    await mountPopup();
    await vi.waitFor(() =>
      expect(field<HTMLTextAreaElement>('Short links of the tabs').value).toBe(RESULT.text),
    );
  });

  it.each([
    [
      'has nothing the user must see',
      { startedAt: Date.now() - 60_000, result: { ...RESULT, failures: [] } },
    ],
    ['ended more than 15 minutes ago', { startedAt: Date.now() - 16 * 60_000, result: RESULT }],
    ['was of another window', { startedAt: Date.now() - 60_000, result: RESULT, windowId: 6 }],
  ])('offers no report of a run that %s', async (_, run) => {
    await seed();
    activeTab();
    await fakeBrowser.storage.session.set({
      [listJobItem.key]: allTabsRun({ windowId: 5, total: 3, done: 3, failed: 0, finished: true, ...run }),
    });
    background({ shortenAllTabs: () => ok(RESULT) });
    permissions(true, true);
    await mountPopup();
    await settle(20);
    expect(document.querySelector('.card[role="status"]')).toBeNull();
  });

  it('shows the list to copy by hand when the clipboard refused it', async () => {
    await seed();
    activeTab();
    background({ shortenAllTabs: () => ok({ ...RESULT, failures: [], skipped: 0, copied: false }) });
    permissions(true);
    await mountPopup();

    await click(button('Shorten all tabs'));

    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('2 links made, but they couldn’t be copied'),
    );
    expect(field<HTMLTextAreaElement>('Short links of the tabs').value).toBe(RESULT.text);
  });

  it('reports a failure of the whole run with its message', async () => {
    await seed();
    activeTab();
    background({
      shortenAllTabs: () => ({
        ok: false,
        error: { kind: 'busy', message: 'The tabs of another window are being shortened.' },
      }),
    });
    permissions(true);
    await mountPopup();

    await click(button('Shorten all tabs'));

    await vi.waitFor(() =>
      expect(roleText('alert')).toBe(
        'Couldn’t shorten the tabs: The tabs of another window are being shortened.',
      ),
    );
  });
});

describe('copyPayload', () => {
  it('writes plain text alone when there is no ClipboardItem', async () => {
    const clipboard = { writeText: vi.fn(async () => undefined), write: vi.fn(async () => undefined) };
    vi.stubGlobal('ClipboardItem', undefined);
    expect(await copyPayload({ text: '<a>x</a>', html: '<a>x</a>' }, clipboard)).toBe(true);
    expect(clipboard.write).not.toHaveBeenCalled();
    expect(clipboard.writeText).toHaveBeenCalledWith('<a>x</a>');
  });
});
