import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createClipboard } from '@/entrypoints/background/clipboard';
import { copyWithTextarea, isCopyRequest } from '@/lib/background/offscreen-copy';
import { stubBrowserApis } from './helpers';

let stubs: ReturnType<typeof stubBrowserApis>;

beforeEach(() => {
  stubs = stubBrowserApis();
});

describe('Chrome: offscreen document', () => {
  it('creates the document once, even for two copies at the same time', async () => {
    const clipboard = createClipboard();
    await Promise.all([clipboard.write('one'), clipboard.write('two')]);
    await clipboard.write('three');

    expect(stubs.offscreen.createDocument).toHaveBeenCalledTimes(1);
    expect(stubs.copied.sort()).toEqual(['one', 'three', 'two']);
  });

  it('reuses a document that an earlier service worker left open', async () => {
    stubs.getContexts.mockResolvedValue([{ contextType: 'OFFSCREEN_DOCUMENT' }]);
    await createClipboard().write('x');
    expect(stubs.offscreen.createDocument).not.toHaveBeenCalled();
    expect(stubs.getContexts).toHaveBeenCalledWith({
      contextTypes: ['OFFSCREEN_DOCUMENT'],
      documentUrls: [`chrome-extension://${fakeBrowser.runtime.id}/offscreen.html`],
    });
  });

  it('fails with a message when the document could not copy', async () => {
    stubs.clipboard.works = false;
    await expect(createClipboard().write('x')).rejects.toThrow(/could not be copied/);
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
    await createClipboard().write('https://sho.rt/x');
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
});
