/**
 * How management components reach the server: the page provides its server's cache
 * (server-scope.tsx), whose caller asks the background; tests provide one over a fake. Components
 * never import messaging or `browser` themselves.
 */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { ServerCache } from '@/components/server-cache';
import type { CallApi } from '@/lib/messaging/call-api';

export const ServerContext = createContext<ServerCache | null>(null);

/** What the page keeps of its server's answers; throws when a component is rendered outside a provider. */
export function useServerCache(): ServerCache {
  const cache = useContext(ServerContext);
  if (!cache) throw new Error('ServerContext.Provider is missing above this component.');
  return cache;
}

/** The API caller of the page's server. */
export function useApi(): CallApi {
  return useServerCache().call;
}
