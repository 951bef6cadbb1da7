/**
 * The QR code's brand (lib/links/qr-brand.ts): foreground and background colours, the error
 * correction level and a centre logo from an image file, kept per profile (qrBrandsItem). Colours
 * scanners can't read are refused with the reason, and the code is not offered in them.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { type ColourProblem, colourProblem, eccOf, MIN_QR_CONTRAST } from '@/lib/links/qr-brand';
import {
  defaultQrBrand,
  getItem,
  QR_ECC_LEVELS,
  QR_LOGO_MAX_CHARS,
  type QrBrand,
  qrBrandsItem,
  type StorageArea,
  setItem,
  settingsItem,
} from '@/lib/storage/items';
import { SelectField, TextField } from './fields';

/** Each level's name, with about how much of the code it recovers. */
const ECC_NAMES = {
  L: 'common_qr_ecc_l',
  M: 'common_qr_ecc_m',
  Q: 'common_qr_ecc_q',
  H: 'common_qr_ecc_h',
} as const;

/** The largest side a logo is kept at, in pixels: sharp at 1024 px codes, small in storage. */
const LOGO_SIDE = 256;

/** The active profile's brand, read once and saved on every change; the defaults until read. */
export function useQrBrand(area: StorageArea | undefined) {
  const [brand, setBrand] = useState<QrBrand>(defaultQrBrand);
  // Two changes before a render (both colours at once) each build on the one before.
  const latest = useRef(brand);
  const [profileId, setProfileId] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all([getItem(settingsItem, area), getItem(qrBrandsItem, area)]).then(
      ([settings, brands]) => {
        if (!live) return;
        setProfileId(settings.activeProfileId);
        const stored = settings.activeProfileId ? brands[settings.activeProfileId] : undefined;
        if (stored) {
          latest.current = stored;
          setBrand(stored);
        }
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [area]);
  const change = (patch: Partial<QrBrand>) => {
    const next = { ...latest.current, ...patch };
    latest.current = next;
    setBrand(next);
    if (!profileId) return;
    // Not remembered is no reason to stop: the code is drawn with the choice either way.
    getItem(qrBrandsItem, area)
      .then((brands) => setItem(qrBrandsItem, { ...brands, [profileId]: next }, area))
      .catch(() => undefined);
  };
  return [brand, change] as const;
}

/** The sentence that says why scanners would fail on the colours. */
function colourProblemText(problem: ColourProblem): string {
  return problem.kind === 'inverted'
    ? t('common_qr_inverted')
    : t('common_qr_low_contrast', problem.ratio.toFixed(1), String(MIN_QR_CONTRAST));
}

/** An image file as a PNG data: URL at most LOGO_SIDE pixels a side; rejects when it is no image. */
async function logoFromFile(file: File): Promise<string> {
  const url = URL.createObjectURL(file);
  try {
    const image = await new Promise<HTMLImageElement>((resolve, reject) => {
      const img = document.createElement('img');
      img.onload = () => resolve(img);
      img.onerror = () => reject(new Error(t('common_qr_logo_unreadable')));
      img.src = url;
    });
    const scale = Math.min(1, LOGO_SIDE / Math.max(image.naturalWidth, image.naturalHeight, 1));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
    canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
    canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
    const data = canvas.toDataURL('image/png');
    if (!data.startsWith('data:image/png;base64,') || data.length > QR_LOGO_MAX_CHARS)
      throw new Error(t('common_qr_logo_unreadable'));
    return data;
  } finally {
    URL.revokeObjectURL(url);
  }
}

interface QrBrandFieldsProps {
  brand: QrBrand;
  /** Changes part of the brand. */
  onBrand: (patch: Partial<QrBrand>) => void;
}

export function QrBrandFields({ brand, onBrand }: QrBrandFieldsProps) {
  const [logoError, setLogoError] = useState<string | undefined>();
  const problem = colourProblem(brand.fg, brand.bg);
  return (
    <div class="qr-options qr-brand">
      <TextField
        type="color"
        label={t('common_qr_foreground')}
        value={brand.fg}
        onValue={(fg) => onBrand({ fg })}
      />
      <TextField
        type="color"
        label={t('common_qr_background')}
        value={brand.bg}
        onValue={(bg) => onBrand({ bg })}
      />
      <SelectField
        label={t('common_qr_ecc')}
        value={eccOf(brand)}
        disabled={Boolean(brand.logo)}
        hint={brand.logo ? t('common_qr_ecc_logo') : undefined}
        onValue={(ecc) => onBrand({ ecc: ecc as QrBrand['ecc'] })}
        options={QR_ECC_LEVELS.map((level) => ({ value: level, label: t(ECC_NAMES[level]) }))}
      />
      <div class="field">
        <label for="qr-logo">{t('common_qr_logo')}</label>
        <input
          id="qr-logo"
          type="file"
          accept="image/png,image/jpeg,image/webp,image/svg+xml"
          aria-describedby={logoError ? 'qr-logo-error' : undefined}
          onChange={async (event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (!file) return;
            setLogoError(undefined);
            try {
              onBrand({ logo: await logoFromFile(file) });
            } catch (error) {
              setLogoError(error instanceof Error ? error.message : t('common_qr_logo_unreadable'));
            }
          }}
        />
        {logoError && (
          <p id="qr-logo-error" class="field-error" role="alert">
            {logoError}
          </p>
        )}
        {brand.logo && (
          <button type="button" class="quiet" onClick={() => onBrand({ logo: null })}>
            {t('common_qr_logo_remove')}
          </button>
        )}
      </div>
      {problem && (
        <p class="error" role="alert">
          {colourProblemText(problem)}
        </p>
      )}
    </div>
  );
}
