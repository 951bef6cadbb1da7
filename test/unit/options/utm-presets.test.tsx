import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '@/entrypoints/options/app';
import { presetFromDraft } from '@/entrypoints/options/rules';
import { defaultSettings, defaultUtmPresets } from '@/lib/settings/schema';
import { loadSettings, saveSettings } from '@/lib/storage/settings';
import { LIST_LIMITS, TEXT_LIMITS } from '@/lib/text-limits';
import { button, click, fakeBackground, field, mount, ok, submit, typeInto } from '../dom';
import { stubPermissionEvents } from './permission-events';

beforeEach(async () => {
  stubPermissionEvents();
  fakeBackground({ refresh: () => ok({ links: null, lists: null }) });
  await saveSettings(defaultSettings());
});

const section = () => document.querySelector<HTMLElement>('[aria-labelledby="presets-heading"]')!;
const names = () => [...section().querySelectorAll('li strong')].map((el) => el.textContent);
const storedNames = async () => (await loadSettings()).utmPresets.map((preset) => preset.name);
const form = () => section().querySelector('form')!;

describe('UTM presets in Options', () => {
  it('lists the presets with the parameters each sets', async () => {
    await mount(<App />, '#presets-heading');
    expect(names()).toEqual(['X', 'LinkedIn', 'Newsletter']);
    expect(section().textContent).toContain('utm_source=linkedin · utm_medium=social');
  });

  it('adds a preset, saved at once with its trimmed values', async () => {
    await mount(<App />, '#presets-heading');
    await click(button('Add preset'));
    expect(document.activeElement).toBe(field(form(), 'Name'));
    await typeInto(field(form(), 'Name'), ' Mastodon ');
    await typeInto(field(form(), 'utm_source'), 'mastodon');
    await typeInto(field(form(), 'utm_campaign'), 'spring sale');
    await click(button('Save preset'));
    expect(names()).toEqual(['X', 'LinkedIn', 'Newsletter', 'Mastodon']);
    const saved = (await loadSettings()).utmPresets.at(-1)!;
    expect(saved).toMatchObject({
      name: 'Mastodon',
      source: 'mastodon',
      medium: '',
      campaign: 'spring sale',
    });
    expect(saved.id).not.toBe('');
    expect(section().textContent).toContain('Preset Mastodon added.');
    expect(document.activeElement).toBe(button('Add preset'));
  });

  it('edits and renames a preset in place', async () => {
    await mount(<App />, '#presets-heading');
    await click(button('Edit LinkedIn'));
    expect(field(form(), 'Name').value).toBe('LinkedIn');
    await typeInto(field(form(), 'Name'), 'LinkedIn page');
    await typeInto(field(form(), 'utm_content'), 'banner');
    await submit(form());
    const stored = (await loadSettings()).utmPresets[1]!;
    expect(stored).toMatchObject({
      id: 'linkedin',
      name: 'LinkedIn page',
      source: 'linkedin',
      content: 'banner',
    });
    expect(names()).toEqual(['X', 'LinkedIn page', 'Newsletter']);
    expect(document.activeElement).toBe(button('Edit LinkedIn page'));
  });

  it('refuses an empty name, a name taken (whatever its case) and a preset without parameters', async () => {
    await mount(<App />, '#presets-heading');
    await click(button('Add preset'));
    await submit(form());
    expect(form().textContent).toContain('Enter a name');
    expect(form().textContent).toContain('Set at least one utm_* parameter');
    await typeInto(field(form(), 'Name'), 'linkedin');
    await typeInto(field(form(), 'utm_medium'), 'social');
    await submit(form());
    expect(form().textContent).toContain('A preset named linkedin exists already.');
    expect(document.activeElement).toBe(field(form(), 'Name'));
    expect(await storedNames()).toEqual(['X', 'LinkedIn', 'Newsletter']);
    // Escape leaves the form without saving, focus back on Add.
    form().dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await click(document.body);
    expect(section().querySelector('form')).toBeNull();
  });

  it('refuses a value longer than a settings file takes, at its field, and says when no preset fits', async () => {
    await mount(<App />, '#presets-heading');
    await click(button('Edit X'));
    await typeInto(field(form(), 'utm_campaign'), 'c'.repeat(TEXT_LIMITS.utmValue + 3));
    await submit(form());
    expect(form().textContent).toContain('At most 500 characters: remove 3.');
    expect(document.activeElement).toBe(field(form(), 'utm_campaign'));
    expect((await loadSettings()).utmPresets[0]?.campaign).toBe('');

    const full = Array.from({ length: LIST_LIMITS.utmPresets }, (_, i) => ({
      ...defaultUtmPresets()[0]!,
      id: `p${i}`,
      name: `Preset ${i}`,
    }));
    await saveSettings({ ...defaultSettings(), utmPresets: full });
    await mount(<App />, '#presets-heading');
    await click(button('Add preset'));
    expect(section().querySelector('form')).toBeNull();
    expect(section().querySelector('[role="alert"]')?.textContent).toBe(
      'You have 100 presets, the most Shortlink keeps. Delete one to add another.',
    );
  });

  it('keeps its own name when a preset is edited', () => {
    const [x, linkedin] = defaultUtmPresets();
    expect(presetFromDraft({ ...x!, medium: 'post' }, x!.id, defaultUtmPresets()).ok).toBe(true);
    expect(presetFromDraft({ ...x!, name: 'LINKEDIN' }, x!.id, [x!, linkedin!]).ok).toBe(false);
  });

  it('moves presets up and down, saved in the new order', async () => {
    await mount(<App />, '#presets-heading');
    await click(button('Move Newsletter up'));
    expect(names()).toEqual(['X', 'Newsletter', 'LinkedIn']);
    expect(await storedNames()).toEqual(['X', 'Newsletter', 'LinkedIn']);
    expect(document.activeElement).toBe(button('Move Newsletter up'));
    await click(button('Move Newsletter up'));
    expect(await storedNames()).toEqual(['Newsletter', 'X', 'LinkedIn']);
    // At the top its Up button is gone: Down keeps the focus.
    expect(document.activeElement).toBe(button('Move Newsletter down'));
    await click(button('Move X down'));
    expect(await storedNames()).toEqual(['Newsletter', 'LinkedIn', 'X']);
  });

  it('deletes presets, down to none', async () => {
    await mount(<App />, '#presets-heading');
    await click(button('Delete LinkedIn'));
    expect(await storedNames()).toEqual(['X', 'Newsletter']);
    expect(document.activeElement).toBe(button('Delete Newsletter'));
    await click(button('Delete X'));
    await click(button('Delete Newsletter'));
    expect(await storedNames()).toEqual([]);
    expect(section().textContent).toContain('No presets yet.');
    expect(document.activeElement).toBe(button('Add preset'));
  });
});
