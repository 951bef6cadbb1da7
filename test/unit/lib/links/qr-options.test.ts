import { describe, expect, it } from 'vitest';
import { defaultQrOptions, readQrOptions } from '@/lib/links/qr-options';

describe('readQrOptions', () => {
  it('reads stored choices', () => {
    expect(readQrOptions({ size: 1024, margin: 0 })).toEqual({ size: 1024, margin: 0 });
    expect(readQrOptions({ size: 256, margin: 8 })).toEqual({ size: 256, margin: 8 });
  });

  it('gives the default for each unreadable choice', () => {
    expect(defaultQrOptions()).toEqual({ size: 512, margin: 4 });
    expect(readQrOptions(undefined)).toEqual(defaultQrOptions());
    expect(readQrOptions('junk')).toEqual(defaultQrOptions());
    expect(readQrOptions({ size: 300, margin: 2 })).toEqual({ size: 512, margin: 2 });
    expect(readQrOptions({ size: 256, margin: 9 })).toEqual({ size: 256, margin: 4 });
    expect(readQrOptions({ size: '256', margin: 1.5 })).toEqual(defaultQrOptions());
    expect(readQrOptions({ size: 256, margin: -1 })).toEqual({ size: 256, margin: 4 });
  });
});
