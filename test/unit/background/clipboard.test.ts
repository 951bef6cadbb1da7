import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createClipboard } from '@/entrypoints/background/clipboard';
import { copyWithTextarea, isCopyRequest } from '@/lib/messaging/offscreen-copy';
import { stubBrowserApis } from './helpers';

let stubs: ReturnType<typeof stubBrowserApis>;

beforeEach(() => {
  stubs = stubBrowserApis();
});

describe('Chrome: offscreen document', () => {
  it('creates the document once, even for two copies at the same time', async () => {
    const clipboard = createClipboard();
    await Promise.all([clipboard.write({ text: 'one' }), clipboard.write({ text: 'two' })]);
    await clipboard.write({ text: 'three' });

    expect(stubs.offscreen.createDocument).toHaveBeenCalledTimes(1);
    expect(stubs.copied.sort()).toEqual(['one', 'three', 'two']);
  });

  it('reuses a document that an earlier service worker left open', async () => {
    stubs.getContexts.mockResolvedValue([{ contextType: 'OFFSCREEN_DOCUMENT' }]);
    await createClipboard().write({ text: 'x' });
    expect(stubs.offscreen.createDocument).not.toHaveBeenCalled();
    expect(stubs.getContexts).toHaveBeenCalledWith({
      contextTypes: ['OFFSCREEN_DOCUMENT'],
      documentUrls: [`chrome-extension://${fakeBrowser.runtime.id}/offscreen.html`],
    });
  });

  it('fails with a message when the document could not copy', async () => {
    stubs.clipboard.works = false;
    await expect(createClipboard().write({ text: 'x' })).rejects.toThrow(/could not be copied/);
  });
});

describe('Firefox: no offscreen API', () => {
  let saved: unknown;
  beforeEach(() => {
    saved = fakeBrowser.offscreen;
    Reflect.deleteProperty(fakeBrowser, 'offscreen');
  });
  afterEach(() => {
    Object.assign(fakeBrowser, { offscreen: saved });
  });

  it('writes with navigator.clipboard in the background page', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    await createClipboard().write({ text: 'https://sho.rt/x' });
    expect(writeText).toHaveBeenCalledWith('https://sho.rt/x');
    expect(stubs.copied).toEqual([]);
  });
});

describe('offscreen page', () => {
  it('recognises only copy requests addressed to it', () => {
    expect(isCopyRequest({ target: 'offscreen', type: 'copy', text: 'a' })).toBe(true);
    expect(isCopyRequest({ type: 'shorten', payload: {} })).toBe(false);
    expect(isCopyRequest({ target: 'offscreen', type: 'copy' })).toBe(false);
  });

  it('copies through a textarea and removes it again', () => {
    const execCommand = vi.fn(() => true);
    Object.assign(document, { execCommand });
    let selected = '';
    vi.spyOn(HTMLTextAreaElement.prototype, 'select').mockImplementation(function (
      this: HTMLTextAreaElement,
    ) {
      selected = this.value;
    });

    expect(copyWithTextarea('https://sho.rt/x')).toBe(true);
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(selected).toBe('https://sho.rt/x');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('puts HTML on the clipboard as text/html, with the markup as text/plain', () => {
    const data = new Map<string, string>();
    let prevented = false;
    const execCommand = vi.fn(() => {
      const event = new Event('copy', { cancelable: true });
      Object.assign(event, {
        clipboardData: { setData: (type: string, value: string) => data.set(type, value) },
      });
      document.dispatchEvent(event);
      prevented = event.defaultPrevented;
      return true;
    });
    Object.assign(document, { execCommand });
    const markup = '<a href="https://sho.rt/x">Title</a>';

    expect(copyWithTextarea(markup, markup)).toBe(true);
    expect(Object.fromEntries(data)).toEqual({ 'text/plain': markup, 'text/html': markup });
    expect(prevented).toBe(true);
    // A later plain copy is not given the earlier HTML.
    data.clear();
    expect(copyWithTextarea('https://sho.rt/y')).toBe(true);
    expect(data.size).toBe(0);
  });

  it('refuses a copy request whose html is not text', () => {
    expect(isCopyRequest({ target: 'offscreen', type: 'copy', text: 'a', html: '<b>a</b>' })).toBe(true);
    expect(isCopyRequest({ target: 'offscreen', type: 'copy', text: 'a', html: 1 })).toBe(false);
  });
});
