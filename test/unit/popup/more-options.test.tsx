/**
 * The popup's "More options": the panel and its lists load only when opened, every extra field
 * reaches the `shorten` request, and invalid fields stop the request with a message next to them.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../fixtures/popup-later-parts';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/popup/app';
import type { LinkInput } from '@/lib/api/schemas';
import type { CachedLink } from '@/lib/links/cache';
import { putCachedLinks, putCachedLists } from '@/lib/links/cache';
import type { RequestOf } from '@/lib/messaging/protocol';
import {
  defaultBehaviour,
  defaultUtmPresets,
  emptyDefaults,
  type LinkDefaults,
  type Settings,
} from '@/lib/settings/schema';
import { saveSettings } from '@/lib/storage/settings';
import { button, choose, click, fakeBackground, field, hasField, mount, ok, settle, typeInto } from '../dom';

const NOW = new Date(2031, 2, 14, 10, 0, 0);
const TAB_URL = 'https://blog.example/post';
const DOMAIN = 'https://go.example.com';

let counter = 0;

async function seed(defaults: Partial<LinkDefaults> = {}) {
  const id = `more-profile-${++counter}`;
  await saveSettings({
    version: 1,
    activeProfileId: id,
    profiles: [
      { id, name: 'Home', serverUrl: 'https://sho.rt', defaults: { ...emptyDefaults(), ...defaults } },
    ],
    behaviour: { ...defaultBehaviour(), autoCopy: false, notifications: true },
    utmPresets: defaultUtmPresets(),
  });
  await putCachedLinks(id, [], Date.now());
  await putCachedLists(id, { fetchedAt: Date.now(), campaigns: [{ id: 3, name: 'Spring' }], channels: [] });
}

const page = <T,>(items: T[]) => ({
  items,
  total: items.length,
  perPage: 100,
  currentPage: 1,
  nextPage: null,
  maxPage: 1,
});

const LISTS: Record<string, unknown> = {
  listDomains: page([{ id: 1, domain: DOMAIN, redirectroot: '', redirect404: '' }]),
  listSplash: page([{ id: 4, name: 'Product teaser', date: '2026-02-03 14:20:00' }]),
  listOverlays: page([{ id: 7, type: 'message', name: 'Newsletter signup', date: '2026-02-10 08:45:00' }]),
};

function created(input: LinkInput): CachedLink {
  return {
    id: 100,
    alias: 'new',
    shortUrl: 'https://sho.rt/new',
    longUrl: input.url,
    title: '',
    description: '',
    clicks: 0,
    date: '2031-03-14 10:00:00',
  };
}

/** A background that answers the choice lists and creates link 100. */
function background() {
  return fakeBackground({
    refresh: () => ok({ links: null, lists: null }),
    api: ({ method }) => ok(LISTS[method]),
    shorten: ({ input }) => ok({ link: created(input) }),
  });
}

const moreButton = () => document.querySelector<HTMLButtonElement>('button.more-toggle')!;
const byId = <T extends HTMLElement = HTMLInputElement>(id: string) => document.getElementById(id) as T;
const optionTexts = (select: HTMLSelectElement) => [...select.options].map((option) => option.text);

async function openMoreOptions() {
  await click(moreButton());
  await vi.waitFor(() => {
    if (!hasField('Password')) throw new Error('More options did not open');
  });
  // The panel's module may arrive after the click settled (a slow first import under load); its
  // effects, which fetch the choice lists, then run on Preact's next frame. Every test's background
  // answers the lists, so wait until their options are there.
  await vi.waitFor(() => {
    const redirect = field<HTMLSelectElement>('Redirect type');
    if (![...redirect.options].some((option) => option.value === 'overlay:7')) {
      throw new Error('The choice lists did not load');
    }
  });
  await settle();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([{ url: TAB_URL, title: 'A post' }] as never);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('More options', () => {
  it('loads nothing until opened, then shows its fields and fetches its choice lists once', async () => {
    await seed({ domain: DOMAIN, status: 'public' });
    const bg = background();
    await mount(<App />, 'main');

    expect(moreButton().getAttribute('aria-expanded')).toBe('false');
    expect(moreButton().hasAttribute('aria-controls')).toBe(false);
    expect(hasField('Password')).toBe(false);
    expect(bg.of('api')).toEqual([]);

    await openMoreOptions();

    expect(moreButton().getAttribute('aria-expanded')).toBe('true');
    expect(moreButton().getAttribute('aria-controls')).toBe('more-options');
    expect(byId('more-options').hidden).toBe(false);
    await vi.waitFor(() =>
      expect(
        bg
          .of('api')
          .map((p) => p.method)
          .sort(),
      ).toEqual(['listDomains', 'listOverlays', 'listSplash']),
    );
    const domain = field<HTMLSelectElement>('Domain');
    await vi.waitFor(() => expect(optionTexts(domain)).toEqual(['Server’s own domain', DOMAIN]));
    expect(domain.value).toBe(DOMAIN);
    expect(field<HTMLSelectElement>('Visibility').value).toBe('public');
    expect(optionTexts(field<HTMLSelectElement>('Redirect type'))).toEqual([
      'Server default',
      'Direct',
      'Frame',
      'Splash page',
      'Product teaser',
      'Newsletter signup (message)',
    ]);

    // Closing and opening again neither refetches nor forgets.
    await typeInto(field('Password'), 'open sesame');
    await click(moreButton());
    expect(byId('more-options').hidden).toBe(true);
    await click(moreButton());
    expect(field('Password').value).toBe('open sesame');
    expect(bg.of('api')).toHaveLength(3);
  });

  it('sends every filled extra field, with the main fields, in the shorten request', async () => {
    await seed();
    const bg = background();
    await mount(<App />, 'main');
    await typeInto(field('Alias'), 'launch');
    await choose(field<HTMLSelectElement>('Campaign'), '3');
    await openMoreOptions();

    await choose(field<HTMLSelectElement>('Redirect type'), 'overlay:7');
    await choose(field<HTMLSelectElement>('Domain'), DOMAIN);
    await typeInto(field('Password'), 'open sesame');
    await choose(field<HTMLSelectElement>('Visibility'), 'public');
    await typeInto(field<HTMLInputElement>('Description'), 'For the newsletter');
    await click(button('Add geo target'));
    await typeInto(byId('geotarget-0-location'), 'Germany');
    await typeInto(byId('geotarget-0-link'), 'https://blog.example/de');
    await click(button('Add device target'));
    await typeInto(byId('devicetarget-0-device'), 'iPhone');
    await typeInto(byId('devicetarget-0-link'), 'https://blog.example/ios');
    await click(button('Add language target'));
    await typeInto(byId('languagetarget-0-language'), 'fr');
    await typeInto(byId('languagetarget-0-link'), 'https://blog.example/fr');
    await typeInto(field('Meta title'), 'A post');
    await typeInto(field<HTMLInputElement>('Meta description'), 'Read it');
    await typeInto(field('Meta image URL'), 'https://blog.example/cover.png');
    await typeInto(field('Pixel ids'), '3, 7');
    await click(button('UTM preset'));
    await typeInto(byId('parameters-0-value'), 'newsletter');
    await typeInto(byId('parameters-1-value'), 'email');
    await typeInto(byId('parameters-2-value'), 'spring');
    await click(document.querySelector<HTMLInputElement>('input[name="deeplink"][value="stores"]')!);
    await typeInto(field('App Store (iOS) link'), 'https://apps.apple.com/app/id1');
    await typeInto(field('Google Play (Android) link'), 'https://play.google.com/store/apps/details?id=x');
    await click(button('Shorten'));

    const [request] = bg.of('shorten') as RequestOf<'shorten'>[];
    expect(request?.input).toEqual({
      url: TAB_URL,
      custom: 'launch',
      campaign: 3,
      type: '7',
      domain: DOMAIN,
      password: 'open sesame',
      status: 'public',
      description: 'For the newsletter',
      geotarget: [{ location: 'Germany', link: 'https://blog.example/de' }],
      devicetarget: [{ device: 'iPhone', link: 'https://blog.example/ios' }],
      languagetarget: [{ language: 'fr', link: 'https://blog.example/fr' }],
      metatitle: 'A post',
      metadescription: 'Read it',
      metaimage: 'https://blog.example/cover.png',
      pixels: [3, 7],
      parameters: [
        { name: 'utm_source', value: 'newsletter' },
        { name: 'utm_medium', value: 'email' },
        { name: 'utm_campaign', value: 'spring' },
      ],
      deeplink: {
        apple: 'https://apps.apple.com/app/id1',
        google: 'https://play.google.com/store/apps/details?id=x',
      },
    });
  });

  it('sends exactly the main request when opened but left as it started', async () => {
    await seed({ domain: DOMAIN, status: 'private' });
    const bg = background();
    await mount(<App />, 'main');
    await openMoreOptions();
    await click(button('Shorten'));
    expect(bg.of('shorten')[0]?.input).toEqual({ url: TAB_URL, domain: DOMAIN, status: 'private' });
  });

  it('blocks sending on invalid fields, with messages next to them, focus on the first, and keeps the input', async () => {
    await seed();
    const bg = background();
    await mount(<App />, 'main');
    await openMoreOptions();
    await click(button('Add geo target'));
    await typeInto(byId('geotarget-0-location'), 'Germany');
    await typeInto(byId('geotarget-0-link'), 'blog.example/de');
    await typeInto(field('Meta image URL'), 'https://blog.example/cover.gif');
    await typeInto(field('Pixel ids'), 'three');
    await click(button('Shorten'));

    expect(bg.of('shorten')).toEqual([]);
    const geoLink = byId('geotarget-0-link');
    expect(document.activeElement).toBe(geoLink);
    const messageOf = (input: HTMLElement) =>
      document.getElementById(input.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent;
    expect(geoLink.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(geoLink)).toMatch(/http:\/\/ or https:\/\//);
    expect(messageOf(field('Meta image URL'))).toMatch(/\.jpg, \.jpeg or \.png/);
    expect(messageOf(field('Pixel ids'))).toMatch(/whole numbers/);
    expect(geoLink.value).toBe('blog.example/de');
    expect(field('Meta image URL').value).toBe('https://blog.example/cover.gif');

    await typeInto(geoLink, 'https://blog.example/de');
    await typeInto(field('Meta image URL'), 'https://blog.example/cover.JPEG?v=2');
    await typeInto(field('Pixel ids'), '');
    await click(button('Shorten'));
    expect(bg.of('shorten')[0]?.input).toMatchObject({
      geotarget: [{ location: 'Germany', link: 'https://blog.example/de' }],
      metaimage: 'https://blog.example/cover.JPEG?v=2',
    });
  });

  it('a main-field error comes first; an error in collapsed More options opens it', async () => {
    await seed();
    const bg = background();
    await mount(<App />, 'main');
    await openMoreOptions();
    await typeInto(field('Meta image URL'), 'not a url');
    await click(moreButton());
    expect(moreButton().textContent).toBe('More options (1 set)');
    await typeInto(field('Expiry'), '2031-03-01T10:00');
    await click(button('Shorten'));

    expect(bg.of('shorten')).toEqual([]);
    expect(document.activeElement).toBe(field('Expiry'));
    expect(moreButton().getAttribute('aria-expanded')).toBe('true');
    expect(field('Meta image URL').getAttribute('aria-invalid')).toBe('true');
  });

  it('still applies when collapsed, and says so on its button', async () => {
    await seed();
    const bg = background();
    await mount(<App />, 'main');
    await openMoreOptions();
    await typeInto(field('Password'), 'pw');
    await click(moreButton());
    expect(moreButton().textContent).toBe('More options (1 set)');
    await click(button('Shorten'));
    expect(bg.of('shorten')[0]?.input).toMatchObject({ url: TAB_URL, password: 'pw' });
  });

  it('after a profile switch, starts the server-specific choices again and loads the new server’s lists', async () => {
    await seed({ domain: DOMAIN, status: 'private' });
    const settings = await fakeBrowser.storage.local.get(null);
    const stored = Object.values(settings)[0] as Settings;
    const work = {
      ...stored.profiles[0]!,
      id: 'work',
      name: 'Work',
      defaults: { ...emptyDefaults(), status: 'public' as const },
    };
    await saveSettings({ ...stored, profiles: [...stored.profiles, work] });
    await putCachedLinks('work', [], Date.now());
    const bg = fakeBackground({
      refresh: () => ok({ links: null, lists: null }),
      api: ({ method }) => ok(LISTS[method]),
      setActiveProfile: async ({ id }) => {
        await saveSettings({ ...stored, profiles: [...stored.profiles, work], activeProfileId: id });
        return ok(null);
      },
    });
    await mount(<App />, 'main');
    await openMoreOptions();
    await choose(field<HTMLSelectElement>('Redirect type'), 'overlay:7');
    await typeInto(field('Password'), 'pw');
    await typeInto(field('Pixel ids'), '3');

    await choose(field<HTMLSelectElement>('Profile'), 'work');
    await vi.waitFor(() => expect(field<HTMLSelectElement>('Visibility').value).toBe('public'));

    expect(field<HTMLSelectElement>('Domain').value).toBe('');
    expect(field<HTMLSelectElement>('Redirect type').value).toBe('');
    expect(field('Pixel ids').value).toBe('');
    expect(field('Password').value).toBe('pw');
    await vi.waitFor(() => expect(bg.of('api')).toHaveLength(6));
  });
});
