/**
 * Draws the toolbar icon (a white chain link on a blue rounded square) at 16, 32, 48 and 128 px
 * into public/icon/<size>.png. Run with `npx tsx scripts/make-icons.ts`; the PNGs are committed, so
 * this only needs re-running when the design changes. No image library: shapes are signed distance
 * functions, supersampled for anti-aliasing, and written as RGBA PNGs with node:zlib.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const SIZES = [16, 32, 48, 128];
const BACKGROUND: Rgb = [37, 99, 235];
const GLYPH: Rgb = [255, 255, 255];
const SAMPLES = 4;

type Rgb = [number, number, number];

/** Distance from (x, y) to a rounded square of half-size `h` and corner radius `r`, centred at 0.5. */
function roundedSquare(x: number, y: number, h: number, r: number): number {
  const qx = Math.abs(x - 0.5) - h + r;
  const qy = Math.abs(y - 0.5) - h + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}

/** Distance to the outline of a capsule (a stadium) from a to b with radius r and stroke half-width w. */
function capsuleRing(
  x: number,
  y: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  r: number,
  w: number,
) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.abs(Math.hypot(x - ax - t * dx, y - ay - t * dy) - r) - w;
}

/** Two interlocking capsule outlines along the rising diagonal: the usual "link" glyph. */
function glyph(x: number, y: number): number {
  const d = Math.SQRT1_2;
  const half = 0.1;
  const r = 0.11;
  const w = 0.045;
  const at = (c: number) => [0.5 + c * d, 0.5 - c * d] as const;
  const [a1x, a1y] = at(-0.2 - half);
  const [b1x, b1y] = at(-0.2 + half);
  const [a2x, a2y] = at(0.2 - half);
  const [b2x, b2y] = at(0.2 + half);
  return Math.min(capsuleRing(x, y, a1x, a1y, b1x, b1y, r, w), capsuleRing(x, y, a2x, a2y, b2x, b2y, r, w));
}

function render(size: number): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let bg = 0;
      let fg = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SAMPLES) / size;
          const y = (py + (sy + 0.5) / SAMPLES) / size;
          if (roundedSquare(x, y, 0.5, 0.2) <= 0) {
            bg++;
            if (glyph(x, y) <= 0) fg++;
          }
        }
      }
      const total = SAMPLES * SAMPLES;
      const mix = bg === 0 ? 0 : fg / bg;
      const i = (py * size + px) * 4;
      for (let c = 0; c < 3; c++) {
        pixels[i + c] = Math.round(BACKGROUND[c]! * (1 - mix) + GLYPH[c]! * mix);
      }
      pixels[i + 3] = Math.round((255 * bg) / total);
    }
  }
  return encodePng(size, size, pixels);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(width: number, height: number, rgba: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  // Each row starts with filter type 0 (none).
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++)
    rgba.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const outDir = resolve(dirname(fileURLToPath(import.meta.url)), '../public/icon');
mkdirSync(outDir, { recursive: true });
for (const size of SIZES) writeFileSync(resolve(outDir, `${size}.png`), render(size));
