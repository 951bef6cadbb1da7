/** A QR code of a short URL, drawn here from the module matrix, with PNG and SVG downloads. */
import { useMemo, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { qrFileName, qrMatrix, qrPathData, qrPngBlob, qrSide, qrSvgString } from '@/lib/links/qr';
import { downloadBlob } from './download';
import { ErrorMessage } from './ui';

/** The code as SVG elements (no innerHTML), plus download buttons. */
export function QrCode({ text }: { text: string }) {
  const [error, setError] = useState<string>();
  const matrix = useMemo(() => {
    try {
      return qrMatrix(text);
    } catch {
      return undefined;
    }
  }, [text]);
  if (!matrix) return <ErrorMessage error={t('manage_qr_too_long')} />;
  const side = qrSide(matrix);

  const downloadPng = async () => {
    setError(undefined);
    try {
      downloadBlob(await qrPngBlob(matrix), qrFileName(text, 'png'));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('manage_qr_png_failed'));
    }
  };
  const downloadSvg = () => {
    setError(undefined);
    downloadBlob(new Blob([qrSvgString(matrix)], { type: 'image/svg+xml' }), qrFileName(text, 'svg'));
  };

  return (
    <div class="qr">
      <svg
        class="qr-image"
        role="img"
        aria-label={t('manage_qr_image_label', text)}
        viewBox={`0 0 ${side} ${side}`}
        width={side * 5}
        height={side * 5}
        shape-rendering="crispEdges"
      >
        <rect width={side} height={side} fill="#fff" />
        <path fill="#000" d={qrPathData(matrix)} />
      </svg>
      <div class="actions">
        <button type="button" onClick={downloadPng}>
          {t('manage_qr_download_png')}
        </button>
        <button type="button" onClick={downloadSvg}>
          {t('manage_qr_download_svg')}
        </button>
      </div>
      <ErrorMessage error={error} />
    </div>
  );
}
