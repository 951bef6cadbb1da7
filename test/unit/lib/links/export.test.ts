import { describe, expect, it, vi } from 'vitest';
import type { LinkSummary } from '@/lib/api/schemas';
import { EXPORT_PAGE_SIZE, exportCsv, exportFileName, exportJson, fetchAllLinks } from '@/lib/links/export';
import type { Result } from '@/lib/messaging/protocol';
import { fakeApi, page } from '../../dom';

const link = (id: number, extra: Partial<LinkSummary> = {}): LinkSummary => ({
  id,
  alias: `a${id}`,
  shortUrl: `https://go.example.com/a${id}`,
  longUrl: `https://example.com/${id}`,
  clicks: id,
  title: `Link ${id}`,
  description: '',
  date: '2026-01-01 00:00:00',
  ...extra,
});

/** A server of `count` links (newest = highest id first), `perPage` a page, that may fail at `failAt`. */
function server(count: number, perPage = 3, failAt?: number) {
  const all = Array.from({ length: count }, (_, i) => link(count - i));
  const maxPage = Math.max(1, Math.ceil(count / perPage));
  return fakeApi((method, ...args): Result<unknown> => {
    if (method !== 'listLinks') throw new Error(`unexpected ${method}`);
    const { page: n } = args[0] as { page: number };
    if (n === failAt)
      return { ok: false, error: { kind: 'server', message: 'The server failed (HTTP 500).' } };
    return { ok: true, data: page(all.slice((n - 1) * perPage, n * perPage), n, maxPage, count) };
  });
}

describe('fetchAllLinks', () => {
  it('fetches every page at the largest page size, newest first, with progress', async () => {
    const api = server(7);
    const onProgress = vi.fn();
    const run = await fetchAllLinks(api, { signal: new AbortController().signal, onProgress });
    expect(run.stopped).toBeNull();
    expect(run.total).toBe(7);
    expect(run.links.map((l) => l.id)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(api.callsOf('listLinks')).toEqual(
      [1, 2, 3].map((n) => [{ limit: EXPORT_PAGE_SIZE, page: n, order: 'date' }]),
    );
    expect(onProgress.mock.calls.map(([p]) => p)).toEqual([
      { fetched: 3, total: 7 },
      { fetched: 6, total: 7 },
      { fetched: 7, total: 7 },
    ]);
  });

  it('ends on an empty account after one request', async () => {
    const api = server(0);
    const run = await fetchAllLinks(api, { signal: new AbortController().signal, onProgress: vi.fn() });
    expect(run).toEqual({ links: [], total: 0, stopped: null });
    expect(api.calls).toHaveLength(1);
  });

  it('keeps a link once when a new link moved it onto the next page', async () => {
    const pages = [
      [link(9), link(8)],
      [link(8), link(7)],
    ];
    const api = fakeApi((_m, ...args) => {
      const { page: n } = args[0] as { page: number };
      return { ok: true, data: page(pages[n - 1]!, n, 2, 4) };
    });
    const run = await fetchAllLinks(api, { signal: new AbortController().signal, onProgress: vi.fn() });
    expect(run.links.map((l) => l.id)).toEqual([9, 8, 7]);
  });

  it('stops as partial with the error when a page fails midway', async () => {
    const api = server(9, 3, 2);
    const run = await fetchAllLinks(api, { signal: new AbortController().signal, onProgress: vi.fn() });
    expect(run.links.map((l) => l.id)).toEqual([9, 8, 7]);
    expect(run.stopped).toEqual({
      reason: 'failed',
      error: { kind: 'server', message: 'The server failed (HTTP 500).' },
    });
    expect(api.calls).toHaveLength(2);
  });

  it('stops as partial when cancelled, at once and without asking for another page', async () => {
    const controller = new AbortController();
    let answer: ((result: Result<unknown>) => void) | undefined;
    const all = Array.from({ length: 9 }, (_, i) => link(9 - i));
    const api = fakeApi((_m, ...args) => {
      const { page: n } = args[0] as { page: number };
      const data = page(all.slice((n - 1) * 3, n * 3), n, 3, 9);
      if (n === 1) return { ok: true, data };
      // The second page hangs: Cancel must not wait for it.
      return new Promise((resolve) => {
        answer = resolve;
      });
    });
    const running = fetchAllLinks(api, { signal: controller.signal, onProgress: vi.fn() });
    await vi.waitFor(() => expect(answer).toBeDefined());
    controller.abort();
    const run = await running;
    expect(run.stopped).toEqual({ reason: 'cancelled' });
    expect(run.links.map((l) => l.id)).toEqual([9, 8, 7]);
    expect(api.calls).toHaveLength(2);
  });
});

describe('export files', () => {
  const links = [
    link(2, {
      title: '=cmd|"/c calc"!A1',
      description: 'Zweite, "beste"\nZeile',
      campaign: 'Spring',
      channel: '4',
    }),
    link(1, { title: 'Café 東京' }),
  ];

  it('writes CSV with a header of every field, campaign and channel empty when not given', () => {
    const csv = exportCsv(links);
    expect(
      csv.startsWith(
        '\uFEFF"id","alias","shortUrl","longUrl","title","description","clicks","date","campaign","channel"\r\n',
      ),
    ).toBe(true);
    expect(csv).toContain(
      '"2","a2","https://go.example.com/a2","https://example.com/2","\'=cmd|""/c calc""!A1","Zweite, ""beste""\nZeile","2","2026-01-01 00:00:00","Spring","4"\r\n',
    );
    expect(csv.endsWith('"Café 東京","","1","2026-01-01 00:00:00","",""\r\n')).toBe(true);
  });

  it('writes JSON as a pretty-printed array of link objects with the same fields', () => {
    const json = exportJson(links);
    expect(json).toContain('\n  {\n    "id": 2,');
    expect(JSON.parse(json)).toEqual([
      {
        id: 2,
        alias: 'a2',
        shortUrl: 'https://go.example.com/a2',
        longUrl: 'https://example.com/2',
        title: '=cmd|"/c calc"!A1',
        description: 'Zweite, "beste"\nZeile',
        clicks: 2,
        date: '2026-01-01 00:00:00',
        campaign: 'Spring',
        channel: '4',
      },
      expect.objectContaining({ id: 1, title: 'Café 東京', campaign: null, channel: null }),
    ]);
  });

  it('names a file by the day, and says when it is partial', () => {
    const day = new Date(2026, 10, 24, 9, 30);
    expect(exportFileName('csv', day, false)).toBe('shortlink-links-2026-11-24.csv');
    expect(exportFileName('json', day, true)).toBe('shortlink-links-2026-11-24-partial.json');
  });
});
