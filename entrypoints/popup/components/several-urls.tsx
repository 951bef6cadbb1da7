import { useState } from 'preact/hooks';
import { ShareLinks } from '@/components/share-links';
import { t, tPlural } from '@/lib/i18n';
import { MAX_LIST_URLS } from '@/lib/jobs/url-list';
import { type CachedLink, sameLongUrl } from '@/lib/links/cache';
import { errorText } from '@/lib/present/errors';
import type { SeveralRun } from '../hooks/use-several-urls';
import { SameLink } from './same-link';

interface SeveralUrlsProps {
  urls: readonly string[];
  /** More URLs than one list takes were pasted. */
  cut: boolean;
  run: SeveralRun | null;
  pending: boolean;
  now: number;
  madeBefore: (url: string) => CachedLink | undefined;
  onRemove: (url: string) => void;
  onLeave: () => void;
  onCopyOne: (shortUrl: string) => void;
  onCopyAll: () => void;
  /** Makes the run's row `index`, which shares its short link with another, a link of its own. */
  onMakeDistinct: (index: number) => void;
}

/**
 * The Long URL field turned into a list: each URL pasted, once, with what Shorten will do with it
 * (reuse a link made before) and then what it did (its short link and Copy, or why it failed). Once
 * the run ended, whether the list was copied, and Copy all.
 */
export function SeveralUrls(props: SeveralUrlsProps) {
  const { urls, run, now } = props;
  // The row whose share pages are open: one at a time, drawn only once asked for.
  const [sharing, setSharing] = useState<string | null>(null);
  const rows = run?.rows ?? [];
  const linked = rows.filter((row) => row.shortUrl).length;
  const failed = rows.filter((row) => row.state === 'failed').length;
  return (
    <section class="several" aria-label={t('popup_several_label')}>
      <div class="row">
        <p class="grow" id="several-count">
          {tPlural('popup_several_found', urls.length)}
        </p>
        <button type="button" class="quiet" disabled={props.pending} onClick={props.onLeave}>
          {t('popup_several_one_url')}
        </button>
      </div>
      {props.cut && <p class="notice small">{t('popup_several_cut', MAX_LIST_URLS)}</p>}
      <ul class="several-list" aria-describedby="several-count">
        {urls.map((url) => {
          const index = rows.findIndex((r) => sameLongUrl(r.longUrl, url));
          const row = rows[index];
          const before = !run ? props.madeBefore(url) : undefined;
          return (
            <li key={url} class={row?.state === 'failed' ? 'failed' : undefined}>
              <div class="row">
                <span class="several-url grow" title={url}>
                  {url}
                </span>
                {!props.pending && !run?.end && (
                  <button
                    type="button"
                    class="quiet"
                    aria-label={t('popup_several_remove_label', url)}
                    onClick={() => props.onRemove(url)}
                  >
                    ×
                  </button>
                )}
              </div>
              {row?.shortUrl ? (
                <div class="row">
                  <input
                    class="grow"
                    readOnly
                    aria-label={t('popup_several_short_url_label', url)}
                    value={row.shortUrl}
                    onFocus={(e) => e.currentTarget.select()}
                  />
                  <button
                    type="button"
                    aria-label={t('popup_several_copy_label', url)}
                    onClick={() => row.shortUrl && props.onCopyOne(row.shortUrl)}
                  >
                    {t('popup_copy_button')}
                  </button>
                  <button
                    type="button"
                    aria-label={t('popup_several_share_label', url)}
                    aria-expanded={sharing === url}
                    onClick={() => setSharing(sharing === url ? null : url)}
                  >
                    {t('common_share_button')}
                  </button>
                </div>
              ) : row?.state === 'failed' && row.error ? (
                <p class="field-error">{errorText(row.error, now)}</p>
              ) : row?.state === 'sending' ? (
                <span class="muted small">{t('popup_shortening')}</span>
              ) : (
                before && <span class="muted small">{t('popup_several_made_before', before.shortUrl)}</span>
              )}
              {row?.shortUrl && sharing === url && <ShareLinks url={row.shortUrl} title={row.title} />}
              {row?.state === 'reused' && <span class="muted small">{t('popup_presets_reused')}</span>}
              {row?.existing && <span class="muted small existing">{t('common_existing_link')}</span>}
              {row?.shortUrl && row.error && <p class="field-error">{errorText(row.error, now)}</p>}
              {row?.shared && <SameLink name={url} onMakeDistinct={() => props.onMakeDistinct(index)} />}
            </li>
          );
        })}
      </ul>
      {run?.error && (
        <p class="alert" role="alert">
          {errorText(run.error, now)}
        </p>
      )}
      {run?.end && linked > 0 && (
        <div class="row small">
          {run.end.copied ? (
            <span class="ok grow">{tPlural('popup_several_copied', linked)}</span>
          ) : (
            <span class="alert grow">{tPlural('popup_several_not_copied', linked)}</span>
          )}
          <button type="button" class="primary" onClick={props.onCopyAll}>
            {t('popup_presets_copy_all')}
          </button>
        </div>
      )}
      {run?.end && !run.end.copied && linked > 0 && (
        <textarea
          readOnly
          rows={Math.min(linked, 5)}
          aria-label={t('popup_several_list_label')}
          value={run.end.text}
          onFocus={(e) => e.currentTarget.select()}
        />
      )}
      {run?.end && failed > 0 && (
        <p class="small" role="alert">
          {t('popup_presets_some_failed', failed, rows.length)}
        </p>
      )}
    </section>
  );
}
