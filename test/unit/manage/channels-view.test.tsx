import { describe, expect, it } from 'vitest';
import { ChannelsView, ChannelView } from '@/entrypoints/manage/channels-view';
import { alerts, button, choose, click, fakeApi, field, mount, page, settle, submit, type } from '../dom';

const statuses = (root: HTMLElement) =>
  [...root.querySelectorAll('[role="status"]')].map((s) => s.textContent).filter(Boolean);

const work = { id: 1, name: 'Work', description: 'Team links', color: '#1E88E5', starred: true };

describe('ChannelsView', () => {
  it('with no server set up, shows only the prompt to connect one: no form to create', async () => {
    const root = await mount(
      <ChannelsView />,
      fakeApi(() => ({
        ok: false,
        error: { kind: 'not_configured', message: 'Connect a server in the extension’s settings first.' },
      })),
    );
    expect(root.querySelector('a[href="options.html"]')?.textContent).toBe('Open settings');
    expect(root.querySelectorAll('form, input')).toHaveLength(0);
  });

  it('warns that items will be unassigned, and sends nothing on Cancel', async () => {
    const api = fakeApi(() => ({ ok: true, data: page([work], 1, 1) }));
    const root = await mount(<ChannelsView />, api);
    await click(button(root, 'Delete channel “Work”'));
    expect(root.querySelector('fieldset.confirm')?.textContent).toMatch(/will be unassigned/);
    await click(button(root, 'Cancel'));
    expect(api.callsOf('deleteChannel')).toEqual([]);
    await click(button(root, 'Delete channel “Work”'));
    await click(button(root, 'Yes, delete'));
    expect(api.callsOf('deleteChannel')).toEqual([[1]]);
    expect(statuses(root)).toEqual(['Channel “Work” deleted.']);
  });

  it('says a channel’s changes were saved, under its new name', async () => {
    const api = fakeApi(() => ({ ok: true, data: page([work], 1, 1) }));
    const root = await mount(<ChannelsView />, api);
    await click(button(root, 'Edit'));
    const form = root.querySelector<HTMLFormElement>('.item form.channel-form')!;
    // The form starts with the channel as listed.
    expect(field(form, 'Description').value).toBe('Team links');
    await type(field(form, 'Name'), 'Work links');
    await submit(form);
    // Only the changed field is sent, and the list shows it without asking for it again.
    expect(api.callsOf('updateChannel')).toEqual([[1, { name: 'Work links' }]]);
    expect(statuses(root)).toEqual(['Channel “Work links” saved.']);
    expect(root.querySelector('li.item h3')?.textContent).toBe('Work links');
    expect(api.callsOf('listChannels')).toHaveLength(1);
  });

  it('sends nothing when an edit is saved untouched, and says so', async () => {
    const api = fakeApi(() => ({ ok: true, data: page([work], 1, 1) }));
    const root = await mount(<ChannelsView />, api);
    await click(button(root, 'Edit'));
    await submit(root.querySelector<HTMLFormElement>('.item form.channel-form')!);
    expect(api.callsOf('updateChannel')).toEqual([]);
    expect(statuses(root)).toEqual(['Nothing changed, so nothing was sent.']);
  });

  it('rejects a colour that is not HEX without sending', async () => {
    const api = fakeApi(() => ({ ok: true, data: page([], 1, 1) }));
    const root = await mount(<ChannelsView />, api);
    await type(field(root, 'Name'), 'Press');
    await type(field(root, 'Colour (HEX)'), 'blue');
    await submit(root.querySelector('form')!);
    expect(api.callsOf('addChannel')).toEqual([]);
    expect(root.textContent).toContain('Enter a HEX colour like #1A2B3C.');
  });

  it('creates a channel with every field', async () => {
    const api = fakeApi((method) =>
      method === 'addChannel' ? { ok: true, data: { ...work, id: 3 } } : { ok: true, data: page([], 1, 1) },
    );
    const root = await mount(<ChannelsView />, api);
    await type(field(root, 'Name'), 'Press');
    await type(field(root, 'Description'), 'Press kit');
    await type(field(root, 'Colour (HEX)'), '#AA00CC');
    await click(root.querySelector<HTMLInputElement>('.checkbox input')!);
    await submit(root.querySelector('form')!);
    expect(api.callsOf('addChannel')).toEqual([
      [{ name: 'Press', description: 'Press kit', color: '#AA00CC', starred: true }],
    ]);
    // The new channel shows from the server's answer, without asking for the list again.
    expect(api.callsOf('listChannels')).toHaveLength(1);
    expect(root.querySelector('li.item h3')?.textContent).toBe(work.name);
  });
});

describe('ChannelView', () => {
  it('with no server set up, shows only the prompt to connect one: no form to add items', async () => {
    const root = await mount(
      <ChannelView id={2} />,
      fakeApi(() => ({
        ok: false,
        error: { kind: 'not_configured', message: 'Connect a server in the extension’s settings first.' },
      })),
    );
    expect(root.querySelector('a[href="options.html"]')?.textContent).toBe('Open settings');
    expect(root.querySelectorAll('form, input, select')).toHaveLength(0);
  });

  const items = [
    {
      type: 'links',
      id: 3,
      title: 'Spring sale',
      preview: 'https://shop.example.com',
      link: 'https://go.example.com/s',
      date: '2026-04-20',
    },
    {
      type: 'bio',
      id: 1,
      title: 'Demo bio',
      preview: 'javascript:alert(1)',
      link: 'https://go.example.com/demo',
      date: '2026-03-01',
    },
  ];

  it('pages through the channel’s items', async () => {
    const api = fakeApi((method, ...args) => {
      if (method === 'listChannelItems') {
        const query = args[1] as { page: number };
        return { ok: true, data: page(items, query.page, 2, 30) };
      }
      return { ok: true, data: page([work], 1, 1) };
    });
    const root = await mount(<ChannelView id={1} />, api);
    expect(api.callsOf('listChannelItems')).toEqual([[1, { limit: 25, page: 1 }]]);
    expect(root.querySelector('h1')?.textContent).toBe('Channel “Work”');
    expect(root.querySelector('a[href="#/links/3"]')?.textContent).toBe('Spring sale');
    expect(root.querySelector('a[href^="javascript:"]')).toBeNull();
    await click(button(root, 'Next'));
    expect(api.callsOf('listChannelItems').at(-1)).toEqual([1, { limit: 25, page: 2 }]);
  });

  it('assigns an item of the chosen type, and shows a failure', async () => {
    const api = fakeApi((method) => {
      if (method === 'assignToChannel')
        return { ok: false, error: { kind: 'not_found', message: 'QR code not found.' } };
      return { ok: true, data: page([], 1, 1) };
    });
    const root = await mount(<ChannelView id={2} />, api);
    await choose(field<HTMLSelectElement>(root, 'Item type'), 'qr');
    await type(field(root, 'Item id'), '9');
    await submit(root.querySelector('form')!);
    expect(api.callsOf('assignToChannel')).toEqual([[2, 'qr', 9]]);
    expect(alerts(root)).toContain('QR code not found.');
    expect(field(root, 'Item id').value).toBe('9');
  });

  it('adds a link picked by searching, and shows it in the items without asking for them again', async () => {
    const repo = {
      id: 4,
      alias: 'gh',
      shortUrl: 'https://go.example.com/gh',
      longUrl: 'https://github.com',
      clicks: 0,
      title: 'Repo',
      description: '',
      date: '2026-05-01 10:00:00',
    };
    const api = fakeApi((method) => {
      if (method === 'assignToChannel') return { ok: true, data: { message: 'Added.' } };
      if (method === 'listLinks') return { ok: true, data: page([repo], 1, 1) };
      return { ok: true, data: page([], 1, 1) };
    });
    const root = await mount(<ChannelView id={2} />, api);
    // No id to know: links are found by what the user remembers of them.
    expect(() => field(root, 'Item id')).toThrow();
    await type(field(root, 'Search your links to add'), 'repo');
    await settle(450);
    await click(button(root, 'Add “Repo” to this channel'));
    expect(api.callsOf('assignToChannel')).toEqual([[2, 'links', 4]]);
    expect(statuses(root)).toContain('Added “Repo” to this channel.');
    expect(root.querySelector('tbody')?.textContent).toContain('Repo');
    expect(api.callsOf('listChannelItems')).toHaveLength(1);
  });

  it('confirms an added item in words, reloads the items and clears the id', async () => {
    const api = fakeApi((method) =>
      method === 'assignToChannel'
        ? { ok: true, data: { message: 'Added.' } }
        : { ok: true, data: page([], 1, 1) },
    );
    const root = await mount(<ChannelView id={2} />, api);
    await choose(field<HTMLSelectElement>(root, 'Item type'), 'qr');
    await type(field(root, 'Item id'), '9');
    await submit(root.querySelector('form')!);
    expect(root.querySelector('form p[role="status"]')?.textContent).toBe('Added QR code #9.');
    expect(field(root, 'Item id').value).toBe('');
    expect(api.callsOf('listChannelItems')).toHaveLength(2);
  });
});
