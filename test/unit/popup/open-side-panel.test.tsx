/**
 * The popup's "Open in side panel": opens the panel in the popup's window in the click itself, then
 * closes the popup; says what to do when the browser refuses; absent where there is no side panel.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../fixtures/popup-later-parts';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/popup/app';
import { defaultBehaviour, defaultUtmPresets, emptyDefaults } from '@/lib/settings/schema';
import { saveSettings } from '@/lib/storage/settings';
import { button, fakeBackground, mount, ok, settle } from '../dom';

const OPEN = 'button[aria-label="Open in side panel"]';
let counter = 0;

beforeEach(async () => {
  const profileId = `side-panel-${++counter}`;
  await saveSettings({
    version: 1,
    activeProfileId: profileId,
    profiles: [{ id: profileId, name: 'Home', serverUrl: 'https://sho.rt', defaults: emptyDefaults() }],
    behaviour: defaultBehaviour(),
    utmPresets: defaultUtmPresets(),
  });
  vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([{ id: 2, url: 'https://a.example/' }] as never);
  vi.spyOn(fakeBrowser.windows, 'getCurrent').mockResolvedValue({ id: 9 } as never);
  fakeBackground({ refresh: () => ok({ links: null, lists: null }) });
});

describe('"Open in side panel" in the popup', () => {
  it("opens the panel in the popup's window in the click itself, then closes the popup", async () => {
    const open = vi.spyOn(fakeBrowser.sidePanel, 'open').mockResolvedValue(undefined);
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    await mount(<App />, '#long-url');

    button('Open in side panel').click();
    // Synchronously: Chrome opens the panel only during the user's gesture.
    expect(open).toHaveBeenCalledWith({ windowId: 9 });
    await settle();
    expect(close).toHaveBeenCalled();
  });

  it('says the panel did not open and how else to open it, and stays open', async () => {
    vi.spyOn(fakeBrowser.sidePanel, 'open').mockRejectedValue(new Error('No user gesture'));
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    await mount(<App />, '#long-url');

    button('Open in side panel').click();
    await vi.waitFor(() =>
      expect(document.querySelector('[role="alert"]')?.textContent).toContain(
        'The browser did not open the side panel.',
      ),
    );
    expect(close).not.toHaveBeenCalled();
  });

  it('is not offered where the browser has no side panel', async () => {
    const { open } = fakeBrowser.sidePanel;
    Object.assign(fakeBrowser.sidePanel, { open: undefined });
    try {
      await mount(<App />, '#long-url');
      expect(document.querySelector(OPEN)).toBeNull();
    } finally {
      Object.assign(fakeBrowser.sidePanel, { open });
    }
  });
});
