/**
 * Stand-ins, in the service worker's start script, for code of the lazy part (lazy-part.ts): each is
 * ready at once and loads the part only when it is first used. After a failed load (the part's
 * script could not be imported) the next use tries again.
 */
import { normalizeBaseUrl } from '@/lib/api/base-url';
import type { ShortenerClient } from '@/lib/api/client';
import type { MessageType } from '@/lib/messaging/protocol';
import { API_METHODS } from './api-calls';
import type { LazyPart } from './lazy-part';
import { loadLazyPart } from './load-lazy-part';
import type { Handlers } from './messages';

/** Runs `make` on the first call and returns its result from then on, unless it rejected. */
function onFirstUse<T>(make: () => Promise<T>): { get(): Promise<T>; made(): T | undefined } {
  let made: T | undefined;
  let making: Promise<T> | undefined;
  return {
    get: () =>
      (making ??= make().then(
        (value) => (made = value),
        (error: unknown) => {
          making = undefined;
          throw error;
        },
      )),
    made: () => made,
  };
}

type AnyMethod = (...args: unknown[]) => Promise<unknown>;

/**
 * A client that builds the real one with the lazy part when one of its methods is first called, and
 * from then on passes every call to it. Handing a client out thus costs nothing: a handler that finds
 * what it needs in the cache sends no request, and the worker never loads the part.
 */
export function clientOnDemand(
  serverUrl: string,
  build: (part: LazyPart) => ShortenerClient,
): ShortenerClient {
  const real = onFirstUse(async () => build(await loadLazyPart()));
  const call = (client: ShortenerClient, method: keyof ShortenerClient, args: unknown[]) =>
    (client[method] as AnyMethod).apply(client, args);
  const client = {
    get baseUrl() {
      const base = normalizeBaseUrl(serverUrl);
      return base.ok ? base.url : '';
    },
    get rateLimit() {
      return real.made()?.rateLimit ?? null;
    },
  } as ShortenerClient;
  for (const method of API_METHODS) {
    (client as unknown as Record<string, AnyMethod>)[method] = (...args) => {
      const made = real.made();
      return made ? call(made, method, args) : real.get().then((loaded) => call(loaded, method, args));
    };
  }
  return client;
}

/** Message handlers that the lazy part makes on their first request, kept for the worker's life. */
export function handlersOnDemand<K extends MessageType>(
  types: readonly K[],
  make: (part: LazyPart) => Pick<Handlers, K>,
): Pick<Handlers, K> {
  const made = onFirstUse(async () => make(await loadLazyPart()));
  const handlers: Partial<Record<K, (payload: never) => Promise<unknown>>> = {};
  for (const type of types) {
    handlers[type] = async (payload) => {
      const handler = (await made.get())[type] as (payload: unknown) => Promise<unknown>;
      return handler(payload);
    };
  }
  return handlers as Pick<Handlers, K>;
}
