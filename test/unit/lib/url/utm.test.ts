// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { defaultUtmPresets, type UtmPreset } from '@/lib/settings/schema';
import { presetLongUrl, withUtmPreset } from '@/lib/url/utm';

const preset = (values: Partial<UtmPreset>): UtmPreset => ({
  id: 'p',
  name: 'P',
  source: '',
  medium: '',
  campaign: '',
  term: '',
  content: '',
  ...values,
});

describe('withUtmPreset', () => {
  it('adds the preset’s parameters in order, and only those that are set', () => {
    expect(withUtmPreset('https://example.com/a', preset({ source: 'linkedin', medium: 'social' }))).toBe(
      'https://example.com/a?utm_source=linkedin&utm_medium=social',
    );
  });

  it('replaces a parameter of the same name and keeps every other one as written, and the fragment', () => {
    const url = 'https://example.com/a?q=a+b&utm_source=old&x=%20y&UTM_MEDIUM=kept#top';
    expect(withUtmPreset(url, preset({ source: 'x', campaign: 'spring sale' }))).toBe(
      'https://example.com/a?q=a+b&x=%20y&UTM_MEDIUM=kept&utm_source=x&utm_campaign=spring%20sale#top',
    );
  });

  it('encodes values, and trims the spaces around them', () => {
    expect(withUtmPreset('https://example.com/', preset({ term: ' a&b=c ' }))).toBe(
      'https://example.com/?utm_term=a%26b%3Dc',
    );
  });

  it('leaves a URL alone when the preset sets nothing, or when it does not parse', () => {
    expect(withUtmPreset('https://example.com/?a=1', preset({}))).toBe('https://example.com/?a=1');
    expect(withUtmPreset('not a url', preset({ source: 'x' }))).toBe('not a url');
  });

  it('ships presets for X, LinkedIn and a newsletter', () => {
    const names = defaultUtmPresets().map((p) => p.name);
    expect(names).toEqual(['X', 'LinkedIn', 'Newsletter']);
    const [x] = defaultUtmPresets();
    expect(withUtmPreset('https://example.com/', x as UtmPreset)).toBe(
      'https://example.com/?utm_source=x&utm_medium=social',
    );
  });
});

describe('presetLongUrl', () => {
  const linkedin = preset({ source: 'linkedin', medium: 'social' });

  it('strips tracking parameters first when the user strips them, then sets the preset', () => {
    expect(presetLongUrl(' https://example.com/a?utm_campaign=old&fbclid=1&id=7 ', linkedin, true)).toBe(
      'https://example.com/a?id=7&utm_source=linkedin&utm_medium=social',
    );
  });

  it('keeps other parameters, replacing only the preset’s, when the user does not strip', () => {
    expect(presetLongUrl('https://example.com/a?utm_campaign=old&utm_source=x', linkedin, false)).toBe(
      'https://example.com/a?utm_campaign=old&utm_source=linkedin&utm_medium=social',
    );
  });
});
