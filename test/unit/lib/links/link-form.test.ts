import { describe, expect, it } from 'vitest';
import { type LinkDetail, linkInputSchema, linkUpdateInputSchema } from '@/lib/api/schemas';
import { apiToDatetimeLocal, datetimeLocalToApi } from '@/lib/dates';
import {
  emptyLinkForm,
  fromLinkDetail,
  isHexColor,
  parsePixelIds,
  redirectTypeValue,
  toLinkInput,
  toLinkUpdateInput,
  validateLinkForm,
  withUtmRows,
} from '@/lib/links/link-form';
import type { LinkFormState } from '@/lib/storage/items';

const NOW = new Date(2026, 5, 1, 12, 0, 0);

function form(fields: Partial<LinkFormState>): LinkFormState {
  return { ...emptyLinkForm(), url: 'https://example.com/page', ...fields };
}

describe('validateLinkForm', () => {
  it('accepts a form with only a long URL', () => {
    expect(validateLinkForm(form({}), NOW)).toEqual({});
  });

  it('refuses a text over its limit at its field, whichever field', () => {
    const errors = validateLinkForm(
      form({
        custom: 'a'.repeat(65),
        description: 'd'.repeat(1001),
        metatitle: 't'.repeat(201),
        metadescription: 'm'.repeat(1000),
        password: 'p'.repeat(129),
      }),
      NOW,
    );
    expect(errors).toEqual({
      custom: 'At most 64 characters: remove 1.',
      description: 'At most 1000 characters: remove 1.',
      metatitle: 'At most 200 characters: remove 1.',
      password: 'At most 128 characters: remove 1.',
    });
  });

  it('requires the long URL, and only http(s)', () => {
    expect(validateLinkForm(form({ url: '  ' }), NOW).url).toBe('Enter the long URL.');
    expect(validateLinkForm(form({ url: 'javascript:alert(1)' }), NOW).url).toMatch(/http/);
    expect(validateLinkForm(form({ url: 'ftp://example.com/file' }), NOW).url).toMatch(/http/);
    expect(validateLinkForm(form({ url: 'example.com' }), NOW).url).toMatch(/http/);
  });

  it('rejects an expiry in the past or now, accepts one in the future', () => {
    expect(validateLinkForm(form({ expiry: '2026-06-01T11:59' }), NOW).expiry).toBe(
      'The expiry must be in the future.',
    );
    expect(validateLinkForm(form({ expiry: '2026-06-01T12:00' }), NOW).expiry).toBe(
      'The expiry must be in the future.',
    );
    expect(validateLinkForm(form({ expiry: '2026-06-01T12:01' }), NOW).expiry).toBeUndefined();
    expect(validateLinkForm(form({ expiry: '2026-02-30T10:00' }), NOW).expiry).toBe('Enter a date and time.');
  });

  it('asks for both parts of a target row and an http(s) target', () => {
    const errors = validateLinkForm(
      form({
        geotarget: [
          { location: 'Germany', link: '' },
          { location: '', link: '' },
          { location: 'France', link: 'data:text/html,hi' },
        ],
        devicetarget: [{ device: '', link: 'https://example.com/ios' }],
        languagetarget: [{ language: 'de', link: '' }],
      }),
      NOW,
    );
    expect(errors['geotarget.0.link']).toMatch(/target URL/);
    // A fully empty row is ignored, not an error.
    expect(Object.keys(errors).filter((key) => key.startsWith('geotarget.1'))).toEqual([]);
    expect(errors['geotarget.2.link']).toMatch(/http/);
    expect(errors['devicetarget.0.device']).toMatch(/device/);
    expect(errors['languagetarget.0.link']).toMatch(/target URL/);
  });

  it('asks for both parts of a parameter row', () => {
    const errors = validateLinkForm(form({ parameters: [{ name: '', value: 'x' }] }), NOW);
    expect(errors['parameters.0.name']).toMatch(/parameter name/);
  });

  it('accepts a .jpg/.jpeg/.png meta image (query ignored) and nothing else', () => {
    const imageError = (metaimage: string) => validateLinkForm(form({ metaimage }), NOW).metaimage;
    expect(imageError('https://cdn.example.com/a.JPG')).toBeUndefined();
    expect(imageError('https://cdn.example.com/a.jpeg?v=2#x')).toBeUndefined();
    expect(imageError('https://cdn.example.com/a.png')).toBeUndefined();
    expect(imageError('https://cdn.example.com/a.gif')).toMatch(/jpg/);
    expect(imageError('https://cdn.example.com/a?file=a.png')).toMatch(/jpg/);
    expect(imageError('file:///a.png')).toMatch(/jpg/);
  });

  it('accepts pixel ids as comma-separated positive integers only', () => {
    expect(validateLinkForm(form({ pixels: '3, 7,12' }), NOW).pixels).toBeUndefined();
    expect(validateLinkForm(form({ pixels: '3, x' }), NOW).pixels).toMatch(/whole numbers/);
    expect(validateLinkForm(form({ pixels: '1.5' }), NOW).pixels).toMatch(/whole numbers/);
    expect(validateLinkForm(form({ pixels: '0' }), NOW).pixels).toMatch(/whole numbers/);
  });

  it('needs a store link when store deep links are chosen, and http(s) ones', () => {
    expect(validateLinkForm(form({ deeplink: 'stores' }), NOW).deeplinkApple).toMatch(/App Store/);
    expect(
      validateLinkForm(form({ deeplink: 'stores', deeplinkGoogle: 'market://x' }), NOW).deeplinkGoogle,
    ).toMatch(/http/);
    expect(validateLinkForm(form({ deeplink: 'auto' }), NOW)).toEqual({});
  });

  it('rejects an alias with spaces or slashes, and a domain without a scheme', () => {
    expect(validateLinkForm(form({ custom: 'my link' }), NOW).custom).toBeDefined();
    expect(validateLinkForm(form({ custom: 'a/b' }), NOW).custom).toBeDefined();
    expect(validateLinkForm(form({ custom: 'spring-2026' }), NOW).custom).toBeUndefined();
    expect(validateLinkForm(form({ domain: 'go.example.com' }), NOW).domain).toBeDefined();
  });
});

describe('field helpers', () => {
  it('checks HEX colours', () => {
    expect(isHexColor('#1E88e5')).toBe(true);
    expect(isHexColor('#1E88E')).toBe(false);
    expect(isHexColor('1E88E5')).toBe(false);
    expect(isHexColor('red')).toBe(false);
  });

  it('parses pixel ids', () => {
    expect(parsePixelIds(' 3, 7 ,, ')).toEqual([3, 7]);
    expect(parsePixelIds('')).toEqual([]);
    expect(parsePixelIds('3;7')).toBeUndefined();
  });

  it('converts expiry between datetime-local and the API format', () => {
    expect(datetimeLocalToApi('2030-12-31T23:59')).toBe('2030-12-31 23:59:00');
    expect(datetimeLocalToApi('2030-12-31T23:59:59')).toBe('2030-12-31 23:59:59');
    expect(apiToDatetimeLocal('2030-12-31 23:59:59')).toBe('2030-12-31T23:59:59');
    expect(apiToDatetimeLocal(null)).toBe('');
  });

  it('sends a custom splash page or an overlay as its bare id', () => {
    expect(redirectTypeValue('splash-page:4')).toBe('4');
    expect(redirectTypeValue('overlay:9')).toBe('9');
    expect(redirectTypeValue('frame')).toBe('frame');
    expect(redirectTypeValue('')).toBeUndefined();
  });

  it('adds the UTM rows once, keeping existing ones and dropping blank rows', () => {
    const rows = withUtmRows([
      { name: 'utm_source', value: 'mail' },
      { name: '', value: '' },
    ]);
    expect(rows).toEqual([
      { name: 'utm_source', value: 'mail' },
      { name: 'utm_medium', value: '' },
      { name: 'utm_campaign', value: '' },
    ]);
    expect(withUtmRows(rows)).toEqual(rows);
  });
});

const FULL: LinkFormState = {
  url: ' https://example.com/page ',
  custom: ' spring ',
  type: 'overlay:3',
  password: ' s3cret',
  domain: 'https://go.example.com',
  expiry: '2030-01-02T03:04',
  geotarget: [
    { location: 'Germany', link: 'https://example.com/de' },
    { location: '', link: '' },
  ],
  devicetarget: [{ device: 'iPhone', link: 'https://example.com/ios' }],
  languagetarget: [{ language: 'fr', link: 'https://example.com/fr' }],
  metatitle: 'Title',
  metadescription: 'Meta description',
  metaimage: 'https://cdn.example.com/a.png',
  description: 'A note',
  pixels: '3, 7',
  channel: '2',
  campaign: '5',
  deeplink: 'stores',
  deeplinkApple: 'https://apps.apple.com/app/id1',
  deeplinkGoogle: 'https://play.google.com/store/apps/details?id=x',
  status: 'public',
  parameters: [{ name: 'utm_source', value: 'mail' }],
};

describe('toLinkInput', () => {
  it('maps every field to the POST /api/url/add body', () => {
    expect(toLinkInput(FULL)).toEqual({
      url: 'https://example.com/page',
      custom: 'spring',
      type: '3',
      password: ' s3cret',
      domain: 'https://go.example.com',
      expiry: '2030-01-02 03:04:00',
      geotarget: [{ location: 'Germany', link: 'https://example.com/de' }],
      devicetarget: [{ device: 'iPhone', link: 'https://example.com/ios' }],
      languagetarget: [{ language: 'fr', link: 'https://example.com/fr' }],
      metatitle: 'Title',
      metadescription: 'Meta description',
      metaimage: 'https://cdn.example.com/a.png',
      description: 'A note',
      pixels: [3, 7],
      channel: 2,
      campaign: 5,
      deeplink: {
        apple: 'https://apps.apple.com/app/id1',
        google: 'https://play.google.com/store/apps/details?id=x',
      },
      status: 'public',
      parameters: [{ name: 'utm_source', value: 'mail' }],
    });
  });

  it('sends only the URL when nothing else is filled', () => {
    expect(toLinkInput(form({}))).toEqual({ url: 'https://example.com/page' });
  });

  it('sends automatic deep links as { auto: true }', () => {
    expect(
      toLinkInput(form({ deeplink: 'auto', deeplinkApple: 'https://ignored.example' })).deeplink,
    ).toEqual({
      auto: true,
    });
    expect(
      toLinkInput(form({ deeplink: 'none', deeplinkApple: 'https://x.example' })).deeplink,
    ).toBeUndefined();
  });

  it('produces a body the API client accepts unchanged', () => {
    const body = toLinkInput(FULL);
    expect(linkInputSchema.parse(body)).toEqual(body);
  });
});

describe('toLinkUpdateInput', () => {
  it('leaves out status and description, which the update endpoint does not take', () => {
    const body = toLinkUpdateInput(FULL);
    expect(body).not.toHaveProperty('status');
    expect(body).not.toHaveProperty('description');
    expect(body).toMatchObject({ url: 'https://example.com/page', type: '3', campaign: 5, pixels: [3, 7] });
    expect(linkUpdateInputSchema.parse(body)).toEqual(body);
  });
});

describe('fromLinkDetail', () => {
  it('prefills the long URL, targets and expiry', () => {
    const detail: LinkDetail = {
      id: 3,
      details: {
        shortUrl: 'https://go.example.com/sale',
        longUrl: 'https://shop.example.com/sale',
        title: 'Sale',
        description: 'Offer',
        location: { germany: 'https://shop.example.com/de' },
        device: { iphone: 'https://apps.apple.com/app/id1' },
        expiry: '2030-12-31 23:59:59',
        date: '2026-04-20 08:00:00',
      },
      stats: {
        clicks: 1,
        uniqueClicks: 1,
        topCountries: 0,
        topReferrers: 0,
        topBrowsers: 0,
        topOs: 0,
        socialCount: {},
      },
    };
    const state = fromLinkDetail(detail);
    expect(state.url).toBe('https://shop.example.com/sale');
    expect(state.geotarget).toEqual([{ location: 'germany', link: 'https://shop.example.com/de' }]);
    expect(state.devicetarget).toEqual([{ device: 'iphone', link: 'https://apps.apple.com/app/id1' }]);
    expect(state.expiry).toBe('2030-12-31T23:59:59');
    // Round trip: the prefilled targets and expiry are sent back as they came.
    expect(state.custom).toBe('sale');
    expect(toLinkUpdateInput(state)).toEqual({
      url: 'https://shop.example.com/sale',
      custom: 'sale',
      expiry: '2030-12-31 23:59:59',
      geotarget: [{ location: 'germany', link: 'https://shop.example.com/de' }],
      devicetarget: [{ device: 'iphone', link: 'https://apps.apple.com/app/id1' }],
    });
  });
});
