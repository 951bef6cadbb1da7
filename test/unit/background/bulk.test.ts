/**
 * Bulk create in the background: the job runs to the end from storage, reuses cached links, stops for
 * a refused key, waits for the rate limit with an alarm, and a worker that stopped mid-request resumes
 * the job without making a link twice.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type Clients, createClients } from '@/entrypoints/background/clients';
import { createLinkPipeline } from '@/entrypoints/background/create-link';
import { BULK_ALARM, createBulk } from '@/entrypoints/background/jobs/bulk';
import { redirectMapCsv } from '@/lib/jobs/bulk-csv';
import { type JobItem, jobCounts, newJob, waitJob } from '@/lib/jobs/job';
import { linksById, putCachedLinks } from '@/lib/links/cache';
import { bulkJobItem, getItem, type Job, sentRowsItem } from '@/lib/storage/items';
import {
  cachedLink,
  type FakeServer,
  fakeServer,
  seedProfile,
  sendFromPopup,
  settle,
  startBackground,
  stubBrowserApis,
} from './helpers';

let server: FakeServer;
/** A worker's bulk handlers on `clients`, as the background wires them. */
const bulkOf = (clients: Clients) => createBulk({ clients, createLink: createLinkPipeline(clients) });
const MANAGE = () => ({ id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/manage.html') });

const item = (url: string): JobItem => ({ input: { url, status: 'private' }, title: '', label: '' });
const adds = () => server.calls.filter((c) => c.method === 'POST' && c.path === '/api/url/add');
/**
 * The job this test stored. A worker of an earlier test may still be finishing its job, and write it
 * into this test's storage: a job created before this test began is none of its own.
 */
let testStart = 0;
const stored = async () => {
  const job = await getItem(bulkJobItem);
  return job && job.createdAt < testStart ? null : job;
};

/** Waits until the stored job satisfies `done` (the job runs on its own, between test steps). */
async function until(done: (job: Job | null) => boolean): Promise<Job | null> {
  for (let i = 0; i < 200; i++) {
    const job = await stored();
    if (done(job)) return job;
    await settle(5);
  }
  throw new Error(`Job never got there: ${JSON.stringify(await stored())}`);
}

beforeEach(() => {
  testStart = Date.now();
  stubBrowserApis();
  server = fakeServer();
});

describe('bulk create', () => {
  it('runs a job to the end: each new row once, cached rows reused without a request', async () => {
    const profile = await seedProfile();
    await putCachedLinks(profile.id, [cachedLink(3, 'https://known.example/')]);
    startBackground(server);
    const reply = await sendFromPopup(
      'bulkStart',
      { items: [item('https://a.example'), item('https://known.example'), item('https://b.example')] },
      MANAGE(),
    );
    expect(reply).toEqual({ ok: true, data: { id: expect.any(String), total: 3 } });
    const job = await until((j) => j?.state === 'done');
    expect(job?.rows.map((r) => r.state)).toEqual(['made', 'reused', 'made']);
    expect(job?.rows[1]?.shortUrl).toBe('https://sho.rt/c3');
    expect(adds().map((c) => (c.body as { url: string }).url)).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
    expect(job && jobCounts(job)).toEqual({ made: 2, reused: 1, failed: 0, left: 0, total: 3 });
  });

  it("keeps an imported row's old short URL through the job, for the redirect map", async () => {
    await seedProfile();
    startBackground(server);
    const imported: JobItem = {
      input: { url: 'https://shop.example/spring', status: 'private', custom: 'spring' },
      title: 'Spring sale',
      label: '',
      from: 'https://s.example.com/spring',
    };
    await sendFromPopup('bulkStart', { items: [imported, item('https://b.example')] }, MANAGE());
    const job = await until((j) => j?.state === 'done');
    expect(adds()[0]?.body).toMatchObject({ custom: 'spring' });
    expect(job?.rows.map((row) => row.from)).toEqual(['https://s.example.com/spring', undefined]);
    const made = job?.rows[0]?.shortUrl;
    expect(made).toBeTruthy();
    expect(redirectMapCsv(job?.rows ?? [])).toContain(`"https://s.example.com/spring","${made}"`);
  });

  it('marks a row the server answered with a link it had made before', async () => {
    const profile = await seedProfile();
    await putCachedLinks(profile.id, [cachedLink(120, 'https://other.example/')]);
    server.state.links.push({
      id: 7,
      alias: 'c7',
      shorturl: 'https://sho.rt/c7',
      longurl: 'https://old.example',
      title: '',
      date: '2024-05-01 10:00:00',
    });
    server.state.existing = true;
    startBackground(server);
    await sendFromPopup(
      'bulkStart',
      { items: [item('https://old.example'), item('https://new.example')] },
      MANAGE(),
    );
    const job = await until((j) => j?.state === 'done');
    expect(job?.rows.map((row) => [row.state, row.shortUrl, row.existing])).toEqual([
      ['made', 'https://sho.rt/c7', true],
      ['made', 'https://sho.rt/a500', undefined],
    ]);
  });

  it('refuses a second job while one has work left, and rows that are not web addresses', async () => {
    await seedProfile();
    server.state.gate = new Promise(() => undefined);
    startBackground(server);
    await sendFromPopup('bulkStart', { items: [item('https://a.example')] }, MANAGE());
    const second = await sendFromPopup('bulkStart', { items: [item('https://b.example')] }, MANAGE());
    expect(second).toMatchObject({ ok: false, error: { kind: 'busy' } });
    const bad = await sendFromPopup('bulkControl', { action: 'clear' }, MANAGE());
    expect(bad).toMatchObject({ ok: false, error: { kind: 'busy' } });
  });

  it('refuses a row that is not a web address, checked again in the background', async () => {
    await seedProfile();
    startBackground(server);
    const reply = await sendFromPopup('bulkStart', { items: [item('javascript:alert(1)')] }, MANAGE());
    expect(reply).toMatchObject({ ok: false, error: { kind: 'bad_message' } });
    expect(await stored()).toBeNull();
  });

  it('says so when the job cannot be stored, and starts the next one', async () => {
    await seedProfile();
    startBackground(server);
    vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded'));
    const refused = await sendFromPopup('bulkStart', { items: [item('https://a.example')] }, MANAGE());
    expect(refused).toMatchObject({
      ok: false,
      error: { kind: 'internal', message: expect.stringMatching(/could not be saved/) },
    });
    expect(adds()).toHaveLength(0);
    const started = await sendFromPopup('bulkStart', { items: [item('https://a.example')] }, MANAGE());
    expect(started.ok).toBe(true);
    await until((j) => j?.state === 'done');
  });

  it('records a failed row and goes on; a retry with an edited URL makes it', async () => {
    await seedProfile();
    startBackground(server);
    // Only the first add is refused (a 400 is a clear "no": nothing was made).
    const serve = server.fetch.getMockImplementation()!;
    server.fetch.mockImplementation(async (input, init) =>
      String(init?.body).includes('https://a.example')
        ? new Response(JSON.stringify({ error: 1, message: 'Blocked domain' }), { status: 400 })
        : serve(input, init),
    );
    await sendFromPopup(
      'bulkStart',
      { items: [item('https://a.example'), item('https://b.example')] },
      MANAGE(),
    );
    let job = await until((j) => j?.state === 'done');
    expect(job?.rows[0]?.error?.message).toContain('Blocked domain');
    expect(job?.rows[1]?.state).toBe('made');
    const retry = await sendFromPopup(
      'bulkRetry',
      { rows: [{ index: 0, input: { url: 'https://fixed.example', status: 'private' } }] },
      MANAGE(),
    );
    expect(retry.ok).toBe(true);
    job = await until((j) => j?.state === 'done' && j.rows[0]?.state === 'made');
    expect(adds().at(-1)?.body).toMatchObject({ url: 'https://fixed.example' });
  });

  it('stops the whole job, keeping every row, when the server refuses the key; resume goes on', async () => {
    await seedProfile();
    server.state.key = 'another-key';
    startBackground(server);
    await sendFromPopup(
      'bulkStart',
      { items: [item('https://a.example'), item('https://b.example')] },
      MANAGE(),
    );
    const job = await until((j) => j?.state === 'paused');
    expect(job?.error?.kind).toBe('unauthorized');
    expect(job?.rows.map((r) => r.state)).toEqual(['pending', 'pending']);
    server.state.key = 'good-key-1234';
    await sendFromPopup('bulkControl', { action: 'resume' }, MANAGE());
    const done = await until((j) => j?.state === 'done');
    expect(done?.rows.map((r) => r.state)).toEqual(['made', 'made']);
  });

  it('waits for the next window when its share is spent, with an alarm for a stopped worker', async () => {
    await seedProfile();
    const resetAt = Date.now() + 40_000;
    server.state.headers = {
      'X-RateLimit-Limit': '30',
      'X-RateLimit-Remaining': '5',
      'X-RateLimit-Reset': String(resetAt),
    };
    startBackground(server);
    await sendFromPopup(
      'bulkStart',
      { items: [item('https://a.example'), item('https://b.example')] },
      MANAGE(),
    );
    const job = await until((j) => j?.state === 'waiting');
    expect(job?.waitUntil).toBeGreaterThanOrEqual(resetAt);
    expect(job?.rows.map((r) => r.state)).toEqual(['made', 'pending']);
    expect(adds()).toHaveLength(1);
    expect((await fakeBrowser.alarms.get(BULK_ALARM))?.scheduledTime).toBe(job?.waitUntil);
    await sendFromPopup('bulkControl', { action: 'pause' }, MANAGE());
    expect((await stored())?.state).toBe('paused');
    expect(await fakeBrowser.alarms.get(BULK_ALARM)).toBeFalsy();
    await sendFromPopup('bulkControl', { action: 'cancel' }, MANAGE());
    expect((await stored())?.state).toBe('cancelled');
    expect(adds()).toHaveLength(1);
  });

  it('resumes after a worker stopped mid-request: the row left "sending" is found on the server, not made twice', async () => {
    await seedProfile();
    // Worker 1: its request reaches the server, which makes the link, but the answer never comes back.
    const lost = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
      server.fetch(input, init).then(() => new Promise<Response>(() => undefined)),
    );
    const first = bulkOf(createClients({ fetch: lost }));
    await first.bulkStart({ items: [item('https://a.example'), item('https://b.example')] });
    // Stored before the request went out: the row, in the list of rows sent since the job was written whole.
    await vi.waitFor(() => expect(adds()).toHaveLength(1));
    const sent = sentRowsItem(bulkJobItem);
    const stored = await getItem(sent);
    expect(stored).toMatchObject({ rows: [{ id: '0' }] });
    expect(sent.read(JSON.parse(JSON.stringify(stored)))?.rows[0]?.id).toBe('0');

    // Worker 2 starts (the background's start resumes a stored job).
    const second = bulkOf(createClients({ fetch: server.fetch }));
    second.register();
    const job = await until((j) => j?.state === 'done');
    expect(job?.rows.map((r) => r.state)).toEqual(['made', 'made']);
    const urls = adds().map((c) => (c.body as { url: string }).url);
    expect(urls).toEqual(['https://a.example', 'https://b.example']);
    expect(job?.rows[0]?.shortUrl).toBe(
      server.state.links.find((l) => l.longurl === 'https://a.example')?.shorturl,
    );
  });

  it('changes links the server has: an update and assignments, each sent once, the cache updated in place', async () => {
    const profile = await seedProfile();
    const link = cachedLink(3, 'https://known.example/');
    server.state.links.push({
      id: 3,
      alias: link.alias,
      shorturl: link.shortUrl,
      longurl: link.longUrl,
      title: '',
      date: link.date,
    });
    await putCachedLinks(profile.id, [link]);
    startBackground(server);
    const change = (change: JobItem['change'], input: JobItem['input']): JobItem => ({
      input,
      title: '',
      label: '',
      change,
    });
    await sendFromPopup(
      'bulkStart',
      {
        items: [
          change({ linkId: 3, kind: 'update' }, { url: link.longUrl, expiry: '2030-01-31 12:00:00' }),
          change({ linkId: 3, kind: 'campaign', to: { id: 7, name: 'Spring' } }, { url: link.longUrl }),
          change({ linkId: 3, kind: 'channel', to: { id: 2, name: 'Social' } }, { url: link.longUrl }),
          change(
            { linkId: 99, kind: 'campaign', to: { id: 7, name: 'Spring' } },
            { url: 'https://gone.example' },
          ),
        ],
      },
      MANAGE(),
    );
    const job = await until((j) => j?.state === 'done');
    expect(job?.rows.map((r) => r.state)).toEqual(['made', 'made', 'made', 'failed']);
    expect(job?.rows[0]?.shortUrl).toBe(link.shortUrl);
    expect(job?.rows[3]?.error?.message).toBeTruthy();
    expect(server.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      'PUT /api/url/3/update',
      'POST /api/campaign/7/assign/3',
      'POST /api/channel/2/assign/links/3',
      'POST /api/campaign/7/assign/99',
    ]);
    expect(server.calls[server.calls.findIndex((c) => c.method === 'PUT')]?.body).toEqual({
      url: link.longUrl,
      expiry: '2030-01-31 12:00:00',
    });
    expect(adds()).toHaveLength(0);
    const [cached] = await linksById(profile.id, [3]);
    expect(cached).toMatchObject({ campaign: 'Spring', channel: 'Social', expiry: '2030-01-31 12:00:00' });
  });

  it('refuses a change row whose update the server could not take, before anything is sent', async () => {
    await seedProfile();
    startBackground(server);
    const reply = await sendFromPopup(
      'bulkStart',
      {
        items: [
          {
            input: { url: 'not a web address' },
            title: '',
            label: '',
            change: { linkId: 3, kind: 'update' },
          },
        ],
      },
      MANAGE(),
    );
    expect(reply).toMatchObject({ ok: false, error: { kind: 'bad_message' } });
    const badTarget = await sendFromPopup(
      'bulkStart',
      {
        items: [
          {
            input: { url: 'https://a.example' },
            title: '',
            label: '',
            // A page is never trusted: the shape a type would refuse still reaches the background.
            change: { linkId: 3, kind: 'campaign' } as unknown as JobItem['change'],
          },
        ],
      },
      MANAGE(),
    );
    expect(badTarget).toMatchObject({ ok: false, error: { kind: 'bad_message' } });
    expect(server.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('runs a new job started while the cancelled one still had its request on the way', async () => {
    await seedProfile();
    let release: () => void = () => undefined;
    server.state.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    startBackground(server);
    await sendFromPopup('bulkStart', { items: [item('https://a.example')] }, MANAGE());
    await until(() => adds().length === 1);
    await sendFromPopup('bulkControl', { action: 'cancel' }, MANAGE());
    await sendFromPopup('bulkControl', { action: 'clear' }, MANAGE());
    const second = await sendFromPopup('bulkStart', { items: [item('https://b.example')] }, MANAGE());
    server.state.gate = null;
    release();
    const job = await until((j) => j?.state === 'done');
    expect(second.ok && job?.id).toBe(second.ok && second.data.id);
    expect(job?.rows[0]).toMatchObject({ state: 'made' });
    expect(adds().map((c) => (c.body as { url: string }).url)).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });

  it('a new worker, woken by the alarm, resumes a job left waiting', async () => {
    const profile = await seedProfile();
    // As a stopped worker left it: waiting for a window that has reset since.
    const job = waitJob(
      newJob('bulk', 'j1', profile.id, [item('https://a.example')], Date.now(), 30),
      Date.now() - 1,
    );
    await fakeBrowser.storage.local.set({ [bulkJobItem.key]: job });
    bulkOf(createClients({ fetch: server.fetch })).register();
    await fakeBrowser.alarms.onAlarm.trigger({
      name: BULK_ALARM,
      scheduledTime: Date.now(),
      persistAcrossSessions: true,
    });
    const done = await until((j) => j?.state === 'done');
    expect(done?.rows[0]?.state).toBe('made');
    expect(adds()).toHaveLength(1);
  });
});
