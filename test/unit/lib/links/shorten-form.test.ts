import { describe, expect, it } from 'vitest';
import { initialForm } from '@/entrypoints/popup/start-url';
import { aliasOf, toShortenInput, validateForm } from '@/lib/links/shorten-form';
import { emptyDefaults, type LinkDefaults } from '@/lib/settings/schema';
import type { ShortenForm } from '@/lib/storage/items';

const now = new Date(2031, 4, 10, 12, 0);
const defaults: LinkDefaults = {
  campaignId: 3,
  channelId: null,
  expiryDays: 2,
  domain: 'https://go.example.com',
  status: 'public',
};

describe('the popup form', () => {
  it('starts with the URL and the profile defaults', () => {
    expect(initialForm('https://example.com/a', defaults, now)).toEqual({
      url: 'https://example.com/a',
      alias: '',
      campaignId: '3',
      channelId: '',
      expiry: '2031-05-12T12:00',
    });
  });

  it('sends only the URL and the default status when nothing else is set', () => {
    const form = initialForm(' https://example.com/a ', emptyDefaults(), now);
    expect(toShortenInput(form, emptyDefaults())).toEqual({
      url: 'https://example.com/a',
      status: 'private',
    });
  });

  it('sends every filled field, with the profile domain and status', () => {
    const form: ShortenForm = {
      url: 'https://example.com/a',
      alias: ' launch ',
      campaignId: '3',
      channelId: '9',
      expiry: '2031-06-01T08:30',
    };
    expect(toShortenInput(form, defaults)).toEqual({
      url: 'https://example.com/a',
      custom: 'launch',
      campaign: 3,
      channel: 9,
      expiry: '2031-06-01 08:30:00',
      domain: 'https://go.example.com',
      status: 'public',
    });
  });

  it('leaves out fields the user cleared', () => {
    const form = { ...initialForm('https://example.com/a', defaults, now), campaignId: '', expiry: '' };
    const input = toShortenInput(form, { ...defaults, domain: '  ' });
    expect(input).toEqual({ url: 'https://example.com/a', status: 'public' });
  });

  it('flags a missing or non-web URL and a past expiry', () => {
    const form = initialForm('', emptyDefaults(), now);
    expect(validateForm(form, now)).toEqual({ url: 'Enter the URL to shorten.' });
    expect(validateForm({ ...form, url: 'ftp://x.org', expiry: '2031-05-10T11:59' }, now)).toEqual({
      url: 'Enter a full web address starting with http:// or https://.',
      expiry: 'The expiry must be in the future.',
    });
    expect(validateForm({ ...form, url: 'https://x.org', expiry: '2031-05-11T00:00' }, now)).toEqual({});
  });
});

describe('aliasOf', () => {
  it('is the short URL’s last path segment, decoded', () => {
    expect(aliasOf('https://go.example.com/sale')).toBe('sale');
    expect(aliasOf('https://example.com/s/sale/')).toBe('sale');
    expect(aliasOf('https://sho.rt/caf%C3%A9')).toBe('café');
    expect(aliasOf('https://sho.rt/100%')).toBe('100%');
  });

  it('is empty for a URL without a path or no URL at all', () => {
    expect(aliasOf('https://sho.rt/')).toBe('');
    expect(aliasOf('not a url')).toBe('');
  });
});
