/**
 * What Options accepts, a settings file takes back (lib/text-limits.ts, lib/settings/utm-presets.ts):
 * the most profiles and presets Options keeps, every text at its longest, in characters of three
 * UTF-8 bytes, go through the background's export, the file Options downloads, and the import
 * (Options' preview and the background's handler) unchanged.
 */
import { describe, expect, it, vi } from 'vitest';
import { createSettingsTransferHandlers } from '@/entrypoints/background/settings-transfer';
import {
  checkProfileForm,
  defaultsFromDraft,
  draftFromDefaults,
  type PresetDraft,
  presetFromDraft,
  saveUtmPresets,
} from '@/entrypoints/options/rules';
import { defaultBehaviour, emptyDefaults, type Profile, type UtmPreset } from '@/lib/settings/schema';
import { MAX_SETTINGS_FILE_BYTES, parseSettingsFile, serializeSettingsFile } from '@/lib/settings/transfer';
import { apiKeysItem, getItem, setItems } from '@/lib/storage/items';
import { loadSettings, saveSettings } from '@/lib/storage/settings';
import { LIST_LIMITS, TEXT_LIMITS } from '@/lib/text-limits';

/** `length` characters, each three bytes in UTF-8, after `start` (which makes texts unique). */
const text = (length: number, start = '') => start + '€'.repeat(length - start.length);

/** The presets Options saves when each is typed at every limit; one more of anything is refused. */
function fullestPresets(): UtmPreset[] {
  const presets: UtmPreset[] = [];
  for (let i = 0; i < LIST_LIMITS.utmPresets; i += 1) {
    const draft: PresetDraft = {
      name: text(TEXT_LIMITS.name, `${i} `),
      source: text(TEXT_LIMITS.utmValue),
      medium: text(TEXT_LIMITS.utmValue),
      campaign: text(TEXT_LIMITS.utmValue),
      term: text(TEXT_LIMITS.utmValue),
      content: text(TEXT_LIMITS.utmValue),
    };
    const saved = presetFromDraft(draft, `preset-${i}`, presets);
    if (!saved.ok) throw new Error(`Options refused preset ${i}: ${JSON.stringify(saved.errors)}`);
    presets.push(saved.preset);
  }
  return presets;
}

/** An address of exactly `length` characters, as Options stores it. */
const address = (length: number, host: string) => {
  const start = `https://${host}/`;
  return start + 'a'.repeat(length - start.length);
};

/** The profiles Options saves when each is typed at every limit, with their keys. */
function fullestProfiles(): { profiles: Profile[]; keys: Record<string, string> } {
  const profiles: Profile[] = [];
  const keys: Record<string, string> = {};
  for (let i = 0; i < LIST_LIMITS.profiles; i += 1) {
    const form = {
      name: text(TEXT_LIMITS.name, `${i} `),
      serverUrl: address(TEXT_LIMITS.address, `s${i}.example`),
      apiKey: `k${i}-`.padEnd(TEXT_LIMITS.apiKey, 'x'),
    };
    const checked = checkProfileForm(form, { editing: 'new', profiles, keyRequired: true });
    if (!checked.base.ok || Object.keys(checked.errors).length > 0 || checked.failure) {
      throw new Error(`Options refused profile ${i}: ${JSON.stringify(checked)}`);
    }
    const defaults = defaultsFromDraft({
      ...draftFromDefaults(emptyDefaults()),
      domain: address(TEXT_LIMITS.address, `go${i}.example`),
    });
    if (!defaults.ok) throw new Error(`Options refused the defaults of profile ${i}`);
    const id = `profile-${i}`;
    profiles.push({ id, name: form.name, serverUrl: checked.base.url, defaults: defaults.defaults });
    keys[id] = form.apiKey;
  }
  return { profiles, keys };
}

describe('a user’s own export', () => {
  it('imports back whole with the most profiles and presets Options keeps and the longest texts', async () => {
    const presets = fullestPresets();
    const { profiles, keys } = fullestProfiles();
    await saveSettings({
      version: 1,
      activeProfileId: 'profile-0',
      profiles,
      behaviour: defaultBehaviour(),
      utmPresets: [],
    });
    await saveUtmPresets(presets);
    await setItems([apiKeysItem.entry(keys)]);
    const before = await loadSettings();

    const { exportSettings, importSettings } = createSettingsTransferHandlers({ forget: vi.fn() });
    const file = serializeSettingsFile((await exportSettings({ includeKeys: true })).file);
    expect(new TextEncoder().encode(file).length).toBeLessThanOrEqual(MAX_SETTINGS_FILE_BYTES);

    const preview = parseSettingsFile(file);
    expect(preview.ok && preview.imported.settings.utmPresets).toEqual(presets);
    const summary = await importSettings({ text: file });
    expect(summary).toMatchObject({
      added: 0,
      replaced: LIST_LIMITS.profiles,
      keysImported: LIST_LIMITS.profiles,
    });
    expect(await loadSettings()).toEqual(before);
    expect(await getItem(apiKeysItem)).toEqual(keys);
  });

  it('is never refused for what Options let through: Options refuses it first, with a field message', () => {
    const presets = fullestPresets();
    const longer = (field: keyof PresetDraft) =>
      presetFromDraft({ ...presets[0]!, [field]: `${presets[0]![field]}x` }, presets[0]!.id, presets);
    expect(longer('name')).toMatchObject({
      ok: false,
      errors: { name: expect.stringMatching(/At most 100/) },
    });
    expect(longer('content')).toMatchObject({
      ok: false,
      errors: { content: expect.stringMatching(/At most 500/) },
    });
    const another = presetFromDraft({ ...presets[0]!, name: 'Another' }, 'another', presets);
    expect(another).toMatchObject({
      ok: false,
      errors: { count: expect.stringMatching(/You have 100 presets/) },
    });
    // A name is the same whatever its case, in Options as in the file.
    const twin = presetFromDraft(
      { ...presets[1]!, name: presets[0]!.name.toUpperCase() },
      presets[1]!.id,
      presets,
    );
    expect(twin).toMatchObject({ ok: false, errors: { name: expect.stringMatching(/exists already/) } });

    const { profiles } = fullestProfiles();
    const form = { name: 'One more', serverUrl: 'https://sho.rt', apiKey: 'key' };
    const more = checkProfileForm(form, { editing: 'new', profiles, keyRequired: true });
    expect(more.failure).toMatch(/You have 100 profiles/);
    const same = checkProfileForm(
      { ...form, name: profiles[0]!.name.toUpperCase(), serverUrl: profiles[0]!.serverUrl },
      { editing: 'new', profiles: profiles.slice(0, 1), keyRequired: true },
    );
    expect(same.errors.name).toMatch(/exists already/);
    const long = checkProfileForm(
      { ...form, serverUrl: `${profiles[0]!.serverUrl}b`, apiKey: 'k'.repeat(TEXT_LIMITS.apiKey + 1) },
      { editing: 'new', profiles: [], keyRequired: true },
    );
    expect(long.errors).toMatchObject({
      serverUrl: expect.stringMatching(/At most 2000/),
      apiKey: expect.stringMatching(/At most 1000/),
    });
  });
});
