import { describe, expect, it } from 'vitest';
import { isQueueable, type QueuedCreate, readQueue, readQueueMade, retryDelay } from '@/lib/links/queue';

const entry: QueuedCreate = {
  id: 'e1',
  profileId: 'p',
  input: { url: 'https://x.example/', custom: 'a' },
  pageTitle: 'X',
  source: 'allTabs',
  askedAt: 1,
  attempts: 2,
  nextTryAt: 3,
  state: 'failed',
  lastError: { kind: 'validation', message: 'Taken.' },
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

describe('readQueue', () => {
  it('reads a stored queue as stored', () => {
    expect(readQueue([entry, { ...entry, id: 'e2', state: 'waiting', lastError: null, mark: null }])).toEqual(
      [entry, { ...entry, id: 'e2', state: 'waiting', lastError: null, mark: null }],
    );
  });

  it('leaves out entries it cannot read, and reads anything else as empty', () => {
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
      { ...entry, lastError: { kind: 'network' } },
      { ...entry, uncertain: 'yes' },
    ];
    expect(readQueue([...bad, entry])).toEqual([entry]);
    expect(readQueue({ 0: entry })).toEqual([]);
    expect(readQueue(undefined)).toEqual([]);
  });
});

describe('readQueueMade', () => {
  it('keeps the links it can read', () => {
    const link = { shortUrl: 'https://sho.rt/a', title: 'A' };
    expect(readQueueMade([link, { shortUrl: 1, title: '' }, null])).toEqual([link]);
    expect(readQueueMade('x')).toEqual([]);
  });
});
