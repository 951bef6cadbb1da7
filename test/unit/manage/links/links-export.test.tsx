import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LinksView } from '@/entrypoints/manage/links/links-view';
import type { Result } from '@/lib/messaging/protocol';
import { alerts, button, click, fakeApi, mount, page, settle } from '../../dom';

const link = (id: number) => ({
  id,
  alias: `a${id}`,
  shortUrl: `https://go.example.com/a${id}`,
  longUrl: `https://example.com/${id}`,
  clicks: id,
  title: `Link ${id}`,
  description: '',
  date: '2026-01-01 00:00:00',
});

let files: { name: string; blob: Blob }[];

beforeEach(() => {
  files = [];
  let blob: Blob | undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
    blob = b as Blob;
    return 'blob:test';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: blob! });
  });
});

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * A server of 250 links, 100 a page for the export (the list view asks for 25). `hold` makes the
 * export's page 2 wait until released; `failAt` fails that page.
 */
function api({ failAt, hold }: { failAt?: number; hold?: boolean } = {}) {
  const all = Array.from({ length: 250 }, (_, i) => link(250 - i));
  let release: (() => void) | undefined;
  const fake = fakeApi(async (_method, ...args): Promise<Result<unknown>> => {
    const { page: n, limit } = args[0] as { page: number; limit: number };
    if (limit === 100 && n === failAt) {
      return {
        ok: false,
        error: { kind: 'network', message: 'Couldn’t reach the server. Check your connection.' },
      };
    }
    if (limit === 100 && n === 2 && hold) await new Promise<void>((resolve) => (release = resolve));
    return { ok: true, data: page(all.slice((n - 1) * limit, n * limit), n, Math.ceil(250 / limit), 250) };
  });
  return Object.assign(fake, { release: () => release?.() });
}

async function openExport() {
  await click(button('Export'));
}

describe('exporting all links', () => {
  it('fetches every page, 100 at a time, and saves a CSV named after today', async () => {
    const server = api();
    await mount(
      <LinksView navigate={vi.fn()} copy={async () => ({ copied: true, status: 'Copied' })} />,
      server,
    );
    await openExport();
    await click(button('Export as CSV'));
    await settle();

    const exportCalls = server.callsOf('listLinks').filter(([q]) => (q as { limit: number }).limit === 100);
    expect(exportCalls.map(([q]) => (q as { page: number }).page)).toEqual([1, 2, 3]);
    expect(files.map((f) => f.name)).toEqual([`shortlink-links-${today()}.csv`]);
    const csv = await files[0]!.blob.text();
    // 250 links and the header; the Blob keeps the BOM.
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(251);
    expect(document.body.textContent).toContain(
      `Saved shortlink-links-${today()}.csv to your downloads: 250 links.`,
    );

    await click(button('Save as JSON too'));
    expect(files[1]!.name).toBe(`shortlink-links-${today()}.json`);
    expect(JSON.parse(await files[1]!.blob.text())).toHaveLength(250);
    // Saved from what was fetched: no new request.
    expect(server.callsOf('listLinks').filter(([q]) => (q as { limit: number }).limit === 100)).toHaveLength(
      3,
    );
  });

  it('shows progress, and Cancel keeps what was fetched as a partial export the user may save', async () => {
    const server = api({ hold: true });
    await mount(
      <LinksView navigate={vi.fn()} copy={async () => ({ copied: true, status: 'Copied' })} />,
      server,
    );
    await openExport();
    await click(button('Export as JSON'));
    await settle();

    expect(document.querySelector('.export-progress')?.textContent).toContain('Fetched 100 of 250 links');
    expect(document.activeElement).toBe(button('Cancel'));
    await click(button('Cancel'));

    expect(files).toEqual([]);
    expect(alerts(document.body).join(' ')).toContain('Partial export: 100 of 250 links. You cancelled it.');
    await click(button('Save partial JSON'));
    expect(files.map((f) => f.name)).toEqual([`shortlink-links-${today()}-partial.json`]);
    expect(JSON.parse(await files[0]!.blob.text())).toHaveLength(100);
    expect(document.body.textContent).toContain('It does not hold every link.');
    server.release();
    await settle();
  });

  it('says a failure midway made it partial, with the server’s reason, and offers what it has', async () => {
    const server = api({ failAt: 3 });
    await mount(
      <LinksView navigate={vi.fn()} copy={async () => ({ copied: true, status: 'Copied' })} />,
      server,
    );
    await openExport();
    await click(button('Export as CSV'));
    await settle();

    expect(files).toEqual([]);
    expect(alerts(document.body).join(' ')).toContain(
      'Partial export: 200 of 250 links. Couldn’t reach the server. Check your connection.',
    );
    await click(button('Save partial CSV'));
    expect(files[0]!.name).toBe(`shortlink-links-${today()}-partial.csv`);
    expect((await files[0]!.blob.text()).split('\r\n').filter(Boolean)).toHaveLength(201);
  });
});
