/**
 * QR codes in the user's brand: the contrast rule scanners need, the level a logo forces, and
 * branded codes decoded back (jsQR) in every level, in brand colours and with a centre logo.
 */
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { paintQr, qrMatrix, qrSvgString } from '@/lib/links/qr';
import { colourProblem, contrastRatio, eccOf, LOGO_MAX_AREA, logoBox } from '@/lib/links/qr-brand';
import { defaultQrBrand, QR_ECC_LEVELS, type QrBrand, type QrSize } from '@/lib/storage/items';

const URL = 'https://sho.rt/spring-sale-2026?ref=newsletter';

const rgb = (hex: string) => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));

/**
 * Paints the code on an RGBA buffer as the canvas would; the logo, when drawn, is a busy picture
 * (stripes of the two colours and red) that hides the modules under it.
 */
function render(brand: QrBrand, size: QrSize = 512, margin = 4): Uint8ClampedArray {
  const data = new Uint8ClampedArray(size * size * 4);
  let colour = [0, 0, 0];
  const fill = (x: number, y: number, w: number, h: number, at: (px: number, py: number) => number[]) => {
    for (let py = Math.max(0, y); py < Math.min(size, y + h); py++)
      for (let px = Math.max(0, x); px < Math.min(size, x + w); px++) {
        const [r, g, b] = at(px, py) as [number, number, number];
        data.set([r, g, b, 255], (py * size + px) * 4);
      }
  };
  const ctx = {
    get fillStyle() {
      return '';
    },
    set fillStyle(value: string) {
      colour = rgb(value);
    },
    fillRect: (x: number, y: number, w: number, h: number) => fill(x, y, w, h, () => colour),
    drawImage: (_image: unknown, x: number, y: number, w: number, h: number) =>
      fill(x, y, w, h, (px) => [[200, 0, 0], rgb(brand.fg), rgb(brand.bg)][Math.floor(px / 5) % 3]!),
  };
  const matrix = qrMatrix(URL, eccOf(brand));
  paintQr(ctx, matrix, { size, margin }, brand, brand.logo ? ({} as CanvasImageSource) : undefined);
  return data;
}

const decode = (brand: QrBrand, size: QrSize = 512) => jsQR(render(brand, size), size, size)?.data ?? null;
const LOGO = 'data:image/png;base64,iVBORw0KGgo=';

describe('the colour rule', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('refuses colours too close, and light modules on a dark background, saying which', () => {
    expect(colourProblem('#000000', '#ffffff')).toBeNull();
    expect(colourProblem('#1d3557', '#f1faee')).toBeNull();
    expect(colourProblem('#aaaaaa', '#ffffff')).toEqual({ kind: 'contrast', ratio: expect.closeTo(2.32, 2) });
    expect(colourProblem('#ffffff', '#000000')).toEqual({ kind: 'inverted' });
  });
});

describe('the logo', () => {
  it('forces level H, and covers at most the share H recovers', () => {
    expect(eccOf({ ecc: 'L', logo: LOGO })).toBe('H');
    expect(eccOf({ ecc: 'Q', logo: null })).toBe('Q');
    const modules = qrMatrix(URL, 'H').length;
    const { at, side } = logoBox(modules, 4);
    expect((side * side) / (modules * modules)).toBeLessThanOrEqual(LOGO_MAX_AREA);
    expect(at - 4 + side / 2).toBeCloseTo(modules / 2);
  });
});

describe('branded codes decode', () => {
  it.each(QR_ECC_LEVELS)('in brand colours at level %s', (ecc) => {
    expect(decode({ fg: '#1d3557', bg: '#f1faee', ecc, logo: null })).toBe(URL);
  });

  it('with a centre logo, at the level it forces', () => {
    expect(decode({ fg: '#1d3557', bg: '#fff3b0', ecc: 'L', logo: LOGO })).toBe(URL);
    expect(decode({ ...defaultQrBrand(), logo: LOGO }, 256)).toBe(URL);
  });

  it('in the SVG: the brand colours, and the logo embedded on a background square', () => {
    const brand = { fg: '#1d3557', bg: '#f1faee', ecc: 'H' as const, logo: LOGO };
    const matrix = qrMatrix(URL, 'H');
    const svg = qrSvgString(matrix, { size: 512, margin: 4 }, brand);
    const { at, side } = logoBox(matrix.length, 4);
    expect(svg).toContain('<rect width="');
    expect(svg).toContain('fill="#f1faee"/><path fill="#1d3557"');
    expect(svg).toContain(`<rect x="${at}" y="${at}" width="${side}" height="${side}" fill="#f1faee"/>`);
    expect(svg).toContain(`<image x="${at}" y="${at}" width="${side}" height="${side}" href="${LOGO}"/>`);
  });
});
