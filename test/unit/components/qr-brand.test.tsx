/**
 * The QR code's brand on the page: colours (refused with the reason when scanners can't read them),
 * the error correction level, all remembered per profile and drawn in the preview.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { QrCode } from '@/components/qr-code';
import { qrMatrix, qrPathData } from '@/lib/links/qr';
import { defaultBehaviour, defaultUtmPresets, emptyDefaults } from '@/lib/settings/schema';
import { getItem, qrBrandsItem, setItem } from '@/lib/storage/items';
import { saveSettings } from '@/lib/storage/settings';
import { alerts, button, choose, field, mount, settle, typeInto } from '../dom';

const URL = 'https://sho.rt/x';

async function activeProfile(id: string) {
  await saveSettings({
    version: 1,
    activeProfileId: id,
    profiles: [
      { id: 'home', name: 'Home', serverUrl: 'https://sho.rt', defaults: emptyDefaults() },
      { id: 'work', name: 'Work', serverUrl: 'https://go.work', defaults: emptyDefaults() },
    ],
    behaviour: defaultBehaviour(),
    utmPresets: defaultUtmPresets(),
  });
}

const svg = () => document.querySelector('svg.qr-image')!;
const open = async () => {
  await mount(<QrCode text={URL} />);
  await settle();
};

beforeEach(() => fakeBrowser.reset());

describe('the QR code’s brand', () => {
  it('draws in the colours chosen and remembers them for the active profile only', async () => {
    await activeProfile('work');
    await open();
    await typeInto(field('Foreground'), '#1d3557');
    await typeInto(field('Background'), '#f1faee');

    expect(svg().querySelector('rect')?.getAttribute('fill')).toBe('#f1faee');
    expect(svg().querySelector('path')?.getAttribute('fill')).toBe('#1d3557');
    expect(alerts(document.body)).toEqual([]);
    expect((await getItem(qrBrandsItem)).work).toEqual({
      fg: '#1d3557',
      bg: '#f1faee',
      ecc: 'M',
      logo: null,
    });
    expect((await getItem(qrBrandsItem)).home).toBeUndefined();
  });

  it('refuses colours scanners can’t read, saying why, and offers no image in them', async () => {
    await activeProfile('home');
    await open();
    await typeInto(field('Foreground'), '#aaaaaa');
    expect(alerts(document.body)).toEqual([
      'Scanners can’t read these colours: their contrast is 2.3:1 and needs at least 4:1. Choose a darker foreground or a lighter background.',
    ]);
    expect(button('Copy image').disabled).toBe(true);
    expect(button('Download SVG').disabled).toBe(true);

    await typeInto(field('Foreground'), '#ffffff');
    await typeInto(field('Background'), '#000000');
    expect(alerts(document.body)).toEqual([
      'Scanners look for dark modules on a light background: make the foreground the darker colour.',
    ]);
  });

  it('encodes at the level chosen, and opens with the profile’s brand', async () => {
    await activeProfile('home');
    await setItem(qrBrandsItem, { home: { fg: '#222222', bg: '#ffffff', ecc: 'Q', logo: null } });
    await open();
    expect(field<HTMLSelectElement>('Error correction').value).toBe('Q');
    expect(svg().querySelector('path')?.getAttribute('d')).toBe(qrPathData(qrMatrix(URL, 'Q'), 4));

    await choose(field<HTMLSelectElement>('Error correction'), 'H');
    expect(svg().querySelector('path')?.getAttribute('d')).toBe(qrPathData(qrMatrix(URL, 'H'), 4));
    expect((await getItem(qrBrandsItem)).home?.ecc).toBe('H');
  });

  it('fixes the level at H while a logo is shown, and draws the logo in the centre', async () => {
    const logo = 'data:image/png;base64,iVBORw0KGgo=';
    await activeProfile('home');
    await setItem(qrBrandsItem, { home: { fg: '#000000', bg: '#ffffff', ecc: 'L', logo } });
    await open();
    expect(field<HTMLSelectElement>('Error correction').value).toBe('H');
    expect(field<HTMLSelectElement>('Error correction').disabled).toBe(true);
    expect(svg().querySelector('image')?.getAttribute('href')).toBe(logo);

    await button('Remove logo').click();
    await settle();
    expect(svg().querySelector('image')).toBeNull();
    expect(field<HTMLSelectElement>('Error correction').value).toBe('L');
  });
});
