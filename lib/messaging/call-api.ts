/**
 * Typed access to the API client from extension pages. The background owns the client and the key;
 * a page names a client method and its arguments, and gets the method's result back as a Result.
 *
 *   const page = await callApi('listLinks', { limit: 25, page: 1, order: 'date', q: '' });
 *   if (!page.ok) showError(page.error.message);
 */
import type { ShortenerClient } from '../api/client';
import type { ApiMethod, Result } from './protocol';
import { send } from './send';

/** What a client method resolves to. */
export type ApiData<M extends ApiMethod> = Awaited<ReturnType<ShortenerClient[M]>>;

/** Calls one client method for the active profile through the background; never throws. */
export async function callApi<M extends ApiMethod>(
  method: M,
  ...args: Parameters<ShortenerClient[M]>
): Promise<Result<ApiData<M>>> {
  // The protocol types the reply as unknown; the client in the background already parsed the server's
  // reply with its schemas, and messaging only copies that value, so it has the method's return type.
  return (await send('api', { method, args })) as Result<ApiData<M>>;
}

/** The shape of `callApi`, for components that receive it as a dependency. */
export type CallApi = typeof callApi;
