/**
 * The popup's watched links: each with its clicks and the new ones since a list last showed it, read
 * after the first screen; showing them is looking at them. Nothing watched, no section.
 */
import { describe, expect, it, vi } from 'vitest';
import '../../fixtures/popup-later-parts';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/popup/app';
import { putCachedLinks } from '@/lib/links/cache';
import { changeLinkWatch, readLinkWatch } from '@/lib/links/watch';
import { saveActiveProfile } from '../../fixtures/active-profile';
import { cachedLink } from '../background/helpers';
import { fakeBackground, mount, ok } from '../dom';

async function seed(watched: number[], seen: [number, number][]) {
  const id = await saveActiveProfile();
  await putCachedLinks(id, [
    { ...cachedLink(1, 'https://launch.example/'), title: 'Launch', clicks: 25 },
    { ...cachedLink(2, 'https://quiet.example/'), title: 'Quiet', clicks: 4 },
    { ...cachedLink(3, 'https://other.example/'), title: 'Not watched', clicks: 90 },
  ]);
  await changeLinkWatch(id, () => ({ watched, seen }));
  vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([{ id: 1, url: 'https://page.example/' }] as never);
  fakeBackground({ refresh: () => ok({ links: null, lists: null }) });
  return id;
}

describe('the popup’s watched links', () => {
  it('lists each with its clicks and the new ones, then counts from what it showed', async () => {
    const profileId = await seed(
      [1, 2],
      [
        [1, 10],
        [2, 4],
      ],
    );
    const root = await mount(<App />, 'section.watched');
    const rows = [...root.querySelectorAll('section.watched li')].map((li) => li.textContent);
    expect(rows).toEqual(['Launch25 clicks+1515 new clicks since you last looked', 'Quiet4 clicks']);
    await vi.waitFor(async () =>
      expect((await readLinkWatch(profileId)).seen).toEqual([
        [1, 25],
        [2, 4],
      ]),
    );
    // The form comes first: the watched links are below it.
    const form = root.querySelector('form')!;
    expect(form.compareDocumentPosition(root.querySelector('section.watched')!)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it('has no section when nothing is watched', async () => {
    await seed([], []);
    const root = await mount(<App />, 'main');
    await vi.waitFor(() => expect(root.querySelector('section.recent')).not.toBeNull());
    expect(root.querySelector('section.watched')).toBeNull();
  });
});
