import { t } from '@/lib/i18n';
import { sharedLinks } from '@/lib/jobs/url-list';
import type { CachedLink } from '@/lib/links/cache';
import { FORMAT_NAMES } from '@/lib/links/copy-format';
import { errorText } from '@/lib/present/errors';
import type { FanOutView } from '../hooks/use-preset-fan-out';
import { focusIfLost } from './error-alert';
import { SameLink } from './same-link';

interface PresetResultsProps {
  view: FanOutView;
  now: number;
  /** Copies every link made as one labelled block, in the settings' format. */
  onCopyAll: () => void;
  onCopyOne: (link: CachedLink) => void;
  /** Makes a preset's link that is the same as another preset's a link of its own. */
  onMakeDistinct: (presetId: string) => void;
}

/**
 * The links of "One per preset": one line per preset with its short URL and a Copy button, or why
 * that preset's link failed; the others were made and copied all the same.
 */
export function PresetResults({ view, now, onCopyAll, onCopyOne, onMakeDistinct }: PresetResultsProps) {
  const { outcomes, copied } = view;
  const made = outcomes.filter((outcome) => 'link' in outcome).length;
  const shared = sharedLinks(
    outcomes.map((outcome) => ('link' in outcome ? outcome.link.shortUrl : undefined)),
  );
  return (
    <section class="card result" aria-label={t('popup_presets_result_label')}>
      <ul class="preset-results">
        {outcomes.map((outcome, index) => {
          const name = outcome.preset.name;
          return (
            <li key={outcome.preset.id} class={'error' in outcome ? 'failed' : undefined}>
              <span class="preset-name">{name}</span>
              {'link' in outcome ? (
                <div class="row">
                  <input
                    class="grow"
                    readOnly
                    aria-label={t('popup_presets_short_url_label', name)}
                    value={outcome.link.shortUrl}
                    onFocus={(e) => e.currentTarget.select()}
                  />
                  <button
                    type="button"
                    aria-label={t('popup_presets_copy_label', name)}
                    onClick={() => onCopyOne(outcome.link)}
                  >
                    {t('popup_copy_button')}
                  </button>
                </div>
              ) : (
                <p class="field-error">{errorText(outcome.error, now)}</p>
              )}
              {'link' in outcome && outcome.reused && (
                <span class="muted small">{t('popup_presets_reused')}</span>
              )}
              {'link' in outcome && outcome.existing && (
                <span class="muted small existing">{t('common_existing_link')}</span>
              )}
              {shared[index] && (
                <SameLink name={name} onMakeDistinct={() => onMakeDistinct(outcome.preset.id)} />
              )}
            </li>
          );
        })}
      </ul>
      {made > 0 && (
        <div class="row small">
          <span class="ok grow">
            {copied &&
              (copied === 'plain'
                ? t('popup_presets_copied_block')
                : t('popup_presets_copied_block_as', t(FORMAT_NAMES[copied])))}
          </span>
          <button type="button" class="primary" ref={focusIfLost} onClick={onCopyAll}>
            {t('popup_presets_copy_all')}
          </button>
        </div>
      )}
      {made < outcomes.length && (
        <p class="small" role="alert">
          {t('popup_presets_some_failed', outcomes.length - made, outcomes.length)}
        </p>
      )}
    </section>
  );
}
