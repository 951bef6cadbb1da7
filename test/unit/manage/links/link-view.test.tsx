import { describe, expect, it, vi } from 'vitest';
import { ChannelView } from '@/entrypoints/manage/channels-view';
import { LinkView, NewLinkView, StatValue } from '@/entrypoints/manage/links/link-view';
import { LinksView } from '@/entrypoints/manage/links/links-view';
import type { LinkDetail } from '@/lib/api/schemas';
import { alerts, button, choose, click, fakeApi, field, mount, page, settle, submit, type } from '../../dom';

/** The page's copy in the user's copy format, which these tests do not look at. */
const copy = async () => ({ copied: true, status: 'Copied' });

const detail: LinkDetail = {
  id: 3,
  details: {
    shortUrl: 'https://go.example.com/sale',
    longUrl: 'https://shop.example.com/sale',
    title: 'Spring sale',
    description: 'Offer',
    location: { germany: 'https://shop.example.com/de', evil: 'javascript:alert(1)' },
    device: {},
    expiry: '2030-12-31 23:59:59',
    date: '2026-04-20 08:00:00',
  },
  stats: {
    clicks: 57,
    uniqueClicks: 40,
    topCountries: { Germany: 3, 'United States': 9 },
    topReferrers: 12,
    topBrowsers: 0,
    topOs: 0,
    socialCount: { alpha: 1, beta: 2, gamma: 0 },
  },
};

function linkApi(
  update: () => unknown = () => ({ ok: true, data: { message: 'Updated.', shortUrl: null } }),
) {
  return fakeApi((method) => {
    if (method === 'getLink') return { ok: true, data: detail };
    if (method === 'updateLink') return update() as never;
    if (method === 'listCampaigns')
      return {
        ok: true,
        data: page([{ id: 5, name: 'Spring', public: true, rotator: null, list: '' }], 1, 1),
      };
    if (method === 'listChannels')
      return {
        ok: true,
        data: page([{ id: 2, name: 'Work', description: '', color: '#000000', starred: false }], 1, 1),
      };
    if (method.startsWith('list')) return { ok: true, data: page([], 1, 1) };
    return { ok: true, data: { message: 'Done.' } };
  });
}

describe('LinkView', () => {
  it('shows details and statistics, with unsafe targets as text', async () => {
    const root = await mount(<LinkView id={3} copy={copy} />, linkApi());
    expect(root.querySelector('h1')?.textContent).toBe('Spring sale');
    expect(root.textContent).toContain('57 clicks');
    expect(root.textContent).toContain('40 unique clicks');
    expect(root.querySelector('a[href="https://shop.example.com/de"]')).not.toBeNull();
    expect(root.querySelector('a[href^="javascript:"]')).toBeNull();
    expect(root.textContent).toContain('javascript:alert(1)');
    // The server's dates, in the user's language: the expiry and the creation date as the server's clock reads them.
    const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
    expect(root.textContent).toContain(dateTime.format(new Date(2030, 11, 31, 23, 59)));
    expect(root.textContent).toContain(dateTime.format(new Date(2026, 3, 20, 8, 0)));
  });

  it('shows the campaign and channel the server accepted the link into on this page', async () => {
    const root = await mount(<LinkView id={3} copy={copy} />, linkApi());
    const assign = root.querySelector<HTMLDetailsElement>('details.card')!;
    assign.open = true;
    assign.dispatchEvent(new Event('toggle'));
    await settle();
    expect(assign.querySelector('dl')?.textContent).toBe('CampaignNot knownChannelNot known');
    await choose(field<HTMLSelectElement>(assign, 'Campaign'), '5');
    await submit(assign.querySelectorAll('form')[0]!);
    await choose(field<HTMLSelectElement>(assign, 'Channel'), '2');
    await submit(assign.querySelectorAll('form')[1]!);
    expect(assign.querySelector('dl')?.textContent).toBe('CampaignSpringChannelWork');
  });

  it('names the channel whose items, as the server listed them on this page, hold the link', async () => {
    const base = linkApi() as unknown as (method: string, ...args: unknown[]) => never;
    const api = fakeApi((method, ...args) => {
      if (method === 'listChannelItems' && args[0] === 2) {
        const item = {
          type: 'links',
          id: 3,
          title: 'Spring sale',
          preview: '',
          link: '',
          date: '2026-04-20',
        };
        return { ok: true, data: page([item], 1, 1) };
      }
      return base(method, ...args);
    });
    await mount(<ChannelView id={2} />, api);
    const root = await mount(<LinkView id={3} copy={copy} />, api);
    const assign = root.querySelector<HTMLDetailsElement>('details.card')!;
    assign.open = true;
    assign.dispatchEvent(new Event('toggle'));
    await settle();
    expect(assign.querySelector('dl')?.textContent).toBe('CampaignNot knownChannelWork');
  });

  it('copies the short URL through the page’s copy, in the user’s copy format', async () => {
    const copyLink = vi.fn(async () => ({ copied: true, status: 'Copied https://go.example.com/sale' }));
    const root = await mount(<LinkView id={3} copy={copyLink} />, linkApi());
    await click(button(root, 'Copy'));
    expect(copyLink).toHaveBeenCalledWith(
      expect.objectContaining({ shortUrl: 'https://go.example.com/sale', title: 'Spring sale' }),
    );
    expect(root.textContent).toContain('Copied https://go.example.com/sale');
  });

  it('draws the short URL’s QR code as SVG elements', async () => {
    const root = await mount(<LinkView id={3} copy={copy} />, linkApi());
    const svg = root.querySelector('svg[role="img"]')!;
    expect(svg.getAttribute('aria-label')).toBe('QR code for https://go.example.com/sale');
    expect(svg.querySelector('path')?.getAttribute('d')).toMatch(/^M4 4h1v1h-1z/);
  });

  it('shares the short URL with its title on Email and the networks, each in a new tab', async () => {
    const root = await mount(<LinkView id={3} copy={copy} />, linkApi());
    const share = root.querySelector('ul[aria-label="Share on"]')!;
    expect([...share.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'Email',
      'X',
      'LinkedIn',
      'Facebook',
      'WhatsApp',
      'Telegram',
      'Reddit',
    ]);
    expect(
      share.querySelector<HTMLAnchorElement>('a[aria-label="Share on X (opens in a new tab)"]')?.href,
    ).toBe('https://x.com/intent/tweet?text=Spring%20sale&url=https%3A%2F%2Fgo.example.com%2Fsale');
  });

  it('loads choice lists only for open sections, once per page visit', async () => {
    const plain = { ...detail, details: { ...detail.details, location: {}, expiry: null } };
    const api = fakeApi((method) =>
      method === 'getLink' ? { ok: true, data: plain } : { ok: true, data: page([], 1, 1) },
    );
    await mount(<LinkView id={3} copy={copy} />, api);
    expect(api.calls.map(([method]) => method)).toEqual(['getLink']);

    // A link with an expiry opens "Redirect and access", which needs three lists; the next visit
    // of the link's page reuses them, and the link itself too.
    const withExpiry = linkApi();
    await mount(<LinkView id={3} copy={copy} />, withExpiry);
    await mount(<LinkView id={3} copy={copy} />, withExpiry);
    expect(withExpiry.calls.map(([method]) => method).sort()).toEqual(
      ['getLink', 'listDomains', 'listOverlays', 'listSplash'].sort(),
    );
  });

  it('saves the prefilled editor with updateLink', async () => {
    const api = linkApi();
    const root = await mount(<LinkView id={3} copy={copy} />, api);
    await type(field(root, 'Long URL'), 'https://shop.example.com/sale-2');
    await submit(root.querySelector<HTMLFormElement>('form.link-editor')!);
    expect(api.callsOf('updateLink')).toEqual([]);
    // The prefilled javascript: target is refused before anything is sent.
    expect(alerts(root)).toContain('One field needs attention before saving.');
    await click(button(root, 'Remove row 2 of “Geo targets”'));
    await submit(root.querySelector<HTMLFormElement>('form.link-editor')!);
    // Only what changed is sent (the URL always: the endpoint requires it); the prefilled expiry
    // and alias are not sent again.
    expect(api.callsOf('updateLink')).toStrictEqual([
      [
        3,
        {
          url: 'https://shop.example.com/sale-2',
          geotarget: [{ location: 'germany', link: 'https://shop.example.com/de' }],
        },
      ],
    ]);
    expect(root.textContent).toContain('Saved.');
  });

  it('shows a saved long URL in the kept links list, without asking for the list again', async () => {
    const summary = {
      id: 3,
      alias: 'sale',
      shortUrl: 'https://go.example.com/sale',
      longUrl: 'https://shop.example.com/sale',
      clicks: 57,
      title: 'Spring sale',
      description: '',
      date: '2026-04-20 08:00:00',
    };
    const base = linkApi() as unknown as (method: string, ...args: unknown[]) => never;
    const api = fakeApi((method, ...args) =>
      method === 'listLinks' ? { ok: true, data: page([summary], 1, 1) } : base(method, ...args),
    );
    await mount(<LinksView navigate={vi.fn()} copy={copy} />, api);
    const root = await mount(<LinkView id={3} copy={copy} />, api);
    await click(button(root, 'Remove row 2 of “Geo targets”'));
    await type(field(root, 'Long URL'), 'https://shop.example.com/summer');
    await submit(root.querySelector<HTMLFormElement>('form.link-editor')!);
    expect(root.textContent).toContain('Saved.');
    const list = await mount(<LinksView navigate={vi.fn()} copy={copy} />, api);
    expect(list.querySelector('td.long-url')?.textContent).toBe('https://shop.example.com/summer');
    expect(api.callsOf('listLinks')).toHaveLength(1);
  });

  it('sends nothing when the prefilled editor is saved untouched, and says so', async () => {
    const safe = { ...detail, details: { ...detail.details, location: {} } };
    const api = fakeApi((method) =>
      method === 'getLink' ? { ok: true, data: safe } : { ok: true, data: page([], 1, 1) },
    );
    const root = await mount(<LinkView id={3} copy={copy} />, api);
    expect(field(root, 'Long URL').value).toBe('https://shop.example.com/sale');
    expect(field(root, 'Custom alias').value).toBe('sale');
    await submit(root.querySelector<HTMLFormElement>('form.link-editor')!);
    expect(api.callsOf('updateLink')).toEqual([]);
    expect(root.textContent).toContain('Nothing changed, so nothing was sent.');
  });

  it('keeps the edits and shows the server’s message when saving fails', async () => {
    const api = linkApi(() => ({
      ok: false,
      error: { kind: 'validation', message: 'The alias is already taken.' },
    }));
    const root = await mount(<LinkView id={3} copy={copy} />, api);
    await click(button(root, 'Remove row 2 of “Geo targets”'));
    await type(field(root, 'Custom alias'), 'taken');
    await submit(root.querySelector<HTMLFormElement>('form.link-editor')!);
    expect(alerts(root)).toContain('The alias is already taken.');
    expect(field(root, 'Custom alias').value).toBe('taken');
  });

  it('says that blank fields keep the link’s values, where a new link would get a default', async () => {
    const root = await mount(<LinkView id={3} copy={copy} />, linkApi());
    const hintOf = (label: string) => {
      const input = field(root, label);
      return document.getElementById(input.getAttribute('aria-describedby')!)?.textContent;
    };
    // The alias is read from the short URL; cleared, it keeps the current one.
    expect(field(root, 'Custom alias').value).toBe('sale');
    expect(hintOf('Custom alias')).toBe('Leave blank to keep the current alias. Up to 64 characters.');
    expect(root.textContent).not.toContain('random alias');
    expect(hintOf('Expiry')).toContain('Clearing the field does not remove an expiry already set.');
    const editor = root.querySelector<HTMLElement>('form.link-editor')!;
    const blankChoice = (label: string) => field<HTMLSelectElement>(editor, label).options[0]?.textContent;
    expect(blankChoice('Redirect type')).toBe('Keep current');
    expect(blankChoice('Domain')).toBe('Keep current');
    const tracking = [...root.querySelectorAll('form.link-editor summary')].find((s) =>
      s.textContent?.includes('Tracking'),
    )!;
    await click(tracking as HTMLElement);
    expect(blankChoice('Channel')).toBe('Keep current');
    expect(blankChoice('Campaign')).toBe('Keep current');
    expect(root.textContent).not.toContain('No deep links');
  });

  it('names a CTA overlay’s kind in the user’s words, and an unknown kind as the server sent it', async () => {
    const api = fakeApi((method) => {
      if (method === 'getLink') return { ok: true, data: detail };
      if (method === 'listOverlays')
        return {
          ok: true,
          data: page(
            [
              { id: 1, type: 'message', name: 'Newsletter signup', date: '2026-02-10 08:45:00' },
              { id: 2, type: 'hologram', name: 'Future', date: '2026-02-10 08:45:00' },
            ],
            1,
            1,
          ),
        };
      if (method.startsWith('list')) return { ok: true, data: page([], 1, 1) };
      return { ok: true, data: { message: 'Done.' } };
    });
    const root = await mount(<LinkView id={3} copy={copy} />, api);
    const options = [...field<HTMLSelectElement>(root, 'Redirect type').options].map((o) => o.textContent);
    expect(options).toContain('Newsletter signup (message)');
    expect(options).toContain('Future (hologram)');
  });

  it('adds the UTM rows with the preset button', async () => {
    const root = await mount(<LinkView id={3} copy={copy} />, linkApi());
    await click(button(root, 'UTM preset'));
    const names = [...root.querySelectorAll<HTMLInputElement>('input[id^="parameters-"][id$="-name"]')].map(
      (i) => i.value,
    );
    expect(names).toEqual(['utm_source', 'utm_medium', 'utm_campaign']);
  });

  it('assigns the link to a campaign chosen from the list', async () => {
    const api = linkApi();
    const root = await mount(<LinkView id={3} copy={copy} />, api);
    const assign = [...root.querySelectorAll('details.card')].find((d) =>
      d.textContent?.includes('Campaign and channel'),
    )!;
    await click(assign.querySelector('summary')!);
    expect(api.callsOf('listCampaigns')).toHaveLength(1);
    await choose(field<HTMLSelectElement>(assign as HTMLElement, 'Campaign'), '5');
    await submit(assign.querySelector('form')!);
    expect(api.callsOf('assignLinkToCampaign')).toEqual([[5, 3]]);
    expect(assign.textContent).toContain('Added to the campaign.');
  });
});

describe('NewLinkView', () => {
  it('with no server set up, shows only the prompt to connect one: no form', async () => {
    const root = await mount(
      <NewLinkView navigate={vi.fn()} />,
      fakeApi(() => ({
        ok: false,
        error: { kind: 'not_configured', message: 'Connect a server in the extension’s settings first.' },
      })),
    );
    expect(root.querySelector('a[href="options.html"]')?.textContent).toBe('Open settings');
    expect(root.querySelectorAll('form, input')).toHaveLength(0);
  });

  it('creates the link and opens its page', async () => {
    const navigate = vi.fn();
    const api = fakeApi(() => ({ ok: true, data: { id: 12, shortUrl: 'https://go.example.com/x' } }));
    const root = await mount(<NewLinkView navigate={navigate} />, api);
    await type(field(root, 'Long URL'), 'https://example.com/new');
    await type(field<HTMLTextAreaElement>(root, 'Description (note)'), 'A note');
    await submit(root.querySelector<HTMLFormElement>('form.link-editor')!);
    expect(api.callsOf('addLink')).toEqual([[{ url: 'https://example.com/new', description: 'A note' }]]);
    expect(root.textContent).toContain('Leave blank for a random alias.');
    expect(navigate).toHaveBeenCalledWith('#/links/12');
  });

  it('sends nothing while the long URL is missing', async () => {
    const api = fakeApi(() => ({ ok: true, data: {} }));
    const root = await mount(<NewLinkView navigate={vi.fn()} />, api);
    await submit(root.querySelector<HTMLFormElement>('form.link-editor')!);
    // Only the account, which says whether a server is connected; no create.
    expect(api.calls.map(([method]) => method)).toEqual(['getAccount']);
    expect(root.textContent).toContain('Enter the long URL.');
  });
});

describe('NewLinkView after a failed create', () => {
  it('shows the background’s message in focus, keeps the form, and sends the same create when pressed again', async () => {
    // The background words it: after a lost answer it says the link may exist and, on the next
    // create, looks for it before making another (test/unit/background/links.test.ts).
    const message = 'Could not reach https://go.example.com. The link may have been made all the same.';
    const navigate = vi.fn();
    const api = fakeApi(() => ({ ok: false, error: { kind: 'network', message } }));
    const root = await mount(<NewLinkView navigate={navigate} />, api);
    await type(field(root, 'Long URL'), 'https://example.com/offer');
    const form = root.querySelector<HTMLFormElement>('form.link-editor')!;
    await submit(form);
    expect(root.querySelector('.failure [role="alert"]')?.textContent).toBe(message);
    expect(document.activeElement).toBe(root.querySelector('.failure'));
    expect(field(root, 'Long URL').value).toBe('https://example.com/offer');
    await submit(form);
    expect(api.callsOf('addLink')).toEqual([
      [{ url: 'https://example.com/offer' }],
      [{ url: 'https://example.com/offer' }],
    ]);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('StatValue', () => {
  it('renders a number, a list and a map (largest first)', async () => {
    const root = await mount(
      <div>
        <p id="n">
          <StatValue value={12} />
        </p>
        <div id="l">
          <StatValue value={['Chrome', 'Firefox']} />
        </div>
        <div id="m">
          <StatValue value={{ Germany: 3, 'United States': 9 }} />
        </div>
      </div>,
      fakeApi(() => ({ ok: true, data: null })),
    );
    expect(root.querySelector('#n')?.textContent).toBe('12');
    expect([...root.querySelectorAll('#l li')].map((li) => li.textContent)).toEqual(['Chrome', 'Firefox']);
    expect([...root.querySelectorAll('#m th')].map((th) => th.textContent)).toEqual([
      'United States',
      'Germany',
    ]);
  });
});

describe('LinkEditor focus', () => {
  it('moves focus to the first field to fix, opening its section', async () => {
    const api = fakeApi(() => ({ ok: true, data: page([], 1, 1) }));
    const root = await mount(<NewLinkView navigate={vi.fn()} />, api);
    await type(field(root, 'Long URL'), 'https://example.com/x');
    await type(field(root, 'Meta image URL'), 'https://example.com/a.gif');
    const social = [...root.querySelectorAll('details')].find((d) =>
      d.textContent?.startsWith('Social preview'),
    )!;
    expect(social.open).toBe(false);
    await submit(root.querySelector<HTMLFormElement>('form.link-editor')!);
    expect(social.open).toBe(true);
    expect(document.activeElement).toBe(field(root, 'Meta image URL'));
    expect(api.callsOf('addLink')).toEqual([]);
  });
});
