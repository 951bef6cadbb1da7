/**
 * The QR code in the popup's result: shown on request, with the size and margin chosen (and
 * remembered), copied as a PNG image of that size, and a clear message when the copy is refused.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../fixtures/popup-later-parts';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ShortenResult } from '@/entrypoints/popup/components/shorten-result';
import type { CachedLink } from '@/lib/links/cache';
import { qrOptionsItem } from '@/lib/storage/items';
import { alerts, button, choose, click, field, mount, settle, typeInto } from '../dom';

const LINK: CachedLink = {
  id: 1,
  alias: 'x',
  shortUrl: 'https://sho.rt/x',
  longUrl: 'https://example.org/',
  title: 'Example',
  description: '',
  clicks: 0,
  date: '2024-05-01 10:00:00',
};

let canvasSizes: number[];
let write: ReturnType<typeof vi.fn>;

beforeEach(() => {
  canvasSizes = [];
  // happy-dom draws nothing: a canvas that records its size and encodes a stand-in PNG.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    canvasSizes.push(this.width);
    return { fillStyle: '', fillRect: () => undefined } as never;
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done, type) =>
    done(new Blob(['png'], { type })),
  );
  write = vi.fn(async (_items: ClipboardItem[]) => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { write }, configurable: true });
});

async function openQr() {
  await mount(
    <ShortenResult link={LINK} copied="plain" edited={false} onCopy={() => {}} onCopyAs={() => {}} />,
  );
  const toggle = button('QR code');
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  await click(toggle);
  await vi.waitFor(() => {
    if (!document.querySelector('#result-qr svg')) throw new Error('no QR yet');
  });
  await settle();
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  expect(toggle.getAttribute('aria-controls')).toBe('result-qr');
}
const path = () => document.querySelector('#result-qr svg path')!.getAttribute('d')!;
const stored = async () => (await fakeBrowser.storage.local.get(qrOptionsItem.key))[qrOptionsItem.key];

describe('the QR code of the result', () => {
  it('shows the code of the short URL with the default size and margin', async () => {
    await openQr();
    expect(document.querySelector('#result-qr svg')!.getAttribute('aria-label')).toBe(
      'QR code for https://sho.rt/x',
    );
    expect(field<HTMLSelectElement>('Image size').value).toBe('512');
    expect(field('Margin (modules)').value).toBe('4');
    expect(path()).toMatch(/^M4 4h1v1h-1z/);
  });

  it('copies a PNG of the chosen size, and remembers the size and margin', async () => {
    await openQr();
    await choose(field<HTMLSelectElement>('Image size'), '1024');
    await typeInto(field('Margin (modules)'), '2');
    expect(path()).toMatch(/^M2 2h1v1h-1z/);
    expect(await stored()).toEqual({ size: 1024, margin: 2 });

    await click(button('Copy image'));
    await settle();
    expect(canvasSizes).toEqual([1024]);
    const [[items]] = write.mock.calls as [[ClipboardItem[]]];
    expect(items.map((item) => item.types)).toEqual([['image/png']]);
    expect(document.querySelector('[role="status"].ok')?.textContent).toBe(
      'QR code copied as a 1024 px PNG image.',
    );
  });

  it('opens with the size and margin chosen last time', async () => {
    await fakeBrowser.storage.local.set({ [qrOptionsItem.key]: { size: 256, margin: 0 } });
    await openQr();
    expect(field<HTMLSelectElement>('Image size').value).toBe('256');
    expect(path()).toMatch(/^M0 0h1v1h-1z/);
  });

  it('says what to do about a margin out of range, and keeps drawing the last good one', async () => {
    await openQr();
    await typeInto(field('Margin (modules)'), '12');
    expect(field('Margin (modules)').value).toBe('12');
    expect(document.body.textContent).toContain('Enter a whole number from 0 to 8.');
    expect(path()).toMatch(/^M4 4h1v1h-1z/);
    expect(await stored()).toBeUndefined();
  });

  it('explains a refused copy and offers the PNG download instead', async () => {
    write.mockRejectedValue(new DOMException('Document is not focused.', 'NotAllowedError'));
    await openQr();
    await click(button('Copy image'));
    await settle();
    expect(alerts(document.body)).toEqual([
      'The browser did not let the image be copied. Download the PNG instead, or try again with this window in front.',
    ]);
    expect(button('Download PNG')).toBeTruthy();
  });
});

describe('sharing the result', () => {
  it('shows the share links only once asked for, with the link and its title', async () => {
    await mount(
      <ShortenResult link={LINK} copied="plain" edited={false} onCopy={() => {}} onCopyAs={() => {}} />,
    );
    expect(document.querySelector('#result-share')).toBeNull();
    const toggle = button('Share');
    await click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-controls')).toBe('result-share');
    expect(
      document.querySelector<HTMLAnchorElement>(
        '#result-share a[aria-label="Share on Telegram (opens in a new tab)"]',
      )?.href,
    ).toBe('https://t.me/share/url?url=https%3A%2F%2Fsho.rt%2Fx&text=Example');
    await click(toggle);
    expect(document.querySelector('#result-share')).toBeNull();
  });
});
