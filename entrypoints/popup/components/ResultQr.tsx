/**
 * The QR code of the popup's result: the shared panel (components/qr-code.tsx), imported when first
 * shown, since it brings the QR encoder, which the popup's first draw does not need.
 */
import { useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';

type QrModule = typeof import('@/components/qr-code');
let loaded: QrModule | undefined;

/** The QR panel of `shortUrl`, drawn once its module is loaded. */
export function ResultQr({ id, shortUrl }: { id: string; shortUrl: string }) {
  const [module, setModule] = useState(loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (module) return;
    let live = true;
    import('@/components/qr-code').then(
      (imported) => {
        loaded = imported;
        if (live) setModule(imported);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [module]);
  return (
    <div id={id} class="result-qr">
      {failed ? (
        <p class="error" role="alert">
          {t('popup_qr_load_failed')}
        </p>
      ) : (
        module && <module.QrCode text={shortUrl} />
      )}
    </div>
  );
}
