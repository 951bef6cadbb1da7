/**
 * A short URL's QR code, drawn here from the module matrix (no network): a preview, the size and
 * margin of the image, and Copy image (PNG), Download PNG and Download SVG. The popup's result and
 * the management page's link view show the same one; the last size and margin chosen are remembered.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { qrFileName, qrMatrix, qrPathData, qrPngBlob, qrSide, qrSvgString } from '@/lib/links/qr';
import { colourProblem, eccOf, logoBox } from '@/lib/links/qr-brand';
import type { QrOptions, QrSize } from '@/lib/storage/items';
import {
  defaultQrOptions,
  getItem,
  isQrMargin,
  QR_MARGIN_RANGE,
  QR_SIZES,
  qrOptionsItem,
  type StorageArea,
  setItem,
} from '@/lib/storage/items';
import { downloadBlob } from './download';
import { SelectField, TextField } from './fields';
import { QrBrandFields, useQrBrand } from './qr-brand-fields';
import { useStatus } from './use-status';

/** The size and margin, read from storage once and saved on every change; the defaults until read. */
function useQrOptions(area: StorageArea | undefined) {
  const [options, setOptions] = useState<QrOptions>(defaultQrOptions);
  useEffect(() => {
    let live = true;
    getItem(qrOptionsItem, area).then(
      (stored) => live && setOptions(stored),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [area]);
  const change = (next: QrOptions) => {
    setOptions(next);
    // Not remembered is no reason to stop: the code is drawn with the choice either way.
    setItem(qrOptionsItem, next, area).catch(() => undefined);
  };
  return [options, change] as const;
}

interface QrCodeProps {
  text: string;
  /** Where the last choices are kept; storage.local unless a test passes another. */
  area?: StorageArea;
  /** Writes the PNG to the clipboard; navigator.clipboard unless a test passes another. */
  clipboard?: Pick<Clipboard, 'write'>;
}

/** The code as SVG elements (no innerHTML), its size and margin, and the copy and download buttons. */
export function QrCode({ text, area, clipboard }: QrCodeProps) {
  const [options, setOptions] = useQrOptions(area);
  const [brand, setBrand] = useQrBrand(area);
  const ecc = eccOf(brand);
  // The margin as typed, so a field being edited ("", "1") is not replaced under the cursor.
  const [marginText, setMarginText] = useState<string | null>(null);
  const [status, setStatus] = useStatus<{ ok: boolean; text: string }>();
  const matrix = useMemo(() => {
    try {
      return qrMatrix(text, ecc);
    } catch {
      return undefined;
    }
  }, [text, ecc]);
  if (!matrix) {
    return (
      <p class="error" role="alert">
        {t('common_qr_too_long')}
      </p>
    );
  }
  const side = qrSide(matrix, options.margin);
  const logo = brand.logo ? logoBox(matrix.length, options.margin) : null;
  // Colours scanners can't read are not offered: the reason is said beside them.
  const refused = colourProblem(brand.fg, brand.bg) !== null;
  const marginError =
    marginText !== null && !isQrMargin(Number(marginText)) ? t('common_qr_margin_error') : undefined;

  const failed = (failure: unknown, fallback: string) =>
    setStatus({ ok: false, text: failure instanceof Error ? failure.message : fallback });
  const copyImage = async () => {
    setStatus(undefined);
    let png: Blob;
    try {
      png = await qrPngBlob(matrix, options, brand);
    } catch (failure) {
      failed(failure, t('common_qr_png_failed'));
      return;
    }
    try {
      await (clipboard ?? navigator.clipboard).write([new ClipboardItem({ 'image/png': png })]);
    } catch {
      // The browser's own reason (no focus, no ClipboardItem) would not say what to do instead.
      setStatus({ ok: false, text: t('common_qr_copy_failed') });
      return;
    }
    setStatus({ ok: true, text: t('common_qr_copied', String(options.size)) });
  };
  const downloadPng = async () => {
    setStatus(undefined);
    try {
      downloadBlob(await qrPngBlob(matrix, options, brand), qrFileName(text, 'png'));
    } catch (failure) {
      failed(failure, t('common_qr_png_failed'));
    }
  };
  const downloadSvg = () => {
    setStatus(undefined);
    downloadBlob(
      new Blob([qrSvgString(matrix, options, brand)], { type: 'image/svg+xml' }),
      qrFileName(text, 'svg'),
    );
  };

  return (
    <div class="qr">
      <svg
        class="qr-image"
        role="img"
        aria-label={t('common_qr_image_label', text)}
        viewBox={`0 0 ${side} ${side}`}
        width={192}
        height={192}
        shape-rendering="crispEdges"
      >
        <rect width={side} height={side} fill={brand.bg} />
        <path fill={brand.fg} d={qrPathData(matrix, options.margin)} />
        {logo && brand.logo && (
          <>
            <rect x={logo.at} y={logo.at} width={logo.side} height={logo.side} fill={brand.bg} />
            <image x={logo.at} y={logo.at} width={logo.side} height={logo.side} href={brand.logo} />
          </>
        )}
      </svg>
      <div class="qr-options">
        <SelectField
          label={t('common_qr_size')}
          value={String(options.size)}
          onValue={(value) => setOptions({ ...options, size: Number(value) as QrSize })}
          options={QR_SIZES.map((size) => ({
            value: String(size),
            label: t('common_qr_size_px', String(size)),
          }))}
        />
        <TextField
          type="number"
          label={t('common_qr_margin')}
          min={QR_MARGIN_RANGE.min}
          max={QR_MARGIN_RANGE.max}
          step={1}
          value={marginText ?? String(options.margin)}
          error={marginError}
          hint={t('common_qr_margin_hint')}
          errorReplacesHint
          onValue={(value) => {
            const margin = Number(value);
            if (value.trim() !== '' && isQrMargin(margin)) {
              setMarginText(null);
              setOptions({ ...options, margin });
            } else setMarginText(value);
          }}
        />
      </div>
      <QrBrandFields brand={brand} onBrand={setBrand} />
      <div class="actions wrap">
        <button type="button" disabled={refused} onClick={copyImage}>
          {t('common_qr_copy_image')}
        </button>
        <button type="button" disabled={refused} onClick={downloadPng}>
          {t('common_qr_download_png')}
        </button>
        <button type="button" disabled={refused} onClick={downloadSvg}>
          {t('common_qr_download_svg')}
        </button>
      </div>
      <p class="ok small" role="status">
        {status?.ok && status.text}
      </p>
      {status && !status.ok && (
        <p class="error" role="alert">
          {status.text}
        </p>
      )}
    </div>
  );
}
