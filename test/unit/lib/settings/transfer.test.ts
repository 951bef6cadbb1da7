/**
 * Settings export and import: the file format (lib/settings/transfer.ts), the background's handlers
 * (entrypoints/background/settings-transfer.ts) against fakeBrowser's storage, and the message
 * dispatch rules that let keys out only to Options, only when asked.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { dispatch, type Handlers } from '@/entrypoints/background/messages';
import { createSettingsTransferHandlers } from '@/entrypoints/background/settings-transfer';
import type { KeyMap } from '@/lib/settings/schema';
import {
  defaultBehaviour,
  defaultUtmPresets,
  emptyDefaults,
  type Profile,
  SETTINGS_VERSION,
  type Settings,
} from '@/lib/settings/schema';
import {
  applyImport,
  buildSettingsFile,
  exportFileName,
  MAX_SETTINGS_FILE_BYTES,
  parseSettingsFile,
  planImport,
  SETTINGS_FILE_FORMAT,
  serializeSettingsFile,
} from '@/lib/settings/transfer';
import { apiKeysItem, settingsItem } from '@/lib/storage/items';
import { loadSettings, saveSettings } from '@/lib/storage/settings';

const WORK_KEY = 'work-key-0123456789';
const HOME_KEY = 'home-key-9876543210';

function profile(id: string, name: string, serverUrl: string, patch: Partial<Profile> = {}): Profile {
  return { id, name, serverUrl, defaults: emptyDefaults(), ...patch };
}

const WORK = profile('p-work', 'Work', 'https://sho.rt', {
  defaults: { ...emptyDefaults(), campaignId: 4, expiryDays: 30, status: 'public' },
});
const HOME = profile('p-home', 'Home', 'http://localhost:8787');

const MASTODON = {
  id: 'p-mastodon',
  name: 'Mastodon',
  source: 'mastodon',
  medium: 'social',
  campaign: 'launch',
  term: '',
  content: 'bio',
};

const SETTINGS: Settings = {
  version: SETTINGS_VERSION,
  activeProfileId: 'p-home',
  profiles: [WORK, HOME],
  behaviour: {
    ...defaultBehaviour(),
    autoCopy: false,
    copyFormat: 'markdown',
    stripTracking: true,
    mirror: false,
    mirrorSweepHours: 24,
  },
  utmPresets: [MASTODON, ...defaultUtmPresets().slice(1)],
};

async function seed(
  settings: Settings = SETTINGS,
  keys: KeyMap = { 'p-work': WORK_KEY, 'p-home': HOME_KEY },
) {
  await fakeBrowser.storage.local.set({ [settingsItem.key]: settings, [apiKeysItem.key]: keys });
}

async function stored() {
  const all = await fakeBrowser.storage.local.get([settingsItem.key, apiKeysItem.key]);
  return { settings: all[settingsItem.key] as Settings, keys: all[apiKeysItem.key] as KeyMap };
}

/** The handlers, with access granted to every server unless `mayReach` says otherwise. */
const handlers = (mayReach: (serverUrl: string) => boolean = () => true) =>
  createSettingsTransferHandlers({ forget: vi.fn() }, undefined, async (url) => mayReach(url));

/** A current-version file, as text, with `patch` applied to its JSON. */
function fileText(patch: Record<string, unknown> = {}, keys: KeyMap | null = null): string {
  return JSON.stringify({ ...buildSettingsFile(SETTINGS, keys), ...patch });
}

function refusal(text: string): string {
  const outcome = parseSettingsFile(text);
  if (outcome.ok) throw new Error('the file was accepted');
  return outcome.message;
}

describe('export', () => {
  it('names the file after the local date', () => {
    expect(exportFileName(new Date(2026, 0, 5, 23, 30))).toBe('shortlink-settings-2026-01-05.json');
  });

  it('writes profiles, the active profile, behaviour, the format marker and the settings version', async () => {
    await seed();
    const { file } = await handlers().exportSettings({ includeKeys: false });
    expect(file).toMatchObject({
      format: SETTINGS_FILE_FORMAT,
      version: SETTINGS_VERSION,
      activeProfileId: 'p-home',
      profiles: [WORK, HOME],
      behaviour: SETTINGS.behaviour,
    });
    expect(Date.parse(file.exportedAt)).not.toBeNaN();
  });

  it('leaves the keys out unless asked, and then has each profile’s own', async () => {
    await seed();
    const without = serializeSettingsFile((await handlers().exportSettings({ includeKeys: false })).file);
    expect(without).not.toContain(WORK_KEY);
    expect(without).not.toContain(HOME_KEY);
    expect(JSON.parse(without)).not.toHaveProperty('apiKeys');

    const withKeys = (await handlers().exportSettings({ includeKeys: true })).file;
    expect(withKeys.apiKeys).toEqual({ 'p-work': WORK_KEY, 'p-home': HOME_KEY });
  });

  it('never exports the key of a profile that no longer exists', () => {
    const file = buildSettingsFile(SETTINGS, { 'p-work': WORK_KEY, 'p-gone': 'orphan-key-000000' });
    expect(file.apiKeys).toEqual({ 'p-work': WORK_KEY });
  });

  it('refuses to export settings of a newer release instead of exporting defaults', async () => {
    await fakeBrowser.storage.local.set({
      [settingsItem.key]: { version: SETTINGS_VERSION + 1, profiles: [] },
    });
    await expect(handlers().exportSettings({ includeKeys: false })).rejects.toThrow(/newer version/);
  });
});

describe('round trip', () => {
  it.each([
    ['without keys', false],
    ['with keys', true],
  ])('restores changed settings from the export, %s', async (_name, includeKeys) => {
    await seed();
    const text = serializeSettingsFile((await handlers().exportSettings({ includeKeys })).file);

    // The user changes everything after exporting…
    await saveSettings({
      ...SETTINGS,
      activeProfileId: 'p-work',
      profiles: [
        { ...WORK, defaults: emptyDefaults() },
        { ...HOME, name: 'Home' },
      ],
      behaviour: defaultBehaviour(),
      utmPresets: [],
    });
    await fakeBrowser.storage.local.set({
      [apiKeysItem.key]: { 'p-work': 'changed-key-00000', 'p-home': HOME_KEY },
    });

    const summary = await handlers().importSettings({ text });
    expect(summary).toEqual({
      added: 0,
      replaced: 2,
      keysImported: includeKeys ? 2 : 0,
      withoutKey: [],
      active: 'Home',
      skippedActive: null,
      needsAccess: [],
    });
    const after = await stored();
    expect(after.settings).toEqual(SETTINGS);
    // Keys come back only from a file that has them; otherwise the saved ones stay.
    expect(after.keys).toEqual({
      'p-work': includeKeys ? WORK_KEY : 'changed-key-00000',
      'p-home': HOME_KEY,
    });
  });

  it('keeps the stored UTM presets when the file has none (a file from before presets)', async () => {
    await seed();
    const { utmPresets: _none, ...file } = buildSettingsFile({ ...SETTINGS, utmPresets: [] }, null);
    await handlers().importSettings({ text: JSON.stringify(file) });
    expect((await stored()).settings.utmPresets).toEqual(SETTINGS.utmPresets);
  });

  it('sets up a fresh install from a file with keys', async () => {
    await seed();
    const text = serializeSettingsFile((await handlers().exportSettings({ includeKeys: true })).file);
    fakeBrowser.reset();

    const summary = await handlers().importSettings({ text });
    expect(summary).toMatchObject({ added: 2, replaced: 0, keysImported: 2, withoutKey: [] });
    const after = await stored();
    expect(
      after.settings.profiles.map(({ name, serverUrl, defaults }) => ({ name, serverUrl, defaults })),
    ).toEqual(SETTINGS.profiles.map(({ name, serverUrl, defaults }) => ({ name, serverUrl, defaults })));
    const home = after.settings.profiles.find((p) => p.name === 'Home')!;
    expect(after.settings.activeProfileId).toBe(home.id);
    expect(after.settings.behaviour).toEqual(SETTINGS.behaviour);
    expect(Object.values(after.keys).sort()).toEqual([HOME_KEY, WORK_KEY].sort());
    expect(after.keys[home.id]).toBe(HOME_KEY);
  });
});

describe('refused files', () => {
  it('refuses text that is not JSON', () => {
    expect(refusal('profiles: [Work]')).toMatch(/not a Shortlink settings file \(it is not JSON\)/);
  });

  it.each([
    ['another JSON file', JSON.stringify({ name: 'package', version: '1.0.0' })],
    ['a wrong marker', fileText({ format: 'other-extension-settings' })],
    ['a JSON array', '[1, 2]'],
    ['JSON null', 'null'],
  ])('refuses %s as not a settings export', (_name, text) => {
    expect(refusal(text)).toMatch(/not a Shortlink settings export/);
  });

  it('refuses a file of a newer release, saying which versions and what to do', () => {
    expect(refusal(fileText({ version: SETTINGS_VERSION + 1 }))).toBe(
      `This file comes from a newer version of Shortlink (settings version ${SETTINGS_VERSION + 1}; this version reads up to ${SETTINGS_VERSION}). Update Shortlink, then import it again.`,
    );
  });

  it('refuses a file larger than any export before parsing it', () => {
    const parse = vi.spyOn(JSON, 'parse');
    const huge = fileText({ padding: 'x'.repeat(MAX_SETTINGS_FILE_BYTES) });
    expect(refusal(huge)).toMatch(/larger than 3 MB/);
    // Multi-byte text counts by its bytes.
    expect(refusal(`"${'é'.repeat(MAX_SETTINGS_FILE_BYTES / 2 + 1)}"`)).toMatch(/larger than 3 MB/);
    expect(parse).not.toHaveBeenCalled();
  });

  it.each([
    ['version', { version: 'one' }],
    ['version', { version: 1.5 }],
    ['profiles', { profiles: 'Work' }],
    ['profiles.0.serverUrl', { profiles: [{ ...WORK, serverUrl: 'ftp://sho.rt' }] }],
    ['profiles.0.serverUrl', { profiles: [{ ...WORK, serverUrl: 'http://example.com' }] }],
    ['profiles.0.name', { profiles: [{ ...WORK, name: 7 }] }],
    [
      'profiles.0.defaults.expiryDays',
      { profiles: [{ ...WORK, defaults: { ...WORK.defaults, expiryDays: -3 } }] },
    ],
    [
      'profiles.0.defaults.domain',
      { profiles: [{ ...WORK, defaults: { ...WORK.defaults, domain: 'go.example' } }] },
    ],
    [
      'profiles.0.defaults.status',
      { profiles: [{ ...WORK, defaults: { ...WORK.defaults, status: 'secret' } }] },
    ],
    ['profiles.1.id', { profiles: [WORK, { ...HOME, id: WORK.id }] }],
    ['behaviour.copyFormat', { behaviour: { ...SETTINGS.behaviour, copyFormat: 'rtf' } }],
    ['behaviour.autoCopy', { behaviour: { ...SETTINGS.behaviour, autoCopy: 'yes' } }],
    ['behaviour.mirrorSweepHours', { behaviour: { ...SETTINGS.behaviour, mirrorSweepHours: 0 } }],
    ['activeProfileId', { activeProfileId: 'p-nobody' }],
    ['apiKeys.p-nobody', { apiKeys: { 'p-nobody': 'some-key-000000' } }],
    ['apiKeys.p-work', { apiKeys: { 'p-work': 42 } }],
    ['utmPresets.0.name', { utmPresets: [{ ...MASTODON, name: '' }] }],
    ['utmPresets.1.id', { utmPresets: [MASTODON, { ...MASTODON, name: 'Twin' }] }],
    // The one preset rule Options keeps to (lib/settings/utm-presets.ts).
    ['utmPresets.1.name', { utmPresets: [MASTODON, { ...MASTODON, id: 'p-twin', name: ' MASTODON ' }] }],
    ['utmPresets.0.name', { utmPresets: [{ ...MASTODON, name: 'n'.repeat(101) }] }],
    ['utmPresets.0.campaign', { utmPresets: [{ ...MASTODON, campaign: 'c'.repeat(501) }] }],
    ['utmPresets.0', { utmPresets: [{ ...MASTODON, source: '', medium: '', campaign: '', content: ' ' }] }],
    ['profiles.0.name', { profiles: [{ ...WORK, name: 'n'.repeat(101) }] }],
  ])('names the bad field %s', (field, patch) => {
    expect(refusal(fileText(patch))).toBe(
      `This file is damaged or was edited: ${field} is missing or not valid. Nothing was imported. Export the settings again, or correct that field.`,
    );
  });

  it('refuses the same server and name twice', () => {
    const twin = { ...WORK, id: 'p-twin', name: 'work' };
    expect(refusal(fileText({ profiles: [WORK, twin] }))).toMatch(
      /has the profile work \(https:\/\/sho\.rt\) twice/,
    );
  });

  it('refuses an import that would leave more profiles than Shortlink keeps, writing nothing', async () => {
    const many = Array.from({ length: 99 }, (_, i) => profile(`p-${i}`, `Stored ${i}`, 'https://sho.rt'));
    await seed({ ...SETTINGS, profiles: many, activeProfileId: 'p-0' }, {});
    const before = await stored();
    // Work replaces nothing stored, Home neither: 101 profiles.
    await expect(handlers().importSettings({ text: fileText() })).rejects.toThrow(
      'With this file you would have 101 profiles, more than the 100 Shortlink keeps.',
    );
    expect(await stored()).toEqual(before);
  });

  it('writes nothing when a file is refused, even with keys in it', async () => {
    await seed();
    const before = await stored();
    const bad = fileText(
      { profiles: [WORK, { ...HOME, serverUrl: 'not a url' }] },
      { 'p-work': 'evil-key-00000000' },
    );
    await expect(handlers().importSettings({ text: bad })).rejects.toThrow(/profiles\.1\.serverUrl/);
    expect(await stored()).toEqual(before);
  });
});

describe('merge', () => {
  const OTHER = profile('p-other', 'Other', 'https://other.example');

  it('replaces a profile of the same server and name in place, adds the rest and keeps those not in the file', () => {
    const current: Settings = { ...SETTINGS, activeProfileId: 'p-other', profiles: [OTHER, WORK] };
    const incoming = parseSettingsFile(
      fileText({
        activeProfileId: 'f-new',
        profiles: [
          // Same server (written differently) and name (other case): replaces Work.
          {
            ...WORK,
            id: 'f-work',
            name: 'WORK',
            serverUrl: 'https://sho.rt/api/',
            defaults: emptyDefaults(),
          },
          // Same server, other name: a profile of its own.
          profile('f-new', 'Work 2', 'https://sho.rt'),
        ],
        apiKeys: { 'f-new': 'new-key-000000000' },
      }),
    );
    if (!incoming.ok) throw new Error(incoming.message);

    const plan = planImport(current, incoming.imported);
    expect(plan.profiles.map((p) => [p.profile.name, p.replaces?.id ?? null, p.hasKey])).toEqual([
      ['WORK', 'p-work', false],
      ['Work 2', null, true],
    ]);

    let next = 0;
    const result = applyImport(
      current,
      { 'p-work': WORK_KEY, 'p-other': 'other-key-0000000' },
      incoming.imported,
      () => `id-${++next}`,
    );
    expect(result.settings.profiles).toEqual([
      OTHER,
      { id: 'p-work', name: 'WORK', serverUrl: 'https://sho.rt', defaults: emptyDefaults() },
      { id: 'id-1', name: 'Work 2', serverUrl: 'https://sho.rt', defaults: emptyDefaults() },
    ]);
    expect(result.settings.activeProfileId).toBe('id-1');
    expect(result.settings.behaviour).toEqual(SETTINGS.behaviour);
    expect(result.apiKeys).toEqual({
      'p-work': WORK_KEY,
      'p-other': 'other-key-0000000',
      'id-1': 'new-key-000000000',
    });
    expect(result).toMatchObject({ added: 1, replaced: 1, keysImported: 1, withoutKey: [], rekeyed: [] });
  });

  it('keeps the active profile when the file names none, and lists new profiles that need a key', () => {
    const incoming = parseSettingsFile(
      fileText({ activeProfileId: null, profiles: [profile('f-1', 'New', 'https://new.example')] }),
    );
    if (!incoming.ok) throw new Error(incoming.message);
    const result = applyImport(SETTINGS, {}, incoming.imported, () => 'id-new');
    expect(result.settings.activeProfileId).toBe('p-home');
    expect(result.withoutKey).toEqual(['id-new']);
  });

  describe('the active profile', () => {
    const SECOND = profile('f-second', 'Second', 'https://second.example');
    /** A file whose active profile, Second, is new here; with `keys`, Second's key is in it. */
    const withSecondActive = (keys: KeyMap | null = null) =>
      fileText({ activeProfileId: 'f-second', profiles: [SECOND], ...(keys ? { apiKeys: keys } : {}) });
    const imported = (text: string) => {
      const parsed = parseSettingsFile(text);
      if (!parsed.ok) throw new Error(parsed.message);
      return parsed.imported;
    };

    it('is never switched to a profile that has no key: the current one stays, and the dry run says so without writing', async () => {
      await seed();
      const before = await stored();
      const preview = await handlers().importSettings({ text: withSecondActive(), dryRun: true });
      expect(preview).toEqual({
        added: 1,
        replaced: 0,
        keysImported: 0,
        withoutKey: [expect.any(String)],
        active: 'Home',
        skippedActive: { name: 'Second', missing: 'key' },
        needsAccess: [],
      });
      expect(await stored()).toEqual(before);

      expect(await handlers().importSettings({ text: withSecondActive() })).toEqual({
        ...preview,
        withoutKey: [expect.any(String)],
      });
      const after = await stored();
      expect(after.settings.activeProfileId).toBe('p-home');
      expect(after.settings.profiles.map((p) => p.name)).toEqual(['Work', 'Home', 'Second']);
    });

    it('becomes the file’s when that profile has a key, from the file or already saved', async () => {
      expect(
        applyImport(
          SETTINGS,
          { 'p-home': HOME_KEY },
          imported(withSecondActive({ 'f-second': 'k-000000' })),
          () => 'id-2',
        ).settings.activeProfileId,
      ).toBe('id-2');
      // Work is replaced in place and keeps its saved key.
      const workActive = fileText({ activeProfileId: 'f-work', profiles: [{ ...WORK, id: 'f-work' }] });
      const result = applyImport(SETTINGS, { 'p-work': WORK_KEY }, imported(workActive));
      expect(result.settings.activeProfileId).toBe('p-work');
      expect(result.skippedActive).toBeNull();
    });

    it('goes to the first profile with a key when neither the file’s nor the current one has one', () => {
      const result = applyImport(
        SETTINGS,
        { 'p-work': WORK_KEY },
        imported(withSecondActive()),
        () => 'id-2',
      );
      expect(result.settings.activeProfileId).toBe('p-work');
      expect(result.skippedActive?.name).toBe('Second');
    });

    it('is never switched to a server the user has not granted; the preview names the servers that need access', async () => {
      await seed();
      const second = handlers((url) => url !== 'https://second.example');
      const file = withSecondActive({ 'f-second': 'second-key-000000' });
      const preview = await second.importSettings({ text: file, dryRun: true });
      expect(preview).toMatchObject({
        active: 'Home',
        skippedActive: { name: 'Second', missing: 'access' },
        needsAccess: ['https://second.example'],
      });
      await second.importSettings({ text: file });
      expect((await stored()).settings.activeProfileId).toBe('p-home');
    });

    it('is none after an import on a fresh install when the file’s only server is not granted', () => {
      const fresh: Settings = { ...SETTINGS, activeProfileId: null, profiles: [] };
      const result = applyImport(
        fresh,
        {},
        imported(withSecondActive({ 'f-second': 'second-key-000000' })),
        () => 'id-2',
        () => false,
      );
      expect(result.settings.activeProfileId).toBeNull();
      expect(result.skippedActive?.name).toBe('Second');
      expect(result.needsAccess).toEqual(['https://second.example']);
    });

    it('is the file’s on a fresh install where no profile has a key', () => {
      const fresh: Settings = { ...SETTINGS, activeProfileId: null, profiles: [] };
      const result = applyImport(fresh, {}, imported(withSecondActive()), () => 'id-2');
      expect(result.settings.activeProfileId).toBe('id-2');
      expect(result.skippedActive).toBeNull();
    });
  });

  it('replaces the key of a replaced profile only when the file has one, and has its client rebuilt', async () => {
    await seed();
    const forget = vi.fn();
    const { importSettings } = createSettingsTransferHandlers({ forget });
    await importSettings({ text: fileText({ apiKeys: { 'p-work': 'rotated-key-000000' } }) });
    expect((await stored()).keys).toEqual({ 'p-work': 'rotated-key-000000', 'p-home': HOME_KEY });
    expect(forget).toHaveBeenCalledWith('p-work');
    expect(forget).toHaveBeenCalledTimes(1);
  });
});

describe('older files', () => {
  it('migrates a version 0 file (one server and its key side by side) and imports its key', async () => {
    const legacy = JSON.stringify({
      format: SETTINGS_FILE_FORMAT,
      version: 0,
      serverUrl: 'https://go.example.com/api/',
      apiKey: 'legacy-key-0123456789abcdef',
      name: 'Company links',
      autoCopy: false,
      notifications: true,
      status: 'public',
      domain: 'https://brand.example',
      campaignId: 4,
      channelId: null,
      expiryDays: 30,
    });
    const parsed = parseSettingsFile(legacy, { newId: () => 'legacy-id' });
    expect(parsed).toEqual({
      ok: true,
      imported: {
        fileVersion: 0,
        settings: {
          version: SETTINGS_VERSION,
          activeProfileId: 'legacy-id',
          profiles: [
            {
              id: 'legacy-id',
              name: 'Company links',
              serverUrl: 'https://go.example.com',
              defaults: {
                campaignId: 4,
                channelId: null,
                expiryDays: 30,
                domain: 'https://brand.example',
                status: 'public',
              },
            },
          ],
          behaviour: { ...defaultBehaviour(), autoCopy: false },
          utmPresets: defaultUtmPresets(),
        },
        utmPresetsIncluded: false,
        apiKeys: { 'legacy-id': 'legacy-key-0123456789abcdef' },
      },
    });

    await seed();
    const summary = await handlers().importSettings({ text: legacy });
    expect(summary).toMatchObject({ added: 1, replaced: 0, keysImported: 1 });
    const after = await stored();
    const company = after.settings.profiles.find((p) => p.name === 'Company links')!;
    expect(after.keys[company.id]).toBe('legacy-key-0123456789abcdef');
    expect(after.settings.activeProfileId).toBe(company.id);
    expect((await loadSettings()).profiles).toHaveLength(3);
  });

  it('refuses a version 0 file whose server address cannot be used', () => {
    const legacy = JSON.stringify({ format: SETTINGS_FILE_FORMAT, version: 0, serverUrl: 'go.example.com' });
    expect(refusal(legacy)).toMatch(/profiles\.0\.serverUrl is missing or not valid/);
  });
});

describe('messages', () => {
  const from = (page: string) => ({
    id: fakeBrowser.runtime.id,
    url: fakeBrowser.runtime.getURL(page as '/options.html'),
  });
  let transfer: ReturnType<typeof handlers>;
  const secrets = async () => [WORK_KEY, HOME_KEY];

  beforeEach(async () => {
    await seed();
    transfer = handlers();
  });

  it('answers an export with keys to Options, unredacted', async () => {
    const reply = await dispatch(
      transfer as unknown as Handlers,
      { type: 'exportSettings', payload: { includeKeys: true } },
      from('/options.html'),
      { secrets },
    );
    expect(reply.ok && JSON.stringify(reply.data)).toContain(WORK_KEY);
  });

  it('refuses an export to any other page of the extension', async () => {
    for (const page of ['/popup.html', '/manage.html']) {
      const reply = await dispatch(
        transfer as unknown as Handlers,
        { type: 'exportSettings', payload: { includeKeys: true } },
        from(page),
        { secrets },
      );
      expect(reply).toMatchObject({ ok: false, error: { kind: 'bad_message' } });
      expect(JSON.stringify(reply)).not.toContain(WORK_KEY);
    }
  });

  it('takes an import from Options only, where the user previews it', async () => {
    const text = JSON.stringify(buildSettingsFile(SETTINGS, { 'p-work': 'planted-key-000000' }));
    for (const page of ['/popup.html', '/manage.html', '/sidepanel.html']) {
      const reply = await dispatch(
        transfer as unknown as Handlers,
        { type: 'importSettings', payload: { text } },
        from(page),
        { secrets },
      );
      expect(reply).toMatchObject({ ok: false, error: { kind: 'bad_message' } });
    }
    expect((await stored()).keys['p-work']).toBe(WORK_KEY);
    const fromOptions = await dispatch(
      transfer as unknown as Handlers,
      { type: 'importSettings', payload: { text } },
      from('/options.html'),
      { secrets },
    );
    expect(fromOptions.ok).toBe(true);
  });

  it('checks the import payload before any handler runs', async () => {
    const reply = await dispatch(
      transfer as unknown as Handlers,
      { type: 'importSettings', payload: { text: 42 } },
      from('/options.html'),
      { secrets },
    );
    expect(reply).toMatchObject({ ok: false, error: { kind: 'bad_message' } });
  });
});
