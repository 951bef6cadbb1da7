import { describe, expect, it } from 'vitest';
import { parseSettings, SETTINGS_KEY, saveSettings } from '@/lib/settings';
import { readSettings, readSettingsValue } from '@/lib/ui-settings';

const valid = {
  version: 1,
  activeProfileId: 'b',
  profiles: [
    {
      id: 'a',
      name: 'Home',
      serverUrl: 'https://a.example',
      defaults: { campaignId: 1, channelId: null, expiryDays: 7, domain: '', status: 'public' },
    },
    { id: 'b', serverUrl: 'https://b.example', defaults: {} },
  ],
  behaviour: { autoCopy: false },
};

describe("the popup's settings reader", () => {
  it('reads what saveSettings wrote exactly as loadSettings would', async () => {
    const settings = parseSettings(valid);
    await saveSettings(settings);
    expect(await readSettings()).toEqual(settings);
  });

  it('fills missing defaults and switches like the zod schema', () => {
    expect(readSettingsValue(valid)).toEqual(parseSettings(valid));
  });

  it.each([
    ['nothing stored', undefined],
    ['another version', { ...valid, version: 2 }],
    ['profiles that are not a list', { ...valid, profiles: 'x' }],
    ['a profile without an id', { ...valid, profiles: [{ serverUrl: 'https://a.example' }] }],
    ['not an object', 'settings'],
  ])('falls back to fresh settings for %s', (_, raw) => {
    expect(readSettingsValue(raw)).toEqual(parseSettings(raw));
    expect(readSettingsValue(raw).profiles).toEqual([]);
  });

  it('reads the settings key of storage.local', async () => {
    await browser.storage.local.set({ [SETTINGS_KEY]: valid });
    expect((await readSettings()).activeProfileId).toBe('b');
  });
});
