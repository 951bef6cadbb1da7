/** Hash routes of the management page (`manage.html#/links/12`) and a hook that follows them. */
import { useEffect, useState } from 'preact/hooks';
import { parseId } from '@/lib/ids';

export type Route =
  | { name: 'links' }
  | { name: 'link-new' }
  | { name: 'link'; id: number }
  | { name: 'campaigns' }
  | { name: 'channels' }
  | { name: 'channel'; id: number }
  | { name: 'domains' }
  | { name: 'splash' }
  | { name: 'account' }
  | { name: 'bulk' }
  | { name: 'not-found'; path: string };

const SIMPLE = ['links', 'campaigns', 'channels', 'domains', 'splash', 'account', 'bulk'] as const;

/** The route a location hash names; an empty hash is the links list. */
export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#\/?/, '').replace(/\/+$/, '');
  if (path === '') return { name: 'links' };
  const [head, sub, ...rest] = path.split('/');
  if (rest.length === 0 && sub === undefined) {
    const simple = SIMPLE.find((name) => name === head);
    if (simple) return { name: simple };
  }
  if (rest.length === 0 && head === 'links' && sub === 'new') return { name: 'link-new' };
  const id = rest.length === 0 ? parseId(sub) : undefined;
  if (id !== undefined && head === 'links') return { name: 'link', id };
  if (id !== undefined && head === 'channels') return { name: 'channel', id };
  return { name: 'not-found', path };
}

/** The hash of a route, for links and navigation. */
export function routeHref(route: Route): string {
  switch (route.name) {
    case 'link':
      return `#/links/${route.id}`;
    case 'link-new':
      return '#/links/new';
    case 'channel':
      return `#/channels/${route.id}`;
    case 'not-found':
      return `#/${route.path}`;
    default:
      return `#/${route.name}`;
  }
}

/** The current route, updated on every hash change of `win`. */
export function useRoute(win: Window = window): Route {
  const [route, setRoute] = useState(() => parseRoute(win.location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseRoute(win.location.hash));
    win.addEventListener('hashchange', onChange);
    return () => win.removeEventListener('hashchange', onChange);
  }, [win]);
  return route;
}
