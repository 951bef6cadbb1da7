import { describe, expect, it } from 'vitest';
import { defaultQrOptions, qrOptionsItem } from '@/lib/storage/items';

describe('qrOptionsItem', () => {
  it('reads stored choices', () => {
    expect(qrOptionsItem.read({ size: 1024, margin: 0 })).toEqual({ size: 1024, margin: 0 });
    expect(qrOptionsItem.read({ size: 256, margin: 8 })).toEqual({ size: 256, margin: 8 });
  });

  it('gives the default for each unreadable choice', () => {
    expect(defaultQrOptions()).toEqual({ size: 512, margin: 4 });
    expect(qrOptionsItem.read(undefined)).toEqual(defaultQrOptions());
    expect(qrOptionsItem.read('junk')).toEqual(defaultQrOptions());
    expect(qrOptionsItem.read({ size: 300, margin: 2 })).toEqual({ size: 512, margin: 2 });
    expect(qrOptionsItem.read({ size: 256, margin: 9 })).toEqual({ size: 256, margin: 4 });
    expect(qrOptionsItem.read({ size: '256', margin: 1.5 })).toEqual(defaultQrOptions());
    expect(qrOptionsItem.read({ size: 256, margin: -1 })).toEqual({ size: 256, margin: 4 });
  });
});
