/**
 * The side panel: the popup's form for the active tab of its window, replaced when the user switches
 * tabs, with each page's draft kept and brought back; a tab it may not read offers to allow it.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../fixtures/popup-later-parts';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { TabInfo } from '@/entrypoints/popup/start-url';
import { App } from '@/entrypoints/sidepanel/app';
import { defaultBehaviour, defaultUtmPresets, emptyDefaults } from '@/lib/settings/schema';
import type { Drafts } from '@/lib/storage/items';
import { draftsItem } from '@/lib/storage/items';
import { saveSettings } from '@/lib/storage/settings';
import { button, click, fakeBackground, field, mount, ok, settle, typeInto } from '../dom';

const WINDOW = 4;
const A = { id: 1, url: 'https://a.example/post', title: 'Post A' };
const B = { id: 2, url: 'https://b.example/page', title: 'Page B' };

let active: TabInfo = A;
let counter = 0;
const onAdded = new Set<() => void>();
const request = vi.fn(async () => true);

const storedDrafts = async () =>
  ((await fakeBrowser.storage.session.get(draftsItem.key))[draftsItem.key] ?? {}) as Drafts;

/** Makes `tab` the active tab of the panel's window, as the browser does when the user switches. */
async function switchTo(tab: TabInfo): Promise<void> {
  active = tab;
  await fakeBrowser.tabs.onActivated.trigger({ tabId: tab.id!, windowId: WINDOW });
  await vi.waitFor(() => expect(field('Long URL').value).toBe(tab.url ?? ''));
  await settle();
}

beforeEach(async () => {
  active = A;
  const profileId = `panel-profile-${++counter}`;
  await saveSettings({
    version: 1,
    activeProfileId: profileId,
    profiles: [{ id: profileId, name: 'Home', serverUrl: 'https://sho.rt', defaults: emptyDefaults() }],
    behaviour: { ...defaultBehaviour(), autoCopy: false },
    utmPresets: defaultUtmPresets(),
  });
  vi.spyOn(fakeBrowser.windows, 'getCurrent').mockResolvedValue({ id: WINDOW } as never);
  vi.spyOn(fakeBrowser.tabs, 'query').mockImplementation(async () => [active] as never);
  onAdded.clear();
  request.mockClear();
  Object.assign(fakeBrowser.permissions, {
    request,
    onAdded: {
      addListener: (l: () => void) => onAdded.add(l),
      removeListener: (l: () => void) => onAdded.delete(l),
    },
  });
  fakeBackground({ refresh: () => ok({ links: null, lists: null }) });
});

describe('the side panel', () => {
  it('shows the form for the active tab of its window, without offering to open itself', async () => {
    await mount(<App />, '#long-url');
    expect(fakeBrowser.tabs.query).toHaveBeenCalledWith({ active: true, windowId: WINDOW });
    expect(field('Long URL').value).toBe(A.url);
    expect(document.querySelector('button[aria-label="Open in side panel"]')).toBeNull();
    // Its Manage link opens the management page in the panel, which then links back.
    const manage = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Manage links');
    expect(manage?.getAttribute('href')).toBe('/manage.html?in=sidepanel');
    expect(manage?.hasAttribute('target')).toBe(false);
  });

  it("keeps each page's draft across tab switches: written as the user leaves, restored on return", async () => {
    await mount(<App />, '#long-url');
    await typeInto(field('Alias'), 'spring-a');

    await switchTo(B);
    // Written as the page was left, not only once typing paused.
    expect((await storedDrafts())[A.url]?.state.form.alias).toBe('spring-a');
    expect(field('Alias').value).toBe('');
    await typeInto(field('Alias'), 'page-b');

    await switchTo(A);
    expect(field('Alias').value).toBe('spring-a');
    await switchTo(B);
    expect(field('Alias').value).toBe('page-b');
  });

  it('offers to allow reading tab addresses for a tab it may not read, and follows once allowed', async () => {
    await mount(<App />, '#long-url');
    await switchTo({ id: 2 });
    expect(document.querySelector('.notice')?.textContent).toMatch(/may not read this tab’s address/);

    await click(button('Allow'));
    expect(request).toHaveBeenCalledWith({ permissions: ['tabs'] });
    active = B;
    for (const listener of onAdded) listener();
    await vi.waitFor(() => expect(field('Long URL').value).toBe(B.url));
    expect(document.querySelector('.notice')).toBeNull();
  });

  it('shows the form once a server is connected in Options while it is open', async () => {
    await fakeBrowser.storage.local.clear();
    await mount(<App />, '.connect');
    await saveSettings({
      version: 1,
      activeProfileId: 'connected',
      profiles: [{ id: 'connected', name: 'Home', serverUrl: 'https://sho.rt', defaults: emptyDefaults() }],
      behaviour: defaultBehaviour(),
      utmPresets: defaultUtmPresets(),
    });
    await vi.waitFor(() => expect(field('Long URL').value).toBe(A.url));
  });
});
