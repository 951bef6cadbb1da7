/** A job's states: rows pending → sending → made | reused | failed; the job running, paused, waiting, done, cancelled. */
import { describe, expect, it } from 'vitest';
import {
  cancelJob,
  endWait,
  finishIfDone,
  isJobActive,
  type JobItem,
  jobCounts,
  markFailed,
  markLinked,
  markPending,
  newJob,
  nextRow,
  pauseJob,
  resumeJob,
  resumeRows,
  retryRows,
  stopJob,
  waitJob,
  withRow,
  withSentRows,
} from '@/lib/jobs/job';
import { bulkJobItem, type Job } from '@/lib/storage/items';

const item = (n: number): JobItem => ({
  input: { url: `https://a.example/${n}`, status: 'private' },
  title: '',
  label: '',
});
const job = (count = 3) =>
  newJob(
    'bulk',
    'job-1',
    'p1',
    Array.from({ length: count }, (_, i) => item(i)),
    1_000,
    30,
  );
const failure = { kind: 'server' as const, message: 'Down' };
const NOW = 5_000;
const markSending = (j: Job, index: number) => withRow(j, index, { state: 'sending' });

describe('a job', () => {
  it('starts running with every row pending, and finishes once no row is left', () => {
    let j = job(2);
    expect(j.state).toBe('running');
    expect(nextRow(j, NOW)).toBe(0);
    j = markLinked(markSending(j, 0), 0, 'https://s/0', false);
    j = markLinked(j, 1, 'https://s/1', true);
    expect(nextRow(j, NOW)).toBe(-1);
    expect(finishIfDone(j, NOW).state).toBe('done');
    expect(jobCounts(j)).toEqual({ made: 1, reused: 1, failed: 0, left: 0, total: 2 });
  });

  it('takes up a row left "sending" by a stopped worker as uncertain, after a wait', () => {
    let j = markLinked(job(), 0, 'https://s/0', false);
    j = markPending(markSending(j, 1), 1, NOW + 60_000);
    j = markSending(j, 2);
    expect(nextRow(j, NOW)).toBe(-1);
    // Read back as a new worker would: the mark survives storage.
    const stored = bulkJobItem.read(JSON.parse(JSON.stringify(j)));
    expect(stored?.rows[2]?.state).toBe('sending');
    const resumed = stored && resumeRows(stored, NOW + 30_000);
    expect(resumed?.rows[2]).toMatchObject({ state: 'pending', uncertain: true, nextTryAt: NOW + 30_000 });
    expect(resumed && nextRow(resumed, NOW + 30_000)).toBe(2);
  });

  it('takes up the rows stored as sent since the job was stored whole as sending, with their marks', () => {
    const mark = { at: NOW, knownIds: [], maxKnownId: 7 };
    // Stored whole when row 0 was made; rows 1 and 2 were sent after, row 0's entry is an older one.
    const whole = markLinked(job(), 0, 'https://s/0', false);
    const sent = {
      jobId: 'job-1',
      rows: [
        { id: '0', mark },
        { id: '1', mark },
        { id: '2', mark: null },
      ],
    };
    const taken = withSentRows(whole, sent);
    expect(taken.rows.map((row) => [row.state, row.mark])).toEqual([
      ['made', null],
      ['sending', mark],
      ['sending', null],
    ]);
    expect(resumeRows(taken, NOW).rows.map((row) => row.uncertain)).toEqual([false, true, true]);
    // Another job's list, or none, changes nothing.
    expect(withSentRows(whole, { ...sent, jobId: 'job-2' })).toBe(whole);
    expect(withSentRows(whole, null)).toBe(whole);
  });

  it('pauses, resumes, waits and cancels; a finished job stays as it is', () => {
    let j = job();
    j = pauseJob(j);
    expect(j.state).toBe('paused');
    expect(isJobActive(j)).toBe(true);
    j = resumeJob(j, NOW);
    expect(j.state).toBe('running');
    j = waitJob(j, 99_000);
    expect(j).toMatchObject({ state: 'waiting', waitUntil: 99_000 });
    expect(pauseJob(j)).toMatchObject({ state: 'paused', waitUntil: null });
    j = endWait(j, NOW);
    expect(j).toMatchObject({ state: 'running', waitUntil: null });
    j = cancelJob(j);
    expect(j.state).toBe('cancelled');
    expect(isJobActive(j)).toBe(false);
    expect(resumeJob(j, NOW).state).toBe('cancelled');
    expect(pauseJob(j).state).toBe('cancelled');
  });

  it('resumes a paused job with nothing left as done', () => {
    const j = pauseJob(markLinked(job(1), 0, 'https://s/0', false));
    expect(resumeJob(j, NOW).state).toBe('done');
  });

  it('stops with a reason every row would meet, and forgets it on resume', () => {
    const j = stopJob(markPending(markSending(job(), 0), 0), { kind: 'unauthorized', message: 'Key' });
    expect(j).toMatchObject({ state: 'paused', error: { kind: 'unauthorized' } });
    expect(j.rows[0]?.state).toBe('pending');
    expect(resumeJob(j, NOW).error).toBeUndefined();
  });

  it('retries failed rows only, with an edited input, and runs a finished job again', () => {
    let j = markFailed(markSending(job(2), 0), 0, failure);
    j = markLinked(j, 1, 'https://s/1', false);
    j = finishIfDone(j, NOW);
    expect(j.state).toBe('done');
    const edited = { url: 'https://fixed.example', status: 'private' as const };
    const retried = retryRows(j, [{ index: 0, input: edited }, { index: 1 }, { index: 7 }], NOW);
    expect(retried.state).toBe('running');
    expect(retried.rows[0]).toMatchObject({ state: 'pending', input: edited });
    expect(retried.rows[0]?.error).toBeUndefined();
    expect(retried.rows[1]?.state).toBe('made');
    expect(retryRows(retried, [{ index: 1 }], NOW)).toBe(retried);
  });

  it('reads a damaged stored job as none', () => {
    expect(bulkJobItem.read(null)).toBeNull();
    expect(bulkJobItem.read({ ...job(), state: 'exploded' })).toBeNull();
    expect(bulkJobItem.read({ ...job(), rows: [{ input: { url: 3 } }] })).toBeNull();
  });
});
