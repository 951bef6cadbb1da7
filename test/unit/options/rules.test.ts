import { describe, expect, it } from 'vitest';
import {
  defaultsFromDraft,
  draftFromDefaults,
  permissionRefusedMessage,
  savedKeyHint,
  saveFailureMessage,
} from '@/entrypoints/options/rules';
import { emptyDefaults } from '@/lib/settings/schema';

describe('save failure messages', () => {
  const server = 'https://sho.rt/base';

  it('names the origin the permission is for', () => {
    expect(permissionRefusedMessage(server)).toBe(
      'Shortlink needs access to https://sho.rt to talk to your server. Click Save and choose Allow.',
    );
    expect(saveFailureMessage({ kind: 'permission_denied', message: 'x' }, server)).toBe(
      permissionRefusedMessage(server),
    );
  });

  it('tells a wrong key, an unreachable server and a timeout apart', () => {
    const key = saveFailureMessage({ kind: 'unauthorized', message: 'x' }, server);
    const network = saveFailureMessage({ kind: 'network', message: 'x' }, server);
    const timeout = saveFailureMessage({ kind: 'timeout', message: 'x' }, server);
    expect(key).toContain('did not accept this API key');
    expect(network).toContain('Couldn’t reach https://sho.rt');
    expect(timeout).toContain('did not answer in time');
    expect(new Set([key, network, timeout]).size).toBe(3);
  });

  it('adds a retry time to a rate limit', () => {
    expect(
      saveFailureMessage({ kind: 'rate_limited', message: 'Busy.', retryAt: 20_000 }, server, 10_000),
    ).toBe('Busy. Try again in 10 seconds.');
  });

  it('passes other messages through', () => {
    expect(saveFailureMessage({ kind: 'server', message: 'The server failed (500).' }, server)).toBe(
      'The server failed (500).',
    );
  });
});

describe('the defaults form', () => {
  it('round-trips saved defaults', () => {
    const defaults = {
      campaignId: 3,
      channelId: null,
      expiryDays: 7,
      domain: 'https://go.example',
      status: 'public',
    } as const;
    expect(defaultsFromDraft(draftFromDefaults(defaults))).toEqual({ ok: true, defaults });
    expect(defaultsFromDraft(draftFromDefaults(emptyDefaults()))).toEqual({
      ok: true,
      defaults: emptyDefaults(),
    });
  });

  it.each(['0', '-1', '1.5', 'abc', '3651'])('refuses %s days', (days) => {
    const result = defaultsFromDraft({ ...draftFromDefaults(emptyDefaults()), expiryDays: days });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.expiryDays).toContain('whole number of days');
  });

  it('refuses a domain longer than a settings file takes', () => {
    const domain = `https://go.example/${'d'.repeat(2_000)}`;
    const result = defaultsFromDraft({ ...draftFromDefaults(emptyDefaults()), domain });
    expect(!result.ok && result.errors.domain).toMatch(/At most 2000 characters/);
  });

  it('refuses a domain without scheme and trims a trailing slash', () => {
    const draft = draftFromDefaults(emptyDefaults());
    expect(defaultsFromDraft({ ...draft, domain: 'go.example.com' })).toMatchObject({ ok: false });
    expect(defaultsFromDraft({ ...draft, domain: ' https://go.example.com/ ' })).toMatchObject({
      ok: true,
      defaults: { domain: 'https://go.example.com' },
    });
  });
});

describe('savedKeyHint', () => {
  it('shows only the last four characters of the key', () => {
    expect(savedKeyHint(' sk-live-abcdef1234 ')).toBe(
      'A key ending in …1234 is saved for this profile. Leave the field empty to keep it.',
    );
  });
});
