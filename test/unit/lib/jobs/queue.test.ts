import { describe, expect, it } from 'vitest';
import { isQueueable, retryDelay } from '@/lib/jobs/queue';
import { type JobRow, queueJobItem, queueMadeItem } from '@/lib/storage/items';

const entry: JobRow = {
  id: 'e1',
  profileId: 'p',
  input: { url: 'https://x.example/', custom: 'a' },
  title: 'X',
  label: '',
  source: 'allTabs',
  askedAt: 1,
  attempts: 2,
  nextTryAt: 3,
  state: 'failed',
  error: { kind: 'validation', message: 'Taken.' },
  uncertain: true,
  mark: { at: 1, knownIds: [4, 5], maxKnownId: 9 },
};

describe('isQueueable', () => {
  it.each([
    [{ kind: 'network' }, true],
    [{ kind: 'timeout' }, true],
    [{ kind: 'server', status: 503 }, true],
    [{ kind: 'rate_limited', status: 429 }, true],
    [{ kind: 'invalid_response', status: 200 }, true],
    [{ kind: 'invalid_response', status: 502 }, true],
    // A redirect: the server's set-up, which waiting does not change.
    [{ kind: 'invalid_response', status: 302 }, false],
    [{ kind: 'invalid_response' }, false],
    [{ kind: 'validation', status: 400 }, false],
    [{ kind: 'unauthorized', status: 401 }, false],
    [{ kind: 'not_found', status: 404 }, false],
    [{ kind: 'not_configured' }, false],
    [{ kind: 'internal' }, false],
  ] as const)('%o → %s', (error, expected) => {
    expect(isQueueable(error)).toBe(expected);
  });
});

describe('retryDelay', () => {
  it('doubles from 30 s to 8 min, then stays at 15 min', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map(retryDelay)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 900_000, 900_000, 900_000,
    ]);
  });
});

/** A stored queue job holding `rows`. */
const queueOf = (rows: unknown) => ({
  id: 'queue',
  kind: 'queue',
  profileId: '',
  createdAt: 0,
  state: 'running',
  waitUntil: null,
  limit: 0,
  rows,
});
const readRows = (rows: unknown) => queueJobItem.read(queueOf(rows))?.rows;

describe('the stored queue', () => {
  it('reads a stored queue as stored', () => {
    const { error: _error, ...waiting } = entry;
    const second = { ...waiting, id: 'e2', state: 'pending' as const, mark: null };
    expect(readRows([entry, second])).toEqual([entry, second]);
  });

  it('leaves out rows it cannot read, and reads anything else as no queue', () => {
    const bad = [
      null,
      'x',
      { ...entry, id: 3 },
      { ...entry, input: { url: 5 } },
      { ...entry, source: 'elsewhere' },
      { ...entry, state: 'gone' },
      { ...entry, attempts: -1 },
      { ...entry, nextTryAt: Number.NaN },
      { ...entry, mark: { at: 1, knownIds: ['x'], maxKnownId: null } },
      { ...entry, error: { kind: 'network' } },
      { ...entry, uncertain: 'yes' },
    ];
    expect(readRows([...bad, entry])).toEqual([entry]);
    expect(readRows({ 0: entry })).toBeUndefined();
    expect(queueJobItem.read(undefined)).toBeNull();
  });
});

describe('the links of the last "made" notification', () => {
  it('keeps the links it can read', () => {
    const link = { shortUrl: 'https://sho.rt/a', title: 'A' };
    expect(queueMadeItem.read([link, { shortUrl: 1, title: '' }, null])).toEqual([link]);
    expect(queueMadeItem.read('x')).toEqual([]);
  });
});
