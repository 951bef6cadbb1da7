/**
 * The links list's "Expiring within 7 days": only links whose expiry the cache knows and that fall in
 * the next 7 days, soonest first; Extend sends one update with the new date and the link leaves.
 */
import { describe, expect, it } from 'vitest';
import { ExpiringLinks } from '@/entrypoints/manage/links/expiring-links';
import { putCachedLinks, putLinkExpiry } from '@/lib/links/cache';
import { saveActiveProfile } from '../../../fixtures/active-profile';
import { cachedLink } from '../../background/helpers';
import { button, click, fakeApi, field, mount, submit, type } from '../../dom';

const NOW = new Date(2030, 5, 10, 9, 0).getTime();
const now = () => NOW;

async function seed() {
  const id = await saveActiveProfile();
  await putCachedLinks(id, [
    { ...cachedLink(1, 'https://one.example/'), title: 'In three days', expiry: '2030-06-13 18:30:00' },
    { ...cachedLink(2, 'https://two.example/'), title: 'Tomorrow', expiry: '2030-06-11 08:00:00' },
    { ...cachedLink(3, 'https://three.example/'), title: 'In ten days', expiry: '2030-06-20 08:00:00' },
    { ...cachedLink(4, 'https://four.example/'), title: 'Yesterday', expiry: '2030-06-09 08:00:00' },
    { ...cachedLink(5, 'https://five.example/'), title: 'Never' },
  ]);
  return id;
}

/** A server that accepts each update; the background then stores the new expiry with the link. */
function server(profileId: string) {
  return fakeApi(async (method, id, update) => {
    if (method !== 'updateLink') return { ok: false, error: { kind: 'bad_message', message: method } };
    await putLinkExpiry(profileId, id as number, (update as { expiry: string }).expiry);
    return { ok: true, data: { message: 'Updated.', shortUrl: null } };
  });
}

const names = (root: HTMLElement) => [...root.querySelectorAll('li > a')].map((a) => a.textContent);

describe('ExpiringLinks', () => {
  it('lists the links known to expire within 7 days, soonest first', async () => {
    const profileId = await seed();
    const root = await mount(<ExpiringLinks now={now} />, server(profileId));
    await expect.poll(() => names(root)).toEqual(['Tomorrow', 'In three days']);
    expect(root.querySelector('h2')?.textContent).toBe('Expiring within 7 days');
  });

  it('extends by 7 days from the current expiry with one update, and the link leaves the list', async () => {
    const profileId = await seed();
    const api = server(profileId);
    const root = await mount(<ExpiringLinks now={now} />, api);
    await expect.poll(() => names(root)).toHaveLength(2);
    await click(button(root.querySelector('[aria-label="Extend In three days"]')!, '+7 days'));
    expect(api.callsOf('updateLink')).toEqual([
      [1, { url: 'https://one.example/', expiry: '2030-06-20 18:30:00' }],
    ]);
    await expect.poll(() => names(root)).toEqual(['Tomorrow']);
    expect(root.textContent).toContain('In three days now expires');
  });

  it('extends to a date typed, refusing one that has passed', async () => {
    const profileId = await seed();
    const api = server(profileId);
    const root = await mount(<ExpiringLinks now={now} />, api);
    await expect.poll(() => names(root)).toHaveLength(2);
    const group = root.querySelector<HTMLElement>('[aria-label="Extend Tomorrow"]')!;
    await type(field(group, 'New expiry'), '2030-06-01T10:00');
    await submit(group.querySelector('form')!);
    expect(root.textContent).toContain('Choose a date and time later than now.');
    expect(api.callsOf('updateLink')).toEqual([]);
    await type(field(group, 'New expiry'), '2030-07-01T10:00');
    await submit(group.querySelector('form')!);
    expect(api.callsOf('updateLink')).toEqual([
      [2, { url: 'https://two.example/', expiry: '2030-07-01 10:00:00' }],
    ]);
    await expect.poll(() => names(root)).toEqual(['In three days']);
  });
});
