import { describe, expect, it } from 'vitest';
import { CampaignsView } from '@/entrypoints/manage/campaigns-view';
import { alerts, button, click, fakeApi, field, mount, page, settle, submit, type } from '../dom';

const spring = {
  id: 1,
  name: 'Spring launch',
  public: true,
  rotator: 'https://go.example.com/r/spring',
  list: 'https://go.example.com/c/1',
};
const newsletter = {
  id: 2,
  name: 'Newsletter',
  public: false,
  rotator: null,
  list: 'https://go.example.com/c/2',
};

function campaignsApi(overrides: Record<string, () => unknown> = {}) {
  return fakeApi((method) => {
    const override = overrides[method];
    if (override) return override() as never;
    if (method === 'listCampaigns') return { ok: true, data: page([spring, newsletter], 1, 1) };
    if (method === 'listLinks') {
      return {
        ok: true,
        data: page(
          [
            {
              id: 4,
              alias: 'gh',
              shortUrl: 'https://go.example.com/gh',
              longUrl: 'https://github.com',
              clicks: 0,
              title: 'Repo',
              description: '',
              date: '',
            },
          ],
          1,
          1,
        ),
      };
    }
    return { ok: true, data: { message: 'Done.' } };
  });
}

describe('CampaignsView', () => {
  it('with no server set up, shows only the prompt to connect one: no form to create', async () => {
    const root = await mount(
      <CampaignsView />,
      fakeApi(() => ({
        ok: false,
        error: { kind: 'not_configured', message: 'Connect a server in the extension’s settings first.' },
      })),
    );
    expect(root.querySelector('a[href="options.html"]')?.textContent).toBe('Open settings');
    expect(root.querySelectorAll('form, input')).toHaveLength(0);
  });

  it('shows the rotator URL, or "No rotator"', async () => {
    const root = await mount(<CampaignsView />, campaignsApi());
    const [first, second] = [...root.querySelectorAll('li.item')];
    expect(first!.querySelector('a[href="https://go.example.com/r/spring"]')).not.toBeNull();
    expect(second!.textContent).toContain('No rotator');
    expect(second!.textContent).toContain('Private');
  });

  it('sends nothing when deleting is cancelled', async () => {
    const api = campaignsApi();
    const root = await mount(<CampaignsView />, api);
    await click(button(root, 'Delete campaign “Spring launch”'));
    expect(root.textContent).toContain('Delete campaign “Spring launch”? ');
    await click(button(root, 'Cancel'));
    expect(api.callsOf('deleteCampaign')).toEqual([]);
    // Back to the plain Delete button.
    expect(() => button(root, 'Yes, delete')).toThrow();
  });

  it('deletes after confirmation and takes the campaign out of the list without asking for it again', async () => {
    const api = campaignsApi();
    const root = await mount(<CampaignsView />, api);
    await click(button(root, 'Delete campaign “Newsletter”'));
    await click(button(root, 'Yes, delete'));
    expect(api.callsOf('deleteCampaign')).toEqual([[2]]);
    expect(api.callsOf('listCampaigns')).toHaveLength(1);
    expect([...root.querySelectorAll('li.item h3')].map((h) => h.textContent)).toEqual(['Spring launch']);
  });

  it('shows a failed delete next to the campaign', async () => {
    const api = campaignsApi({
      deleteCampaign: () => ({
        ok: false,
        error: { kind: 'server', message: 'The server failed; try again later.' },
      }),
    });
    const root = await mount(<CampaignsView />, api);
    await click(button(root, 'Delete campaign “Spring launch”'));
    await click(button(root, 'Yes, delete'));
    const row = root.querySelector('li.item')!;
    expect(row.querySelector('[role="alert"]')?.textContent).toBe('The server failed; try again later.');
  });

  it('creates a campaign with name, slug and access, and keeps the input on failure', async () => {
    const api = campaignsApi({
      addCampaign: () => ({
        ok: false,
        error: { kind: 'validation', message: 'The slug is already taken.' },
      }),
    });
    const root = await mount(<CampaignsView />, api);
    await type(field(root, 'Name'), 'Autumn');
    await type(field(root, 'Rotator slug'), 'autumn');
    await click(root.querySelector<HTMLInputElement>('form .checkbox input')!);
    await submit(root.querySelector('form')!);
    expect(api.callsOf('addCampaign')).toEqual([[{ name: 'Autumn', slug: 'autumn', public: true }]]);
    expect(alerts(root)).toContain('The slug is already taken.');
    expect(field(root, 'Name').value).toBe('Autumn');
  });

  it('says the new campaign’s name is optional and what the server names it, and sends none when blank', async () => {
    const api = campaignsApi({
      addCampaign: () => ({
        ok: true,
        data: { id: 3, name: 'Campaign 3', public: false, rotator: null, list: '' },
      }),
    });
    const root = await mount(<CampaignsView />, api);
    const name = field(root, 'Name');
    expect(root.querySelector(`#${name.getAttribute('aria-describedby')}`)?.textContent).toBe(
      'Optional: left blank, the server names the campaign itself, e.g. “Campaign 3”. Up to 100 characters.',
    );
    expect(name.required).toBe(false);

    await submit(root.querySelector('form')!);
    expect(api.callsOf('addCampaign')).toEqual([[{ public: false }]]);
    expect(name.hasAttribute('aria-invalid')).toBe(false);
    expect(root.textContent).toContain('Campaign “Campaign 3” created.');
  });

  it('assigns a link picked from a search', async () => {
    const api = campaignsApi();
    const root = await mount(<CampaignsView />, api);
    const row = root.querySelector<HTMLElement>('li.item')!;
    await click(button(row, 'Assign links'));
    await type(field(row, 'Or search links to assign'), 'repo');
    await settle(450);
    expect(api.callsOf('listLinks')).toEqual([[{ q: 'repo', limit: 25, page: 1, order: 'date' }]]);
    await click(button(row, 'Assign “Repo”'));
    expect(api.callsOf('assignLinkToCampaign')).toEqual([[1, 4]]);
    expect(row.textContent).toContain('Added “Repo” to “Spring launch”.');
  });

  it('assigns a link by id', async () => {
    const api = campaignsApi();
    const root = await mount(<CampaignsView />, api);
    const row = root.querySelectorAll<HTMLElement>('li.item')[1]!;
    await click(button(row, 'Assign links'));
    await type(field(row, 'Link id'), '6');
    await submit(row.querySelector('.assign-panel form')!);
    expect(api.callsOf('assignLinkToCampaign')).toEqual([[2, 6]]);
  });

  it('replaces “Link not found.” with the answer to the next attempt, wherever it is made', async () => {
    const api = campaignsApi({
      assignLinkToCampaign: () =>
        api.callsOf('assignLinkToCampaign').length === 1
          ? { ok: false, error: { kind: 'not_found', message: 'Link not found.' } }
          : { ok: true, data: { message: 'Done.' } },
    });
    const root = await mount(<CampaignsView />, api);
    const [first, second] = root.querySelectorAll<HTMLElement>('li.item');
    await click(button(first!, 'Assign links'));
    await type(field(first!, 'Link id'), '999');
    await submit(first!.querySelector('.assign-panel form')!);
    expect(alerts(first!)).toEqual(['Link not found.']);
    // The next attempt is made in the other campaign's panel (a form sent with Enter).
    await click(button(second!, 'Assign links'));
    await type(field(second!, 'Link id'), '4');
    await submit(second!.querySelector('.assign-panel form')!);
    expect(alerts(root)).toEqual([]);
    expect(second!.textContent).toContain('Added link #4 to “Newsletter”.');
  });

  it('edits a campaign: starts with its values and sends the name and only what changed', async () => {
    const api = campaignsApi({
      updateCampaign: () => ({ ok: true, data: { ...newsletter, public: true } }),
    });
    const root = await mount(<CampaignsView />, api);
    const row = root.querySelectorAll<HTMLElement>('li.item')[1]!;
    await click(button(row, 'Edit'));
    expect(field(row, 'Name').value).toBe('Newsletter');
    // Untouched, nothing is sent.
    await submit(row.querySelector('form')!);
    expect(api.callsOf('updateCampaign')).toEqual([]);
    expect(row.textContent).toContain('Nothing changed, so nothing was sent.');
    await click(button(row, 'Edit'));
    await click(field(row, 'Public'));
    await submit(row.querySelector('form')!);
    // The update requires the name; the slug, not shown by the list, is not sent.
    expect(api.callsOf('updateCampaign')).toStrictEqual([[2, { name: 'Newsletter', public: true }]]);
    expect(row.textContent).toContain('Public');
    expect(api.callsOf('listCampaigns')).toHaveLength(1);
  });
});

describe('CampaignsView status', () => {
  it('says what each action did, and only until the next one', async () => {
    const api = campaignsApi({
      addCampaign: () => ({
        ok: true,
        data: { id: 9, name: 'Winter', public: false, rotator: null, list: '' },
      }),
      updateCampaign: () => ({ ok: true, data: { ...newsletter, name: 'Weekly news' } }),
      deleteCampaign: () => ({ ok: true, data: { message: 'Deleted.' } }),
    });
    const root = await mount(<CampaignsView />, api);
    const statuses = () =>
      [...root.querySelectorAll('[role="status"]')].map((s) => s.textContent).filter(Boolean);

    await type(field(root, 'Name'), 'Winter');
    await submit(root.querySelector('form')!);
    expect(statuses()).toEqual(['Campaign “Winter” created.']);

    const newsletterRow = root.querySelectorAll<HTMLElement>('li.item')[1]!;
    await click(button(newsletterRow, 'Edit'));
    expect(statuses()).toEqual([]);
    await type(field(newsletterRow, 'Name'), 'Weekly news');
    await submit(newsletterRow.querySelector('form')!);
    expect(statuses()).toEqual(['Campaign “Weekly news” saved.']);
    expect(newsletterRow.querySelector('p[role="status"]')?.textContent).toBe(
      'Campaign “Weekly news” saved.',
    );

    await click(button(root, 'Delete campaign “Spring launch”'));
    await click(button(root, 'Yes, delete'));
    expect(statuses()).toEqual(['Campaign “Spring launch” deleted.']);
  });
});

describe('CampaignsView paging', () => {
  it('steps back a page when the current page comes back empty', async () => {
    let deleted = false;
    const api = fakeApi((method, ...args) => {
      if (method === 'deleteCampaign') {
        deleted = true;
        return { ok: true, data: { message: 'Deleted.' } };
      }
      const query = args[0] as { page: number };
      if (query.page === 2)
        return { ok: true, data: page(deleted ? [] : [newsletter], 2, deleted ? 1 : 2, deleted ? 25 : 26) };
      return { ok: true, data: page([spring], 1, deleted ? 1 : 2, deleted ? 25 : 26) };
    });
    const root = await mount(<CampaignsView />, api);
    await click(button(root, 'Next'));
    await click(button(root, 'Delete campaign “Newsletter”'));
    await click(button(root, 'Yes, delete'));
    // Page 2 is empty once its campaign is taken out; the step back asks for page 1 again, as its
    // boundaries moved.
    await settle(20);
    await settle(20);
    expect(api.callsOf('listCampaigns').map(([q]) => (q as { page: number }).page)).toEqual([1, 2, 1]);
    expect(root.textContent).toContain('Spring launch');
  });
});
