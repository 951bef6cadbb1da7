import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import {
  paintQr,
  QUIET_ZONE,
  qrFileName,
  qrMatrix,
  qrPathData,
  qrSide,
  qrSvgString,
  type RectPainter,
} from '@/lib/links/qr';

const URL = 'https://go.example.com/launch';

function darkCount(matrix: boolean[][]): number {
  return matrix.flat().filter(Boolean).length;
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
  it('draws one unit square per dark module, inside the quiet zone', () => {
    const matrix = [
      [true, false],
      [false, true],
    ];
    const svg = qrSvgString(matrix, { quiet: 1, moduleSize: 10 });
    expect(svg.match(/h1v1h-1z/g)).toHaveLength(2);
    expect(svg).toContain('M1 1h1v1h-1z');
    expect(svg).toContain('M2 2h1v1h-1z');
    expect(svg).toContain('viewBox="0 0 4 4"');
    expect(svg).toContain('width="40"');
  });

  it('has as many squares as the real code has dark modules', () => {
    const matrix = qrMatrix(URL);
    expect(qrPathData(matrix).match(/h1v1h-1z/g)).toHaveLength(darkCount(matrix));
    expect(qrSvgString(matrix)).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });

  it('is parseable SVG', () => {
    const doc = new DOMParser().parseFromString(qrSvgString(qrMatrix(URL)), 'image/svg+xml');
    expect(doc.documentElement.getAttribute('viewBox')).toBe(
      `0 0 ${qrSide(qrMatrix(URL))} ${qrSide(qrMatrix(URL))}`,
    );
  });
});

describe('paintQr', () => {
  it('paints a white background and then each dark module in black', () => {
    const calls: { fill: string; rect: number[] }[] = [];
    const ctx: RectPainter = {
      fillStyle: '',
      fillRect(x, y, w, h) {
        calls.push({ fill: String(this.fillStyle), rect: [x, y, w, h] });
      },
    };
    const matrix = qrMatrix(URL);
    paintQr(ctx, matrix, 3);
    const side = (matrix.length + 2 * QUIET_ZONE) * 3;
    expect(calls[0]).toEqual({ fill: '#fff', rect: [0, 0, side, side] });
    const dark = calls.slice(1);
    expect(dark).toHaveLength(darkCount(matrix));
    expect(dark.every((call) => call.fill === '#000')).toBe(true);
    // The first dark module is the finder pattern's corner, just inside the quiet zone.
    expect(dark[0]!.rect).toEqual([QUIET_ZONE * 3, QUIET_ZONE * 3, 3, 3]);
  });
});

describe('qrFileName', () => {
  it('names the file after the short URL without unsafe characters', () => {
    expect(qrFileName('https://go.example.com/launch', 'png')).toBe('qr-go.example.com-launch.png');
    expect(qrFileName('https://x.example/a?b=c/../d', 'svg')).toBe('qr-x.example-a-b-c-..-d.svg');
    expect(qrFileName('', 'png')).toBe('qr-link.png');
  });
});
