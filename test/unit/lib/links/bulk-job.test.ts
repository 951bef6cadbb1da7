/** The bulk job's states: rows pending → sending → made | reused | failed; the job running, paused, waiting, done, cancelled. */
import { describe, expect, it } from 'vitest';
import {
  type BulkItem,
  bulkCounts,
  cancelBulkJob,
  endBulkWait,
  finishIfDone,
  isBulkJobActive,
  markFailed,
  markLinked,
  markPending,
  markSending,
  newBulkJob,
  nextBulkRow,
  pauseBulkJob,
  readBulkJob,
  resumeBulkJob,
  retryBulkRows,
  stopBulkJob,
  waitBulkJob,
} from '@/lib/links/bulk-job';

const item = (n: number): BulkItem => ({
  input: { url: `https://a.example/${n}`, status: 'private' },
  title: '',
  label: '',
});
const job = (count = 3) =>
  newBulkJob(
    'job-1',
    'p1',
    Array.from({ length: count }, (_, i) => item(i)),
    1_000,
    30,
  );
const failure = { kind: 'server' as const, message: 'Down' };

describe('bulk job', () => {
  it('starts running with every row pending, and finishes once no row is left', () => {
    let j = job(2);
    expect(j.state).toBe('running');
    expect(nextBulkRow(j)).toBe(0);
    j = markLinked(markSending(j, 0), 0, 'https://s/0', false);
    j = markLinked(j, 1, 'https://s/1', true);
    expect(nextBulkRow(j)).toBe(-1);
    expect(finishIfDone(j).state).toBe('done');
    expect(bulkCounts(j)).toEqual({ made: 1, reused: 1, failed: 0, left: 0, total: 2 });
  });

  it('takes a row left "sending" by a stopped worker before any pending one', () => {
    let j = markLinked(job(), 0, 'https://s/0', false);
    j = markSending(j, 2);
    expect(nextBulkRow(j)).toBe(2);
    // Read back as a new worker would: the mark survives storage.
    const stored = readBulkJob(JSON.parse(JSON.stringify(j)));
    expect(stored && nextBulkRow(stored)).toBe(2);
    expect(stored?.rows[2]?.state).toBe('sending');
  });

  it('pauses, resumes, waits and cancels; a finished job stays as it is', () => {
    let j = job();
    j = pauseBulkJob(j);
    expect(j.state).toBe('paused');
    expect(isBulkJobActive(j)).toBe(true);
    j = resumeBulkJob(j);
    expect(j.state).toBe('running');
    j = waitBulkJob(j, 99_000);
    expect(j).toMatchObject({ state: 'waiting', waitUntil: 99_000 });
    expect(pauseBulkJob(j)).toMatchObject({ state: 'paused', waitUntil: null });
    j = endBulkWait(j);
    expect(j).toMatchObject({ state: 'running', waitUntil: null });
    j = cancelBulkJob(j);
    expect(j.state).toBe('cancelled');
    expect(isBulkJobActive(j)).toBe(false);
    expect(resumeBulkJob(j).state).toBe('cancelled');
    expect(pauseBulkJob(j).state).toBe('cancelled');
  });

  it('resumes a paused job with nothing left as done', () => {
    const j = pauseBulkJob(markLinked(job(1), 0, 'https://s/0', false));
    expect(resumeBulkJob(j).state).toBe('done');
  });

  it('stops with a reason every row would meet, and forgets it on resume', () => {
    const j = stopBulkJob(markPending(markSending(job(), 0), 0), { kind: 'unauthorized', message: 'Key' });
    expect(j).toMatchObject({ state: 'paused', error: { kind: 'unauthorized' } });
    expect(j.rows[0]?.state).toBe('pending');
    expect(resumeBulkJob(j).error).toBeUndefined();
  });

  it('retries failed rows only, with an edited input, and runs a finished job again', () => {
    let j = markFailed(markSending(job(2), 0), 0, failure);
    j = markLinked(j, 1, 'https://s/1', false);
    j = finishIfDone(j);
    expect(j.state).toBe('done');
    const edited = { url: 'https://fixed.example', status: 'private' as const };
    const retried = retryBulkRows(j, [{ index: 0, input: edited }, { index: 1 }, { index: 7 }]);
    expect(retried.state).toBe('running');
    expect(retried.rows[0]).toMatchObject({ state: 'pending', input: edited });
    expect(retried.rows[0]?.error).toBeUndefined();
    expect(retried.rows[1]?.state).toBe('made');
    expect(retryBulkRows(retried, [{ index: 1 }])).toBe(retried);
  });

  it('reads a damaged stored job as none', () => {
    expect(readBulkJob(null)).toBeNull();
    expect(readBulkJob({ ...job(), state: 'exploded' })).toBeNull();
    expect(readBulkJob({ ...job(), rows: [{ input: { url: 3 } }] })).toBeNull();
  });
});
