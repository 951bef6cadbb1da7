/**
 * QR codes drawn locally from uqr's module matrix: an SVG path for display and download, and a
 * canvas drawing for PNG download. Nothing here sends the URL anywhere.
 */
import { encode } from 'uqr';
import { t } from '../i18n';

/** Light modules around the code; the QR standard asks for four so scanners find the edges. */
export const QUIET_ZONE = 4;

/** A square matrix of modules; `true` is dark. */
export type QrMatrix = boolean[][];

/** The module matrix of `text`, without a border (callers add the quiet zone). */
export function qrMatrix(text: string): QrMatrix {
  // ECC level M survives a smudged print or a phone photo at a slight angle better than the default L.
  return encode(text, { ecc: 'M', border: 0 }).data;
}

/** Side length in modules including the quiet zone on both sides. */
export function qrSide(matrix: QrMatrix, quiet = QUIET_ZONE): number {
  return matrix.length + 2 * quiet;
}

/**
 * SVG path data with one unit square per dark module, offset by the quiet zone. One path keeps the
 * DOM small (a version-10 code has ~1,500 dark modules).
 */
export function qrPathData(matrix: QrMatrix, quiet = QUIET_ZONE): string {
  const parts: string[] = [];
  matrix.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x + quiet} ${y + quiet}h1v1h-1z`);
    });
  });
  return parts.join('');
}

/** A standalone SVG document of the code (black on white, so it prints and scans in any theme). */
export function qrSvgString(matrix: QrMatrix, { quiet = QUIET_ZONE, moduleSize = 8 } = {}): string {
  const side = qrSide(matrix, quiet);
  const pixels = side * moduleSize;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${pixels}" height="${pixels}" ` +
    `viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#fff"/>` +
    `<path fill="#000" d="${qrPathData(matrix, quiet)}"/></svg>`
  );
}

/** The part of a 2D canvas context the PNG drawing uses, so tests can pass a recorder. */
export interface RectPainter {
  fillStyle: string | CanvasGradient | CanvasPattern;
  fillRect(x: number, y: number, width: number, height: number): void;
}

/** Paints the code onto a canvas context: a white background, then one square per dark module. */
export function paintQr(ctx: RectPainter, matrix: QrMatrix, moduleSize: number, quiet = QUIET_ZONE): void {
  const side = qrSide(matrix, quiet) * moduleSize;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, side, side);
  ctx.fillStyle = '#000';
  matrix.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) ctx.fillRect((x + quiet) * moduleSize, (y + quiet) * moduleSize, moduleSize, moduleSize);
    });
  });
}

/** Renders the code to a PNG blob on a canvas from `doc`; rejects when the browser cannot encode it. */
export function qrPngBlob(matrix: QrMatrix, moduleSize = 8, doc: Document = document): Promise<Blob> {
  const canvas = doc.createElement('canvas');
  canvas.width = canvas.height = qrSide(matrix) * moduleSize;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error(t('manage_qr_no_canvas')));
  paintQr(ctx, matrix, moduleSize);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error(t('manage_qr_png_failed')))),
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
