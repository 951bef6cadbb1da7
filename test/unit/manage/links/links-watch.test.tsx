/**
 * The management page's links list: each row's new clicks since the list last showed it ("+17"), kept
 * while the page is open and counted from what it showed the next time; and each row's Watch switch.
 */
import { describe, expect, it, vi } from 'vitest';
import { LinksView } from '@/entrypoints/manage/links/links-view';
import type { LinkSummary } from '@/lib/api/schemas';
import { changeLinkWatch, readLinkWatch } from '@/lib/links/watch';
import { saveActiveProfile } from '../../../fixtures/active-profile';
import { button, click, fakeApi, mount, page } from '../../dom';

const copy = async () => ({ copied: true, status: 'Copied' });

const summary = (id: number, title: string, clicks: number): LinkSummary => ({
  id,
  alias: `a${id}`,
  shortUrl: `https://sho.rt/a${id}`,
  longUrl: `https://${id}.example/`,
  title,
  description: '',
  clicks,
  date: '2030-01-01 10:00:00',
});

describe('the links list’s new clicks and Watch', () => {
  it('shows the clicks since the list last showed each link, then counts from what it showed', async () => {
    const id = await saveActiveProfile();
    await changeLinkWatch(id, () => ({ watched: [], seen: [[3, 40]] }));
    const api = fakeApi(() => ({
      ok: true,
      data: page([summary(3, 'Sale', 57), summary(4, 'New', 2)], 1, 1),
    }));
    const root = await mount(<LinksView navigate={() => undefined} copy={copy} />, api);
    await vi.waitFor(() => expect(root.querySelector('.clicks-change')).not.toBeNull());
    const changes = [...root.querySelectorAll('.clicks-change')].map((c) => c.getAttribute('title'));
    expect(changes).toEqual(['17 new clicks since you last looked']);
    expect(root.querySelector('.clicks-change [aria-hidden]')?.textContent).toBe('+17');
    await vi.waitFor(async () =>
      expect((await readLinkWatch(id)).seen).toEqual([
        [3, 57],
        [4, 2],
      ]),
    );

    const watch = button('Watch Sale');
    await click(watch);
    expect(watch.getAttribute('aria-pressed')).toBe('true');
    expect((await readLinkWatch(id)).watched).toEqual([3]);
  });
});
