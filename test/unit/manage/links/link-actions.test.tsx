/**
 * The links list's selection bar: rows selected by click and Shift+click, an action started as one
 * bulk job of the planned rows, what was left out said, the busy runner said instead of a silent
 * failure, and Open long URLs capped and asked first.
 */

import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { BulkService } from '@/entrypoints/manage/bulk/bulk-service';
import { LinkActionsBar, MAX_OPEN } from '@/entrypoints/manage/links/link-actions';
import { emptySelection, selectAll } from '@/entrypoints/manage/links/link-selection';
import { LinksView } from '@/entrypoints/manage/links/links-view';
import { finishIfDone, markFailed, markLinked, newJob } from '@/lib/jobs/job';
import { type CachedLink, putCachedLinks, putMirrorState } from '@/lib/links/cache';
import { defaultBehaviour, defaultSettings, emptyDefaults } from '@/lib/settings/schema';
import type { Job } from '@/lib/storage/items';
import { settingsItem } from '@/lib/storage/items';
import { linkFixture } from '../../../fixtures/cached-link';
import { idleMirror } from '../../../fixtures/mirror-state';
import { alerts, button, choose, click, fakeApi, field, mount, page, settle, type } from '../../dom';

const copy = async () => ({ copied: true, status: 'Copied' });

const link = linkFixture;
const LINKS = [link(1), link(2, { campaign: 'Spring' }), link(3), link(4)];

function api() {
  return fakeApi((method) => {
    if (method === 'listLinks') return { ok: true, data: page(LINKS, 1, 1) };
    if (method === 'listCampaigns')
      return {
        ok: true,
        data: page(
          [
            { id: 7, name: 'Spring' },
            { id: 8, name: 'Autumn' },
          ],
          1,
          1,
        ),
      };
    throw new Error(`unexpected ${method}`);
  });
}

/** A bulk service whose stored job the test sets, and whose start is recorded. */
function fakeService(job: Job | null = null) {
  let show: (job: Job | null) => void = () => undefined;
  const start = vi.fn(async (items: Parameters<BulkService['start']>[0]) => ({
    ok: true as const,
    data: { id: 'j', total: items.length },
  }));
  const service: BulkService = {
    watch: (listener) => {
      show = listener;
      listener(job);
      return () => undefined;
    },
    lookups: async () => {
      throw new Error('not used');
    },
    start,
    control: async () => ({ ok: true, data: null }),
    retry: async () => ({ ok: true, data: { made: 0, reused: 0, failed: 0, left: 0, total: 0 } }),
  };
  return { service, start, set: (next: Job | null) => act(() => show(next)) };
}

const box = (root: HTMLElement, name: string) =>
  root.querySelector<HTMLInputElement>(`input[aria-label="Select “${name}”"]`) as HTMLInputElement;

async function shiftClick(element: HTMLElement) {
  await act(() => {
    element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, shiftKey: true }));
  });
  await settle();
}

const bar = (root: HTMLElement) => root.querySelector<HTMLElement>('section.selection-bar');

describe('the selection bar', () => {
  it('selects a row by click and a range by Shift+click, counts them, and clears', async () => {
    const root = await mount(
      <LinksView navigate={vi.fn()} copy={copy} service={fakeService().service} />,
      api(),
    );
    expect(bar(root)).toBeNull();
    await click(box(root, 'Link 1'));
    await shiftClick(box(root, 'Link 3'));
    expect(bar(root)?.textContent).toContain('Selected: 3');
    expect(LINKS.map((l) => box(root, l.title).checked)).toEqual([true, true, true, false]);
    const header = field(root, 'Select the links on this page');
    expect(header.indeterminate).toBe(true);
    await click(button(root, 'Clear selection'));
    expect(bar(root)).toBeNull();
    expect(LINKS.some((l) => box(root, l.title).checked)).toBe(false);
  });

  it('adds the selection to a campaign as one job, leaving out the link already in it', async () => {
    const { service, start } = fakeService();
    const root = await mount(<LinksView navigate={vi.fn()} copy={copy} service={service} />, api());
    await click(box(root, 'Link 1'));
    await shiftClick(box(root, 'Link 3'));
    await click(button(root, 'Add to campaign…'));
    await vi.waitFor(() => expect(field<HTMLSelectElement>(root, 'Campaign').options).toHaveLength(2));
    await choose(field<HTMLSelectElement>(root, 'Campaign'), '7');
    await click(button(root, 'Apply'));
    expect(start).toHaveBeenCalledTimes(1);
    expect(start.mock.calls[0]?.[0].map((item) => item.change)).toEqual([
      { linkId: 1, kind: 'campaign', to: { id: 7, name: 'Spring' } },
      { linkId: 3, kind: 'campaign', to: { id: 7, name: 'Spring' } },
    ]);
    expect(bar(root)?.textContent).toContain('Already as asked, left unchanged: 1');
    expect(bar(root)?.textContent).toContain('Changes started: 2.');
  });

  it('sends nothing when every selected link is already in the campaign, and says so', async () => {
    const { service, start } = fakeService();
    const root = await mount(<LinksView navigate={vi.fn()} copy={copy} service={service} />, api());
    await click(box(root, 'Link 2'));
    await click(button(root, 'Add to campaign…'));
    await vi.waitFor(() => expect(field<HTMLSelectElement>(root, 'Campaign').options).toHaveLength(2));
    await choose(field<HTMLSelectElement>(root, 'Campaign'), '7');
    await click(button(root, 'Apply'));
    expect(bar(root)?.textContent).toContain('Nothing to change: every selected link is already as asked.');
    expect(start).not.toHaveBeenCalled();
  });

  it('says an Extend cannot guess an unknown expiry, and sends nothing', async () => {
    const { service, start } = fakeService();
    const root = await mount(<LinksView navigate={vi.fn()} copy={copy} service={service} />, api());
    await click(box(root, 'Link 4'));
    await click(button(root, '+7 days'));
    expect(start).not.toHaveBeenCalled();
    expect(bar(root)?.textContent).toContain('Link 4: expiry unknown, not extended. Set a date instead.');
    expect(bar(root)?.textContent).not.toContain('already as asked');
  });

  it('while an import runs, says so on the actions instead of starting a job', async () => {
    const importing = newJob(
      'bulk',
      'j1',
      'p1',
      [{ input: { url: 'https://x.example' }, title: '', label: '' }],
      0,
      30,
    );
    const { service, start } = fakeService(importing);
    const root = await mount(<LinksView navigate={vi.fn()} copy={copy} service={service} />, api());
    await click(box(root, 'Link 1'));
    expect(bar(root)?.textContent).toContain(
      'A bulk job is running: wait for it or cancel it in Bulk create.',
    );
    const add = button(root, 'Add to campaign…');
    expect(add.getAttribute('aria-disabled')).toBe('true');
    await click(add);
    expect(button(root, '+30 days').getAttribute('aria-disabled')).toBe('true');
    await click(button(root, '+30 days'));
    expect(bar(root)?.querySelector('select')).toBeNull();
    expect(start).not.toHaveBeenCalled();
    expect(alerts(root)).toEqual([]);
  });

  it('selects every link the search matches across pages from the local copy, and keeps them as the search changes', async () => {
    const id = 'select-all';
    await fakeBrowser.storage.local.set({
      [settingsItem.key]: {
        ...defaultSettings(),
        profiles: [{ id, name: 'Work', serverUrl: 'https://go.example.com', defaults: emptyDefaults() }],
        activeProfileId: id,
        behaviour: { ...defaultBehaviour(), mirror: true },
      },
    });
    // 30 reports among 40 links: more than a page of 25.
    const all = Array.from({ length: 40 }, (_, i) =>
      link(i + 1, { title: i < 30 ? `Report ${i + 1}` : `Launch ${i + 1}` }),
    );
    await putCachedLinks(id, all);
    // A pass has completed: the local copy holds every link.
    await putMirrorState(id, idleMirror, null);
    const { service, start } = fakeService();
    const root = await mount(
      <LinksView navigate={vi.fn()} copy={copy} service={service} mirrorCheckMs={50} />,
      api(),
    );
    await type(field(root, 'Search links'), 'report');
    await vi.waitFor(() => expect(root.textContent).toContain('Page 1 of 2 (30 items)'));
    await click(box(root, 'Report 30'));
    await vi.waitFor(() => button(root, 'Select all 30 matching'));
    expect(bar(root)?.textContent).not.toContain('does not hold every link');
    await click(button(root, 'Select all 30 matching'));
    expect(bar(root)?.textContent).toContain('Selected: 30');
    // Another search keeps the selection; a Launch link adds to it.
    await type(field(root, 'Search links'), 'launch');
    await vi.waitFor(() => expect(box(root, 'Launch 40')).toBeTruthy());
    await click(box(root, 'Launch 40'));
    expect(bar(root)?.textContent).toContain('Selected: 31');
    await click(button(root, '+7 days'));
    // The first 20 named, the rest counted.
    await vi.waitFor(() => expect(bar(root)?.querySelectorAll('.plan-report li')).toHaveLength(20));
    expect(bar(root)?.textContent).toContain('And 11 more links not extended, for the same reasons.');
    expect(start).not.toHaveBeenCalled();
  });

  it('shows an action’s job under the bar: what it added, each row’s result, a failed row retried alone', async () => {
    const to = { id: 7, name: 'Spring' };
    const items = [link(1), link(3)].map((l) => ({
      input: { url: l.longUrl },
      title: l.title,
      label: '',
      change: { linkId: l.id, kind: 'campaign' as const, to },
    }));
    let job = newJob('bulk', 'j2', 'p1', items, 0, 30);
    job = markLinked(job, 0, 'https://go.example.com/a1', false);
    job = finishIfDone(markFailed(job, 1, { kind: 'not_found', message: 'The server has no such link.' }), 0);
    const { service } = fakeService(job);
    const retry = vi.spyOn(service, 'retry');
    const root = await mount(<LinksView navigate={vi.fn()} copy={copy} service={service} />, api());
    await vi.waitFor(() =>
      expect(root.querySelector('#bulk-changes')?.textContent).toBe('Added to Spring: 1 of 2'),
    );
    const results = root.querySelector<HTMLElement>('section[aria-labelledby="bulk-results-heading"]');
    expect(results?.textContent).toContain('Added to Spring');
    expect(results?.textContent).toContain('The server has no such link.');
    expect(button(root, 'Close results')).toBeTruthy();
    await click(button(results as HTMLElement, 'Retry'));
    expect(retry).toHaveBeenCalledWith([{ index: 1 }]);
  });

  it(`opens at most ${MAX_OPEN} long URLs, after a question that says so`, async () => {
    const many = Array.from({ length: 25 }, (_, i) => link(i + 1));
    const open = vi.fn(async (_url: string) => undefined);
    const root = await mount(
      <LinkActionsBar
        selection={selectAll(emptySelection<CachedLink>(), many)}
        setSelection={vi.fn()}
        matching={many}
        profileId={undefined}
        job={null}
        service={fakeService().service}
        open={open}
      />,
    );
    await click(button(root, 'Open long URLs'));
    expect(root.querySelector('fieldset.confirm legend')?.textContent).toBe(
      'Only the first 20 of the 25 selected links open at once. Open their long URLs in new tabs?',
    );
    expect(open).not.toHaveBeenCalled();
    await click(button(root, 'Open'));
    expect(open.mock.calls.map(([url]) => url)).toEqual(many.slice(0, 20).map((l) => l.longUrl));
  });
});
