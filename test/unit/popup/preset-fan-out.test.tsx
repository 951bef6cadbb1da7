/**
 * The popup's "One link per UTM preset", driven through the real App against a fake background:
 * one `shorten` per ticked preset with that preset's URL, links made before reused, one labelled
 * copy, and a failed preset shown on its own line while the others are still copied.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../fixtures/popup-later-parts';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/popup/app';
import { type CachedLink, putCachedLinks } from '@/lib/links/cache';
import type { RequestOf, ResponseOf, Result } from '@/lib/messaging/protocol';
import type { Behaviour } from '@/lib/settings/schema';
import { getItem, presetChoiceItem, setItem } from '@/lib/storage/items';
import { loadSettings, saveSettings } from '@/lib/storage/settings';
import { saveActiveProfile } from '../../fixtures/active-profile';
import { button, click, fakeBackground, field, mount, ok, roleText, settle, typeInto } from '../dom';

const PAGE = 'https://blog.example/post?id=4&utm_source=feed';

let writeText: ReturnType<typeof vi.fn>;

function link(id: number, longUrl: string): CachedLink {
  return {
    id,
    alias: `a${id}`,
    shortUrl: `https://sho.rt/a${id}`,
    longUrl,
    title: '',
    description: '',
    clicks: 0,
    date: '2031-03-01 10:00:00',
  };
}

async function seed(behaviour: Partial<Behaviour> = {}, links: CachedLink[] = []) {
  const id = await saveActiveProfile(behaviour);
  await putCachedLinks(id, links, Date.now());
}

/** A background whose shorten makes a link per request (ids from 100), or fails for URLs `failing` matches. */
function background(failing?: RegExp) {
  let id = 100;
  return fakeBackground({
    refresh: () => ok({ links: null, lists: null }),
    shorten: (payload: RequestOf<'shorten'>): Result<ResponseOf<'shorten'>> =>
      failing?.test(payload.input.url)
        ? { ok: false, error: { kind: 'server', message: 'The server failed (HTTP 500). Try again later.' } }
        : ok({ link: link(++id, payload.input.url) }),
  });
}

const shortens = (sent: { type: string; payload: unknown }[]) =>
  sent.filter((m) => m.type === 'shorten').map((m) => m.payload as RequestOf<'shorten'>);
const results = () => document.querySelector<HTMLElement>('.result')!;

/** Presses the fan-out's Shorten and waits until its links are made (each preset's cache look is a read). */
async function shortenPresets(label: string): Promise<void> {
  await click(button(label));
  await vi.waitFor(() => expect(button(label).disabled).toBe(false));
  await settle();
}

beforeEach(() => {
  writeText = vi.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText, write: vi.fn() }, configurable: true });
  vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([{ id: 7, url: PAGE, title: 'A post' }] as never);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function pickPresets(...names: string[]) {
  await click(field('One link per UTM preset'));
  for (const name of names) await click(field(name));
}

describe('one link per UTM preset', () => {
  it('makes one link per ticked preset, each URL with its parameters, and copies them labelled', async () => {
    await seed({ stripTracking: true });
    const bg = background();
    await mount(<App />, 'main');
    await typeInto(field('Alias'), 'spring');
    await pickPresets('X', 'Newsletter');

    expect(field('Alias').disabled).toBe(true);
    await shortenPresets('Shorten: 2 links');

    const sent = shortens(bg.sent);
    expect(sent.map((s) => s.input.url)).toEqual([
      'https://blog.example/post?id=4&utm_source=x&utm_medium=social',
      'https://blog.example/post?id=4&utm_source=newsletter&utm_medium=email',
    ]);
    // No alias: one alias cannot name two links.
    expect(sent.every((s) => s.input.custom === undefined)).toBe(true);
    expect(new Set(sent.map((s) => s.requestId)).size).toBe(2);
    expect(writeText).toHaveBeenCalledWith('X: https://sho.rt/a101\nNewsletter: https://sho.rt/a102');
    expect(field('Short URL for X').value).toBe('https://sho.rt/a101');
    expect(field('Short URL for Newsletter').value).toBe('https://sho.rt/a102');
    expect(roleText('status')).toBe('Copied 2 links, each labelled with its preset.');

    await click(button('Copy the short URL for Newsletter'));
    expect(writeText).toHaveBeenLastCalledWith('https://sho.rt/a102');
    // The choice is remembered for the next popup.
    expect(await getItem(presetChoiceItem)).toEqual(['x', 'newsletter']);
  });

  it('reuses a link made before for that exact URL, without a request', async () => {
    await seed({}, [link(9, 'https://blog.example/post?id=4&utm_source=linkedin&utm_medium=social')]);
    await setItem(presetChoiceItem, ['linkedin', 'x']);
    const bg = background();
    await mount(<App />, 'main');
    await click(field('One link per UTM preset'));
    await shortenPresets('Shorten: 2 links');

    expect(shortens(bg.sent).map((s) => s.input.url)).toEqual([
      'https://blog.example/post?id=4&utm_source=x&utm_medium=social',
    ]);
    expect(field('Short URL for LinkedIn').value).toBe('https://sho.rt/a9');
    expect(results().textContent).toContain('Made before: reused, no new link.');
  });

  it('shows a failed preset on its line, copies the others, and retries only it', async () => {
    await seed({ copyFormat: 'markdown' });
    const bg = background(/linkedin/);
    await mount(<App />, 'main');
    await pickPresets('X', 'LinkedIn', 'Newsletter');
    await shortenPresets('Shorten: 3 links');

    expect(writeText).toHaveBeenCalledWith(
      '- X: [https://sho.rt/a101](https://sho.rt/a101)\n- Newsletter: [https://sho.rt/a102](https://sho.rt/a102)',
    );
    const failed = results().querySelector('li.failed')!;
    expect(failed.textContent).toContain('LinkedIn');
    expect(failed.textContent).toContain('The server failed (HTTP 500).');
    expect(results().textContent).toContain('1 of 3 links failed');

    await shortenPresets('Shorten: 3 links');
    // X and Newsletter are reused from the links just made; LinkedIn is sent again with its own id.
    const sent = shortens(bg.sent);
    expect(sent).toHaveLength(4);
    expect(sent[3]!.input.url).toContain('utm_source=linkedin');
    expect(sent[3]!.requestId).toBe(sent.find((s) => s.input.url.includes('linkedin'))!.requestId);
  });

  it('asks for a preset when none is ticked, and sends nothing', async () => {
    await seed();
    const bg = background();
    await mount(<App />, 'main');
    await click(field('One link per UTM preset'));
    await click(button('Shorten'));

    expect(document.querySelector('[role="alert"]')?.textContent).toContain('Tick at least one preset');
    expect(shortens(bg.sent)).toEqual([]);
  });

  it('copies nothing when auto copy is off, until Copy all', async () => {
    await seed({ autoCopy: false });
    await setItem(presetChoiceItem, ['x', 'linkedin']);
    background();
    await mount(<App />, 'main');
    await click(field('One link per UTM preset'));
    await shortenPresets('Shorten: 2 links');

    expect(writeText).not.toHaveBeenCalled();
    expect(roleText('status')).toBe('2 links made.');
    await click(button('Copy all'));
    expect(writeText).toHaveBeenCalledWith('X: https://sho.rt/a101\nLinkedIn: https://sho.rt/a102');
    expect(results().textContent).toContain('Copied, one line per preset.');
  });

  it('points to Options when there are no presets', async () => {
    await seed();
    const settings = await loadSettings();
    await saveSettings({ ...settings, utmPresets: [] });
    background();
    const open = vi.spyOn(fakeBrowser.runtime, 'openOptionsPage').mockResolvedValue(undefined);
    await mount(<App />, 'main');
    await click(field('One link per UTM preset'));

    expect(document.querySelector('.preset-picker')?.textContent).toContain('You have no UTM presets.');
    await click(button('Open Options'));
    expect(open).toHaveBeenCalledOnce();
  });

  it('leaves the alias and a single link to plain Shorten when off', async () => {
    await seed();
    await setItem(presetChoiceItem, ['x']);
    const bg = background();
    await mount(<App />, 'main');
    await typeInto(field('Alias'), 'spring');
    await click(button('Shorten'));

    expect(shortens(bg.sent).map((s) => [s.input.url, s.input.custom])).toEqual([[PAGE, 'spring']]);
  });

  it('marks presets that got the same link, and makes one a link of its own in one click', async () => {
    await seed();
    let id = 100;
    // A server that merges addresses it thinks alike: every create answers its first link.
    const bg = fakeBackground({
      refresh: () => ok({ links: null, lists: null }),
      shorten: (payload: RequestOf<'shorten'>) =>
        /[?&]sl=/.test(payload.input.url)
          ? ok({ link: link(++id + 100, payload.input.url) })
          : ok({
              link: link(100, 'https://blog.example/post?id=4'),
              ...(id++ > 100 ? { existing: true as const } : {}),
            }),
    });
    await mount(<App />, 'main');
    await pickPresets('X', 'Newsletter');
    await click(button('Shorten: 2 links'));

    // The rows come once both answers are in, after the popup's reads: waited for, not assumed.
    await vi.waitFor(() =>
      expect(results().textContent?.match(/Same short link as another row/g)).toHaveLength(2),
    );
    await click(button('Make a distinct short link for Newsletter'));

    await vi.waitFor(() => expect(field('Short URL for Newsletter').value).toBe('https://sho.rt/a203'));
    expect(shortens(bg.sent).at(-1)?.input.url).toBe(
      'https://blog.example/post?id=4&utm_source=newsletter&utm_medium=email&sl=2',
    );
    expect(field('Short URL for X').value).toBe('https://sho.rt/a100');
    expect(results().textContent).not.toContain('Same short link as another row');
  });
});
