/**
 * How management components reach the server: the page provides `callApi` (which asks the
 * background), tests provide a fake. Components never import messaging or `browser` themselves.
 */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { CallApi } from '@/lib/messaging/call-api';

export const ApiContext = createContext<CallApi | null>(null);

/** The API caller provided by the page; throws when a component is rendered outside a provider. */
export function useApi(): CallApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error('ApiContext.Provider is missing above this component.');
  return api;
}
