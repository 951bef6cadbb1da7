/**
 * Options: the new behaviour settings, the Import and export card (preview, confirm, refusals) and
 * the Grant access flow for profiles whose server has no host permission yet.
 */
import { act } from 'preact/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createSettingsTransferHandlers } from '@/entrypoints/background/settings-transfer';
import { App } from '@/entrypoints/options/app';
import { originOf } from '@/lib/api/base-url';
import type { ImportSummary, Result } from '@/lib/messaging/protocol';
import {
  defaultBehaviour,
  defaultUtmPresets,
  emptyDefaults,
  type Profile,
  type Settings,
} from '@/lib/settings/schema';
import { buildSettingsFile, MAX_SETTINGS_FILE_BYTES, serializeSettingsFile } from '@/lib/settings/transfer';
import { loadSettings, saveSettings } from '@/lib/storage/settings';
import {
  button,
  buttons,
  choose,
  click,
  fakeBackground,
  field,
  mount,
  ok,
  settle,
  tick,
  typeInto,
} from '../dom';
import { stubPermissionEvents } from './permission-events';

const WORK: Profile = { id: 'p-work', name: 'Work', serverUrl: 'https://sho.rt', defaults: emptyDefaults() };
const SETTINGS: Settings = {
  version: 1,
  activeProfileId: 'p-work',
  profiles: [WORK],
  behaviour: defaultBehaviour(),
  utmPresets: defaultUtmPresets(),
};

/** Origins the fake browser has host access to. */
let granted: Set<string>;
let requestPermission: ReturnType<typeof vi.fn>;
let permissionEvents: ReturnType<typeof stubPermissionEvents>;

beforeEach(async () => {
  permissionEvents = stubPermissionEvents();
  granted = new Set([originOf(WORK.serverUrl)]);
  requestPermission = vi.fn(async ({ origins }: { origins: string[] }) => {
    for (const origin of origins) granted.add(origin);
    return true;
  });
  fakeBrowser.permissions.request = requestPermission as never;
  fakeBrowser.permissions.contains = (async ({ origins }: { origins: string[] }) =>
    origins.every((origin) => granted.has(origin))) as never;
  await saveSettings(SETTINGS);
});

const NOTHING_IMPORTED: ImportSummary = {
  added: 0,
  replaced: 0,
  keysImported: 0,
  withoutKey: [],
  active: 'Work',
  skippedActive: null,
  needsAccess: [],
};

/**
 * A background that answers what Options sends on load, and imports with `importReply`. The
 * preview's dry run is the real handler's, against fakeBrowser's storage.
 */
function background(importReply?: (text: string) => Promise<Result<ImportSummary>>) {
  return fakeBackground({
    refresh: () => ok({ links: null, lists: null }),
    getAccount: () =>
      ok({
        id: 1,
        email: 'demo@example.com',
        username: 'demo',
        avatar: '',
        status: 'pro',
        expires: '',
        registered: '',
      }),
    exportSettings: ({ includeKeys }) =>
      ok({ file: buildSettingsFile(SETTINGS, includeKeys ? { 'p-work': 'work-key-0123456789' } : null) }),
    importSettings: async ({ text, dryRun }) => {
      if (dryRun)
        return ok(
          await createSettingsTransferHandlers({ forget: () => {} }).importSettings({ text, dryRun }),
        );
      return importReply ? importReply(text) : ok(NOTHING_IMPORTED);
    },
  });
}

const mountOptions = () => mount(<App />, 'main');

/** Chooses `content` as the file in the import picker, as the browser's file dialog would. */
async function chooseFile(content: string, name = 'shortlink-settings-2026-11-21.json') {
  const input = field('Choose a settings file to import');
  const file = new File([content], name, { type: 'application/json' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(() => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await vi.waitFor(() => {
    if (!document.querySelector('#import-error, #import-preview-heading')) throw new Error('not read yet');
  });
  await settle();
}

const text = (selector: string) => document.querySelector(selector)?.textContent ?? '';

describe('behaviour settings', () => {
  it('saves the copy format and shows an example of it', async () => {
    background();
    await mountOptions();
    const select = field<HTMLSelectElement>('Copy short links as');
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Plain URL',
      'Markdown link',
      'HTML link',
      'Title and URL',
    ]);
    expect(text('#behaviour-copy-format-hint')).toContain('https://sho.rt/abc');

    await choose(select, 'markdown');
    expect((await loadSettings()).behaviour.copyFormat).toBe('markdown');
    expect(text('#behaviour-copy-format-hint')).toContain('[Page title](https://sho.rt/abc)');
    await choose(select, 'html');
    expect(text('#behaviour-copy-format-hint')).toContain('<a href="https://sho.rt/abc">Page title</a>');
  });

  it('saves the tracking and canonical switches, each explained by its hint', async () => {
    background();
    await mountOptions();
    const strip = field('Remove tracking parameters before shortening');
    const canonical = field('Shorten the page’s canonical address');
    expect(document.getElementById(strip.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /utm_source/,
    );
    expect(document.getElementById(canonical.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /without session parameters/,
    );

    await tick(strip, true);
    await tick(canonical, true);
    expect((await loadSettings()).behaviour).toEqual({
      ...defaultBehaviour(),
      stripTracking: true,
      preferCanonical: true,
    });
  });
});

describe('export', () => {
  it('downloads the file named after today, with keys only when ticked, next to a warning', async () => {
    const bg = background();
    const blobs: Blob[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await mountOptions();

    const box = field('Include API keys');
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /Anyone who has a file with API keys can use them/,
    );
    await click(button('Export settings'));
    expect(bg.of('exportSettings')).toEqual([{ includeKeys: false }]);
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(names).toEqual([`shortlink-settings-${day}.json`]);
    const plain = await blobs[0]!.text();
    expect(JSON.parse(plain)).toMatchObject({ format: 'shortlink-settings', profiles: [WORK] });
    expect(plain).not.toContain('work-key');
    expect(document.body.textContent).toContain(`Saved shortlink-settings-${day}.json to your downloads.`);

    await tick(box, true);
    await click(button('Export settings'));
    expect(bg.of('exportSettings')[1]).toEqual({ includeKeys: true });
    expect(await blobs[1]!.text()).toContain('work-key-0123456789');
    expect(create).toHaveBeenCalledTimes(2);
  });

  it('clears the export’s status once the user does something else on the page', async () => {
    background();
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:test');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await mountOptions();
    await click(button('Export settings'));
    expect(document.body.textContent).toContain('to your downloads.');
    // Clicking plain text is no action: the status stays.
    await click(document.querySelector<HTMLElement>('h1')!);
    expect(document.body.textContent).toContain('to your downloads.');
    await typeInto(field('Profile name'), 'Work laptop');
    expect(document.body.textContent).not.toContain('to your downloads.');
    // Exporting again shows the status again: the new action's own message is not swallowed.
    await click(button('Export settings'));
    expect(document.body.textContent).toContain('to your downloads.');
    await click(button('Save defaults'));
    expect(document.body.textContent).not.toContain('to your downloads.');
    expect(document.body.textContent).toContain('Defaults saved');
  });
});

describe('import', () => {
  const incoming = (keys: boolean) =>
    serializeSettingsFile(
      buildSettingsFile(
        {
          ...SETTINGS,
          activeProfileId: 'f-new',
          profiles: [
            { ...WORK, id: 'f-work' },
            { id: 'f-new', name: 'Team', serverUrl: 'https://team.example', defaults: emptyDefaults() },
          ],
        },
        keys ? { 'f-new': 'team-key-000000000' } : null,
      ),
    );

  it('previews what the file holds and replaces, and imports only when confirmed', async () => {
    const bg = background(async () => {
      await saveSettings({
        ...SETTINGS,
        profiles: [
          WORK,
          { id: 'p-team', name: 'Team', serverUrl: 'https://team.example', defaults: emptyDefaults() },
        ],
      });
      return ok({ ...NOTHING_IMPORTED, added: 1, replaced: 1, keysImported: 1, active: 'Team' });
    });
    granted.add('https://team.example/*');
    await mountOptions();
    const file = incoming(true);
    await chooseFile(file);

    const preview = text('.preview');
    expect(text('#import-preview-heading')).toBe('Import shortlink-settings-2026-11-21.json?');
    expect(document.activeElement).toBe(document.getElementById('import-preview-heading'));
    expect(preview).toContain('It has 2 profiles:');
    expect(preview).toMatch(/Work\s*https:\/\/sho\.rt\s*replaces the saved one\s*no API key/);
    expect(preview).toMatch(/Team\s*https:\/\/team\.example\s*new\s*with API key/);
    expect(preview).toContain('The file includes API keys');
    expect(preview).toContain('Your behaviour settings will be replaced');
    expect(preview).toContain('Active profile after the import: Team.');
    expect(preview).not.toContain('without an API key');
    expect(bg.of('importSettings')).toEqual([{ text: file, dryRun: true }]);

    await click(button('Import'));
    expect(bg.of('importSettings')).toEqual([{ text: file, dryRun: true }, { text: file }]);
    expect(document.querySelector('.preview')).toBeNull();
    expect(document.body.textContent).toContain('Settings imported. New profiles: 1; replaced: 1.');
    // The preview went with the button that had focus: a keyboard user goes on from the file field.
    await vi.waitFor(() => expect(document.activeElement?.id).toBe('import-file'));
  });

  it('keeps a profile with a key active when the file’s active one comes without a key, and the preview says so', async () => {
    await fakeBrowser.storage.local.set({ apiKeys: { 'p-work': 'work-key-0123456789' } });
    const real = createSettingsTransferHandlers({ forget: () => {} });
    background(async (file) => ok(await real.importSettings({ text: file })));
    await mountOptions();
    await chooseFile(incoming(false));

    const preview = text('.preview');
    expect(preview).toContain(
      '“Team” comes without an API key in this file, so it will not be made the active profile.',
    );
    expect(preview).toContain('Active profile after the import: Work.');
    expect(preview).not.toContain('Active profile after the import: Team.');

    await click(button('Import'));
    await vi.waitFor(() => button('Edit Team'));
    expect((await loadSettings()).activeProfileId).toBe('p-work');
    expect(text('.profiles .badge')).toBe('Active');
    expect(text('.profiles li:first-child')).toContain('Work');
  });

  it('names the servers that will need access, and never makes active a profile on one of them', async () => {
    await fakeBrowser.storage.local.set({ apiKeys: { 'p-work': 'work-key-0123456789' } });
    const real = createSettingsTransferHandlers({ forget: () => {} });
    background(async (file) => ok(await real.importSettings({ text: file })));
    await mountOptions();
    await chooseFile(incoming(true));

    const preview = text('.preview');
    expect(preview).toContain(
      'Shortlink may not reach these servers yet. After the import, press Grant access beside each of their profiles:https://team.example',
    );
    expect(preview).toContain(
      '“Team” will not be made the active profile: Shortlink has no access to its server yet.',
    );
    expect(preview).toContain('Active profile after the import: Work.');

    await click(button('Import'));
    await vi.waitFor(() => button('Grant access to https://team.example'));
    expect((await loadSettings()).activeProfileId).toBe('p-work');
  });

  it('says when the file has no keys, and Cancel imports nothing', async () => {
    const bg = background();
    await mountOptions();
    await chooseFile(incoming(false));
    expect(text('.preview')).toContain('The file has no API keys: replaced profiles keep their saved keys');
    await click(button('Cancel'));
    expect(document.querySelector('.preview')).toBeNull();
    expect(bg.of('importSettings').filter((request) => !request.dryRun)).toEqual([]);
    await vi.waitFor(() => expect(document.activeElement?.id).toBe('import-file'));
  });

  it.each([
    ['not JSON', 'hello', /not JSON/],
    ['another JSON file', '{"name":"x"}', /not a Shortlink settings export/],
    [
      'a newer file',
      JSON.stringify({ format: 'shortlink-settings', version: 99 }),
      /newer version of Shortlink/,
    ],
  ])('refuses %s with a message and no preview', async (_name, content, message) => {
    const bg = background();
    await mountOptions();
    await chooseFile(content);
    expect(text('#import-error')).toMatch(message);
    expect(document.querySelector('.preview')).toBeNull();
    expect(bg.of('importSettings')).toEqual([]);
  });

  it('refuses a file larger than any export without reading it', async () => {
    background();
    await mountOptions();
    const read = vi.spyOn(File.prototype, 'text');
    await chooseFile('x'.repeat(MAX_SETTINGS_FILE_BYTES + 1), 'big.json');
    expect(text('#import-error')).toMatch(/larger than 3 MB/);
    expect(read).not.toHaveBeenCalled();
  });

  it('keeps the preview and shows why when the background refuses the import', async () => {
    background(async () => ({ ok: false, error: { kind: 'internal', message: 'Storage is full.' } }));
    await mountOptions();
    await chooseFile(incoming(false));
    await click(button('Import'));
    expect(text('#import-error')).toBe('Storage is full.');
    expect(document.querySelector('.preview')).not.toBeNull();
    await vi.waitFor(() => expect(document.activeElement).toBe(button('Import')));
  });

  it('marks imported profiles without access or key, and Grant access asks for exactly that origin in the click', async () => {
    background(async () => {
      await saveSettings({
        ...SETTINGS,
        profiles: [
          WORK,
          { id: 'p-team', name: 'Team', serverUrl: 'https://team.example', defaults: emptyDefaults() },
        ],
      });
      return ok({ ...NOTHING_IMPORTED, added: 1, withoutKey: ['p-team'] });
    });
    await mountOptions();
    expect(buttons('Grant access to https://team.example')).toEqual([]);
    await chooseFile(incoming(false));
    await click(button('Import'));
    await vi.waitFor(() => button('Grant access to https://team.example'));

    const list = text('.profiles');
    expect(list).toMatch(/TeamNo accessNo API key/);
    expect(list).toContain('Shortlink needs your permission to reach https://team.example.');
    expect(list).toContain('Click Edit and enter its API key.');
    expect(buttons('Grant access to https://sho.rt')).toEqual([]);

    const grant = button('Grant access to https://team.example');
    act(() => grant.click());
    // Synchronously in the click: the browser shows its prompt only during a user gesture.
    expect(requestPermission).toHaveBeenCalledWith({ origins: ['https://team.example/*'] });
    await settle();
    await vi.waitFor(() => {
      if (buttons('Grant access to https://team.example').length) throw new Error('still shown');
    });
    expect(text('.profiles')).not.toContain('No access');
  });

  it('asks for the key of a profile imported without one before saving it', async () => {
    const team: Profile = {
      id: 'p-team',
      name: 'Team',
      serverUrl: 'https://team.example',
      defaults: emptyDefaults(),
    };
    const bg = background(async () => {
      await saveSettings({ ...SETTINGS, profiles: [WORK, team] });
      return ok({ ...NOTHING_IMPORTED, added: 1, withoutKey: ['p-team'] });
    });
    await mountOptions();
    await chooseFile(incoming(false));
    await click(button('Import'));
    await vi.waitFor(() => button('Edit Team'));
    await click(button('Edit Team'));
    expect(document.body.textContent).not.toContain('saved for this profile');
    await click(button('Save'));
    expect(text('#api-key-error')).toBe('Enter the API key from your account settings on the server.');
    expect(bg.of('saveProfile')).toEqual([]);
  });

  describe('access of other profiles on the same host', () => {
    const LOCAL: Profile = {
      id: 'p-local',
      name: 'Local',
      serverUrl: 'http://127.0.0.1:8080',
      defaults: emptyDefaults(),
    };
    beforeEach(async () => {
      await saveSettings({ ...SETTINGS, profiles: [WORK, LOCAL] });
    });

    it('is checked again when the browser reports a permission added or removed', async () => {
      background();
      await mountOptions();
      await vi.waitFor(() => button('Grant access to http://127.0.0.1:8080'));

      // Granted elsewhere (another Options tab, the browser's site settings).
      granted.add('http://127.0.0.1/*');
      await act(() => permissionEvents.onAdded.fire({ origins: ['http://127.0.0.1/*'] }));
      await vi.waitFor(() => expect(text('.profiles')).not.toContain('No access'));
      expect(buttons('Grant access to http://127.0.0.1:8080')).toEqual([]);

      granted.delete('http://127.0.0.1/*');
      await act(() => permissionEvents.onRemoved.fire({ origins: ['http://127.0.0.1/*'] }));
      await vi.waitFor(() => button('Grant access to http://127.0.0.1:8080'));
    });

    it('is checked again after the prompt of a save, even when the save then fails', async () => {
      const bg = fakeBackground({
        refresh: () => ok({ links: null, lists: null }),
        getAccount: () => ({ ok: false, error: { kind: 'network', message: 'Failed to fetch' } }),
        saveProfile: () => ({ ok: false, error: { kind: 'network', message: 'Failed to fetch' } }),
      });
      await mountOptions();
      await vi.waitFor(() => button('Grant access to http://127.0.0.1:8080'));
      await click(button('Add profile'));
      await typeInto(field('Server URL'), 'http://127.0.0.1:1');
      await typeInto(field('API key'), 'sk-local');

      await click(button('Save'));

      expect(requestPermission).toHaveBeenCalledWith({ origins: ['http://127.0.0.1/*'] });
      expect(bg.of('saveProfile')).toHaveLength(1);
      await vi.waitFor(() => expect(text('.profiles')).not.toContain('No access'));
      expect(text('#server-url-error')).toContain('Couldn’t reach http://127.0.0.1:1.');
    });
  });

  it('explains a refused Grant access and keeps the button', async () => {
    await saveSettings({
      ...SETTINGS,
      profiles: [
        WORK,
        { id: 'p-team', name: 'Team', serverUrl: 'https://team.example', defaults: emptyDefaults() },
      ],
    });
    requestPermission.mockResolvedValue(false);
    background();
    await mountOptions();
    await vi.waitFor(() => button('Grant access to https://team.example'));
    await click(button('Grant access to https://team.example'));
    await settle();
    expect(text('[role="alert"]')).toBe(
      'Shortlink still has no access to https://team.example, so this profile cannot be used. Click Grant access and choose Allow.',
    );
    expect(buttons('Grant access to https://team.example')).toHaveLength(1);
  });
});
