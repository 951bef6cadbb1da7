/**
 * Bulk create's Reconcile mode: the dry run waits for a complete local copy and says why, shows each
 * row's changes, and Apply starts the job with only the changes; a file already applied has nothing
 * to change. The page reads IndexedDB (fake-indexeddb here) directly, as the real page does.
 */
import { useState } from 'preact/hooks';
import { describe, expect, it, vi } from 'vitest';
import { ReconcileView } from '@/entrypoints/manage/bulk/reconcile-view';
import type { JobItem } from '@/lib/jobs/job';
import type { CachedLink } from '@/lib/links/cache';
import { mirrorState, withMirror } from '../../../fixtures/mirror-state';
import { button, click, fakeApi, field, mount, page, settle, type } from '../../dom';

const api = fakeApi((method) => {
  if (method === 'listCampaigns')
    return {
      ok: true,
      data: page([{ id: 7, name: 'Spring', public: true, rotator: false, list: '' }], 1, 1),
    };
  if (method === 'listChannels') return { ok: true, data: page([], 1, 1) };
  throw new Error(`unexpected ${method}`);
});

const link = (id: number, alias: string, patch: Partial<CachedLink> = {}): CachedLink => ({
  id,
  alias,
  shortUrl: `https://go.example.com/${alias}`,
  longUrl: `https://example.com/${alias}`,
  title: `Title ${alias}`,
  description: '',
  clicks: 0,
  date: `2026-01-01 00:00:0${id}`,
  ...patch,
});

/** The view with its text kept as the page keeps it, and `start` recorded. */
async function render(initial: string) {
  const start = vi.fn(async (_items: JobItem[]) => null);
  function Page() {
    const [text, setText] = useState(initial);
    return <ReconcileView text={text} onText={setText} limit={30} start={start} />;
  }
  const root = await mount(<Page />, api);
  return { root, start };
}

const dryRunButton = () => document.querySelector<HTMLButtonElement>('#reconcile-dry-run')!;
const shown = (selector: string) => document.querySelector(selector)?.textContent ?? '';

describe('ReconcileView', () => {
  it('waits for a complete local copy and says how far its sync is, offering no dry run meanwhile', async () => {
    await withMirror(mirrorState(0), [link(1, 'gh')]);
    await render('alias,title\ngh,New');
    await vi.waitFor(() => expect(shown('#reconcile-mirror')).toContain('12 of 40 links'));
    expect(dryRunButton().disabled).toBe(true);
    expect(document.querySelector('#reconcile-summary')).toBeNull();
  });

  it('says the local copy is off, and what to turn on', async () => {
    await withMirror(mirrorState(2), [link(1, 'gh')], false);
    await render('alias,title\ngh,New');
    await vi.waitFor(() => expect(shown('#reconcile-mirror')).toContain('Keep a local copy of every link'));
    expect(dryRunButton().disabled).toBe(true);
  });

  it('shows each change old → new and applies only the changes, never a problem', async () => {
    await withMirror(mirrorState(2), [link(1, 'gh'), link(2, 'docs')]);
    const { start } = await render(
      'alias,url,title,campaign\nfresh,https://fresh.example,Fresh,\ngh,,New title,spring\ndocs,,Title docs,\nbad,,,Winter',
    );
    await vi.waitFor(() => expect(dryRunButton().disabled).toBe(false));
    expect(shown('#reconcile-mirror')).toBe('');
    await click(dryRunButton());
    expect(shown('#reconcile-summary')).toContain('1 to create, 1 to update, 1 unchanged, 1 with a problem.');
    const rows = [...document.querySelectorAll('#reconcile-table tbody tr')].map((row) => row.textContent);
    expect(rows[1]).toContain('Title: Title gh → New title');
    expect(rows[1]).toContain('Campaign: current value unknown → Spring');
    expect(rows[3]).toContain('No campaign is named “Winter”');

    await click(button('Apply'));
    expect(start).toHaveBeenCalledTimes(1);
    const items = start.mock.calls[0]![0];
    expect(items.map((item) => item.change?.kind ?? 'create')).toEqual(['create', 'update', 'campaign']);
  });

  it('has nothing to change for a file the links already match: Apply is off and says so', async () => {
    await withMirror(mirrorState(2), [link(1, 'gh', { campaign: 'Spring' })]);
    const { start } = await render('alias,title,campaign\ngh,Title gh,Spring');
    await vi.waitFor(() => expect(dryRunButton().disabled).toBe(false));
    await click(dryRunButton());
    expect(shown('#reconcile-summary')).toContain('0 to create, 0 to update, 1 unchanged, 0 with a problem.');
    expect(shown('#reconcile-nothing')).toBe('Nothing to change');
    expect(button('Apply').disabled).toBe(true);
    expect(start).not.toHaveBeenCalled();
  });

  it('drops a dry run when the text changes, so Apply never sends what is no longer shown', async () => {
    await withMirror(mirrorState(2), [link(1, 'gh')]);
    await render('alias,title\ngh,New');
    await vi.waitFor(() => expect(dryRunButton().disabled).toBe(false));
    await click(dryRunButton());
    expect(document.querySelector('#reconcile-summary')).not.toBeNull();
    await type(field<HTMLTextAreaElement>('CSV text'), 'alias,title\ngh,Other');
    await settle();
    expect(document.querySelector('#reconcile-summary')).toBeNull();
  });

  it('reads a picked file into the text, and refuses one too large with its name, keeping the text', async () => {
    await withMirror(mirrorState(2), [link(1, 'gh')]);
    await render('alias,title\ngh,Typed');
    const picker = document.querySelector<HTMLInputElement>('#reconcile-file')!;
    const pick = async (file: File) => {
      Object.defineProperty(picker, 'files', { value: [file], configurable: true });
      picker.dispatchEvent(new Event('change', { bubbles: true }));
      await settle(10);
    };
    await pick(new File(['x'.repeat(5 * 1024 * 1024 + 1)], 'huge.csv'));
    expect(document.body.textContent).toContain('huge.csv');
    expect(field<HTMLTextAreaElement>('CSV text').value).toBe('alias,title\ngh,Typed');
    await pick(new File(['alias,title\ngh,From file'], 'links.csv'));
    await vi.waitFor(() =>
      expect(field<HTMLTextAreaElement>('CSV text').value).toBe('alias,title\ngh,From file'),
    );
  });
});
