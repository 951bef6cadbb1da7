import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { OPEN_SIDE_PANEL_COMMAND, SHORTEN_PAGE_COMMAND } from '@/entrypoints/background/commands';
import { type FakeServer, fakeServer, seedProfile, startBackground, stubBrowserApis } from './helpers';

let server: FakeServer;
let stubs: ReturnType<typeof stubBrowserApis>;

beforeEach(() => {
  stubs = stubBrowserApis();
  server = fakeServer();
  startBackground(server);
});

const messages = () => Object.values(fakeBrowser.notifications.getAllCreateOptions()).map((n) => n.message);

describe('shorten-page command', () => {
  it('shortens the active tab and copies the short URL without opening anything', async () => {
    await seedProfile({ status: 'private' });
    await stubs.commands.onCommand.trigger(SHORTEN_PAGE_COMMAND, {
      id: 1,
      url: 'https://docs.example/guide',
    });

    expect(server.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/api/url/add', { url: 'https://docs.example/guide', status: 'private' }],
    ]);
    expect(stubs.copied).toEqual(['https://sho.rt/a500']);
    expect(stubs.openPopup).not.toHaveBeenCalled();
    expect(messages()).toEqual(['Short URL copied: https://sho.rt/a500']);
  });

  it('explains that a chrome:// page cannot be shortened, and sends nothing', async () => {
    await seedProfile();
    await stubs.commands.onCommand.trigger(SHORTEN_PAGE_COMMAND, { id: 1, url: 'chrome://settings/' });

    expect(server.calls).toEqual([]);
    expect(stubs.copied).toEqual([]);
    expect(messages()).toEqual([expect.stringMatching(/^Only http:\/\/ and https:\/\/ pages/)]);
  });

  it('ignores other commands', async () => {
    await seedProfile();
    await stubs.commands.onCommand.trigger('something-else', { id: 1, url: 'https://docs.example/' });
    expect(server.calls).toEqual([]);
    expect(messages()).toEqual([]);
  });
});

describe('open-side-panel command', () => {
  it("opens the side panel in the tab's window while the shortcut is handled, and sends nothing", async () => {
    const open = vi.spyOn(fakeBrowser.sidePanel, 'open').mockResolvedValue(undefined);
    const handled = stubs.commands.onCommand.trigger(OPEN_SIDE_PANEL_COMMAND, { id: 1, windowId: 4 });
    expect(open).toHaveBeenCalledWith({ windowId: 4 });
    await handled;
    expect(server.calls).toEqual([]);
    expect(messages()).toEqual([]);
  });

  it('explains a refusal by notification', async () => {
    vi.spyOn(fakeBrowser.sidePanel, 'open').mockRejectedValue(new Error('No user gesture'));
    await stubs.commands.onCommand.trigger(OPEN_SIDE_PANEL_COMMAND, { id: 1, windowId: 4 });
    expect(messages()).toEqual([expect.stringMatching(/^The browser did not open the side panel\./)]);
  });
});
