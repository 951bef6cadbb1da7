/**
 * The QR code in the real popup's result: copied as a PNG image of the chosen size, read back from
 * the X clipboard (xclip) and decoded (zbarimg) to the short URL just made; downloaded as PNG and SVG.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { ROOT } from './build';
import { test } from './fixtures';
import { clearClipboard, readClipboardPng, screenshot } from './harness';
import { PopupPage } from './pages/popup';

/** The text zbarimg reads from a PNG; throws when it finds no code. */
function decodeQr(png: Buffer): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'shortlink-qr-'));
  const file = join(dir, 'code.png');
  writeFileSync(file, png);
  return new Promise<string>((resolve, reject) => {
    execFile('zbarimg', ['--quiet', '--raw', file], { timeout: 10_000 }, (error, stdout, stderr) => {
      if (error && 'code' in error && error.code === 'ENOENT')
        reject(new Error('zbarimg is not installed: run `bash scripts/system-deps.sh test` (zbar-tools).'));
      else if (error) reject(new Error(`zbarimg found no QR code (${stderr.trim() || error.message}).`));
      else resolve(stdout.trim());
    });
  }).finally(() => rmSync(dir, { recursive: true, force: true }));
}

/** The extension's own icon, as a brand's logo would be: a square PNG. */
const LOGO = join(ROOT, 'public', 'icon', '128.png');

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

describe("the popup's QR code", () => {
  test('copies a PNG of the chosen size that decodes back to the short URL', async ({
    configuredExt: ext,
    site,
  }) => {
    const popup = await PopupPage.over(ext, site.url('/'));
    await popup.shortenAndWait();
    const shortUrl = await popup.shortUrl();
    await popup.openQr();
    await popup.chooseQr(256, 2);
    await clearClipboard();

    expect(await popup.copyQrImage()).toBe('QR code copied as a 256 px PNG image.');

    const png = await readClipboardPng();
    expect(pngSize(png)).toEqual([256, 256]);
    expect(await decodeQr(png)).toBe(shortUrl);

    // The largest size with the widest margin, copied again from the same panel.
    await popup.chooseQr(1024, 8);
    await clearClipboard();
    expect(await popup.copyQrImage()).toBe('QR code copied as a 1024 px PNG image.');
    const large = await readClipboardPng();
    expect(pngSize(large)).toEqual([1024, 1024]);
    expect(await decodeQr(large)).toBe(shortUrl);
  });

  test('copies a code in brand colours with a centre logo that still decodes to the short URL', async ({
    configuredExt: ext,
    site,
  }) => {
    const popup = await PopupPage.over(ext, site.url('/'));
    await popup.shortenAndWait();
    const shortUrl = await popup.shortUrl();
    await popup.openQr();
    await popup.chooseQr(512, 4);
    await popup.brandQr({ fg: '#1d3557', bg: '#fff3b0', logo: LOGO });
    await screenshot(popup.page, 'popup-qr-branded');
    await clearClipboard();

    expect(await popup.copyQrImage()).toBe('QR code copied as a 512 px PNG image.');
    const png = await readClipboardPng();
    expect(pngSize(png)).toEqual([512, 512]);
    expect(await decodeQr(png)).toBe(shortUrl);
  });

  test('downloads the PNG and the SVG at the chosen size, named after the short URL', async ({
    configuredExt: ext,
    site,
  }) => {
    const downloads = mkdtempSync(join(tmpdir(), 'shortlink-downloads-'));
    try {
      const cdp = await ext.browser.target().createCDPSession();
      await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
      const popup = await PopupPage.over(ext, site.url('/'));
      await popup.shortenAndWait();
      const shortUrl = await popup.shortUrl();
      await popup.openQr();
      await popup.chooseQr(512, 4);
      const name = `qr-${shortUrl.replace(/^https?:\/\//, '').replace(/[^a-z0-9.-]+/gi, '-')}`;

      await popup.downloadQr('png');
      await popup.downloadQr('svg');

      const png = join(downloads, `${name}.png`);
      const svg = join(downloads, `${name}.svg`);
      await expect.poll(() => existsSync(png) && existsSync(svg), { timeout: 10_000 }).toBe(true);
      expect(pngSize(readFileSync(png))).toEqual([512, 512]);
      expect(await decodeQr(readFileSync(png))).toBe(shortUrl);
      expect(readFileSync(svg, 'utf8')).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="512" height="512" /,
      );
    } finally {
      rmSync(downloads, { recursive: true, force: true });
    }
  });
});
