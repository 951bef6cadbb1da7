/** #/splash: custom splash pages and CTA overlays, read-only (the API only lists them). */

import { t } from '@/lib/i18n';
import { formatDate } from '@/lib/present/dates';
import { overlayTypeLabel } from '@/lib/present/labels';
import { usePagedResource } from './hooks';
import { ListTable, PagedList } from './paged-list';

function SplashPages() {
  const pages = usePagedResource('listSplash', (paging) => [paging]);
  return (
    <section aria-labelledby="splash-heading" class="card">
      <h2 id="splash-heading">{t('manage_splash_pages_heading')}</h2>
      <PagedList
        list={pages}
        empty={t('manage_splash_pages_empty')}
        pagerLabel={t('manage_splash_pages_pager')}
      >
        {(items, busy) => (
          <ListTable busy={busy}>
            <thead>
              <tr>
                <th scope="col">{t('manage_splash_id_column')}</th>
                <th scope="col">{t('manage_splash_name_column')}</th>
                <th scope="col">{t('manage_splash_created_column')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((splash) => (
                <tr key={splash.id}>
                  <td class="num">{splash.id}</td>
                  <td>{splash.name}</td>
                  <td>{formatDate(splash.date)}</td>
                </tr>
              ))}
            </tbody>
          </ListTable>
        )}
      </PagedList>
    </section>
  );
}

function Overlays() {
  const overlays = usePagedResource('listOverlays', (paging) => [paging]);
  return (
    <section aria-labelledby="overlays-heading" class="card">
      <h2 id="overlays-heading">{t('manage_overlays_heading')}</h2>
      <PagedList list={overlays} empty={t('manage_overlays_empty')} pagerLabel={t('manage_overlays_pager')}>
        {(items, busy) => (
          <ListTable busy={busy}>
            <thead>
              <tr>
                <th scope="col">{t('manage_splash_id_column')}</th>
                <th scope="col">{t('manage_splash_name_column')}</th>
                <th scope="col">{t('manage_overlays_type_column')}</th>
                <th scope="col">{t('manage_splash_created_column')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((overlay) => (
                <tr key={overlay.id}>
                  <td class="num">{overlay.id}</td>
                  <td>{overlay.name}</td>
                  <td>{overlayTypeLabel(overlay.type)}</td>
                  <td>{formatDate(overlay.date)}</td>
                </tr>
              ))}
            </tbody>
          </ListTable>
        )}
      </PagedList>
    </section>
  );
}

/** The splash pages and overlays page. */
export function SplashView() {
  return (
    <section aria-labelledby="splash-page-heading">
      <h1 id="splash-page-heading">{t('manage_splash_heading')}</h1>
      <p class="hint">{t('manage_splash_intro')}</p>
      <SplashPages />
      <Overlays />
    </section>
  );
}
