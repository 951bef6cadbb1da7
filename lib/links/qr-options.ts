/**
 * The choices of a downloaded or copied QR code, its size in pixels and its margin (quiet zone) in
 * modules, and the reader of the last ones the user chose. Apart from lib/links/qr.ts, which brings the
 * encoder, so lib/storage/items.ts can import the reader without it.
 */
import { isObject } from '../is-object';

/** The image sizes offered, in pixels per side. */
export const QR_SIZES = [256, 512, 1024] as const;
export type QrSize = (typeof QR_SIZES)[number];

/** The smallest and largest margin offered, in modules. */
export const QR_MARGIN_RANGE = { min: 0, max: 8 } as const;

/** The user's choice of size and margin. */
export interface QrOptions {
  size: QrSize;
  margin: number;
}

/** The choices before the user makes any: the QR standard asks for a margin of four modules. */
export function defaultQrOptions(): QrOptions {
  return { size: 512, margin: 4 };
}

/** True for a whole number of modules within QR_MARGIN_RANGE. */
export function isQrMargin(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= QR_MARGIN_RANGE.min &&
    value <= QR_MARGIN_RANGE.max
  );
}

/** The stored choices; each unreadable one is its default. */
export function readQrOptions(raw: unknown): QrOptions {
  const stored = isObject(raw) ? raw : {};
  const defaults = defaultQrOptions();
  return {
    size: QR_SIZES.includes(stored.size as QrSize) ? (stored.size as QrSize) : defaults.size,
    margin: isQrMargin(stored.margin) ? stored.margin : defaults.margin,
  };
}
