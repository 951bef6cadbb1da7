/**
 * Choice lists from the server (domains, splash pages, overlays, campaigns, channels) for the selects
 * of the link editor and the popup's More options. Each list is fetched once per page visit and kept
 * for a few minutes: the API allows only 30 requests a minute, and the link editor alone offers five
 * of these lists.
 */
import { useEffect, useState } from 'preact/hooks';
import type { ErrorData } from '@/lib/api/errors';
import type { PageQuery } from '@/lib/api/schemas';
import type { ApiData, CallApi } from '@/lib/messaging/call-api';
import type { Result } from '@/lib/messaging/protocol';

export type ChoiceMethod = 'listDomains' | 'listSplash' | 'listOverlays' | 'listCampaigns' | 'listChannels';

/** One page of choices; the server caps a page at 100, and a longer list is reached by typing an id. */
const CHOICE_LIMIT = 100;
const CHOICE_TTL_MS = 5 * 60_000;

interface CacheEntry {
  at: number;
  result: Promise<Result<unknown>>;
}

// Keyed by the caller so each page (and each test's fake) has its own cache.
const caches = new WeakMap<CallApi, Map<ChoiceMethod, CacheEntry>>();

/** The first page of a choice list, from the cache when fresh. Failures are not cached. */
function loadChoices<M extends ChoiceMethod>(api: CallApi, method: M): Promise<Result<ApiData<M>>> {
  let cache = caches.get(api);
  if (!cache) {
    cache = new Map();
    caches.set(api, cache);
  }
  const hit = cache.get(method);
  if (hit && Date.now() - hit.at < CHOICE_TTL_MS) return hit.result as Promise<Result<ApiData<M>>>;
  // Every choice method takes the same page query; TypeScript cannot see that through the generic M.
  const list = api as (method: ChoiceMethod, query: PageQuery) => Promise<Result<ApiData<M>>>;
  const result = list(method, { limit: CHOICE_LIMIT, page: 1 });
  const entry = { at: Date.now(), result };
  cache.set(method, entry);
  result.then((r) => {
    if (!r.ok && cache.get(method) === entry) cache.delete(method);
  });
  return result;
}

/** Drops a cached choice list after it changed (a campaign was added, a domain deleted…). */
export function forgetChoices(api: CallApi, method: ChoiceMethod): void {
  caches.get(api)?.delete(method);
}

/** One choice list as a select needs it. */
interface Choices<M extends ChoiceMethod> {
  data: ApiData<M> | undefined;
  error: ErrorData | undefined;
  loading: boolean;
}

/**
 * A choice list loaded through `api` when `active` first becomes true. `api` is a parameter, not
 * read from ApiContext, so the popup's More options can use the lists without Preact's context code.
 */
export function useChoices<M extends ChoiceMethod>(api: CallApi, method: M, active: boolean): Choices<M> {
  const [data, setData] = useState<ApiData<M>>();
  const [error, setError] = useState<ErrorData>();
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!active) return;
    let live = true;
    setLoading(true);
    loadChoices(api, method).then((result) => {
      if (!live) return;
      setLoading(false);
      if (result.ok) setData(result.data);
      else setError(result.error);
    });
    return () => {
      live = false;
    };
  }, [api, method, active]);
  return { data, error, loading };
}
