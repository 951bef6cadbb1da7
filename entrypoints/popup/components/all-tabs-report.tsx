import { useEffect, useRef } from 'preact/hooks';
import { t, tPlural } from '@/lib/i18n';
import { errorText } from '@/lib/present/errors';
import type { AllTabsView } from '../all-tabs';

/**
 * The box under the "Shorten all tabs" button: progress, then what was copied and what failed. It
 * sits below the recent links, so it is scrolled into view when it appears or changes kind, if
 * `follow` (the user pressed the button in this popup). A report taken up as the popup opens is not:
 * the popup must open at the top, with its header in view.
 */
export function AllTabsReport({ view, follow }: { view: AllTabsView; follow: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (follow) box.current?.scrollIntoView({ block: 'nearest' });
  }, [view.kind, follow]);
  return (
    <div ref={box}>
      <AllTabsContent view={view} />
    </div>
  );
}

function AllTabsContent({ view }: { view: AllTabsView }) {
  if (view.kind === 'denied' || view.kind === 'error') {
    return (
      <p class="alert" role="alert">
        {view.kind === 'denied'
          ? t('popup_all_tabs_denied')
          : t('popup_all_tabs_error', errorText(view.error, Date.now()))}
      </p>
    );
  }
  if (view.kind === 'running') {
    const p = view.progress;
    return (
      <div class="card" role="status">
        <p>{p ? t('popup_all_tabs_progress', p.done + p.failed, p.total) : t('popup_all_tabs_starting')}</p>
        <progress
          aria-label={t('popup_all_tabs_progress_label')}
          max={p?.total || 1}
          value={p ? p.done + p.failed : undefined}
        />
      </div>
    );
  }
  const { links, failures, skipped, text, copied } = view.result;
  return (
    <div class="card" role="status">
      {links.length ? (
        copied ? (
          <p class="ok">{tPlural('popup_all_tabs_copied', links.length)}</p>
        ) : (
          <>
            <p class="alert">{tPlural('popup_all_tabs_not_copied', links.length)}</p>
            <textarea
              readOnly
              rows={Math.min(links.length, 5)}
              aria-label={t('popup_all_tabs_list_label')}
              value={text}
              onFocus={(e) => e.currentTarget.select()}
            />
          </>
        )
      ) : (
        failures.length === 0 && <p>{t('popup_all_tabs_none')}</p>
      )}
      {failures.length > 0 && (
        <>
          <p>{tPlural('popup_all_tabs_failed', failures.length)}</p>
          <ul class="failures">
            {failures.map((failure) => (
              <li key={failure.longUrl}>
                {t(
                  'popup_all_tabs_failure',
                  failure.title || failure.longUrl,
                  // A queued tab is tried again when its queue entry says: no hint to retry it.
                  failure.queued ? failure.error.message : errorText(failure.error, Date.now()),
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {skipped > 0 && <p class="muted small">{tPlural('popup_all_tabs_skipped', skipped)}</p>}
    </div>
  );
}
