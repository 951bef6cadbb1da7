import { act } from 'preact/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/options/app';
import type { ErrorData } from '@/lib/api/errors';
import type { Account } from '@/lib/api/schemas';
import { putCachedLists } from '@/lib/links/cache';
import type { RequestOf } from '@/lib/messaging/protocol';
import {
  defaultBehaviour,
  defaultUtmPresets,
  emptyDefaults,
  type Profile,
  type Settings,
} from '@/lib/settings/schema';
import { loadSettings, saveSettings } from '@/lib/storage/settings';
import {
  button,
  buttons,
  choose,
  click,
  fakeBackground,
  field,
  hasField,
  mount,
  ok,
  roleText,
  settle,
  tick,
  typeInto,
} from '../dom';
import { stubPermissionEvents } from './permission-events';

const ACCOUNT: Account = {
  id: 1,
  email: 'demo@example.com',
  username: 'demo',
  avatar: '',
  status: 'pro',
  expires: '2032-01-31 00:00:00',
  registered: '2030-01-01 00:00:00',
};

let requestPermission: ReturnType<typeof vi.fn>;
let counter = 0;

beforeEach(() => {
  stubPermissionEvents();
  requestPermission = vi.fn(async () => true);
  fakeBrowser.permissions.request = requestPermission as never;
});

/** A background that saves profiles like the real one, or fails with `failure`. */
function background(failure?: ErrorData) {
  return fakeBackground({
    refresh: () => ok({ links: null, lists: null }),
    getAccount: () => ok(ACCOUNT),
    setActiveProfile: async ({ id }) => {
      const settings = await loadSettings();
      await saveSettings({ ...settings, activeProfileId: id });
      return ok(null);
    },
    deleteProfile: async ({ id }) => {
      const settings = await loadSettings();
      const profiles = settings.profiles.filter((p) => p.id !== id);
      await saveSettings({ ...settings, profiles, activeProfileId: profiles[0]?.id ?? null });
      return ok(null);
    },
    saveProfile: async ({ profile: draft }: RequestOf<'saveProfile'>) => {
      if (failure) return { ok: false, error: failure };
      const settings = await loadSettings();
      const profile: Profile = {
        id: draft.id ?? `saved-${++counter}`,
        name: draft.name || new URL(draft.serverUrl).hostname,
        serverUrl: draft.serverUrl,
        defaults: emptyDefaults(),
      };
      const others = settings.profiles.filter((p) => p.id !== profile.id);
      await saveSettings({
        ...settings,
        profiles: [...others, profile],
        activeProfileId: settings.activeProfileId ?? profile.id,
      });
      return ok({ profile, account: ACCOUNT });
    },
  });
}

async function seedProfiles(...names: string[]): Promise<Settings> {
  const profiles = names.map(
    (name): Profile => ({
      id: `${name.toLowerCase()}-${++counter}`,
      name,
      serverUrl: `https://${name.toLowerCase()}.example`,
      defaults: emptyDefaults(),
    }),
  );
  const settings: Settings = {
    version: 1,
    activeProfileId: profiles[0]?.id ?? null,
    profiles,
    behaviour: { ...defaultBehaviour(), autoCopy: true, notifications: true },
    utmPresets: defaultUtmPresets(),
  };
  await saveSettings(settings);
  return settings;
}

const mountOptions = () => mount(<App />, 'main');

async function fillServer(url: string, key: string) {
  await typeInto(field('Server URL'), url);
  await typeInto(field('API key'), key);
}

describe('connecting a server', () => {
  it('asks for the server URL, a hidden API key and an optional name', async () => {
    background();
    await mountOptions();

    expect(document.body.textContent).toContain('Connect your server');
    expect(field('Server URL').type).toBe('url');
    expect(field('API key').type).toBe('password');
    expect(field('API key').getAttribute('autocomplete')).toBe('off');
    expect(hasField('Profile name')).toBe(true);
    expect(button('Save').type).toBe('submit');
  });

  it('requests host access for exactly that origin, synchronously in the click', async () => {
    background();
    await mountOptions();
    await fillServer(' https://sho.rt/api/ ', 'sk-1234');

    button('Save').click();
    // No await yet: the request must have been made while the click was being handled.
    expect(requestPermission).toHaveBeenCalledWith({ origins: ['https://sho.rt/*'] });
    await settle();
  });

  it('explains a refused permission and keeps what was typed', async () => {
    requestPermission.mockResolvedValue(false);
    const bg = background();
    await mountOptions();
    await fillServer('https://sho.rt', 'sk-1234');

    await click(button('Save'));

    expect(roleText('alert')).toBe(
      'Shortlink needs access to https://sho.rt to talk to your server. Click Save and choose Allow.',
    );
    expect(bg.of('saveProfile')).toEqual([]);
    expect(field('Server URL').value).toBe('https://sho.rt');
    expect(field('API key').value).toBe('sk-1234');
    expect(document.activeElement).toBe(document.querySelector('[role="alert"]'));
  });

  it('shows a failure without a field of its own above Save, and focuses it', async () => {
    background({ kind: 'server', message: 'The server failed (500). Try again in a minute.', status: 500 });
    await mountOptions();
    await fillServer('https://sho.rt', 'sk-1234');

    await click(button('Save'));

    expect(roleText('alert')).toBe('The server failed (500). Try again in a minute.');
    expect(document.activeElement).toBe(document.querySelector('[role="alert"]'));
    expect(field('Server URL').hasAttribute('aria-invalid')).toBe(false);
  });

  it('shows an invalid URL next to the field and asks for nothing', async () => {
    const bg = background();
    await mountOptions();
    await fillServer('not a url', 'sk-1234');

    await click(button('Save'));

    const url = field('Server URL');
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(url.getAttribute('aria-describedby')!)?.textContent).toContain(
      'Start the address with https://',
    );
    expect(requestPermission).not.toHaveBeenCalled();
    expect(bg.sent.filter((m) => m.type === 'saveProfile')).toEqual([]);
    expect(url.value).toBe('not a url');
    expect(document.activeElement).toBe(url);
  });

  it('refuses a profile name over its limit at the field, keeping it, and asks for nothing', async () => {
    const bg = background();
    await mountOptions();
    await fillServer('https://sho.rt', 'sk-1234');
    const long = 'Work '.repeat(21);
    await typeInto(field('Profile name'), long);

    await click(button('Save'));

    const name = field('Profile name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${name.id}-error`)?.textContent).toBe(
      'At most 100 characters: remove 4.',
    );
    expect(name.value).toBe(long);
    expect(document.activeElement).toBe(name);
    expect(requestPermission).not.toHaveBeenCalled();
    expect(bg.sent.filter((m) => m.type === 'saveProfile')).toEqual([]);
  });

  it('reads localhost:8787 as http://localhost:8787, and says so when the user leaves the field', async () => {
    const bg = background();
    await mountOptions();
    await fillServer('localhost:8787', 'sk-1234');
    const url = field('Server URL');
    const hint = () => document.getElementById(url.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(hint()).toBeUndefined();

    await act(() => {
      url.dispatchEvent(new FocusEvent('blur'));
    });
    expect(hint()).toBe('Using http://localhost:8787.');
    expect(url.hasAttribute('aria-invalid')).toBe(false);

    await click(button('Save'));
    expect(requestPermission).toHaveBeenCalledWith({ origins: ['http://localhost/*'] });
    expect(bg.of('saveProfile')).toEqual([
      { profile: { name: '', serverUrl: 'http://localhost:8787' }, apiKey: 'sk-1234' },
    ]);
    expect(url.value).toBe('http://localhost:8787');
    expect(hint()).toBe('Using http://localhost:8787.');

    await typeInto(url, 'http://localhost:9000');
    expect(hint()).toBeUndefined();
  });

  it('reads a bare host other than localhost as https://, and says so on save', async () => {
    const bg = background();
    await mountOptions();
    await fillServer('sho.rt:8443', 'sk-1234');

    await click(button('Save'));
    const url = field('Server URL');
    expect(document.getElementById(url.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Using https://sho.rt:8443.',
    );
    expect(bg.of('saveProfile')).toEqual([
      { profile: { name: '', serverUrl: 'https://sho.rt:8443' }, apiKey: 'sk-1234' },
    ]);
  });

  it('asks for the key of a new profile next to its field', async () => {
    background();
    await mountOptions();
    await fillServer('https://sho.rt', '  ');

    await click(button('Save'));

    expect(field('API key').getAttribute('aria-invalid')).toBe('true');
    expect(document.body.textContent).toContain(
      'Enter the API key from your account settings on the server.',
    );
    expect(requestPermission).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(field('API key'));
  });

  it.each([
    [
      'a wrong key',
      { kind: 'unauthorized', message: 'Unauthorized', status: 401 },
      'API key',
      'https://sho.rt did not accept this API key.',
    ],
    [
      'an unreachable server',
      { kind: 'network', message: 'Failed to fetch' },
      'Server URL',
      'Couldn’t reach https://sho.rt.',
    ],
    [
      'a server that times out',
      { kind: 'timeout', message: 'Timed out' },
      'Server URL',
      'https://sho.rt did not answer in time.',
    ],
  ] as const)(
    'says what is wrong for %s at the field at fault, focused, and keeps the input',
    async (_, error, label, message) => {
      background(error);
      await mountOptions();
      await fillServer('https://sho.rt', 'sk-wrong');

      await click(button('Save'));

      const atFault = field(label);
      expect(atFault.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(atFault.getAttribute('aria-describedby')!)?.textContent).toContain(
        message,
      );
      expect(document.activeElement).toBe(atFault);
      expect(field('Server URL').value).toBe('https://sho.rt');
      expect(field('API key').value).toBe('sk-wrong');
      expect(document.body.textContent).not.toContain('Connected as');
    },
  );

  it('shows the account, clears the key and keeps only a hint of it', async () => {
    const bg = background();
    await mountOptions();
    await typeInto(field('Profile name'), 'Home');
    await fillServer('https://sho.rt/', 'sk-live-9876');

    await click(button('Save'));

    expect(bg.of('saveProfile')).toEqual([
      { profile: { name: 'Home', serverUrl: 'https://sho.rt' }, apiKey: 'sk-live-9876' },
    ]);
    const account = document.querySelector('[aria-label="Account"]')?.textContent;
    expect(account).toContain('Connected as demo');
    expect(account).toContain('demo@example.com');
    expect(account).toContain('Plan: pro · expires Jan 31, 2032');
    expect(field('API key').value).toBe('');
    const key = field('API key');
    expect(document.getElementById(key.getAttribute('aria-describedby')!)?.textContent).toBe(
      'A key ending in …9876 is saved for this profile. Leave the field empty to keep it.',
    );
    expect(document.body.innerHTML).not.toContain('sk-live-9876');
    expect((await loadSettings()).profiles.map((p) => p.name)).toEqual(['Home']);
    // The save already checked the account: no second request for it.
    expect(bg.of('getAccount')).toEqual([]);
    // Save was disabled while checking; focus is back on it, not lost to the page.
    expect(document.activeElement).toBe(button('Save'));
  });

  it('keeps the saved key when saved again with the key field empty', async () => {
    const bg = background();
    await mountOptions();
    await fillServer('https://sho.rt', 'sk-live-9876');
    await click(button('Save'));

    await typeInto(field('Profile name'), 'Renamed');
    await click(button('Save'));

    const [, second] = bg.of('saveProfile');
    expect(second).toEqual({
      profile: { id: expect.any(String), name: 'Renamed', serverUrl: 'https://sho.rt' },
    });
    expect(second).not.toHaveProperty('apiKey');
  });
});

describe('profiles', () => {
  it('lists saved profiles and switches the active one', async () => {
    const settings = await seedProfiles('Home', 'Work');
    const bg = background();
    await mountOptions();

    expect(document.querySelector('.profiles')?.textContent).toContain('https://work.example');
    await click(button('Use Work'));

    expect(bg.of('setActiveProfile')).toEqual([{ id: settings.profiles[1]!.id }]);
    await vi.waitFor(async () =>
      expect((await loadSettings()).activeProfileId).toBe(settings.profiles[1]!.id),
    );
  });

  it('deletes a profile only after confirmation', async () => {
    const settings = await seedProfiles('Home', 'Work');
    const bg = background();
    await mountOptions();

    await click(button('Delete Work'));
    expect(bg.of('deleteProfile')).toEqual([]);
    await click(button('Cancel'));
    expect(bg.of('deleteProfile')).toEqual([]);

    await click(button('Delete Work'));
    await click(button('Delete'));
    expect(bg.of('deleteProfile')).toEqual([{ id: settings.profiles[1]!.id }]);
    await settle();
    expect(document.querySelector('.profiles')?.textContent).not.toContain('Work');
  });

  it('Escape cancels the delete question and puts focus back on Delete', async () => {
    await seedProfiles('Home', 'Work');
    const bg = background();
    await mountOptions();
    await click(button('Delete Work'));
    expect(document.activeElement).toBe(button('Cancel'));

    await act(() => {
      document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    await settle();

    expect(document.querySelector('.profiles fieldset')).toBeNull();
    expect(document.activeElement).toBe(button('Delete Work'));
    expect(bg.of('deleteProfile')).toEqual([]);
    await click(button('Delete Work'));
    await click(button('Cancel'));
    expect(document.activeElement).toBe(button('Delete Work'));
  });

  it('after a delete, focuses the next profile’s row, else the previous one’s', async () => {
    const settings = await seedProfiles('Home', 'Work', 'Team');
    const [, work, team] = settings.profiles;
    background();
    await mountOptions();

    await click(button('Delete Home'));
    await click(button('Delete'));
    await vi.waitFor(() => expect(document.activeElement?.id).toBe(`profile-row-${work!.id}`));
    expect(document.activeElement?.textContent).toContain('Work');
    expect(document.body.textContent).toContain('Profile deleted.');

    await click(button('Delete Team'));
    await click(button('Delete'));
    await vi.waitFor(() => expect(document.activeElement?.id).toBe(`profile-row-${work!.id}`));
    expect(document.getElementById(`profile-row-${team!.id}`)).toBeNull();
  });

  it('after deleting the last profile, focuses the server URL of the form to connect one', async () => {
    await seedProfiles('Home');
    background();
    await mountOptions();
    await click(button('Delete Home'));
    await click(button('Delete'));
    await vi.waitFor(() => expect(document.activeElement).toBe(field('Server URL')));
    expect(document.body.textContent).toContain('Connect your server');
  });

  it('after Use, keeps focus in that profile’s row, on Edit', async () => {
    await seedProfiles('Home', 'Work');
    background();
    await mountOptions();
    await click(button('Use Work'));
    await vi.waitFor(() => expect(document.activeElement).toBe(button('Edit Work')));
    expect(buttons('Use Work')).toEqual([]);
  });

  it('Add profile focuses the new profile’s server URL; Cancel goes back to Add profile', async () => {
    await seedProfiles('Home');
    background();
    await mountOptions();

    await click(button('Add profile'));
    expect(button('Add profile').disabled).toBe(true);
    expect(document.activeElement).toBe(field('Server URL'));
    expect(field('Server URL').value).toBe('');

    await click(button('Cancel'));
    expect(document.activeElement).toBe(button('Add profile'));
  });

  it('warns, without refusing, when another profile has the same server', async () => {
    await seedProfiles('Home');
    const bg = background();
    await mountOptions();
    await click(button('Add profile'));
    expect(document.body.textContent).not.toContain('You already have a profile');

    await fillServer('https://home.example/', 'sk-second');
    const url = field('Server URL');
    const hint = document.getElementById(url.getAttribute('aria-describedby')!)?.textContent;
    expect(hint).toContain('You already have a profile for this server: “Home”.');
    expect(url.hasAttribute('aria-invalid')).toBe(false);

    await click(button('Save'));
    expect(bg.of('saveProfile')).toHaveLength(1);
  });

  it('names every other profile on that server in the warning', async () => {
    const settings = await seedProfiles('Home', 'Work');
    const [home, work] = settings.profiles as [Profile, Profile];
    await saveSettings({ ...settings, profiles: [home, { ...work, serverUrl: home.serverUrl }] });
    background();
    await mountOptions();
    await click(button('Add profile'));
    await fillServer('https://home.example', 'sk-third');
    const url = field('Server URL');
    expect(document.getElementById(url.getAttribute('aria-describedby')!)?.textContent).toContain(
      'You already have a profile for this server: “Home” and “Work”.',
    );
  });

  it('says on this page where to enter the key of an active profile that has none, and goes there', async () => {
    await seedProfiles('Second');
    fakeBackground({
      refresh: () => ok({ links: null, lists: null }),
      getAccount: () => ({
        ok: false,
        error: {
          kind: 'not_configured',
          message: 'The profile “Second” has no API key yet. Add its API key in Options.',
        },
      }),
    });
    await mountOptions();
    await settle();

    const alert = roleText('alert') ?? '';
    expect(alert).toContain('“Second” has no API key yet. Enter its API key above and save.');
    expect(document.body.textContent).not.toContain('in Options');
    expect(document.querySelector('.profiles')?.textContent).toContain('No API key');
    expect(document.body.textContent).not.toContain('A key is saved for this profile.');

    const link = [...document.querySelectorAll('a')].find(
      (a) => a.textContent === 'Go to the API key field',
    )!;
    await click(link);
    expect(document.activeElement).toBe(field('API key'));
    // Saving without a key is refused: the profile has none to keep.
    await click(button('Save'));
    expect(field('API key').getAttribute('aria-invalid')).toBe('true');
  });

  it('edits a profile with its URL and name, the key left empty', async () => {
    await seedProfiles('Home', 'Work');
    background();
    await mountOptions();

    await click(button('Edit Work'));

    expect(field('Server URL').value).toBe('https://work.example');
    expect(field('Profile name').value).toBe('Work');
    expect(field('API key').value).toBe('');
    expect(document.body.textContent).toContain('A key is saved for this profile.');
  });

  it('shows the account of the active profile when the page opens', async () => {
    await seedProfiles('Home');
    const bg = background();
    await mountOptions();
    await settle();

    expect(bg.of('getAccount')).toHaveLength(1);
    expect(document.querySelector('[aria-label="Account"]')?.textContent).toContain('Connected as demo');
  });
});

describe('defaults for new links', () => {
  it('saves campaign, channel, expiry days, domain and status into the latest settings', async () => {
    const settings = await seedProfiles('Home', 'Work');
    const home = settings.profiles[0]!;
    await putCachedLists(home.id, {
      fetchedAt: Date.now(),
      campaigns: [{ id: 3, name: 'Spring' }],
      channels: [{ id: 9, name: 'Blog' }],
    });
    const bg = background();
    await mountOptions();
    // The page asks for a refresh once it has read the cached lists, which takes IndexedDB a few tasks.
    await vi.waitFor(() => expect(bg.of('refresh')).toEqual([{}]));
    // Changed by the background while the page was open: saving defaults must not undo it.
    await saveSettings({
      ...(await loadSettings()),
      behaviour: { ...defaultBehaviour(), autoCopy: false, notifications: false },
    });

    await choose(field('Campaign'), '3');
    await choose(field('Channel'), '9');
    await typeInto(field('Expiry in days'), '14');
    await typeInto(field('Domain'), 'https://go.example.com/');
    await choose(field('Visibility'), 'public');
    await click(button('Save defaults'));

    const saved = await loadSettings();
    expect(saved.profiles[0]!.defaults).toEqual({
      campaignId: 3,
      channelId: 9,
      expiryDays: 14,
      domain: 'https://go.example.com',
      status: 'public',
    });
    expect(saved.profiles[1]!.defaults).toEqual(emptyDefaults());
    expect(saved.behaviour).toEqual({ ...defaultBehaviour(), autoCopy: false, notifications: false });
    expect(document.body.textContent).toContain('Defaults saved.');
  });

  it('fills the campaign and channel choices from the refresh', async () => {
    await seedProfiles('Home');
    fakeBackground({
      refresh: () => ok({ links: null, lists: { campaigns: [{ id: 5, name: 'Fresh' }], channels: [] } }),
      getAccount: () => ok(ACCOUNT),
    });
    await mountOptions();
    await settle();

    expect([...field<HTMLSelectElement>('Campaign').options].map((o) => o.text)).toEqual(['None', 'Fresh']);
  });

  it('refuses an expiry that is not a whole number of days and saves nothing', async () => {
    await seedProfiles('Home');
    background();
    await mountOptions();
    const before = await loadSettings();

    await typeInto(field('Expiry in days'), '0');
    await click(button('Save defaults'));

    expect(field('Expiry in days').getAttribute('aria-invalid')).toBe('true');
    expect(document.body.textContent).toContain('Enter a whole number of days from 1 to 3650');
    expect(await loadSettings()).toEqual(before);
  });

  it('saves an empty expiry as no expiry', async () => {
    const settings = await seedProfiles('Home');
    await saveSettings({
      ...settings,
      profiles: [{ ...settings.profiles[0]!, defaults: { ...emptyDefaults(), expiryDays: 7 } }],
    });
    background();
    await mountOptions();

    expect(field('Expiry in days').value).toBe('7');
    await typeInto(field('Expiry in days'), '');
    await click(button('Save defaults'));

    expect((await loadSettings()).profiles[0]!.defaults.expiryDays).toBeNull();
  });

  it('is not shown before a server is connected', async () => {
    background();
    await mountOptions();
    expect(hasField('Expiry in days')).toBe(false);
    expect(buttons('Save defaults')).toEqual([]);
  });
});

describe('behaviour', () => {
  it('saves each switch at once', async () => {
    await seedProfiles('Home');
    background();
    await mountOptions();

    await tick(field('Copy the short URL automatically'), false);
    expect((await loadSettings()).behaviour).toEqual({
      ...defaultBehaviour(),
      autoCopy: false,
      notifications: true,
    });
    await tick(field('Show notifications'), false);
    expect((await loadSettings()).behaviour).toEqual({
      ...defaultBehaviour(),
      autoCopy: false,
      notifications: false,
    });
  });
});

describe('management page', () => {
  it('links to it', async () => {
    background();
    await mountOptions();
    const link = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Open link manager');
    expect(link?.getAttribute('href')).toBe('/manage.html');
  });
});
