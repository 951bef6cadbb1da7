/** Several URLs at once as pages see them: each once, and the rows of their run. */
import { describe, expect, it } from 'vitest';
import { markLinked, newJob, withRow } from '@/lib/jobs/job';
import { distinctUrls, listRowsOf } from '@/lib/jobs/url-list';

const item = (url: string, title = '') => ({ input: { url }, title, label: '' });

describe('distinctUrls', () => {
  it('keeps each page once, as the cache compares them (trailing slash, #fragment), in order', () => {
    expect(
      distinctUrls([
        'https://a.example/',
        'https://b.example/x',
        'https://a.example',
        'https://b.example/x#part',
        'https://b.example/x?y=1',
      ]),
    ).toEqual(['https://a.example/', 'https://b.example/x', 'https://b.example/x?y=1']);
  });
});

describe('listRowsOf', () => {
  it('shows each row’s state and link, and marks rows that got the same short link', () => {
    let job = newJob(
      'list',
      'run',
      'p1',
      [
        item('https://a.example/'),
        item('https://b.example/', 'B'),
        item('https://c.example/'),
        item('https://d.example/'),
      ],
      0,
      0,
    );
    job = markLinked(job, 0, 'https://sho.rt/same', false, true);
    job = markLinked(job, 1, 'https://sho.rt/same', false);
    job = markLinked(job, 2, 'https://sho.rt/c', true);
    job = withRow(job, 3, { state: 'failed', error: { kind: 'server', message: 'Down' } });

    expect(listRowsOf(job)).toEqual([
      {
        longUrl: 'https://a.example/',
        title: '',
        state: 'made',
        shortUrl: 'https://sho.rt/same',
        existing: true,
        shared: true,
      },
      {
        longUrl: 'https://b.example/',
        title: 'B',
        state: 'made',
        shortUrl: 'https://sho.rt/same',
        shared: true,
      },
      { longUrl: 'https://c.example/', title: '', state: 'reused', shortUrl: 'https://sho.rt/c' },
      {
        longUrl: 'https://d.example/',
        title: '',
        state: 'failed',
        error: { kind: 'server', message: 'Down' },
      },
    ]);
  });
});
