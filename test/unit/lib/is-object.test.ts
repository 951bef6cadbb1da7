/** lib/is-object.ts: the one test for a plain object, as JSON's `{…}`. */
import { describe, expect, it } from 'vitest';
import { isObject } from '@/lib/is-object';

describe('isObject', () => {
  it('is true for a plain object only, never for null or an array', () => {
    expect(isObject({})).toBe(true);
    expect(isObject({ a: 1 })).toBe(true);
    for (const value of [null, undefined, [], [1], 'x', 3, true]) expect(isObject(value)).toBe(false);
  });
});
