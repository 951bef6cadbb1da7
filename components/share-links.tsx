/**
 * A short link's share pages (lib/links/share.ts): Email, X, LinkedIn, Facebook, WhatsApp, Telegram
 * and Reddit, each opened in a new tab, and the system's share sheet where the browser has one
 * (navigator.share). The popup's result, the popup's list of several links and the management
 * page's link view show the same.
 */
import { t } from '@/lib/i18n';
import { SHARE_BRANDS, SHARE_TARGETS, shareUrl } from '@/lib/links/share';

interface ShareLinksProps {
  url: string;
  /** The page's title ('' when none), for the networks that take one. */
  title: string;
  id?: string;
  /** The system's share sheet, when the browser has one; a test passes its own. */
  share?: ((data: ShareData) => Promise<void>) | undefined;
}

export function ShareLinks({ url, title, id, share = systemShare() }: ShareLinksProps) {
  return (
    <ul class="share" id={id} aria-label={t('common_share_label')}>
      {SHARE_TARGETS.map((target) => {
        const name = target === 'email' ? t('common_share_email') : SHARE_BRANDS[target];
        return (
          <li key={target}>
            <a
              href={shareUrl(target, { url, title })}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('common_share_on', name)}
            >
              {name}
            </a>
          </li>
        );
      })}
      {share && (
        <li>
          <button
            type="button"
            class="quiet"
            // Cancelled by the user, or refused: the links above are still there.
            onClick={() => void share({ url, ...(title ? { title } : {}) }).catch(() => undefined)}
          >
            {t('common_share_system')}
          </button>
        </li>
      )}
    </ul>
  );
}

/** navigator.share bound to navigator, or undefined where the browser has none (Firefox, Linux). */
function systemShare(): ((data: ShareData) => Promise<void>) | undefined {
  return typeof navigator.share === 'function' ? (data) => navigator.share(data) : undefined;
}
