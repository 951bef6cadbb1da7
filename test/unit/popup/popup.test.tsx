import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../fixtures/popup-later-parts';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/popup/app';
import { startFirstReads, takeFirstReads } from '@/entrypoints/popup/first-reads';
import {
  type CachedLink,
  getCachedLinks,
  getCachedLists,
  linksForPage,
  type NamedItem,
  putCachedLinks,
  putCachedLists,
  recentLinks,
} from '@/lib/links/cache';
import type { RequestOf, ResponseOf, Result } from '@/lib/messaging/protocol';
import {
  type Behaviour,
  defaultBehaviour,
  defaultUtmPresets,
  emptyDefaults,
  type LinkDefaults,
  type Profile,
} from '@/lib/settings/schema';
import { getItem, lastFailureItem, pendingShortenItem, setItem } from '@/lib/storage/items';
import { saveSettings } from '@/lib/storage/settings';
import {
  button,
  buttons,
  choose,
  click,
  fakeBackground,
  field,
  hasField,
  mount,
  ok,
  roleText,
  settle,
  typeInto,
} from '../dom';

// The whole cache's read, watched: a search reads it once, as soon as the field has the focus. The
// first screen's reads too: made once, by the start script where it ran.
vi.mock('@/lib/links/cache', async (original) => {
  const cache = await original<typeof import('@/lib/links/cache')>();
  return {
    ...cache,
    getCachedLinks: vi.fn(cache.getCachedLinks),
    recentLinks: vi.fn(cache.recentLinks),
    linksForPage: vi.fn(cache.linksForPage),
    getCachedLists: vi.fn(cache.getCachedLists),
  };
});

const NOW = new Date(2031, 2, 14, 10, 0, 0);
const TAB = { url: 'https://blog.example/post', title: 'A post' };
const CAMPAIGNS: NamedItem[] = [
  { id: 3, name: 'Spring' },
  { id: 4, name: 'Autumn' },
];
const CHANNELS: NamedItem[] = [{ id: 9, name: 'Blog' }];

let counter = 0;
let writeText: ReturnType<typeof vi.fn>;

function link(id: number, longUrl: string, extra: Partial<CachedLink> = {}): CachedLink {
  return {
    id,
    alias: `a${id}`,
    shortUrl: `https://sho.rt/a${id}`,
    longUrl,
    title: `Link ${id}`,
    description: '',
    clicks: 0,
    date: `2031-03-0${(id % 9) + 1} 10:00:00`,
    ...extra,
  };
}

interface Seed {
  defaults?: Partial<LinkDefaults>;
  links?: CachedLink[];
  behaviour?: Partial<Behaviour>;
  extraProfiles?: Profile[];
}

/** A configured profile (fresh id, so the IndexedDB cache of other tests does not leak in). */
async function seed({ defaults = {}, links = [], behaviour = {}, extraProfiles = [] }: Seed = {}) {
  const id = `profile-${++counter}`;
  const profile: Profile = {
    id,
    name: 'Home',
    serverUrl: 'https://sho.rt',
    defaults: { ...emptyDefaults(), ...defaults },
  };
  await saveSettings({
    version: 1,
    activeProfileId: id,
    profiles: [profile, ...extraProfiles],
    behaviour: { ...defaultBehaviour(), autoCopy: true, notifications: true, ...behaviour },
    utmPresets: defaultUtmPresets(),
  });
  await putCachedLinks(id, links, Date.now());
  await putCachedLists(id, { fetchedAt: Date.now(), campaigns: CAMPAIGNS, channels: CHANNELS });
  return profile;
}

function activeTab(url: string | undefined, title?: string) {
  const tabs = url === undefined ? [] : [{ url, title }];
  // Cast: fakeBrowser types query with its callback overload too, which returns void.
  return vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue(tabs as never);
}

/** A background whose refresh changes nothing and whose shorten creates link 100. */
function background(shorten?: (p: RequestOf<'shorten'>) => Result<ResponseOf<'shorten'>>) {
  return fakeBackground({
    refresh: () => ok({ links: null, lists: null }),
    shorten: (payload) =>
      shorten?.(payload) ??
      ok({
        link: link(100, payload.input.url, {
          shortUrl: 'https://sho.rt/new',
          title: payload.pageTitle ?? '',
        }),
      }),
    setActiveProfile: () => ok(null),
  });
}

/** Renders the popup and waits until it has drawn from storage and cache. */
const mountPopup = () => mount(<App />, 'main');

const recentRows = () => [...document.querySelectorAll('.links li')];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  writeText = vi.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

afterEach(() => {
  vi.useRealTimers();
  history.replaceState(null, '', '/');
  // A start script's reads a failed test left untaken, and its `browser`.
  takeFirstReads({
    local: fakeBrowser.storage.local,
    session: fakeBrowser.storage.session,
    tabs: fakeBrowser.tabs,
  });
  vi.unstubAllGlobals();
});

describe('popup without a profile', () => {
  it('only asks to connect a server, with a button to Options', async () => {
    activeTab(TAB.url);
    const sent = background();
    const openOptionsPage = vi.fn(async () => undefined);
    fakeBrowser.runtime.openOptionsPage = openOptionsPage;

    await mountPopup();

    expect(document.body.textContent).toContain('Connect your server first');
    expect(hasField('Long URL')).toBe(false);
    expect(document.querySelectorAll('button')).toHaveLength(1);
    await click(button('Open Options'));
    expect(openOptionsPage).toHaveBeenCalledOnce();
    expect(sent.sent).toEqual([]);
  });
});

describe('popup start', () => {
  it('draws from the reads its script began before the app ran, asking for each once', async () => {
    const profile = await seed({ links: [link(1, TAB.url), link(2, 'https://two.example/')] });
    for (const read of [recentLinks, linksForPage, getCachedLists]) vi.mocked(read).mockClear();
    const query = activeTab(TAB.url, TAB.title);
    background();
    vi.stubGlobal('browser', fakeBrowser);
    startFirstReads('');
    const localGet = vi.spyOn(fakeBrowser.storage.local, 'get');
    const sessionGet = vi.spyOn(fakeBrowser.storage.session, 'get');

    await mountPopup();

    expect(field('Long URL').value).toBe(TAB.url);
    expect(recentRows()).toHaveLength(2);
    expect(document.activeElement).toBe(button('Copy existing'));
    expect(query).toHaveBeenCalledOnce();
    const asked = (spy: typeof localGet, key: string) =>
      spy.mock.calls.filter(([keys]) => [keys].flat().includes(key));
    expect(asked(localGet, 'settings')).toEqual([]);
    expect(asked(sessionGet, 'popupDrafts')).toEqual([]);
    expect(asked(sessionGet, 'pendingShorten')).toEqual([]);
    // The script's reads of the cache, for the active profile and the tab's page, each made once.
    expect(vi.mocked(recentLinks).mock.calls).toEqual([[profile.id, 20]]);
    expect(vi.mocked(linksForPage).mock.calls).toEqual([[profile.id, TAB.url]]);
    expect(vi.mocked(getCachedLists).mock.calls).toEqual([[profile.id]]);
    expect(field<HTMLSelectElement>('Campaign').options).toHaveLength(3);
  });

  it('takes a pending "Shorten with options…" request from the start script’s read, once, and reads its page’s links itself', async () => {
    // The tab's page has a link; the requested page has none: nothing is offered for reuse.
    await seed({ links: [link(1, TAB.url)] });
    vi.mocked(linksForPage).mockClear();
    activeTab(TAB.url, TAB.title);
    background();
    await setItem(pendingShortenItem, { url: 'https://linked.example/page', at: Date.now() });
    vi.stubGlobal('browser', fakeBrowser);
    startFirstReads('');

    await mountPopup();

    expect(field('Long URL').value).toBe('https://linked.example/page');
    expect(document.body.textContent).not.toContain('Copy existing');
    expect(vi.mocked(linksForPage).mock.calls.map(([, url]) => url)).toEqual([
      TAB.url,
      'https://linked.example/page',
    ]);
    await vi.waitFor(async () => expect(await getItem(pendingShortenItem)).toBeNull());
  });

  it('opens with the tab URL and the profile defaults, ready to shorten', async () => {
    await seed({ defaults: { campaignId: 3, channelId: 9, expiryDays: 7 } });
    activeTab(TAB.url, TAB.title);
    background();

    await mountPopup();

    expect(field('Long URL').value).toBe(TAB.url);
    expect(document.activeElement).toBe(field('Long URL'));
    expect(field('Alias').value).toBe('');
    expect(field<HTMLSelectElement>('Campaign').value).toBe('3');
    expect(field<HTMLSelectElement>('Channel').value).toBe('9');
    expect(field('Expiry').value).toBe('2031-03-21T10:00');
    expect(field('Expiry').type).toBe('datetime-local');
    expect([...field<HTMLSelectElement>('Campaign').options].map((o) => o.text)).toEqual([
      'None',
      'Spring',
      'Autumn',
    ]);
    expect(button('Shorten').type).toBe('submit');
  });

  it('links from its header to the management page, in a tab, before any link is made', async () => {
    await seed();
    activeTab(TAB.url, TAB.title);
    background();

    await mountPopup();

    const header = document.querySelector('header')!;
    const manage = [...header.querySelectorAll('a')].find((a) => a.textContent === 'Manage links');
    expect(manage?.getAttribute('href')).toBe('/manage.html');
    expect(manage?.target).toBe('_blank');
  });

  it('draws cached links before the refresh answers, then shows the refreshed ones', async () => {
    await seed({ links: [link(1, 'https://one.example/'), link(2, 'https://two.example/')] });
    activeTab(TAB.url);
    let answer: (links: CachedLink[]) => void = () => undefined;
    const bg = fakeBackground({
      refresh: () =>
        new Promise((resolve) => {
          answer = (links) => resolve(ok({ links, lists: null }));
        }),
    });

    await mountPopup();

    expect(bg.of('refresh')).toEqual([{}]);
    expect(recentRows()).toHaveLength(2);
    answer([link(3, 'https://three.example/'), link(1, 'https://one.example/')]);
    await settle();
    expect(recentRows().map((row) => row.querySelector('.title')?.textContent)).toEqual(['Link 3', 'Link 1']);
  });

  it('says quietly when the refresh failed and keeps the cached links', async () => {
    await seed({ links: [link(1, 'https://one.example/')] });
    activeTab(TAB.url);
    fakeBackground({
      refresh: () => ({ ok: false, error: { kind: 'network', message: 'The server is unreachable.' } }),
    });

    await mountPopup();

    expect(document.querySelector('.recent')?.textContent).toContain(
      'Not updated: The server is unreachable.',
    );
    expect(recentRows()).toHaveLength(1);
  });

  it('uses a fresh "Shorten with options…" URL instead of the tab, once', async () => {
    await seed();
    activeTab(TAB.url);
    background();
    await fakeBrowser.storage.session.set({
      [pendingShortenItem.key]: { url: 'https://linked.example/page', at: NOW.getTime() - 2_000 },
    });

    await mountPopup();

    expect(field('Long URL').value).toBe('https://linked.example/page');
    expect(await fakeBrowser.storage.session.get(pendingShortenItem.key)).toEqual({});
  });

  it('uses ?url= when opened as a window', async () => {
    await seed();
    activeTab('chrome-extension://id/popup.html');
    background();
    history.replaceState(null, '', `/popup.html?url=${encodeURIComponent('https://window.example/a')}`);

    await mountPopup();

    expect(field('Long URL').value).toBe('https://window.example/a');
  });
});

describe('a tab that cannot be shortened', () => {
  it('says why and leaves the field empty for a pasted URL', async () => {
    await seed();
    activeTab('chrome://extensions/');
    const bg = background();

    await mountPopup();

    expect(document.body.textContent).toContain(
      "This page can't be shortened (chrome:// pages are internal to the browser). Paste a URL instead.",
    );
    expect(field('Long URL').value).toBe('');
    expect(field('Long URL').readOnly).toBe(false);

    await typeInto(field('Long URL'), 'https://pasted.example/');
    await click(button('Shorten'));
    expect(bg.of('shorten').map((p) => p.input.url)).toEqual(['https://pasted.example/']);
  });

  it('refuses a non-web URL with a message next to the field, sending nothing', async () => {
    await seed();
    activeTab('about:blank');
    const bg = background();
    await mountPopup();

    await typeInto(field('Long URL'), 'example.com');
    await click(button('Shorten'));

    const input = field('Long URL');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter a full web address starting with http:// or https://.',
    );
    expect(bg.of('shorten')).toEqual([]);
  });
});

describe('shortening', () => {
  it('sends only filled fields plus defaults, then shows, copies and links the new short URL', async () => {
    await seed({ defaults: { campaignId: 3, domain: 'https://go.example', status: 'public' } });
    activeTab(TAB.url, TAB.title);
    const bg = background();
    await mountPopup();

    await typeInto(field('Alias'), ' launch ');
    await click(button('Shorten'));

    const [request] = bg.of('shorten');
    expect(request).toEqual({
      requestId: expect.any(String),
      input: {
        url: TAB.url,
        custom: 'launch',
        campaign: 3,
        domain: 'https://go.example',
        status: 'public',
      },
      pageTitle: TAB.title,
    });
    expect(field('Short URL').value).toBe('https://sho.rt/new');
    expect(field('Short URL').readOnly).toBe(true);
    expect(writeText).toHaveBeenCalledWith('https://sho.rt/new');
    expect(document.querySelector('.result')?.textContent).toContain('Copied');
    expect(roleText('status')).toBe('Copied https://sho.rt/new');
    const details = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Details');
    expect(details?.getAttribute('href')).toBe('/manage.html#/links/100');
    expect(recentRows()[0]?.textContent).toContain('https://sho.rt/new');
  });

  it('sends the chosen campaign, channel and expiry in the API format', async () => {
    await seed();
    activeTab(TAB.url);
    const bg = background();
    await mountPopup();

    await choose(field('Campaign'), '4');
    await choose(field('Channel'), '9');
    await typeInto(field('Expiry'), '2031-04-01T18:30');
    await click(button('Shorten'));

    expect(bg.of('shorten')[0]?.input).toEqual({
      url: TAB.url,
      campaign: 4,
      channel: 9,
      expiry: '2031-04-01 18:30:00',
      status: 'private',
    });
  });

  it('drops the page title when the user changed the URL', async () => {
    await seed();
    activeTab(TAB.url, TAB.title);
    const bg = background();
    await mountPopup();

    await typeInto(field('Long URL'), 'https://other.example/');
    await click(button('Shorten'));

    expect(bg.of('shorten')[0]).not.toHaveProperty('pageTitle');
  });

  it('does not copy when automatic copying is off, but the Copy button still does', async () => {
    await seed({ behaviour: { autoCopy: false } });
    activeTab(TAB.url);
    background();
    await mountPopup();

    await click(button('Shorten'));
    expect(field('Short URL').value).toBe('https://sho.rt/new');
    expect(writeText).not.toHaveBeenCalled();
    expect(document.querySelector('.result')?.textContent).not.toContain('Copied');

    await click(button('Copy'));
    expect(writeText).toHaveBeenCalledWith('https://sho.rt/new');
    expect(document.querySelector('.result')?.textContent).toContain('Copied');
  });

  it('sends one request for a double click, and the same request id for a retry', async () => {
    await seed();
    activeTab(TAB.url);
    const replies: ((reply: Result<ResponseOf<'shorten'>>) => void)[] = [];
    const bg = fakeBackground({
      refresh: () => ok({ links: null, lists: null }),
      shorten: () => new Promise((resolve) => replies.push(resolve)),
    });
    await mountPopup();

    const shorten = button('Shorten');
    shorten.click();
    shorten.click();
    await settle();
    expect(bg.of('shorten')).toHaveLength(1);
    expect(button('Shortening…').disabled).toBe(true);

    replies[0]!({ ok: false, error: { kind: 'network', message: 'No answer from the server.' } });
    await settle();
    expect(roleText('alert')).toContain('No answer from the server.');

    await click(button('Shorten'));
    replies[1]!(ok({ link: link(100, TAB.url, { shortUrl: 'https://sho.rt/new' }) }));
    await settle();
    const [first, retry] = bg.of('shorten');
    expect(retry?.requestId).toBe(first?.requestId);
    expect(field('Short URL').value).toBe('https://sho.rt/new');
  });

  it('uses a new request id once the form changed', async () => {
    await seed();
    activeTab(TAB.url);
    const bg = background(() => ({ ok: false, error: { kind: 'validation', message: 'Alias taken.' } }));
    await mountPopup();

    await click(button('Shorten'));
    await typeInto(field('Alias'), 'other');
    await click(button('Shorten'));

    const [first, second] = bg.of('shorten');
    expect(second?.requestId).not.toBe(first?.requestId);
  });
});

describe('errors', () => {
  it('shows the message in an alert and keeps everything typed', async () => {
    await seed();
    activeTab(TAB.url);
    background(() => ({ ok: false, error: { kind: 'validation', message: 'That alias is already taken.' } }));
    await mountPopup();

    await typeInto(field('Long URL'), 'https://typed.example/');
    await typeInto(field('Alias'), 'taken');
    await choose(field('Campaign'), '4');
    await click(button('Shorten'));

    expect(roleText('alert')).toBe('That alias is already taken.');
    expect(field('Long URL').value).toBe('https://typed.example/');
    expect(field('Alias').value).toBe('taken');
    expect(field<HTMLSelectElement>('Campaign').value).toBe('4');
    expect(button('Shorten').disabled).toBe(false);
    expect(hasField('Short URL')).toBe(false);
  });

  it('a new attempt replaces the previous one’s alert, even when it ends in a field error', async () => {
    await seed();
    activeTab(TAB.url);
    background(() => ({ ok: false, error: { kind: 'validation', message: 'That alias is already taken.' } }));
    await mountPopup();
    await typeInto(field('Alias'), 'docs');
    await click(button('Shorten'));
    expect(roleText('alert')).toBe('That alias is already taken.');

    await typeInto(field('Alias'), '');
    await typeInto(field('Long URL'), 'not a url');
    await click(button('Shorten'));

    expect(field('Long URL').getAttribute('aria-invalid')).toBe('true');
    expect(roleText('alert')).toBeNull();
  });

  it('marks a result as the previous URL’s once the form changes, and a new attempt removes it', async () => {
    await seed();
    activeTab(TAB.url);
    await mountPopup();
    background();
    await click(button('Shorten'));
    expect(field('Short URL').value).toBe('https://sho.rt/new');
    expect(document.body.textContent).toContain('✓ Copied');

    await typeInto(field('Long URL'), 'https://other.example/');
    const result = document.querySelector('.result')!;
    expect(result.textContent).toContain(`For the previous URL: ${TAB.url}`);
    expect(result.textContent).not.toContain('✓ Copied');

    await typeInto(field('Expiry'), '2031-03-01T10:00');
    await click(button('Shorten'));
    expect(document.getElementById('expiry-error')?.textContent).toBe('The expiry must be in the future.');
    expect(hasField('Short URL')).toBe(false);
  });

  it('shows the shortcut’s last failure in full, once, until a new attempt', async () => {
    await seed();
    activeTab(TAB.url);
    background();
    const message =
      'Shortlink could not reach https://sho.rt: nothing was sent. Check the server URL and your connection, then try again.';
    await setItem(lastFailureItem, { title: 'Could not shorten the link', message, at: Date.now() - 60_000 });
    await mountPopup();

    expect(roleText('status')).toContain(`Could not shorten the link${message}`);
    expect(await getItem(lastFailureItem)).toBeNull();
    await click(button('Shorten'));
    expect(document.body.textContent).not.toContain(message);
  });

  it('does not show a failure from long ago', async () => {
    await seed();
    activeTab(TAB.url);
    background();
    await setItem(lastFailureItem, {
      title: 'Could not shorten the link',
      message: 'Old.',
      at: Date.now() - 3_600_000,
    });
    await mountPopup();
    expect(document.body.textContent).not.toContain('Old.');
  });

  it('offers Options when the extension is not configured', async () => {
    await seed();
    activeTab(TAB.url);
    background(() => ({
      ok: false,
      error: { kind: 'not_configured', message: 'Connect a server in Options.' },
    }));
    const openOptionsPage = vi.fn(async () => undefined);
    fakeBrowser.runtime.openOptionsPage = openOptionsPage;
    await mountPopup();

    await click(button('Shorten'));
    const alert = document.querySelector('[role="alert"]') as HTMLElement;
    const open = [...alert.querySelectorAll('button')].find((b) => b.textContent === 'Open Options');
    await click(open!);
    expect(openOptionsPage).toHaveBeenCalledOnce();
  });

  it('refuses an alias with a space next to the field, focused, sending nothing', async () => {
    await seed();
    activeTab(TAB.url);
    const bg = background();
    await mountPopup();

    await typeInto(field('Alias'), 'frühling 2024');
    await click(button('Shorten'));

    const alias = field('Alias');
    expect(alias.getAttribute('aria-invalid')).toBe('true');
    expect(alias.getAttribute('aria-describedby')).toBe('alias-error alias-hint');
    expect(document.getElementById('alias-error')?.textContent).toBe(
      'An alias cannot contain spaces, /, ? or #.',
    );
    expect(document.activeElement).toBe(alias);
    expect(bg.of('shorten')).toEqual([]);
    expect(roleText('alert')).toBeNull();

    await typeInto(alias, 'frühling-2024');
    await click(button('Shorten'));
    expect(bg.of('shorten')[0]?.input.custom).toBe('frühling-2024');
  });

  it('refuses an alias over its limit at the field, whole, and says the limit in its hint', async () => {
    await seed();
    activeTab(TAB.url);
    const bg = background();
    await mountPopup();
    const alias = field('Alias');
    expect(document.getElementById('alias-hint')?.textContent).toBe('Up to 64 characters.');

    await typeInto(alias, 'a'.repeat(70));
    await click(button('Shorten'));

    expect(alias.value).toHaveLength(70);
    expect(document.getElementById('alias-error')?.textContent).toBe('At most 64 characters: remove 6.');
    expect(bg.of('shorten')).toEqual([]);
  });

  it('moves focus from the Shorten button, disabled while it ran, to the alert', async () => {
    await seed();
    activeTab(TAB.url);
    background(() => ({ ok: false, error: { kind: 'validation', message: 'That alias is already taken.' } }));
    await mountPopup();

    button('Shorten').focus();
    await click(button('Shorten'));

    const alert = document.querySelector<HTMLElement>('[role="alert"]');
    expect(alert?.textContent).toBe('That alias is already taken.');
    expect(document.activeElement).toBe(alert);
  });

  it('leaves focus where the user typed when the request fails', async () => {
    await seed();
    activeTab(TAB.url);
    background(() => ({ ok: false, error: { kind: 'server', message: 'Server error.' } }));
    await mountPopup();

    field('Alias').focus();
    await click(button('Shorten'));
    expect(roleText('alert')).toBe('Server error.');
    expect(document.activeElement).toBe(field('Alias'));
  });

  it('says when to retry after a rate limit', async () => {
    await seed();
    activeTab(TAB.url);
    background(() => ({
      ok: false,
      error: { kind: 'rate_limited', message: 'Too many requests.', retryAt: NOW.getTime() + 42_000 },
    }));
    await mountPopup();

    await click(button('Shorten'));
    expect(roleText('alert')).toBe('Too many requests. Try again in 42 seconds.');
  });
});

describe('a URL shortened before', () => {
  const old = link(7, TAB.url, { shortUrl: 'https://sho.rt/old' });

  it('offers the existing short URL first', async () => {
    await seed({ links: [old] });
    activeTab(`${TAB.url}#comments`);
    const bg = background();
    await mountPopup();

    expect(document.body.textContent).toContain('You shortened this before: https://sho.rt/old');
    expect(document.activeElement).toBe(button('Copy existing'));
    await click(button('Copy existing'));

    expect(writeText).toHaveBeenCalledWith('https://sho.rt/old');
    expect(field('Short URL').value).toBe('https://sho.rt/old');
    expect(bg.of('shorten')).toEqual([]);
  });

  it('creates a new one on "Create new anyway"', async () => {
    await seed({ links: [old] });
    activeTab(TAB.url);
    const bg = background();
    await mountPopup();

    await click(button('Create new anyway'));

    expect(bg.of('shorten')).toHaveLength(1);
    expect(field('Short URL').value).toBe('https://sho.rt/new');
    expect(document.body.textContent).not.toContain('You shortened this before');
    // The clicked button is gone: focus goes to the new link's Copy button, not to the page.
    expect(document.activeElement).toBe(button('Copy'));
  });

  it('says so when "Create new anyway" got the existing link back from the server', async () => {
    await seed({ links: [old] });
    activeTab(TAB.url);
    background(() => ok({ link: old, existing: true }));
    await mountPopup();

    await click(button('Create new anyway'));

    expect(field('Short URL').value).toBe('https://sho.rt/old');
    expect(document.querySelector('.result')?.textContent).toContain('Your server returned an existing link');
    expect(roleText('status')).toBe('Your server returned an existing link: https://sho.rt/old');
  });

  it('lists every link of the page, three at first, each with its campaign, channel, clicks and Copy', async () => {
    const page = [
      link(11, TAB.url, { shortUrl: 'https://sho.rt/x', campaign: 'Spring', channel: 'Blog', clicks: 12 }),
      link(12, `${TAB.url}/`, { shortUrl: 'https://sho.rt/li', campaign: 'Autumn', clicks: 1 }),
      link(13, TAB.url, { shortUrl: 'https://sho.rt/news' }),
      link(14, TAB.url, { shortUrl: 'https://sho.rt/old1', date: '2030-01-01 10:00:00' }),
      link(15, TAB.url, { shortUrl: 'https://sho.rt/old2', date: '2029-01-01 10:00:00' }),
    ];
    await seed({ links: [...page, link(16, 'https://elsewhere.example/')] });
    activeTab(TAB.url);
    const bg = background();
    await mountPopup();

    const card = document.querySelector<HTMLElement>('[aria-label="Shortened before"]')!;
    expect(card.textContent).toContain('This page has 5 short links:');
    const rows = () => [...card.querySelectorAll('li')].map((row) => row.textContent);
    // Newest first (by date, then id), three rows and a button for the rest.
    expect(rows()).toEqual([
      'https://sho.rt/news0 clicksCopy',
      'https://sho.rt/liAutumn · 1 clickCopy',
      'https://sho.rt/xSpring · Blog · 12 clicksCopy',
    ]);
    // Enter still reuses the newest.
    expect(document.activeElement).toBe(button('Copy existing'));
    // Each listed link is one key from the clipboard: 2 copies the second row.
    expect(button('Copy https://sho.rt/li').getAttribute('aria-keyshortcuts')).toBe('2');
    document.activeElement!.dispatchEvent(
      new KeyboardEvent('keydown', { key: '2', bubbles: true, cancelable: true }),
    );
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledWith('https://sho.rt/li'));
    expect(bg.of('shorten')).toEqual([]);

    await click(button('Copy https://sho.rt/x'));
    expect(writeText).toHaveBeenCalledWith('https://sho.rt/x');
    expect(button(card, 'Copy https://sho.rt/x').textContent).toBe('Copied');
    expect(bg.of('shorten')).toEqual([]);

    await click(button('Show 2 more'));
    expect(rows()).toHaveLength(5);
    expect(rows()[4]).toContain('https://sho.rt/old2');
    expect(buttons('Show 2 more')).toEqual([]);
    // The button went: focus is on the first row it uncovered.
    expect(document.activeElement).toBe(button('Copy https://sho.rt/old1'));
  });

  it('finds the page’s links by the address the form starts with, tracking parameters removed', async () => {
    await seed({ links: [old, link(8, TAB.url)], behaviour: { stripTracking: true } });
    activeTab(`${TAB.url}?utm_source=news`);
    background();
    await mountPopup();

    expect(document.body.textContent).toContain('This page has 2 short links:');
  });

  it('lists the links a UTM preset made for the page, by preset; Enter reuses only one of exactly its address', async () => {
    await seed({
      links: [
        link(21, `${TAB.url}?utm_source=linkedin&utm_medium=social`, { shortUrl: 'https://sho.rt/li' }),
        link(22, `${TAB.url}?utm_source=newsletter&utm_medium=email`, { shortUrl: 'https://sho.rt/nl' }),
      ],
    });
    activeTab(TAB.url);
    const bg = background();
    await mountPopup();

    const card = document.querySelector<HTMLElement>('[aria-label="Shortened before"]')!;
    expect(card.textContent).toContain('This page has 2 short links:');
    expect([...card.querySelectorAll('li')].map((row) => row.textContent)).toEqual([
      'https://sho.rt/nlNewsletter · 0 clicksCopy',
      'https://sho.rt/liLinkedIn · 0 clicksCopy',
    ]);
    // No link of exactly this address: nothing to reuse, Enter makes one.
    expect(buttons('Copy existing')).toEqual([]);
    expect(document.activeElement).toBe(field('Long URL'));
    await click(button('Copy https://sho.rt/li'));
    expect(writeText).toHaveBeenCalledWith('https://sho.rt/li');
    expect(bg.of('shorten')).toEqual([]);
  });

  it('is not offered for a URL never shortened', async () => {
    await seed({ links: [old] });
    activeTab('https://fresh.example/');
    background();
    await mountPopup();

    expect(document.body.textContent).not.toContain('You shortened this before');
    expect(buttons('Copy existing')).toEqual([]);
  });
});

describe('recent links', () => {
  const many = Array.from({ length: 30 }, (_, i) =>
    link(i + 1, `https://site${i + 1}.example/page`, {
      title: i === 4 ? 'Quarterly report' : `Page ${i + 1}`,
    }),
  );

  it('lists about twenty, each with title, short URL, full long URL and a named Copy button', async () => {
    await seed({ links: many });
    activeTab(TAB.url);
    background();
    await mountPopup();

    const rows = recentRows();
    expect(rows).toHaveLength(20);
    const row = rows.find((r) => r.textContent?.includes('Quarterly report'))!;
    expect(row.querySelector('a')?.getAttribute('href')).toBe('https://sho.rt/a5');
    expect(row.querySelector('.long')?.getAttribute('title')).toBe('https://site5.example/page');
    await click(button('Copy https://sho.rt/a5'));
    expect(writeText).toHaveBeenCalledWith('https://sho.rt/a5');
    expect(button('Copy https://sho.rt/a5').textContent).toBe('Copied');
  });

  it('filters as you type', async () => {
    await seed({ links: many });
    activeTab(TAB.url);
    background();
    await mountPopup();

    await typeInto(field('Search recent links'), 'quarterly');
    expect(recentRows().map((r) => r.querySelector('.title')?.textContent)).toEqual(['Quarterly report']);
    await typeInto(field('Search recent links'), 'site3');
    expect(recentRows().length).toBeGreaterThan(1);
    await typeInto(field('Search recent links'), 'nothing like this');
    expect(recentRows()).toHaveLength(0);
    expect(document.querySelector('.recent')?.textContent).toContain('No recent link matches.');
  });

  it('reads every cached link once, when the search field gets the focus, before the first key', async () => {
    await seed({ links: many });
    activeTab(TAB.url);
    background();
    await mountPopup();
    vi.mocked(getCachedLinks).mockClear();

    field('Search recent links').dispatchEvent(new FocusEvent('focus'));
    await vi.waitFor(() => expect(getCachedLinks).toHaveBeenCalledTimes(1));
    await typeInto(field('Search recent links'), 'page 30');
    expect(recentRows().map((r) => r.querySelector('.title')?.textContent)).toEqual(['Page 30']);
    expect(getCachedLinks).toHaveBeenCalledTimes(1);
  });

  it('shows server text as text and non-web short URLs without a link', async () => {
    const hostile = link(1, 'https://x.example/', {
      shortUrl: 'javascript:alert(1)',
      title: '<img src=x onerror=alert(1)>',
    });
    await seed({ links: [hostile] });
    activeTab(TAB.url);
    background();
    await mountPopup();

    const row = recentRows()[0]!;
    expect(row.querySelector('a')).toBeNull();
    expect(row.querySelector('img')).toBeNull();
    expect(row.querySelector('.title')?.textContent).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('profiles', () => {
  it('has no switcher with one profile', async () => {
    await seed();
    activeTab(TAB.url);
    background();
    await mountPopup();
    expect(hasField('Profile')).toBe(false);
  });

  it('shows the active profile’s full name in the switcher’s tooltip', async () => {
    const long: Profile = {
      id: `long-${++counter}`,
      name: 'Marketing department — campaigns for the spring season',
      serverUrl: 'https://work.example',
      defaults: emptyDefaults(),
    };
    const home = await seed({ extraProfiles: [long] });
    await saveSettings({
      version: 1,
      activeProfileId: long.id,
      profiles: [home, long],
      behaviour: defaultBehaviour(),
      utmPresets: defaultUtmPresets(),
    });
    activeTab(TAB.url);
    background();
    await mountPopup();

    const select = field<HTMLSelectElement>('Profile');
    expect(select.value).toBe(long.id);
    expect(select.title).toBe(long.name);
  });

  it('switches the active profile and reloads its defaults, keeping the URL', async () => {
    const work: Profile = {
      id: `work-${++counter}`,
      name: 'Work',
      serverUrl: 'https://work.example',
      defaults: { ...emptyDefaults(), campaignId: 4 },
    };
    const home = await seed({ extraProfiles: [work] });
    activeTab(TAB.url);
    const bg = fakeBackground({
      refresh: () => ok({ links: null, lists: null }),
      setActiveProfile: async ({ id }) => {
        await saveSettings({
          version: 1,
          activeProfileId: id,
          profiles: [{ ...home }, work],
          behaviour: { ...defaultBehaviour(), autoCopy: true, notifications: true },
          utmPresets: defaultUtmPresets(),
        });
        return ok(null);
      },
    });
    await mountPopup();
    await typeInto(field('Long URL'), 'https://typed.example/');

    await choose(field('Profile'), work.id);
    await settle();

    expect(bg.of('setActiveProfile')).toEqual([{ id: work.id }]);
    expect(field<HTMLSelectElement>('Profile').value).toBe(work.id);
    expect(field<HTMLSelectElement>('Campaign').value).toBe('4');
    expect(field('Long URL').value).toBe('https://typed.example/');
  });
});
