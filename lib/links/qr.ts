/**
 * QR codes drawn locally from uqr's module matrix: an SVG path for display and download, and a
 * canvas drawing for the PNG copied or downloaded, at the size and margin the user chose
 * (lib/links/qr-options.ts). Nothing here sends the URL anywhere.
 */
import { encode } from 'uqr';
import { t } from '../i18n';
import { defaultQrBrand, type QrBrand, type QrEcc, type QrOptions } from '../storage/items';
import { logoBox } from './qr-brand';

/** A square matrix of modules; `true` is dark. */
export type QrMatrix = boolean[][];

/** The module matrix of `text` at level `ecc`, without a border (callers add the margin). */
export function qrMatrix(text: string, ecc: QrEcc = 'M'): QrMatrix {
  // ECC level M by default: it survives a smudged print or a phone photo at a slight angle better than L.
  return encode(text, { ecc, border: 0 }).data;
}

/** Side length in modules including the margin (quiet zone) on both sides. */
export function qrSide(matrix: QrMatrix, margin: number): number {
  return matrix.length + 2 * margin;
}

/**
 * SVG path data with one unit square per dark module, offset by the margin. One path keeps the DOM
 * small (a version-10 code has ~1,500 dark modules).
 */
export function qrPathData(matrix: QrMatrix, margin: number): string {
  const parts: string[] = [];
  matrix.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x + margin} ${y + margin}h1v1h-1z`);
    });
  });
  return parts.join('');
}

/**
 * A standalone SVG document of the code, `size` pixels wide, in the brand's colours (black on white
 * by default, to print and scan in any theme), its logo embedded in the centre on a background square.
 */
export function qrSvgString(
  matrix: QrMatrix,
  { size, margin }: QrOptions,
  brand: QrBrand = defaultQrBrand(),
): string {
  const side = qrSide(matrix, margin);
  const logo = brand.logo ? logoBox(matrix.length, margin) : null;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" ` +
    `viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="${brand.bg}"/>` +
    `<path fill="${brand.fg}" d="${qrPathData(matrix, margin)}"/>` +
    (logo
      ? `<rect x="${logo.at}" y="${logo.at}" width="${logo.side}" height="${logo.side}" fill="${brand.bg}"/>` +
        `<image x="${logo.at}" y="${logo.at}" width="${logo.side}" height="${logo.side}" href="${brand.logo}"/>`
      : '') +
    '</svg>'
  );
}

/** The part of a 2D canvas context the PNG drawing uses, so tests can pass a recorder. */
export interface RectPainter {
  fillStyle: string | CanvasGradient | CanvasPattern;
  fillRect(x: number, y: number, width: number, height: number): void;
  drawImage?(image: CanvasImageSource, x: number, y: number, width: number, height: number): void;
}

/**
 * Paints the code onto a canvas context exactly `size` pixels wide: a white background, then one
 * rectangle per dark module. A size is rarely a whole number of modules, so each module's edges are
 * rounded to whole pixels: modules differ by at most a pixel, and no edge is blurred.
 */
export function paintQr(
  ctx: RectPainter,
  matrix: QrMatrix,
  { size, margin }: QrOptions,
  brand: QrBrand = defaultQrBrand(),
  logo?: CanvasImageSource,
): void {
  const edge = (modules: number) => Math.round((modules * size) / qrSide(matrix, margin));
  ctx.fillStyle = brand.bg;
  ctx.fillRect(0, 0, size, size);
  ctx.fillStyle = brand.fg;
  matrix.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (!dark) return;
      const [left, top] = [edge(x + margin), edge(y + margin)];
      ctx.fillRect(left, top, edge(x + margin + 1) - left, edge(y + margin + 1) - top);
    });
  });
  if (logo && ctx.drawImage) {
    const box = logoBox(matrix.length, margin);
    const [at, end] = [edge(box.at), edge(box.at + box.side)];
    ctx.fillStyle = brand.bg;
    ctx.fillRect(at, at, end - at, end - at);
    ctx.drawImage(logo, at, at, end - at, end - at);
  }
}

/** The logo as an image to draw, once loaded; rejects when it is not an image the browser reads. */
function loadLogo(dataUrl: string, doc: Document = document): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = doc.createElement('img');
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(t('common_qr_logo_unreadable')));
    image.src = dataUrl;
  });
}

/** Renders the code to a PNG blob on a canvas from `doc`; rejects when the browser cannot encode it. */
export async function qrPngBlob(
  matrix: QrMatrix,
  options: QrOptions,
  brand: QrBrand = defaultQrBrand(),
  doc: Document = document,
): Promise<Blob> {
  const canvas = doc.createElement('canvas');
  canvas.width = canvas.height = options.size;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error(t('common_qr_no_canvas'));
  paintQr(ctx, matrix, options, brand, brand.logo ? await loadLogo(brand.logo, doc) : undefined);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error(t('common_qr_png_failed')))),
      'image/png',
    );
  });
}

/** A file name for a downloaded code of `shortUrl`, e.g. `qr-go.example.com-launch.png`. */
export function qrFileName(shortUrl: string, extension: 'png' | 'svg'): string {
  const slug = shortUrl
    .replace(/^https?:\/\//i, '')
    .replace(/[^a-z0-9.-]+/gi, '-')
    .replace(/^-+|-+$/g, '');
  return `qr-${slug || 'link'}.${extension}`;
}
