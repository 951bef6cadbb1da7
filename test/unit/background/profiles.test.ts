import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { getCachedLinks, putCachedLinks } from '@/lib/links/cache';
import { getApiKey } from '@/lib/storage/api-keys';
import { apiKeysItem } from '@/lib/storage/items';
import { loadSettings, saveSettings } from '@/lib/storage/settings';
import {
  cachedLink,
  type FakeServer,
  fakeServer,
  GOOD_KEY,
  SERVER,
  seedProfile,
  sendFromPopup,
  startBackground,
  stubBrowserApis,
} from './helpers';

let server: FakeServer;
let stubs: ReturnType<typeof stubBrowserApis>;

beforeEach(() => {
  stubs = stubBrowserApis();
  server = fakeServer();
  startBackground(server);
});

const draft = (serverUrl = 'https://sho.rt/api/', name = 'Work') => ({ profile: { name, serverUrl } });

describe('saveProfile', () => {
  it('rejects an invalid server URL before asking anything', async () => {
    const reply = await sendFromPopup('saveProfile', { ...draft('ftp://sho.rt'), apiKey: GOOD_KEY });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(stubs.permissions.contains).not.toHaveBeenCalled();
    expect(server.calls).toHaveLength(0);
  });

  it('rejects without host permission, naming the origin, and saves nothing', async () => {
    stubs.permissions.contains.mockResolvedValue(false);
    const reply = await sendFromPopup('saveProfile', { ...draft(), apiKey: GOOD_KEY });

    expect(stubs.permissions.contains).toHaveBeenCalledWith({ origins: ['https://sho.rt/*'] });
    expect(reply).toEqual({
      ok: false,
      error: {
        kind: 'permission_denied',
        message:
          'Shortlink needs access to https://sho.rt to talk to your server. Click Save again and choose Allow.',
      },
    });
    expect(server.calls).toHaveLength(0);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('checks the permission for a localhost server too', async () => {
    stubs.permissions.contains.mockResolvedValue(false);
    const reply = await sendFromPopup('saveProfile', { ...draft('http://localhost:8787'), apiKey: GOOD_KEY });
    expect(stubs.permissions.contains).toHaveBeenCalledWith({ origins: ['http://localhost/*'] });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'permission_denied' } });
  });

  it('refuses what a settings file could not take back: a second profile of one server and name, one too many', async () => {
    await sendFromPopup('saveProfile', { ...draft(), apiKey: GOOD_KEY });
    const twin = await sendFromPopup('saveProfile', { ...draft(SERVER, ' WORK '), apiKey: GOOD_KEY });
    expect(twin).toMatchObject({
      ok: false,
      error: { kind: 'validation', message: expect.stringMatching(/“WORK” .*exists already/) },
    });
    const settings = await loadSettings();
    const full = Array.from({ length: 100 }, (_, i) => ({
      ...settings.profiles[0]!,
      id: `p${i}`,
      name: `P${i}`,
    }));
    await saveSettings({ ...settings, profiles: full });
    const calls = server.calls.length;
    const more = await sendFromPopup('saveProfile', { ...draft(SERVER, 'More'), apiKey: GOOD_KEY });
    expect(more).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/You have 100 profiles/) },
    });
    // Refused before the server is asked anything.
    expect(server.calls).toHaveLength(calls);
    expect((await loadSettings()).profiles).toHaveLength(100);
  });

  it('rejects a wrong key without saving anything', async () => {
    const reply = await sendFromPopup('saveProfile', { ...draft(), apiKey: 'wrong-key' });

    expect(reply).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    expect(server.calls.map((c) => c.path)).toEqual(['/api/account']);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('saves a checked profile and key, makes it active, and never touches storage.sync', async () => {
    const reply = await sendFromPopup('saveProfile', { ...draft(), apiKey: ` ${GOOD_KEY} ` });

    expect(reply).toMatchObject({
      ok: true,
      data: { profile: { name: 'Work', serverUrl: SERVER }, account: { username: 'ann' } },
    });
    if (!reply.ok) return;
    const settings = await loadSettings();
    expect(settings.profiles).toEqual([reply.data.profile]);
    expect(settings.activeProfileId).toBe(reply.data.profile.id);
    expect(await getApiKey(reply.data.profile.id)).toBe(GOOD_KEY);
    expect(await fakeBrowser.storage.sync.get(null)).toEqual({});
    // The key is stored only under its own key, not inside the settings pages read.
    expect(JSON.stringify(await fakeBrowser.storage.local.get('settings'))).not.toContain(GOOD_KEY);
  });

  it('keeps the stored key when an edit of the same server omits it', async () => {
    const profile = await seedProfile();

    const reply = await sendFromPopup('saveProfile', {
      profile: { id: profile.id, name: 'Renamed', serverUrl: `${SERVER}/` },
    });

    expect(reply).toMatchObject({ ok: true, data: { profile: { id: profile.id, name: 'Renamed' } } });
    expect(await getApiKey(profile.id)).toBe(GOOD_KEY);
  });

  it('asks for a key when the server changes, never sending the saved one there, and clears the cache', async () => {
    const profile = await seedProfile();
    await putCachedLinks(profile.id, [cachedLink(1, 'https://a.example/')], Date.now());
    const moved = { id: profile.id, name: 'Moved', serverUrl: 'https://new.sho.rt' };

    const refused = await sendFromPopup('saveProfile', { profile: moved });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        kind: 'validation',
        message: expect.stringContaining('Enter the API key for https://new.sho.rt'),
      },
    });
    expect(server.calls).toEqual([]);

    const reply = await sendFromPopup('saveProfile', { profile: moved, apiKey: GOOD_KEY });
    expect(reply).toMatchObject({
      ok: true,
      data: { profile: { id: profile.id, serverUrl: 'https://new.sho.rt' } },
    });
    expect((await getCachedLinks(profile.id)).links).toEqual([]);
  });

  it('keeps the cache when only the name changes', async () => {
    const profile = await seedProfile();
    await putCachedLinks(profile.id, [cachedLink(1, 'https://a.example/')], Date.now());

    await sendFromPopup('saveProfile', { profile: { id: profile.id, name: 'Renamed', serverUrl: SERVER } });

    expect((await getCachedLinks(profile.id)).links).toHaveLength(1);
    expect((await loadSettings()).profiles[0]?.name).toBe('Renamed');
  });

  it('does not change the active profile when adding a second one', async () => {
    const first = await seedProfile();
    const reply = await sendFromPopup('saveProfile', {
      ...draft('https://other.example', 'Other'),
      apiKey: GOOD_KEY,
    });
    expect(reply.ok).toBe(true);
    const settings = await loadSettings();
    expect(settings.profiles).toHaveLength(2);
    expect(settings.activeProfileId).toBe(first.id);
  });
});

describe('deleteProfile and setActiveProfile', () => {
  it('removes the profile, its key and cache, and activates another', async () => {
    const first = await seedProfile();
    const added = await sendFromPopup('saveProfile', {
      ...draft('https://other.example', 'Other'),
      apiKey: GOOD_KEY,
    });
    if (!added.ok) throw new Error('setup failed');
    await putCachedLinks(first.id, [cachedLink(1, 'https://a.example/')], Date.now());

    const reply = await sendFromPopup('deleteProfile', { id: first.id });

    expect(reply).toEqual({ ok: true, data: null });
    const settings = await loadSettings();
    expect(settings.profiles.map((p) => p.id)).toEqual([added.data.profile.id]);
    expect(settings.activeProfileId).toBe(added.data.profile.id);
    expect((await fakeBrowser.storage.local.get(apiKeysItem.key))[apiKeysItem.key]).toEqual({
      [added.data.profile.id]: GOOD_KEY,
    });
    expect((await getCachedLinks(first.id)).links).toEqual([]);
  });

  it('switches the active profile, and refuses an unknown one', async () => {
    const first = await seedProfile();
    const added = await sendFromPopup('saveProfile', {
      ...draft('https://other.example', 'Other'),
      apiKey: GOOD_KEY,
    });
    if (!added.ok) throw new Error('setup failed');

    expect(await sendFromPopup('setActiveProfile', { id: added.data.profile.id })).toEqual({
      ok: true,
      data: null,
    });
    expect((await loadSettings()).activeProfileId).toBe(added.data.profile.id);

    const unknown = await sendFromPopup('setActiveProfile', { id: 'nope' });
    expect(unknown).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    const settings = await loadSettings();
    expect(settings.activeProfileId).toBe(added.data.profile.id);
    expect(settings.profiles.map((p) => p.id)).toContain(first.id);
  });
});
