/** #/splash: custom splash pages and CTA overlays, read-only (the API only lists them). */
import { useState } from 'preact/hooks';
import { useApi } from './api-context';
import { useLoad } from './hooks';
import { PAGE_SIZE } from './links-view';
import { LoadState, Pager } from './ui';

function SplashPages() {
  const api = useApi();
  const [page, setPage] = useState(1);
  const pages = useLoad(() => api('listSplash', { limit: PAGE_SIZE, page }), [api, page]);
  return (
    <section aria-labelledby="splash-heading" class="card">
      <h2 id="splash-heading">Custom splash pages</h2>
      <LoadState loading={pages.loading && !pages.data} error={pages.error} onRetry={pages.reload} />
      {pages.data &&
        (pages.data.items.length === 0 ? (
          <p>No custom splash pages.</p>
        ) : (
          <table class="list" aria-busy={pages.loading}>
            <thead>
              <tr>
                <th scope="col">Id</th>
                <th scope="col">Name</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {pages.data.items.map((splash) => (
                <tr key={splash.id}>
                  <td class="num">{splash.id}</td>
                  <td>{splash.name}</td>
                  <td>{splash.date}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      <Pager label="Splash page pages" page={pages.data} onPage={setPage} busy={pages.loading} />
    </section>
  );
}

function Overlays() {
  const api = useApi();
  const [page, setPage] = useState(1);
  const overlays = useLoad(() => api('listOverlays', { limit: PAGE_SIZE, page }), [api, page]);
  return (
    <section aria-labelledby="overlays-heading" class="card">
      <h2 id="overlays-heading">CTA overlays</h2>
      <LoadState
        loading={overlays.loading && !overlays.data}
        error={overlays.error}
        onRetry={overlays.reload}
      />
      {overlays.data &&
        (overlays.data.items.length === 0 ? (
          <p>No CTA overlays.</p>
        ) : (
          <table class="list" aria-busy={overlays.loading}>
            <thead>
              <tr>
                <th scope="col">Id</th>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {overlays.data.items.map((overlay) => (
                <tr key={overlay.id}>
                  <td class="num">{overlay.id}</td>
                  <td>{overlay.name}</td>
                  <td>{overlay.type}</td>
                  <td>{overlay.date}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      <Pager label="Overlay pages" page={overlays.data} onPage={setPage} busy={overlays.loading} />
    </section>
  );
}

/** The splash pages and overlays page. */
export function SplashView() {
  return (
    <section aria-labelledby="splash-page-heading">
      <h1 id="splash-page-heading">Splash pages and CTA overlays</h1>
      <p class="hint">
        These are managed on the server’s website. Choose one as a link’s redirect type in the link editor.
      </p>
      <SplashPages />
      <Overlays />
    </section>
  );
}
