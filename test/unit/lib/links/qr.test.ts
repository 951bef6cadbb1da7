import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import {
  paintQr,
  qrFileName,
  qrMatrix,
  qrPathData,
  qrPngBlob,
  qrSide,
  qrSvgString,
  type RectPainter,
} from '@/lib/links/qr';
import type { QrOptions } from '@/lib/storage/items';
import { QR_MARGIN_RANGE, QR_SIZES } from '@/lib/storage/items';

const URL = 'https://go.example.com/launch';
const MARGINS = Array.from(
  { length: QR_MARGIN_RANGE.max - QR_MARGIN_RANGE.min + 1 },
  (_, i) => QR_MARGIN_RANGE.min + i,
);
const EVERY_CHOICE = QR_SIZES.flatMap((size) => MARGINS.map((margin): QrOptions => ({ size, margin })));

function darkCount(matrix: boolean[][]): number {
  return matrix.flat().filter(Boolean).length;
}

/** Paints onto a recorder and fills a size × size bitmap from its rectangles (1 = dark). */
function rasterize(matrix: boolean[][], options: QrOptions) {
  const { size } = options;
  const pixels = new Uint8Array(size * size);
  const rects: { fill: string; rect: number[] }[] = [];
  const ctx: RectPainter = {
    fillStyle: '',
    fillRect(x, y, w, h) {
      rects.push({ fill: String(this.fillStyle), rect: [x, y, w, h] });
      for (let row = y; row < y + h; row++)
        pixels.fill(this.fillStyle === '#000000' ? 1 : 0, row * size + x, row * size + x + w);
    },
  };
  paintQr(ctx, matrix, options);
  return { pixels, rects };
}

describe('qrMatrix', () => {
  it('is the encoder’s matrix without a border', () => {
    const matrix = qrMatrix(URL);
    expect(matrix.length).toBe(encode(URL, { ecc: 'M', border: 0 }).size);
    // Finder pattern: the top-left 7×7 corner starts with a full dark row.
    expect(matrix[0]!.slice(0, 7)).toEqual([true, true, true, true, true, true, true]);
  });
});

describe('qrSvgString', () => {
  it('draws one unit square per dark module, inside the margin', () => {
    const matrix = [
      [true, false],
      [false, true],
    ];
    const svg = qrSvgString(matrix, { margin: 1, size: 256 });
    expect(svg.match(/h1v1h-1z/g)).toHaveLength(2);
    expect(svg).toContain('M1 1h1v1h-1z');
    expect(svg).toContain('M2 2h1v1h-1z');
    expect(svg).toContain('viewBox="0 0 4 4"');
  });

  it.each(EVERY_CHOICE)('is $size px wide with a margin of $margin modules', (options) => {
    const matrix = qrMatrix(URL);
    const doc = new DOMParser().parseFromString(qrSvgString(matrix, options), 'image/svg+xml');
    const svg = doc.documentElement;
    const side = matrix.length + 2 * options.margin;
    expect([svg.getAttribute('width'), svg.getAttribute('height')]).toEqual([
      String(options.size),
      String(options.size),
    ]);
    expect(svg.getAttribute('viewBox')).toBe(`0 0 ${side} ${side}`);
    const d = svg.querySelector('path')!.getAttribute('d')!;
    expect(d.match(/h1v1h-1z/g)).toHaveLength(darkCount(matrix));
    // The finder pattern's corner sits just inside the margin.
    expect(d.startsWith(`M${options.margin} ${options.margin}h1v1h-1z`)).toBe(true);
  });

  it('has as many squares as the real code has dark modules', () => {
    const matrix = qrMatrix(URL);
    expect(qrPathData(matrix, 4).match(/h1v1h-1z/g)).toHaveLength(darkCount(matrix));
  });
});

describe('paintQr (the PNG)', () => {
  it.each(EVERY_CHOICE)(
    'fills exactly $size px with a margin of $margin modules that reads back as the code',
    (options) => {
      const matrix = qrMatrix(URL);
      const { pixels, rects } = rasterize(matrix, options);
      const { size, margin } = options;
      expect(rects[0]).toEqual({ fill: '#ffffff', rect: [0, 0, size, size] });
      expect(rects.slice(1)).toHaveLength(darkCount(matrix));
      for (const { rect } of rects) {
        const [x, y, w, h] = rect as [number, number, number, number];
        expect(x >= 0 && y >= 0 && x + w <= size && y + h <= size && w > 0 && h > 0).toBe(true);
      }
      // Sampled at each module's centre, as a scanner does: the code inside, light all around it.
      const side = qrSide(matrix, margin);
      const module = size / side;
      const read = Array.from({ length: side }, (_, y) =>
        Array.from({ length: side }, (_, x) => {
          const px = Math.floor((x + 0.5) * module);
          const py = Math.floor((y + 0.5) * module);
          return pixels[py * size + px] === 1;
        }),
      );
      const expected = Array.from({ length: side }, (_, y) =>
        Array.from({ length: side }, (_, x) => matrix[y - margin]?.[x - margin] ?? false),
      );
      expect(read).toEqual(expected);
      // Rounded edges: modules differ by at most one pixel.
      const widths = new Set(rects.slice(1).map(({ rect }) => rect[2]!));
      expect(Math.max(...widths) - Math.min(...widths)).toBeLessThanOrEqual(1);
    },
  );
});

describe('qrPngBlob', () => {
  it('encodes a canvas of the chosen size', async () => {
    const canvas = {
      width: 0,
      height: 0,
      getContext: () => ({ fillStyle: '', fillRect: () => undefined }),
      toBlob: (done: (blob: Blob | null) => void, type: string) => done(new Blob(['png'], { type })),
    };
    const doc = { createElement: () => canvas } as unknown as Document;
    const blob = await qrPngBlob(qrMatrix(URL), { size: 1024, margin: 2 }, undefined, doc);
    expect(blob.type).toBe('image/png');
    expect([canvas.width, canvas.height]).toEqual([1024, 1024]);
  });

  it('says to download the SVG when the browser cannot draw or encode', async () => {
    const canvas = (context: unknown, blob: Blob | null) => ({
      getContext: () => context,
      toBlob: (done: (b: Blob | null) => void) => done(blob),
    });
    const doc = (c: unknown) => ({ createElement: () => c }) as unknown as Document;
    await expect(
      qrPngBlob(qrMatrix(URL), { size: 256, margin: 4 }, undefined, doc(canvas(null, null))),
    ).rejects.toThrow('Download the SVG instead');
    const painter = { fillStyle: '', fillRect: () => undefined };
    await expect(
      qrPngBlob(qrMatrix(URL), { size: 256, margin: 4 }, undefined, doc(canvas(painter, null))),
    ).rejects.toThrow('The PNG could not be created');
  });
});

describe('qrFileName', () => {
  it('names the file after the short URL without unsafe characters', () => {
    expect(qrFileName('https://go.example.com/launch', 'png')).toBe('qr-go.example.com-launch.png');
    expect(qrFileName('https://x.example/a?b=c/../d', 'svg')).toBe('qr-x.example-a-b-c-..-d.svg');
    expect(qrFileName('', 'png')).toBe('qr-link.png');
  });
});
