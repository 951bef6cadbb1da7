import { useState } from 'preact/hooks';
import { ShareLinks } from '@/components/share-links';
import { withValue } from '@/components/with-value';
import { t } from '@/lib/i18n';
import type { CachedLink } from '@/lib/links/cache';
import { FORMAT_NAMES } from '@/lib/links/copy-format';
import type { CopyFormat } from '@/lib/settings/schema';
import { COPY_FORMATS } from '@/lib/settings/schema';
import { QrCode } from '../later-parts';
import { focusIfLost } from './error-alert';

interface ShortenResultProps {
  link: CachedLink;
  /** The format the link was last copied in; null when it was not copied. */
  copied: CopyFormat | null;
  /** The form changed since: the link is shown as the previous URL's, not as the form's answer. */
  edited: boolean;
  /** The server answered with a link it had made before, not a new one. */
  existing?: boolean;
  /** Copies in the format of the settings. */
  onCopy: () => void;
  /** Copies once in another format, leaving the setting as it is. */
  onCopyAs: (format: CopyFormat) => void;
}

/**
 * The link just created (or reused): its short URL, a Copy button, what was copied and in which
 * format, a "Copy as…" select for a one-off other format, Details, and its QR code on request.
 */
export function ShortenResult({ link, copied, edited, existing, onCopy, onCopyAs }: ShortenResultProps) {
  const [qrOpen, setQrOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  return (
    <section class={edited ? 'card result edited' : 'card result'} aria-label={t('popup_result_label')}>
      <div class="row">
        <input
          class="grow"
          dir="ltr"
          readOnly
          aria-label={t('popup_short_url_label')}
          value={link.shortUrl}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" class="primary" ref={focusIfLost} onClick={onCopy}>
          {t('popup_copy_button')}
        </button>
      </div>
      {existing && !edited && <p class="notice small existing">{t('common_existing_link')}</p>}
      <div class="row small wrap">
        {edited ? (
          <span class="grow previous">
            {withValue('popup_result_previous', link.longUrl, (url) => (
              <span dir="ltr">{url}</span>
            ))}
          </span>
        ) : (
          <span class="ok grow">
            {copied &&
              (copied === 'plain' ? t('popup_copied_plain') : t('popup_copied_as', t(FORMAT_NAMES[copied])))}
          </span>
        )}
        <select
          class="copy-as"
          aria-label={t('popup_copy_as')}
          value=""
          onChange={(e) => {
            const format = e.currentTarget.value as CopyFormat;
            // Back to "Copy as…": the select is an action, not a setting.
            e.currentTarget.value = '';
            onCopyAs(format);
          }}
        >
          <option value="" disabled>
            {t('popup_copy_as')}
          </option>
          {COPY_FORMATS.map((format) => (
            <option key={format} value={format}>
              {t(FORMAT_NAMES[format])}
            </option>
          ))}
        </select>
        <button
          type="button"
          class="qr-toggle"
          aria-expanded={qrOpen}
          aria-controls={qrOpen ? 'result-qr' : undefined}
          onClick={() => setQrOpen(!qrOpen)}
        >
          {t('popup_qr_button')}
        </button>
        <button
          type="button"
          class="share-toggle"
          aria-expanded={shareOpen}
          aria-controls={shareOpen ? 'result-share' : undefined}
          onClick={() => setShareOpen(!shareOpen)}
        >
          {t('common_share_button')}
        </button>
        <a href={`/manage.html#/links/${link.id}`} target="_blank" rel="noreferrer">
          {t('popup_details_link')}
        </a>
      </div>
      {shareOpen && <ShareLinks id="result-share" url={link.shortUrl} title={link.title} />}
      {qrOpen && (
        <div id="result-qr" class="result-qr">
          <QrCode text={link.shortUrl} />
        </div>
      )}
    </section>
  );
}
