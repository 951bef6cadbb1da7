/** The Bulk create page: the preview before anything is sent, Start, the progress of the stored job, retries and copies. */
import { describe, expect, it, vi } from 'vitest';
import type { BulkLookups, BulkService } from '@/entrypoints/manage/bulk/bulk-service';
import { BulkView } from '@/entrypoints/manage/bulk/bulk-view';
import { type JobItem, markFailed, markLinked, newJob, waitJob } from '@/lib/jobs/job';
import type { Result } from '@/lib/messaging/protocol';
import { defaultUtmPresets } from '@/lib/settings/schema';
import type { Job } from '@/lib/storage/items';
import {
  alerts,
  button,
  buttons,
  choose,
  click,
  fakeApi,
  field,
  mount,
  page,
  settle,
  submit,
  tick,
  type,
} from '../../dom';

/** The server's lists as the preview asks for them. */
const lists = (method: string): Result<unknown> => {
  if (method === 'listCampaigns')
    return {
      ok: true,
      data: page([{ id: 7, name: 'Spring', public: true, rotator: false, list: '' }], 1, 1),
    };
  if (method === 'listChannels') return { ok: true, data: page([], 1, 1) };
  if (method === 'listDomains') return { ok: true, data: page([], 1, 1) };
  return { ok: true, data: null };
};
const api = fakeApi(lists);

const lookups = (patch: Partial<BulkLookups> = {}): BulkLookups => ({
  cached: [
    {
      id: 3,
      alias: 'old',
      shortUrl: 'https://sho.rt/old',
      longUrl: 'https://known.example/',
      title: '',
      description: '',
      clicks: 0,
      date: '2029-01-01 00:00:00',
    },
  ],
  defaults: null,
  presets: defaultUtmPresets(),
  stripTracking: false,
  unwrapRedirects: true,
  copyFormat: 'markdown',
  limit: 30,
  ...patch,
});

/** A service whose stored job the test sets; every request is recorded. */
function fakeService(initial: Job | null = null, found = lookups()) {
  let job = initial;
  const listeners = new Set<(job: Job | null) => void>();
  const set = (next: Job | null) => {
    job = next;
    for (const show of listeners) show(job);
  };
  const service = {
    watch: vi.fn((show: (job: Job | null) => void) => {
      listeners.add(show);
      show(job);
      return () => listeners.delete(show);
    }),
    lookups: vi.fn(async () => found),
    start: vi.fn(async (items: JobItem[]): Promise<Result<{ id: string; total: number }>> => {
      set(newJob('bulk', 'j1', 'p1', items, Date.now(), 30));
      return { ok: true, data: { id: 'j1', total: items.length } };
    }),
    control: vi.fn(async (): Promise<Result<null>> => ({ ok: true, data: null })),
    retry: vi.fn(
      async () => ({ ok: true, data: { made: 0, reused: 0, failed: 0, left: 1, total: 1 } }) as const,
    ),
  } satisfies BulkService;
  return { service, set };
}

const item = (url: string): JobItem => ({ input: { url, status: 'private' }, title: 'T', label: '' });
const text = (selector: string) => document.querySelector(selector)?.textContent ?? '';

describe('BulkView', () => {
  it('previews what will be sent, fanned out by preset, and sends nothing before Start', async () => {
    const { service } = fakeService();
    await mount(<BulkView service={service} />, api);
    await type(
      field<HTMLTextAreaElement>('Paste URLs (one a line) or CSV'),
      'url,campaign\nhttps://a.example,spring\nhttps://known.example,\nhttps://a.example,spring\nnot a url,\nhttps://b.example,Winter',
    );
    await settle(350);
    expect(text('#bulk-summary')).toContain(
      '2 links: 1 new, 1 reused from before (no request), 1 duplicates made once, 2 invalid.',
    );
    expect(text('#bulk-summary')).toContain('1 request to send');
    const rows = [...document.querySelectorAll('[aria-labelledby="bulk-preview-heading"] tbody tr')].map(
      (r) => r.textContent,
    );
    expect(rows[1]).toContain('https://sho.rt/old');
    expect(rows[4]).toContain('No campaign is named “Winter”');

    await tick(field('X'), true);
    await tick(field('LinkedIn'), true);
    await settle(350);
    expect(text('#bulk-summary')).toContain('4 links: 4 new');
    expect(service.start).not.toHaveBeenCalled();

    await click(button('Start'));
    await settle();
    const sent = service.start.mock.calls[0]?.[0] ?? [];
    expect(sent.map((i) => [i.input.url, i.input.campaign, i.label])).toEqual([
      ['https://a.example/?utm_source=x&utm_medium=social', 7, 'X'],
      ['https://a.example/?utm_source=linkedin&utm_medium=social', 7, 'LinkedIn'],
      ['https://known.example/?utm_source=x&utm_medium=social', undefined, 'X'],
      ['https://known.example/?utm_source=linkedin&utm_medium=social', undefined, 'LinkedIn'],
    ]);
    // The stored job now shows, not the input.
    expect(text('#bulk-counts')).toBe('Made: 0 · Reused: 0 · Failed: 0 · Left: 4');
  });

  it('keeps what was pasted and says why when the background refuses the start', async () => {
    const { service } = fakeService();
    service.start.mockResolvedValueOnce({
      ok: false,
      error: { kind: 'busy', message: 'A bulk create is already running.' },
    });
    await mount(<BulkView service={service} />, api);
    await type(field<HTMLTextAreaElement>('Paste URLs (one a line) or CSV'), 'https://a.example');
    await settle(350);
    await click(button('Start'));
    await settle();
    expect(alerts(document)).toContain('A bulk create is already running.');
    expect(field<HTMLTextAreaElement>('Paste URLs (one a line) or CSV').value).toBe('https://a.example');
  });

  it('shows a waiting job’s countdown and counts, and pauses it', async () => {
    let job = newJob(
      'bulk',
      'j1',
      'p1',
      [item('https://a.example'), item('https://b.example')],
      Date.now(),
      30,
    );
    job = waitJob(markLinked(job, 0, 'https://sho.rt/a', false), Date.now() + 42_000);
    const { service } = fakeService(job);
    await mount(<BulkView service={service} />, api);
    await settle();
    expect(text('#bulk-state')).toMatch(
      /^Waiting for the server’s rate limit\. Next request in 4[12] seconds\./,
    );
    expect(text('#bulk-counts')).toBe('Made: 1 · Reused: 0 · Failed: 0 · Left: 1');
    expect((document.querySelector('#bulk-bar') as HTMLProgressElement).value).toBe(1);
    await click(button('Pause'));
    expect(service.control).toHaveBeenCalledWith('pause');
  });

  it('retries a failed row as edited, after checking the edit like the popup does', async () => {
    let job = newJob(
      'bulk',
      'j1',
      'p1',
      [item('https://a.example'), item('https://bad.example')],
      Date.now(),
      30,
    );
    job = markFailed(markLinked(job, 0, 'https://sho.rt/a', false), 1, {
      kind: 'validation',
      message: 'Blocked domain',
    });
    job = { ...job, state: 'done' };
    const { service } = fakeService(job);
    await mount(<BulkView service={service} />, api);
    await settle();
    expect(document.body.textContent).toContain('Blocked domain');
    await click(button('Edit and retry'));
    const form = document.querySelector('form.inline-form') as HTMLFormElement;
    await type(field(form, 'Long URL'), 'ftp://nope');
    await submit(form);
    expect(service.retry).not.toHaveBeenCalled();
    expect(form.textContent).toMatch(/web address|http/i);
    await type(field(form, 'Long URL'), 'https://good.example');
    await type(field(form, 'Alias (optional)'), 'good');
    await submit(form);
    expect(service.retry).toHaveBeenCalledWith([
      { index: 1, input: { url: 'https://good.example', custom: 'good', status: 'private' } },
    ]);
  });

  it('copies every short link in the copy format, titled', async () => {
    let job = newJob(
      'bulk',
      'j1',
      'p1',
      [item('https://a.example'), item('https://b.example')],
      Date.now(),
      30,
    );
    job = markLinked(markLinked(job, 0, 'https://sho.rt/a', false), 1, 'https://sho.rt/b', true);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { service } = fakeService({ ...job, state: 'done' });
    await mount(<BulkView service={service} />, api);
    await settle();
    await click(button('Copy all'));
    await settle();
    expect(writeText).toHaveBeenCalledWith('[T](https://sho.rt/a)\n[T](https://sho.rt/b)');
    expect(document.body.textContent).toContain('2 links copied.');
  });

  it('imports a Shlink export: names it, shows the old links, lets a taken alias get a suffix, keeps the slugs', async () => {
    const { service } = fakeService();
    await mount(<BulkView service={service} />, api);
    await type(
      field<HTMLTextAreaElement>('Paste URLs (one a line) or CSV'),
      'Short Code,Long URL,Short URL,Visits\nold,https://new.example/,https://s.example/old,5\nkept,https://kept.example/,https://s.example/kept,2',
    );
    await vi.waitFor(() => expect(text('#bulk-format')).toBe('Shlink export: 2 links.'));
    const table = document.querySelector('[aria-labelledby="bulk-preview-heading"] table');
    expect(table?.querySelector('th')?.nextElementSibling?.textContent).toBe('Before');
    expect(table?.textContent).toContain('https://s.example/old');
    expect(table?.textContent).toContain('Clicks: 5');
    // `old` is the server's already, for another address: left out until another choice is made.
    expect(table?.textContent).toContain('already has the alias “old”');
    await choose(field<HTMLSelectElement>('Aliases your server already has'), 'suffix');
    await vi.waitFor(() => expect(table?.textContent).toContain('made as “old-2”'));
    await click(button('Start'));
    await settle();
    expect(service.start.mock.calls[0]?.[0].map((i) => [i.input.custom, i.from])).toEqual([
      ['old-2', 'https://s.example/old'],
      ['kept', 'https://s.example/kept'],
    ]);
  });

  it('maps an unknown file’s columns, keeps the mapping while the text changes, and keeps its slugs', async () => {
    const { service } = fakeService();
    await mount(<BulkView service={service} />, api);
    const input = field<HTMLTextAreaElement>('Paste URLs (one a line) or CSV');
    const file = 'Ziel,Kürzel\nhttps://a.example/page,alpha\nhttps://b.example/page,beta';
    await type(input, file);
    await vi.waitFor(() => expect(text('#bulk-mapping h3')).toBe('Which column is what?'));
    // Guessed from the values: the addresses are the long URLs, the words nothing yet.
    expect(field<HTMLSelectElement>('Column “Ziel”').value).toBe('url');
    expect(field<HTMLSelectElement>('Column “Kürzel”').value).toBe('');
    expect(text('#bulk-mapping tbody')).toContain('beta');
    await choose(field<HTMLSelectElement>('Column “Ziel”'), '');
    await click(button('Read the file with these columns'));
    expect(alerts(document)).toContain('Choose the column that holds the long URLs.');
    expect(service.start).not.toHaveBeenCalled();
    await choose(field<HTMLSelectElement>('Column “Kürzel”'), 'alias');
    // One column a field: taking the alias's column for the URL leaves the alias unmapped.
    await choose(field<HTMLSelectElement>('Column “Kürzel”'), 'url');
    await choose(field<HTMLSelectElement>('Column “Ziel”'), 'url');
    expect(field<HTMLSelectElement>('Column “Kürzel”').value).toBe('');
    await choose(field<HTMLSelectElement>('Column “Kürzel”'), 'alias');
    await click(button('Read the file with these columns'));
    await vi.waitFor(() => expect(text('#bulk-format')).toContain('Read with your columns: 2 links.'));
    await type(input, `${file}\nhttps://c.example/page,gamma`);
    await vi.waitFor(() => expect(text('#bulk-format')).toContain('Read with your columns: 3 links.'));
    await click(button('Change the columns'));
    expect(field<HTMLSelectElement>('Column “Kürzel”').value).toBe('alias');
    await click(button('Read the file with these columns'));
    await vi.waitFor(() => expect(text('#bulk-summary')).toContain('3 links: 3 new'));
    await click(button('Start'));
    await settle();
    expect(service.start.mock.calls[0]?.[0].map((i) => [i.input.url, i.input.custom, i.from])).toEqual([
      ['https://a.example/page', 'alpha', 'alpha'],
      ['https://b.example/page', 'beta', 'beta'],
      ['https://c.example/page', 'gamma', 'gamma'],
    ]);
  });

  it('lets one colliding row take its own choice', async () => {
    const { service } = fakeService();
    await mount(<BulkView service={service} />, api);
    await type(
      field<HTMLTextAreaElement>('Paste URLs (one a line) or CSV'),
      'Short Code,Long URL\nold,https://new.example/\nfresh,https://fresh.example/',
    );
    await vi.waitFor(() => expect(text('#bulk-format')).toBe('Shlink export: 2 links.'));
    const row = field<HTMLSelectElement>('Line 2, alias “old”');
    expect(row.value).toBe('');
    await choose(row, 'random');
    await vi.waitFor(() => expect(text('#bulk-summary')).toContain('2 links: 2 new'));
    // A row added above moves it down a line: the choice stays with its alias.
    await type(
      field<HTMLTextAreaElement>('Paste URLs (one a line) or CSV'),
      'Short Code,Long URL\nfirst,https://first.example/\nold,https://new.example/\nfresh,https://fresh.example/',
    );
    await vi.waitFor(() => expect(field<HTMLSelectElement>('Line 3, alias “old”').value).toBe('random'));
    await click(button('Start'));
    await settle();
    expect(service.start.mock.calls[0]?.[0].map((i) => i.input.custom)).toEqual([
      'first',
      undefined,
      'fresh',
    ]);
  });

  it('makes a tag’s missing campaign once on Start, and stops before the job with the reason when it cannot', async () => {
    let refuse = true;
    const made = fakeApi((method, ...args): Result<unknown> => {
      if (method === 'addCampaign') {
        if (refuse) {
          refuse = false;
          return { ok: false, error: { kind: 'server', message: 'The server had a problem.', status: 500 } };
        }
        return { ok: true, data: { id: 50, name: (args[0] as { name: string }).name } };
      }
      return lists(method);
    });
    const { service } = fakeService();
    await mount(<BulkView service={service} />, made);
    const csv =
      'Short Code,Long URL,Tags\na,https://a.example/,Launch\nb,https://b.example/,launch\nc,https://c.example/,Spring';
    await type(field<HTMLTextAreaElement>('Paste URLs (one a line) or CSV'), csv);
    await vi.waitFor(() => expect(text('#bulk-create-campaigns')).toContain('“Launch”'));
    expect(text('[aria-labelledby="bulk-preview-heading"] tbody')).toContain(
      'Campaign “Launch” will be created.',
    );
    await click(button('Start'));
    await vi.waitFor(() =>
      expect(alerts(document).join(' ')).toContain('Could not create the campaign “Launch”'),
    );
    expect(service.start).not.toHaveBeenCalled();
    expect(field<HTMLTextAreaElement>('Paste URLs (one a line) or CSV').value).toBe(csv);
    await click(button('Start'));
    await vi.waitFor(() => expect(service.start).toHaveBeenCalledTimes(1));
    expect(made.callsOf('addCampaign')).toEqual([[{ name: 'Launch' }], [{ name: 'Launch' }]]);
    expect(service.start.mock.calls[0]?.[0].map((i) => i.input.campaign)).toEqual([50, 50, 7]);
  });

  it('offers the redirect map once an import is over, and not for a plain batch', async () => {
    const from = (url: string, old: string): JobItem => ({ ...item(url), from: old });
    let job = newJob('bulk', 'j1', 'p1', [from('https://a.example', 'https://s.example/a')], Date.now(), 30);
    job = markLinked(job, 0, 'https://sho.rt/a', false);
    const { service, set } = fakeService(job);
    await mount(<BulkView service={service} />, api);
    await settle();
    expect(buttons('Download redirect map (CSV)')).toEqual([]);
    set({ ...job, state: 'done' });
    await vi.waitFor(() => expect(buttons('Download redirect map (CSV)')).toHaveLength(1));
    set({
      ...markLinked(
        newJob('bulk', 'j2', 'p1', [item('https://b.example')], Date.now(), 30),
        0,
        'https://sho.rt/b',
        false,
      ),
      state: 'done',
    });
    await vi.waitFor(() => expect(buttons('Download redirect map (CSV)')).toEqual([]));
  });
});
