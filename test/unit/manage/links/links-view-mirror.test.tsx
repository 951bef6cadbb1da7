/**
 * The links list's search over the link mirror: with every link mirrored it filters the local copy
 * as the user types, pages and sorts it like the server's list and sends no search to the server;
 * while the mirror is incomplete or off it says so and asks the server. The page reads IndexedDB
 * (fake-indexeddb here) directly, as the real page does.
 */
import { describe, expect, it, vi } from 'vitest';
import { LinksView } from '@/entrypoints/manage/links/links-view';
import { type CachedLink, putCachedLinks } from '@/lib/links/cache';
import { mirrorState, withMirror } from '../../../fixtures/mirror-state';
import { button, choose, click, fakeApi, field, mount, page, settle, type } from '../../dom';

const copy = async () => ({ copied: true, status: 'Copied' });

const link = (id: number, title: string, clicks = id): CachedLink => ({
  id,
  alias: `a${id}`,
  shortUrl: `https://go.example.com/a${id}`,
  longUrl: `https://example.com/${id}`,
  clicks,
  title,
  description: '',
  date: `2026-01-01 00:${String(Math.floor(id / 60)).padStart(2, '0')}:${String(id % 60).padStart(2, '0')}`,
});

const complete = mirrorState(2);

/** The server's list: one link per page, and what a `q` search sends back. */
function serverApi() {
  return fakeApi((method, ...args) => {
    if (method !== 'listLinks') throw new Error(`unexpected ${method}`);
    const query = args[0] as { page: number; q?: string };
    return { ok: true, data: page([link(900 + query.page, query.q ? `Server ${query.q}` : 'Newest')], 1, 1) };
  });
}

const rowTitles = (root: HTMLElement) =>
  [...root.querySelectorAll('tbody tr td.select + td > a')].map((a) => a.textContent);
const qCalls = (api: ReturnType<typeof serverApi>) =>
  api.callsOf('listLinks').filter(([query]) => (query as { q?: string }).q !== undefined);

// 30 reports among 40 links: more than one page of 25.
const mirrored = () =>
  Array.from({ length: 40 }, (_, i) => link(i + 1, i < 30 ? `Quarterly report ${i + 1}` : `Launch ${i + 1}`));

describe('the links list’s search over the mirror', () => {
  it('filters the mirror as the user types, a page of 25 at a time, with no search sent to the server', async () => {
    await withMirror(complete, mirrored());
    const api = serverApi();
    const root = await mount(<LinksView navigate={vi.fn()} copy={copy} />, api);
    await type(field(root, 'Search links'), 'report');
    await vi.waitFor(() => expect(root.textContent).toContain('Page 1 of 2 (30 items)'));
    // Newest first, as the server's list.
    expect(rowTitles(root).slice(0, 2)).toEqual(['Quarterly report 30', 'Quarterly report 29']);
    expect(rowTitles(root)).toHaveLength(25);
    await click(button(root, 'Next'));
    expect(root.textContent).toContain('Page 2 of 2 (30 items)');
    expect(rowTitles(root)).toHaveLength(5);
    // Each further key filters at once.
    await type(field(root, 'Search links'), 'report 7');
    await vi.waitFor(() =>
      expect(rowTitles(root)).toEqual(['Quarterly report 27', 'Quarterly report 17', 'Quarterly report 7']),
    );
    expect(root.textContent).toContain('Page 1 of 1 (3 items)');
    await settle(450);
    expect(qCalls(api)).toEqual([]);
    expect(root.querySelector('.notice')).toBeNull();
  });

  it('sorts the mirror’s matches by clicks, and says when nothing matches', async () => {
    const links = mirrored().map((l) => (l.id === 3 ? { ...l, clicks: 1_000 } : l));
    await withMirror(complete, links);
    const api = serverApi();
    const root = await mount(<LinksView navigate={vi.fn()} copy={copy} />, api);
    await type(field(root, 'Search links'), 'quarterly');
    await choose(field<HTMLSelectElement>(root, 'Sort by'), 'click');
    await vi.waitFor(() =>
      expect(rowTitles(root).slice(0, 3)).toEqual([
        'Quarterly report 3',
        'Quarterly report 30',
        'Quarterly report 29',
      ]),
    );
    await type(field(root, 'Search links'), 'zebra');
    await vi.waitFor(() => expect(root.textContent).toContain('No links match “zebra”.'));
    await settle(450);
    expect(qCalls(api)).toEqual([]);
  });

  it('while the first sync runs, says how far it is and shows the server’s search', async () => {
    await withMirror({ ...complete, phase: 'first', done: 3_400, total: 10_000, syncedAt: 0 }, mirrored());
    const api = serverApi();
    const root = await mount(<LinksView navigate={vi.fn()} copy={copy} />, api);
    await type(field(root, 'Search links'), 'report');
    await vi.waitFor(() =>
      expect(root.querySelector('.notice')?.textContent).toBe(
        'The local copy is still syncing: 3,400 of 10,000 links. Showing the server’s results.',
      ),
    );
    await vi.waitFor(() => expect(rowTitles(root)).toEqual(['Server report']));
    expect(qCalls(api)).toEqual([[{ limit: 25, page: 1, order: 'date', q: 'report' }]]);
  });

  it('with the mirror off or never synced, says so and shows the server’s search', async () => {
    await withMirror(complete, mirrored(), false);
    const api = serverApi();
    let root = await mount(<LinksView navigate={vi.fn()} copy={copy} />, api);
    await type(field(root, 'Search links'), 'report');
    await vi.waitFor(() => expect(rowTitles(root)).toEqual(['Server report']));
    expect(root.querySelector('.notice')?.textContent).toBe(
      'The local copy is off in the settings. Showing the server’s results.',
    );

    await withMirror(null, []);
    root = await mount(<LinksView navigate={vi.fn()} copy={copy} />, serverApi());
    await type(field(root, 'Search links'), 'launch');
    await vi.waitFor(() => expect(rowTitles(root)).toEqual(['Server launch']));
    expect(root.querySelector('.notice')?.textContent).toBe(
      'The local copy has not synced yet. Showing the server’s results.',
    );
  });

  it('without a query, lists the server’s links as before', async () => {
    await withMirror(complete, mirrored());
    const api = serverApi();
    const root = await mount(<LinksView navigate={vi.fn()} copy={copy} />, api);
    expect(rowTitles(root)).toEqual(['Newest']);
    await type(field(root, 'Search links'), 'report');
    await vi.waitFor(() => expect(rowTitles(root)).toHaveLength(25));
    await type(field(root, 'Search links'), '');
    await vi.waitFor(() => expect(rowTitles(root)).toEqual(['Newest']));
    expect(api.callsOf('listLinks')).toEqual([[{ limit: 25, page: 1, order: 'date' }]]);
  });

  it('shows what the mirror gained or changed meanwhile: a new link, an edited title', async () => {
    const profileId = await withMirror(complete, mirrored());
    const root = await mount(<LinksView navigate={vi.fn()} copy={copy} mirrorCheckMs={20} />, serverApi());
    await type(field(root, 'Search links'), 'report 1');
    // Reports 1, 10 to 19 and 21 (its short URL ends in 1).
    await vi.waitFor(() => expect(root.textContent).toContain('(12 items)'));
    await putCachedLinks(profileId, [link(50, 'Yearly report 100'), link(12, 'Renamed')]);
    await vi.waitFor(() => expect(rowTitles(root)[0]).toBe('Yearly report 100'));
    expect(rowTitles(root)).not.toContain('Quarterly report 12');
    expect(root.textContent).toContain('(12 items)');
  });
});
