/**
 * A QR code in the user's brand: its colours, its error correction level and a centre logo. Pure
 * rules the page draws by (components/qr-code.tsx): whether scanners can read the colours, which
 * level a logo needs, and how large the logo may be.
 */
import type { QrBrand, QrEcc } from '../storage/items';

/**
 * The contrast scanners need between the modules and the background (WCAG's ratio, 1 to 21):
 * black on white is 21, and a phone camera still reads 4:1 in ordinary light.
 */
export const MIN_QR_CONTRAST = 4;

/** Of the code's modules (margin left out), the share a centre logo may hide: within what level H recovers. */
export const LOGO_MAX_AREA = 0.12;

/** A #rrggbb colour's relative luminance (WCAG 2), 0 for black to 1 for white. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio of two #rrggbb colours, from 1 (the same) to 21 (black and white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Why scanners would fail on these colours, or null when they read them. */
export type ColourProblem =
  | { kind: 'contrast'; ratio: number }
  /** Light modules on a dark background: many scanners look for dark on light only. */
  | { kind: 'inverted' };

/** What is wrong with modules of `fg` on a background of `bg`, or null. */
export function colourProblem(fg: string, bg: string): ColourProblem | null {
  const ratio = contrastRatio(fg, bg);
  if (ratio < MIN_QR_CONTRAST) return { kind: 'contrast', ratio };
  if (luminance(fg) > luminance(bg)) return { kind: 'inverted' };
  return null;
}

/** The level the code is encoded with: H whenever a logo hides part of it. */
export function eccOf(brand: Pick<QrBrand, 'ecc' | 'logo'>): QrEcc {
  return brand.logo ? 'H' : brand.ecc;
}

/** The logo's box, centred, in modules of a code `modules` wide (margin left out). */
export function logoBox(modules: number, margin: number): { at: number; side: number } {
  const side = Math.floor(modules * Math.sqrt(LOGO_MAX_AREA));
  return { at: margin + (modules - side) / 2, side };
}
