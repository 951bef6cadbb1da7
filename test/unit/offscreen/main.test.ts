/** The offscreen document copies for the extension's background only. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

const request = { target: 'offscreen', type: 'copy', text: 'https://sho.rt/abc' };

/** Delivers `request` from `sender`; returns what the document answered (undefined: nothing). */
type Sender = Parameters<typeof fakeBrowser.runtime.onMessage.trigger>[1];

async function copyFrom(sender: { id?: string; url?: string; tab?: { id: number } }): Promise<unknown> {
  const sendResponse = vi.fn();
  await fakeBrowser.runtime.onMessage.trigger(request, sender as Sender, sendResponse);
  return sendResponse.mock.calls[0]?.[0];
}

describe('the offscreen copy listener', () => {
  let copy: ReturnType<typeof vi.fn>;

  beforeEach(async () => {
    // happy-dom has no execCommand: this one stands for the browser's copy.
    copy = vi.fn(() => true);
    Object.assign(document, { execCommand: copy });
    vi.resetModules();
    await import('@/entrypoints/offscreen/main');
  });

  it('copies for the background', async () => {
    const background = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/background.js') };
    expect(await copyFrom(background)).toEqual({ ok: true });
    expect(copy).toHaveBeenCalledWith('copy');
  });

  it.each([
    [
      'one of the extension’s pages',
      { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/popup.html') },
    ],
    [
      'a script the extension ran in a web page',
      { id: fakeBrowser.runtime.id, url: 'https://evil.example/', tab: { id: 3 } },
    ],
    [
      'another extension',
      { id: 'another-extension', url: 'chrome-extension://another-extension/background.js' },
    ],
  ])('ignores one from %s, copying nothing', async (_who, sender) => {
    expect(await copyFrom(sender)).toBeUndefined();
    expect(copy).not.toHaveBeenCalled();
  });
});
