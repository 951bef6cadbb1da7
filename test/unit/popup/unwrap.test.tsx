/**
 * Redirect wrappers in the popup: the tab's address or a pasted link that only redirects (Outlook
 * Safe Links, Google's /url) is replaced by the address it carries, with a notice and Undo.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../fixtures/popup-later-parts';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/popup/app';
import type { CachedLink } from '@/lib/links/cache';
import type { RequestOf } from '@/lib/messaging/protocol';
import type { Behaviour } from '@/lib/settings/schema';
import { saveActiveProfile } from '../../fixtures/active-profile';
import { button, click, fakeBackground, field, mount, ok, paste } from '../dom';

const TARGET = 'https://news.example/story?id=9&utm_source=mail';
const SAFE_LINK = `https://nam12.safelinks.protection.outlook.com/?url=${encodeURIComponent(TARGET)}&data=05%7C02%7C&reserved=0`;
const GOOGLE = 'https://www.google.com/url?q=https%3A%2F%2Fdocs.example%2Fguide&sa=D&usg=AOvVaw0';

async function seed(behaviour: Partial<Behaviour> = {}) {
  await saveActiveProfile(behaviour);
}

function background() {
  return fakeBackground({
    refresh: () => ok({ links: null, lists: null }),
    shorten: (payload: RequestOf<'shorten'>) =>
      ok({
        link: {
          id: 100,
          alias: 'new',
          shortUrl: 'https://sho.rt/new',
          longUrl: payload.input.url,
          title: payload.pageTitle ?? '',
          description: '',
          clicks: 0,
          date: '2031-03-01 10:00:00',
        } satisfies CachedLink,
      }),
  });
}

const onTab = (url: string, title = 'A page') =>
  vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([{ id: 3, url, title }] as never);
const notice = () => document.querySelector('.notice')?.textContent ?? null;
const mountPopup = () => mount(<App />, 'main');

beforeEach(() => {
  Object.defineProperty(navigator, 'clipboard', {
    value: { writeText: vi.fn(async () => undefined) },
    configurable: true,
  });
});

describe('redirect wrappers in the popup', () => {
  it('starts with the address a Google redirect tab carries, says so, and Undo brings the tab back', async () => {
    await seed();
    onTab(GOOGLE);
    const bg = background();
    await mountPopup();

    expect(field('Long URL').value).toBe('https://docs.example/guide');
    expect(notice()).toContain('Unwrapped from Google');
    await click(button('Undo: use the tab’s address as it was'));
    expect(field('Long URL').value).toBe(GOOGLE);
    expect(notice()).toBeNull();
    await click(button('Shorten'));
    expect(bg.of('shorten')[0]?.input.url).toBe(GOOGLE);
  });

  it('unwraps, then removes tracking parameters, and undoes one step at a time', async () => {
    await seed({ stripTracking: true });
    onTab(SAFE_LINK);
    background();
    await mountPopup();

    expect(field('Long URL').value).toBe('https://news.example/story?id=9');
    expect(notice()).toContain('Tracking parameters removed');
    await click(button('Undo: use the tab’s address as it was'));
    expect(field('Long URL').value).toBe(TARGET);
    expect(notice()).toContain('Unwrapped from Outlook Safe Links');
    await click(button('Undo: use the tab’s address as it was'));
    expect(field('Long URL').value).toBe(SAFE_LINK);
  });

  it('unwraps a pasted Safe Link, and shortens its address, without the tab’s title', async () => {
    await seed();
    onTab('https://mail.example/inbox', 'Inbox');
    const bg = background();
    await mountPopup();

    await paste(field('Long URL'), SAFE_LINK);
    expect(field('Long URL').value).toBe(TARGET);
    expect(notice()).toContain('Unwrapped from Outlook Safe Links');
    await click(button('Shorten'));
    expect(bg.of('shorten')[0]).toMatchObject({ input: { url: TARGET } });
    expect(bg.of('shorten')[0]?.pageTitle).toBeUndefined();
  });

  it('keeps what was pasted after an Undo, for the pastes that follow too', async () => {
    await seed();
    onTab('https://mail.example/inbox');
    background();
    await mountPopup();

    await paste(field('Long URL'), SAFE_LINK);
    await click(button('Undo: shorten the link as you pasted it'));
    expect(field('Long URL').value).toBe(SAFE_LINK);
    expect(notice()).toBeNull();
    await paste(field('Long URL'), GOOGLE);
    expect(field('Long URL').value).toBe(GOOGLE);
  });

  it('leaves wrappers alone when the setting is off', async () => {
    await seed({ unwrapRedirects: false });
    onTab(GOOGLE);
    background();
    await mountPopup();
    expect(field('Long URL').value).toBe(GOOGLE);
    await paste(field('Long URL'), SAFE_LINK);
    expect(field('Long URL').value).toBe(SAFE_LINK);
    expect(notice()).toBeNull();
  });
});
