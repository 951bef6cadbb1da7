/**
 * The service worker reads settings at start without zod (lib/settings/reader.ts). It must read every
 * stored value exactly as the zod schema does (parseSettings), or the worker and the pages would see
 * different settings: compared here on arbitrary values close to the real shape, and on anything.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { loadStoredSettings, readStoredSettings } from '@/lib/settings/reader';
import { parseSettings, SETTINGS_KEY, SETTINGS_VERSION } from '@/lib/settings/settings';

const DANGEROUS_KEYS = ['__proto__', 'constructor', 'prototype', 'toString'];
const text = fc.oneof(fc.string(), fc.constantFrom(...DANGEROUS_KEYS, '', 'public', 'private'));
/** Values of every type, with the ones the schema tells apart (and its edge cases) more often. */
const loose = fc.oneof(
  text,
  fc.constantFrom(null, undefined, true, false, 0, -0, 1, 7, -3, 1.5, Number.NaN, Number.POSITIVE_INFINITY),
  fc.double(),
  fc.anything(),
);

const defaults = fc.record(
  { campaignId: loose, channelId: loose, expiryDays: loose, domain: loose, status: loose, extra: loose },
  { requiredKeys: [] },
);
const profile = fc.record(
  {
    id: fc.oneof(text, loose),
    name: loose,
    serverUrl: fc.oneof(fc.webUrl(), loose),
    defaults: fc.oneof(defaults, loose),
    extra: loose,
  },
  { requiredKeys: [] },
);
const settings = fc.record(
  {
    version: fc.oneof(
      fc.constant(SETTINGS_VERSION),
      fc.integer({ min: -1, max: SETTINGS_VERSION + 1 }),
      loose,
    ),
    activeProfileId: fc.oneof(text, loose),
    profiles: fc.oneof(fc.array(profile, { maxLength: 3 }), fc.sparseArray(profile, { maxLength: 3 }), loose),
    behaviour: fc.oneof(fc.record({ autoCopy: loose, notifications: loose }, { requiredKeys: [] }), loose),
    extra: loose,
  },
  { requiredKeys: [] },
);

describe('the zod-free settings reader', () => {
  it('reads any stored value exactly as parseSettings does', () => {
    fc.assert(
      fc.property(fc.oneof(settings, fc.anything(), fc.jsonValue()), (raw) => {
        expect(readStoredSettings(raw)).toStrictEqual(parseSettings(raw));
      }),
      { numRuns: 5_000 },
    );
  });

  it.each([
    [
      'a profile list with a hole',
      {
        version: 1,
        profiles: Object.assign(new Array(2), { 1: { id: 'a', serverUrl: 'https://a.example' } }),
      },
    ],
    [
      'a non-finite campaign id',
      {
        version: 1,
        profiles: [{ id: 'a', serverUrl: 'x', defaults: { campaignId: Number.POSITIVE_INFINITY } }],
      },
    ],
    ['an array as behaviour', { version: 1, behaviour: [true, false] }],
    ['the version as text', { version: '1', profiles: [] }],
  ])('agrees on %s', (_, raw) => {
    expect(readStoredSettings(raw)).toStrictEqual(parseSettings(raw));
  });

  it('reads the settings key of storage.local', async () => {
    const stored = {
      version: 1,
      activeProfileId: 'a',
      profiles: [{ id: 'a', serverUrl: 'https://a.example' }],
    };
    await fakeBrowser.storage.local.set({ [SETTINGS_KEY]: stored });
    expect(await loadStoredSettings()).toStrictEqual(parseSettings(stored));
    expect((await loadStoredSettings()).profiles[0]?.name).toBe('');
  });
});
