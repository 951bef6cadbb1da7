/** lib/ids.ts: the one rule for an id a user types or a page address carries. */
import { describe, expect, it } from 'vitest';
import { parseId } from '@/lib/ids';

describe('parseId', () => {
  it('reads a positive whole number, with spaces around it', () => {
    expect(parseId('42')).toBe(42);
    expect(parseId(' 7 ')).toBe(7);
    expect(parseId(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses what is not one id: nothing, zero, signs, fractions, leading zeros, words', () => {
    for (const text of [undefined, '', ' ', '0', '-3', '+3', '1.5', '1e3', '007', '12 34', 'abc', '4a']) {
      expect(parseId(text), String(text)).toBeUndefined();
    }
  });

  it('refuses a number too large to name one id exactly', () => {
    expect(parseId('9007199254740993')).toBeUndefined();
    expect(parseId('99999999999999999999')).toBeUndefined();
  });
});
