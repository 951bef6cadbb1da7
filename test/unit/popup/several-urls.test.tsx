/**
 * Several URLs pasted into the popup's Long URL field: the form turns into a list of them (each
 * once, a link made before offered for reuse), the button says how many it makes, and Shorten sends
 * one `shortenUrls` request with the form's options and no alias; each row then has its Copy.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../fixtures/popup-later-parts';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/popup/app';
import type { UrlListResult } from '@/lib/jobs/url-list';
import { putCachedLinks } from '@/lib/links/cache';
import type { RequestOf } from '@/lib/messaging/protocol';
import { defaultBehaviour, defaultUtmPresets, emptyDefaults } from '@/lib/settings/schema';
import { saveSettings } from '@/lib/storage/settings';
import { button, click, fakeBackground, field, hasField, mount, ok, paste, typeInto } from '../dom';

let counter = 0;
let writeText: ReturnType<typeof vi.fn>;

async function seed() {
  const id = `several-${++counter}`;
  await saveSettings({
    version: 1,
    activeProfileId: id,
    profiles: [{ id, name: 'Home', serverUrl: 'https://sho.rt', defaults: emptyDefaults() }],
    behaviour: defaultBehaviour(),
    utmPresets: defaultUtmPresets(),
  });
  await putCachedLinks(id, [
    {
      id: 12,
      alias: 'known',
      shortUrl: 'https://sho.rt/known',
      longUrl: 'https://known.example/page',
      title: 'Known page',
      description: '',
      clicks: 0,
      date: '2031-03-01 10:00:00',
    },
  ]);
}

const PASTED =
  'Links: https://a.example/one\nhttps://known.example/page, https://a.example/one/ and https://b.example/two.';

/** A background answering `shortenUrls` with `result` (else a link per URL), and `shorten` with `made`. */
function background(result?: UrlListResult, made = 'https://sho.rt/new') {
  return fakeBackground({
    refresh: () => ok({ links: null, lists: null }),
    shorten: (payload: RequestOf<'shorten'>) =>
      ok({
        link: {
          id: 300,
          alias: 'new',
          shortUrl: made,
          longUrl: payload.input.url,
          title: '',
          description: '',
          clicks: 0,
          date: '2031-03-01 10:00:00',
        },
      }),
    shortenUrls: (payload: RequestOf<'shortenUrls'>) =>
      ok(
        result ?? {
          rows: payload.items.map((item, i) => ({
            longUrl: item.input.url,
            title: item.title,
            state: 'made' as const,
            shortUrl: `https://sho.rt/s${i}`,
          })),
          text: payload.items.map((_, i) => `https://sho.rt/s${i}`).join('\n'),
          copied: true,
        },
      ),
  });
}

const listed = () => [...document.querySelectorAll('.several-url')].map((node) => node.textContent);
const mountPopup = () => mount(<App />, 'main');

beforeEach(() => {
  writeText = vi.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([
    { id: 3, url: 'https://mail.example/inbox', title: 'Inbox' },
  ] as never);
});

describe('several URLs pasted in the popup', () => {
  it('turns the field into the list, each URL once, a link made before offered for reuse', async () => {
    await seed();
    background();
    await mountPopup();

    await paste(field('Long URL'), PASTED);

    expect(hasField('Long URL')).toBe(false);
    expect(listed()).toEqual([
      'https://a.example/one',
      'https://known.example/page',
      'https://b.example/two',
    ]);
    expect(document.querySelector('.several')?.textContent).toContain('3 URLs in the pasted text');
    // Each URL's cached link is looked up once the list is taken.
    await vi.waitFor(() =>
      expect(document.querySelector('.several')?.textContent).toContain(
        'Made before as https://sho.rt/known: Shorten reuses it.',
      ),
    );
    expect(button('Shorten 3 links')).toBeTruthy();
    expect(field('Alias').disabled).toBe(true);
  });

  it('sends one list with the form’s options and no alias, then shows each link with its Copy', async () => {
    await seed();
    const bg = background();
    await mountPopup();
    await typeInto(field('Alias'), 'spring');
    await paste(field('Long URL'), PASTED);

    await click(button('Shorten 3 links'));

    // Sent once the cached titles are read, and answered.
    await vi.waitFor(() =>
      expect(field('Short URL of https://known.example/page').value).toBe('https://sho.rt/s1'),
    );
    const [request] = bg.of('shortenUrls');
    expect(request?.source).toBe('popup');
    expect(request?.items.map((item) => [item.input.url, item.title])).toEqual([
      ['https://a.example/one', ''],
      ['https://known.example/page', 'Known page'],
      ['https://b.example/two', ''],
    ]);
    expect(request?.items.every((item) => item.input.custom === undefined && item.input.status)).toBe(true);
    expect(field('Short URL of https://known.example/page').value).toBe('https://sho.rt/s1');
    expect(document.querySelector('.several')?.textContent).toContain('Copied 3 short links, one a line.');

    await click(button('Share the short URL of https://known.example/page'));
    expect(
      document.querySelector<HTMLAnchorElement>(
        '.several a[aria-label="Share on Reddit (opens in a new tab)"]',
      )?.href,
    ).toBe('https://www.reddit.com/submit?url=https%3A%2F%2Fsho.rt%2Fs1&title=Known%20page');

    await click(button('Copy the short URL of https://b.example/two'));
    expect(writeText).toHaveBeenLastCalledWith('https://sho.rt/s2');
    await click(button('Copy all'));
    expect(writeText).toHaveBeenLastCalledWith('https://sho.rt/s0\nhttps://sho.rt/s1\nhttps://sho.rt/s2');
  });

  it('shows the list to copy by hand when the background could not copy it, and what failed', async () => {
    await seed();
    background({
      rows: [
        {
          longUrl: 'https://a.example/one',
          title: '',
          state: 'made',
          shortUrl: 'https://sho.rt/x',
          existing: true,
        },
        {
          longUrl: 'https://known.example/page',
          title: '',
          state: 'reused',
          shortUrl: 'https://sho.rt/known',
        },
        {
          longUrl: 'https://b.example/two',
          title: '',
          state: 'failed',
          error: { kind: 'server', message: 'Down' },
        },
      ],
      text: 'https://sho.rt/x\nhttps://sho.rt/known',
      copied: false,
    });
    await mountPopup();
    await paste(field('Long URL'), PASTED);
    await click(button('Shorten 3 links'));

    await vi.waitFor(() =>
      expect(document.querySelector('.several')?.textContent).toContain('1 of 3 links failed'),
    );
    const box = document.querySelector('.several')?.textContent ?? '';
    expect(box).toContain('Your server returned an existing link');
    expect(box).toContain('Made before: reused, no new link.');
    expect(box).toContain('Down');
    expect(box).toContain('1 of 3 links failed');
    expect(field<HTMLTextAreaElement>('Short links of the list').value).toBe(
      'https://sho.rt/x\nhttps://sho.rt/known',
    );
  });

  it('gives the field back: by removing URLs down to one, or Back to one URL', async () => {
    await seed();
    const bg = background();
    await mountPopup();
    await paste(field('Long URL'), 'https://a.example/ https://b.example/');

    await click(button('Remove https://a.example/ from the list'));
    expect(field('Long URL').value).toBe('https://b.example/');

    await paste(field('Long URL'), 'https://a.example/ https://b.example/');
    await click(button('Back to one URL'));
    expect(field('Long URL').value).toBe('');
    expect(bg.of('shortenUrls')).toEqual([]);
  });

  it('leaves a single pasted URL in the field, as ever', async () => {
    await seed();
    background();
    await mountPopup();
    await paste(field('Long URL'), 'https://a.example/one');
    expect(field('Long URL').value).toBe('https://a.example/one');
    expect(document.querySelector('.several')).toBeNull();
  });

  it('marks rows that got the same link, and makes one a link of its own with the list’s options', async () => {
    await seed();
    const bg = background(
      {
        rows: [
          {
            longUrl: 'https://a.example/one',
            title: '',
            state: 'made',
            shortUrl: 'https://sho.rt/same',
            shared: true,
          },
          {
            longUrl: 'https://known.example/page',
            title: '',
            state: 'reused',
            shortUrl: 'https://sho.rt/known',
          },
          {
            longUrl: 'https://b.example/two',
            title: '',
            state: 'made',
            shortUrl: 'https://sho.rt/same',
            shared: true,
            existing: true,
          },
        ],
        text: '',
        copied: true,
      },
      'https://sho.rt/own',
    );
    await mountPopup();
    await paste(field('Long URL'), PASTED);
    await click(button('Shorten 3 links'));

    await vi.waitFor(() =>
      expect(
        document.querySelector('.several')?.textContent?.match(/Same short link as another row/g),
      ).toHaveLength(2),
    );
    await click(button('Make a distinct short link for https://b.example/two'));

    expect(bg.of('shorten')).toEqual([
      expect.objectContaining({
        input: expect.objectContaining({ url: 'https://b.example/two?sl=3', status: 'private' }),
      }),
    ]);
    expect(field('Short URL of https://b.example/two').value).toBe('https://sho.rt/own');
    expect(document.querySelector('.several')?.textContent).not.toContain('Same short link as another row');
    expect(document.querySelector('.several')?.textContent).not.toContain(
      'Your server returned an existing link',
    );
  });
});
