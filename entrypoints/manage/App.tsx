import { useEffect, useRef } from 'preact/hooks';
import { AccountView } from '@/components/manage/account-view';
import { CampaignsView } from '@/components/manage/campaigns-view';
import { ChannelsView, ChannelView } from '@/components/manage/channels-view';
import { DomainsView } from '@/components/manage/domains-view';
import { LinkView, NewLinkView } from '@/components/manage/link-view';
import { LinksView } from '@/components/manage/links-view';
import { RateLimitWait } from '@/components/manage/rate-limit-wait';
import { type Route, routeHref, useRoute } from '@/components/manage/route';
import { SplashView } from '@/components/manage/splash-view';

const NAV: { route: Route; label: string; section: Route['name'][] }[] = [
  { route: { name: 'links' }, label: 'Links', section: ['links', 'link', 'link-new'] },
  { route: { name: 'campaigns' }, label: 'Campaigns', section: ['campaigns'] },
  { route: { name: 'channels' }, label: 'Channels', section: ['channels', 'channel'] },
  { route: { name: 'domains' }, label: 'Domains', section: ['domains'] },
  { route: { name: 'splash' }, label: 'Splash pages', section: ['splash'] },
  { route: { name: 'account' }, label: 'Account', section: ['account'] },
];

const navigate = (hash: string) => {
  window.location.hash = hash;
};

function View({ route }: { route: Route }) {
  switch (route.name) {
    case 'links':
      return <LinksView navigate={navigate} />;
    case 'link-new':
      return <NewLinkView navigate={navigate} />;
    case 'link':
      return <LinkView key={route.id} id={route.id} />;
    case 'campaigns':
      return <CampaignsView />;
    case 'channels':
      return <ChannelsView />;
    case 'channel':
      return <ChannelView key={route.id} id={route.id} />;
    case 'domains':
      return <DomainsView />;
    case 'splash':
      return <SplashView />;
    case 'account':
      return <AccountView />;
    case 'not-found':
      return (
        <section>
          <h1>Page not found</h1>
          <p>
            Nothing lives at “#{route.path}”. <a href={routeHref({ name: 'links' })}>Go to your links.</a>
          </p>
        </section>
      );
  }
}

/** The management page: navigation plus the view of the current hash route. */
export function App() {
  const route = useRoute();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  const current = NAV.find((item) => item.section.includes(route.name));

  useEffect(() => {
    document.title = `${current?.label ?? 'Manage'} – Shortlink`;
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
        Skip to content
      </button>
      <header class="top">
        <p class="brand">Shortlink</p>
        <nav aria-label="Sections">
          <ul>
            {NAV.map((item) => (
              <li key={item.label}>
                <a href={routeHref(item.route)} aria-current={item === current ? 'page' : undefined}>
                  {item.label}
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
