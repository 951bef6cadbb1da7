import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_LOCALE, readLocale } from '@/build/locales';
import { LinksView } from '@/entrypoints/manage/links/links-view';
import { createClient } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { CallApi } from '@/lib/messaging/call-api';
import { alerts, button, choose, click, fakeApi, field, mount, page, settle, submit, type } from '../../dom';
import { formatMessage } from '../../i18n/fake-i18n';

/** The page's copy in the user's copy format, which these tests do not look at. */
const copy = async () => ({ copied: true, status: 'Copied' });

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

function linksApi() {
  return fakeApi((method, ...args) => {
    if (method !== 'listLinks') throw new Error(`unexpected ${method}`);
    const query = args[0] as { page: number };
    return { ok: true, data: page([link(query.page * 100)], query.page, 3, 60) };
  });
}

describe('LinksView', () => {
  it('with no server set up, shows only the prompt to connect one: no form to find or create', async () => {
    const root = await mount(
      <LinksView navigate={vi.fn()} copy={copy} />,
      fakeApi(() => ({
        ok: false,
        error: { kind: 'not_configured', message: 'Connect a server in the extension’s settings first.' },
      })),
    );
    expect(root.querySelector('a[href="options.html"]')?.textContent).toBe('Open settings');
    expect(root.querySelectorAll('form, input, select')).toHaveLength(0);
    expect(root.querySelector('a[href="#/links/new"]')).toBeNull();
  });

  it('keeps the search in view when the key is refused after links were shown', async () => {
    let refused = false;
    const api = fakeApi(() =>
      refused
        ? { ok: false, error: { kind: 'unauthorized', message: 'The server refused the API key.' } }
        : { ok: true, data: page([link(1)], 1, 1) },
    );
    const root = await mount(<LinksView navigate={vi.fn()} copy={copy} />, api);
    await type(field(root, 'Search links'), 'docs');
    refused = true;
    await settle(450);
    expect(alerts(root)).toEqual(['The server refused the API key.']);
    expect(field(root, 'Search links').value).toBe('docs');
  });

  it('copies a row’s short URL in the user’s copy format and says so, as the popup does', async () => {
    const copyRow = vi.fn(async () => ({ copied: true, status: 'Copied https://go.example.com/a100' }));
    const root = await mount(<LinksView navigate={vi.fn()} copy={copyRow} />, linksApi());
    await click(button(root, 'Copy “Link 100”'));
    expect(copyRow).toHaveBeenCalledWith(
      expect.objectContaining({ shortUrl: 'https://go.example.com/a100', title: 'Link 100' }),
    );
    expect(root.querySelector('p[role="status"]')?.textContent).toBe('Copied https://go.example.com/a100');
  });

  it('says so when the browser refused to copy', async () => {
    const refused = async () => ({ copied: false, status: 'Couldn’t copy to the clipboard.' });
    const root = await mount(<LinksView navigate={vi.fn()} copy={refused} />, linksApi());
    await click(button(root, 'Copy “Link 100”'));
    expect(alerts(root)).toEqual(['Couldn’t copy to the clipboard.']);
  });

  it('asks for the first 25 newest links and shows the page position', async () => {
    const api = linksApi();
    const root = await mount(<LinksView navigate={vi.fn()} copy={copy} />, api);
    expect(api.callsOf('listLinks')).toEqual([[{ limit: 25, page: 1, order: 'date' }]]);
    expect(root.textContent).toContain('Link 100');
    expect(root.textContent).toContain('Page 1 of 3 (60 items)');
    expect(button(root, 'Previous').disabled).toBe(true);
  });

  it('sends page 2 when Next is pressed; Previous shows the kept page 1 without asking again', async () => {
    const api = linksApi();
    const root = await mount(<LinksView navigate={vi.fn()} copy={copy} />, api);
    await click(button(root, 'Next'));
    expect(api.callsOf('listLinks').at(-1)).toEqual([{ limit: 25, page: 2, order: 'date' }]);
    expect(root.textContent).toContain('Link 200');
    expect(root.textContent).toContain('Page 2 of 3');
    await click(button(root, 'Previous'));
    expect(root.textContent).toContain('Page 1 of 3');
    expect(api.callsOf('listLinks')).toHaveLength(2);
    // Refresh asks the server again for the page in view.
    await click(button(root, 'Refresh'));
    expect(api.callsOf('listLinks')).toHaveLength(3);
    expect(api.callsOf('listLinks').at(-1)).toEqual([{ limit: 25, page: 1, order: 'date' }]);
  });

  it('disables Next on the last page', async () => {
    const api = fakeApi(() => ({ ok: true, data: page([link(1)], 1, 1) }));
    const root = await mount(<LinksView navigate={vi.fn()} copy={copy} />, api);
    expect(button(root, 'Next').disabled).toBe(true);
  });

  it('sorts by clicks from page 1', async () => {
    const api = linksApi();
    const root = await mount(<LinksView navigate={vi.fn()} copy={copy} />, api);
    await click(button(root, 'Next'));
    await choose(field<HTMLSelectElement>(root, 'Sort by'), 'click');
    expect(api.callsOf('listLinks').at(-1)).toEqual([{ limit: 25, page: 1, order: 'click' }]);
  });

  it('searches once typing pauses, starting at page 1', async () => {
    const api = linksApi();
    const root = await mount(<LinksView navigate={vi.fn()} copy={copy} />, api);
    await click(button(root, 'Next'));
    const before = api.callsOf('listLinks').length;
    await type(field(root, 'Search links'), 'do');
    await type(field(root, 'Search links'), 'docs');
    await settle(50);
    expect(api.callsOf('listLinks')).toHaveLength(before);
    await settle(450);
    expect(api.callsOf('listLinks').slice(before)).toEqual([
      [{ limit: 25, page: 1, order: 'date', q: 'docs' }],
    ]);
  });

  it('shows a load failure with Retry, and Retry asks again', async () => {
    let fail = true;
    const api = fakeApi(() =>
      fail
        ? { ok: false, error: { kind: 'network', message: 'The server could not be reached.' } }
        : { ok: true, data: page([link(1)], 1, 1) },
    );
    const root = await mount(<LinksView navigate={vi.fn()} copy={copy} />, api);
    expect(alerts(root)).toEqual(['The server could not be reached.']);
    fail = false;
    await click(button(root, 'Retry'));
    expect(root.textContent).toContain('Link 1');
    expect(alerts(root)).toEqual([]);
  });

  it('renders only http(s) URLs from the server as links', async () => {
    const api = fakeApi(() => ({
      ok: true,
      data: page(
        [{ ...link(1), longUrl: 'javascript:alert(1)', shortUrl: 'https://go.example.com/x' }],
        1,
        1,
      ),
    }));
    const root = await mount(<LinksView navigate={vi.fn()} copy={copy} />, api);
    const hrefs = [...root.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).not.toContain('javascript:alert(1)');
    expect(hrefs).toContain('https://go.example.com/x');
    expect(root.textContent).toContain('javascript:alert(1)');
  });
});

describe('LinksView in German', () => {
  it('shows every text, the pager, numbers and dates in German, with no English left', async () => {
    vi.spyOn(browser.i18n, 'getMessage').mockImplementation(((key: string, subs?: string | string[]) =>
      formatMessage(key, subs, 'de')) as typeof browser.i18n.getMessage);
    const api = fakeApi(() => ({ ok: true, data: page([{ ...link(1), clicks: 12345 }], 1, 3, 60) }));
    const root = await mount(<LinksView navigate={vi.fn()} copy={copy} />, api);
    expect(root.textContent).toContain('Seite 1 von 3 (60 Einträge)');
    expect(button(root, 'Weiter').disabled).toBe(false);
    expect(field(root, 'Sortieren nach')).toBeTruthy();
    expect(root.textContent).toContain('12.345');
    expect(root.textContent).toContain('01.01.2026');
    const shown = [
      root.textContent ?? '',
      ...[...root.querySelectorAll('[aria-label], [placeholder], [title]')].flatMap((el) =>
        ['aria-label', 'placeholder', 'title'].map((name) => el.getAttribute(name) ?? ''),
      ),
    ].join('\n');
    const german = readLocale('locales', 'de');
    const english = Object.entries(readLocale('locales', DEFAULT_LOCALE))
      .filter(([key, entry]) => key.startsWith('manage_') && entry.message !== german[key]?.message)
      .map(([, entry]) => entry.message)
      .filter((message) => !message.includes('$'));
    expect(english.filter((message) => containsWords(shown, message))).toEqual([]);
  });
});

/** True when `text` holds `words` as whole words ("Find" is not in "Finden"). */
function containsWords(text: string, words: string): boolean {
  const escaped = words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}])${escaped}($|[^\\p{L}])`, 'u').test(text);
}

describe('Find by short URL', () => {
  it('opens the link that was found', async () => {
    const navigate = vi.fn();
    const api = fakeApi((method) =>
      method === 'findLinkByShortUrl'
        ? { ok: true, data: { id: 7, details: {}, stats: {} } }
        : { ok: true, data: page([], 1, 1) },
    );
    const root = await mount(<LinksView navigate={navigate} copy={copy} />, api);
    await type(field(root, 'Find by short URL'), ' https://go.example.com/abc ');
    await submit(root.querySelector('form[aria-label="Find a link by short URL"]')!);
    expect(api.callsOf('findLinkByShortUrl')).toEqual([['https://go.example.com/abc']]);
    expect(navigate).toHaveBeenCalledWith('#/links/7');
  });

  it('says so when no link matches, and keeps the typed URL', async () => {
    const navigate = vi.fn();
    const api = fakeApi((method) =>
      method === 'findLinkByShortUrl' ? { ok: true, data: null } : { ok: true, data: page([], 1, 1) },
    );
    const root = await mount(<LinksView navigate={navigate} copy={copy} />, api);
    await type(field(root, 'Find by short URL'), 'https://go.example.com/nope');
    await submit(root.querySelector('form[aria-label="Find a link by short URL"]')!);
    expect(alerts(root)).toEqual(['No link has this short URL.']);
    expect(field(root, 'Find by short URL').value).toBe('https://go.example.com/nope');
    expect(navigate).not.toHaveBeenCalled();
  });

  /**
   * A server that, as the spec says, looks links up by their full short URL only (the reference
   * server is kinder: it also takes a bare alias), reached through the real client.
   */
  function strictServerApi() {
    const links = [
      { id: 7, alias: 'my-demo', shorturl: 'https://sho.rt/my-demo' },
      { id: 8, alias: 'spring', shorturl: 'https://go.example.com/spring' },
    ];
    const entry = (l: (typeof links)[number]) => ({
      ...l,
      longurl: 'https://example.com/',
      clicks: 0,
      title: '',
      description: '',
      date: '2026-01-01 00:00:00',
    });
    const reply = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const short = url.searchParams.get('short');
      const q = url.searchParams.get('q');
      const id = /\/api\/url\/(\d+)$/.exec(url.pathname)?.[1];
      const found =
        short !== null ? links.find((l) => l.shorturl === short) : links.find((l) => String(l.id) === id);
      if (short !== null || id !== undefined) {
        if (!found) return reply({ error: 1, message: 'Link not found.' }, 404);
        const { shorturl, id: linkId } = found;
        const details = { id: linkId, shorturl, longurl: 'https://example.com/', title: '', description: '' };
        return reply({
          error: 0,
          id: linkId,
          details: { ...details, location: {}, device: {}, expiry: null, date: '2026-01-01 00:00:00' },
          data: {
            clicks: 0,
            uniqueClicks: 0,
            topCountries: 0,
            topReferrers: 0,
            topBrowsers: 0,
            topOs: 0,
            socialCount: {},
          },
        });
      }
      const urls = links.filter((l) => q === null || l.alias.includes(q)).map(entry);
      const paging = { result: urls.length, perpage: 25, currentpage: 1, nextpage: null, maxpage: 1 };
      return reply({ error: 0, data: { ...paging, urls } });
    });
    const client = createClient({ baseUrl: 'https://sho.rt', apiKey: 'key', fetch });
    const api = (async (method: 'findLinkByShortUrl' | 'listLinks', ...args: never[]) => {
      try {
        return { ok: true, data: await (client[method] as (...a: never[]) => unknown)(...args) };
      } catch (error) {
        const { kind, message } = error as ApiError;
        return { ok: false, error: { kind, message } };
      }
    }) as unknown as CallApi;
    return api;
  }

  it.each([
    ['the alias', 'my-demo', '#/links/7'],
    ['the short URL without its scheme', 'sho.rt/my-demo', '#/links/7'],
    ['the short URL', 'https://sho.rt/my-demo', '#/links/7'],
    ['a pasted branded-domain URL', 'https://go.example.com/spring', '#/links/8'],
    ['a branded-domain URL without its scheme', 'go.example.com/spring', '#/links/8'],
    ['the alias of a link on a branded domain', 'spring', '#/links/8'],
  ])('finds the link by %s', async (_, typed, hash) => {
    const navigate = vi.fn();
    const root = await mount(<LinksView navigate={navigate} copy={copy} />, strictServerApi());
    const input = field(root, 'Find by short URL');
    await type(input, typed);
    // A browser refuses to submit a field it finds invalid (an alias in a type="url" field).
    expect(input.checkValidity()).toBe(true);
    await submit(root.querySelector('form[aria-label="Find a link by short URL"]')!);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(hash));
    expect(alerts(root)).toEqual([]);
  });
});
