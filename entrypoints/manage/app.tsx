import { useEffect, useRef } from 'preact/hooks';
import { copyLink } from '@/components/clipboard';
import { AccountView } from '@/entrypoints/manage/account-view';
import { BulkView } from '@/entrypoints/manage/bulk/bulk-view';
import { CampaignsView } from '@/entrypoints/manage/campaigns-view';
import { ChannelsView, ChannelView } from '@/entrypoints/manage/channels-view';
import type { CopyLink } from '@/entrypoints/manage/copy-button';
import { DomainsView } from '@/entrypoints/manage/domains-view';
import { LinkView, NewLinkView } from '@/entrypoints/manage/links/link-view';
import { LinksView } from '@/entrypoints/manage/links/links-view';
import { RateLimitWait } from '@/entrypoints/manage/rate-limit-wait';
import { type Route, routeHref, useRoute } from '@/entrypoints/manage/route';
import { SplashView } from '@/entrypoints/manage/splash-view';
import { type MessageKey, t } from '@/lib/i18n';
import { loadSettings } from '@/lib/storage/settings';
import { bulkService } from './bulk/bulk-service';

const NAV: { route: Route; label: MessageKey; section: Route['name'][] }[] = [
  { route: { name: 'links' }, label: 'manage_nav_links', section: ['links', 'link', 'link-new'] },
  { route: { name: 'bulk' }, label: 'manage_nav_bulk', section: ['bulk'] },
  { route: { name: 'campaigns' }, label: 'manage_nav_campaigns', section: ['campaigns'] },
  { route: { name: 'channels' }, label: 'manage_nav_channels', section: ['channels', 'channel'] },
  { route: { name: 'domains' }, label: 'manage_nav_domains', section: ['domains'] },
  { route: { name: 'splash' }, label: 'manage_nav_splash', section: ['splash'] },
  { route: { name: 'account' }, label: 'manage_nav_account', section: ['account'] },
];

const navigate = (hash: string) => {
  window.location.hash = hash;
};

/** Copies a link in the copy format chosen in Options, as the popup does. */
const copy: CopyLink = async (link) => {
  const { behaviour } = await loadSettings();
  const { copied, status } = await copyLink(link, behaviour.copyFormat, link.title);
  return { copied: copied !== null, status };
};

/** The view of the current route. */
function View({ route }: { route: Route }) {
  return (
    <>
      {route.name === 'links' && <LinksView navigate={navigate} copy={copy} />}
      {route.name === 'link-new' && <NewLinkView navigate={navigate} />}
      {route.name === 'link' && <LinkView key={route.id} id={route.id} copy={copy} />}
      {route.name === 'campaigns' && <CampaignsView />}
      {route.name === 'channels' && <ChannelsView />}
      {route.name === 'channel' && <ChannelView key={route.id} id={route.id} />}
      {route.name === 'domains' && <DomainsView />}
      {route.name === 'splash' && <SplashView />}
      {route.name === 'account' && <AccountView />}
      {route.name === 'bulk' && <BulkView service={bulkService} />}
      {route.name === 'not-found' && (
        <section>
          <h1>{t('manage_not_found_heading')}</h1>
          <p>
            {t('manage_not_found_text', `#${route.path}`)}{' '}
            <a href={routeHref({ name: 'links' })}>{t('manage_not_found_link')}</a>
          </p>
        </section>
      )}
    </>
  );
}

// The side panel's Manage link opens this page in the panel (`?in=sidepanel`): it then links back.
const IN_SIDE_PANEL = new URLSearchParams(location.search).get('in') === 'sidepanel';

/** The management page: navigation plus the view of the current hash route. */
export function App() {
  const route = useRoute();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  const current = NAV.find((item) => item.section.includes(route.name));

  useEffect(() => {
    document.title = current ? t('manage_page_title', t(current.label)) : t('manage_page_title_default');
    // After a navigation, move focus to the new view so keyboard and screen-reader users start there.
    if (!first.current) main.current?.focus();
    first.current = false;
  }, [route, current]);

  return (
    <div class="layout">
      <button
        type="button"
        class="skip-link"
        onClick={() => {
          // A link to "#main" would change the router's hash, so focus the content directly.
          main.current?.focus();
        }}
      >
        {t('manage_skip_to_content')}
      </button>
      <header class="top">
        {IN_SIDE_PANEL && (
          <a class="back" href="/sidepanel.html">
            {t('panel_back_to_shorten')}
          </a>
        )}
        <p class="brand">{t('ext_name')}</p>
        <nav aria-label={t('manage_nav_label')}>
          <ul>
            {NAV.map((item) => (
              <li key={item.label}>
                <a href={routeHref(item.route)} aria-current={item === current ? 'page' : undefined}>
                  {t(item.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" ref={main} tabIndex={-1}>
        <RateLimitWait />
        <View route={route} />
      </main>
    </div>
  );
}
