import { useContext, useEffect } from 'preact/hooks';
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ServerCache } from '@/components/server-cache';
import { ServerContext } from '@/entrypoints/manage/api-context';
import { ServerScope } from '@/entrypoints/manage/server-scope';
import type { CallApi } from '@/lib/messaging/call-api';
import { defaultSettings, emptyDefaults, type Settings } from '@/lib/settings/schema';
import { settingsItem } from '@/lib/storage/items';
import { mount, settle } from '../dom';

const profile = (id: string, serverUrl: string) => ({ id, name: id, serverUrl, defaults: emptyDefaults() });

function settings(activeProfileId: string, serverUrl = 'https://work.example'): Settings {
  return {
    ...defaultSettings(),
    activeProfileId,
    profiles: [profile('work', serverUrl), profile('home', 'https://home.example')],
  };
}

describe('the management page per server', () => {
  it('gets a new server cache, and remounts, when the active profile or its address changes; not otherwise', async () => {
    await fakeBrowser.storage.local.set({ [settingsItem.key]: settings('work') });
    const caches: ServerCache[] = [];
    let mounts = 0;
    function Probe() {
      const cache = useContext(ServerContext);
      useEffect(() => {
        mounts += 1;
      }, []);
      if (cache && caches.at(-1) !== cache) caches.push(cache);
      return <p>page</p>;
    }
    await mount(
      <ServerScope call={(async () => ({ ok: true, data: null })) as unknown as CallApi}>
        <Probe />
      </ServerScope>,
    );
    await settle(10);
    expect([caches.length, mounts]).toEqual([1, 1]);

    // Another switch than the server (copy format): the page and what it keeps stay.
    const behaviour = { ...settings('work').behaviour, copyFormat: 'markdown' as const };
    await fakeBrowser.storage.local.set({ [settingsItem.key]: { ...settings('work'), behaviour } });
    await settle(10);
    expect([caches.length, mounts]).toEqual([1, 1]);

    await fakeBrowser.storage.local.set({ [settingsItem.key]: settings('home') });
    await settle(10);
    expect([caches.length, mounts]).toEqual([2, 2]);

    await fakeBrowser.storage.local.set({ [settingsItem.key]: settings('home', 'https://moved.example') });
    await settle(10);
    // The active profile kept its address: nothing changes.
    expect([caches.length, mounts]).toEqual([2, 2]);

    await fakeBrowser.storage.local.set({ [settingsItem.key]: settings('work', 'https://moved.example') });
    await settle(10);
    expect([caches.length, mounts]).toEqual([3, 3]);
  });
});
