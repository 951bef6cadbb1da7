/**
 * The management page for one server. What the page keeps of the server's answers (lists, links,
 * choices) is kept in one cache per server, so when the active profile or its address changes (in
 * the popup or Options) the page gets a new, empty cache and starts afresh: it never shows one
 * server's links as another's, nor sends their ids there.
 */
import { type ComponentChildren, Fragment } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { createServerCache } from '@/components/server-cache';
import { ServerContext } from '@/entrypoints/manage/api-context';
import { type CallApi, callApi } from '@/lib/messaging/call-api';
import { activeProfile, type Settings } from '@/lib/settings/schema';
import { settingsItem, watchItem } from '@/lib/storage/items';

/** The server the page's requests go to: the active profile and its address. */
function serverOf(settings: Settings): string {
  const profile = activeProfile(settings);
  return profile ? `${profile.id}\n${profile.serverUrl}` : '';
}

/** Renders `children` with a server cache of their own, replaced (and them remounted) per server. */
export function ServerScope({ children, call = callApi }: { children: ComponentChildren; call?: CallApi }) {
  const [epoch, setEpoch] = useState(0);
  useEffect(() => {
    let known: string | undefined;
    return watchItem(settingsItem, (settings) => {
      const next = serverOf(settings);
      if (known !== undefined && next !== known) setEpoch((n) => n + 1);
      known = next;
    });
  }, []);
  // The epoch is what changes per server: a new cache for each.
  const cache = useMemo(() => createServerCache(call), [epoch, call]);
  return (
    <ServerContext.Provider value={cache}>
      <Fragment key={epoch}>{children}</Fragment>
    </ServerContext.Provider>
  );
}
