import { describe, expect, it } from 'vitest';

describe('test setup', () => {
  it('provides IndexedDB', () => {
    expect(typeof indexedDB.open).toBe('function');
  });
});
