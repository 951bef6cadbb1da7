import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { DomainsView } from '@/entrypoints/manage/domains-view';
import { alerts, button, click, fakeApi, field, mount, page, settle, submit, type } from '../dom';

const domain = {
  id: 1,
  domain: 'https://go.example.com',
  redirectroot: 'https://example.com',
  redirect404: '',
};

function domainsApi(add: () => unknown = () => ({ ok: true, data: { id: 2 } })) {
  return fakeApi((method) => {
    if (method === 'listDomains') return { ok: true, data: page([domain], 1, 1) };
    if (method === 'addDomain') return add() as never;
    return { ok: true, data: { message: 'Done.' } };
  });
}

const statuses = (root: HTMLElement) =>
  [...root.querySelectorAll('[role="status"]')].map((s) => s.textContent).filter(Boolean);

const addForm = (root: HTMLElement) =>
  root.querySelector<HTMLFormElement>('form[aria-labelledby="add-domain-heading"]')!;

describe('DomainsView', () => {
  it('with no server set up, shows only the prompt to connect one: no form to create', async () => {
    const root = await mount(
      <DomainsView />,
      fakeApi(() => ({
        ok: false,
        error: { kind: 'not_configured', message: 'Connect a server in the extension’s settings first.' },
      })),
    );
    expect(root.querySelector('a[href="options.html"]')?.textContent).toBe('Open settings');
    expect(root.querySelectorAll('form, input')).toHaveLength(0);
  });

  it('requires the scheme before sending', async () => {
    const api = domainsApi();
    const root = await mount(<DomainsView />, api);
    await type(field(root, 'Domain'), 'go2.example.com');
    await submit(addForm(root));
    expect(api.callsOf('addDomain')).toEqual([]);
    expect(root.textContent).toContain('Include the scheme');
  });

  it('adds a domain with its redirects', async () => {
    const api = domainsApi();
    const root = await mount(<DomainsView />, api);
    await type(field(root, 'Domain'), 'https://go2.example.com');
    await type(field(root, '404 redirect'), 'https://example.com/404');
    await submit(addForm(root));
    expect(api.callsOf('addDomain')).toEqual([
      [
        {
          domain: 'https://go2.example.com',
          redirectroot: undefined,
          redirect404: 'https://example.com/404',
        },
      ],
    ]);
    // The new domain shows at the end of the list without asking for the list again.
    expect(api.callsOf('listDomains')).toHaveLength(1);
    expect([...root.querySelectorAll('li.item h3')].map((h) => h.textContent)).toEqual([
      'https://go.example.com',
      'https://go2.example.com',
    ]);
  });

  it('replaces the server’s refusal with the next attempt’s field error', async () => {
    const api = domainsApi(() => ({
      ok: false,
      error: { kind: 'validation', message: 'That domain has already been added.' },
    }));
    const root = await mount(<DomainsView />, api);
    await type(field(root, 'Domain'), 'https://go.example.com');
    await submit(addForm(root));
    expect(alerts(addForm(root))).toEqual(['That domain has already been added.']);
    // Typing, or opening a panel, is not a new attempt: the answer stays to be read.
    await click(button(root, 'Edit redirects'));
    await type(field(addForm(root), 'Root redirect'), 'not a url');
    await settle();
    expect(alerts(addForm(root))).toEqual(['That domain has already been added.']);
    await submit(addForm(root));
    await settle();
    expect(addForm(root).textContent).toContain(
      'Enter a full web address starting with http:// or https://.',
    );
    expect(addForm(root).textContent).not.toContain('already been added');
    expect(api.callsOf('addDomain')).toHaveLength(1);
  });

  it('shows the server’s refusal next to the form and keeps the input', async () => {
    const api = domainsApi(() => ({
      ok: false,
      error: { kind: 'validation', message: 'The domain does not point to this server.' },
    }));
    const root = await mount(<DomainsView />, api);
    await type(field(root, 'Domain'), 'https://elsewhere.example');
    await submit(addForm(root));
    expect(alerts(addForm(root))).toEqual(['The domain does not point to this server.']);
    expect(field(root, 'Domain').value).toBe('https://elsewhere.example');
  });

  it('edits redirects and deletes only after confirmation, saying each was done', async () => {
    const api = domainsApi();
    const root = await mount(<DomainsView />, api);
    // Escape on the Edit button, where focus stays after opening, closes the form again.
    await click(button(root, 'Edit redirects'));
    await act(() => {
      button(root, 'Edit redirects').dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }),
      );
    });
    expect(root.querySelector('form.edit-form')).toBeNull();
    await click(button(root, 'Edit redirects'));
    const edit = root.querySelector<HTMLFormElement>('form.edit-form')!;
    await type(field(edit, 'Root redirect'), 'https://example.com/home');
    await submit(edit);
    // Only the changed redirect is sent.
    expect(api.callsOf('updateDomain')).toStrictEqual([[1, { redirectroot: 'https://example.com/home' }]]);
    expect(statuses(root)).toEqual(['https://go.example.com saved.']);

    await click(button(root, 'Delete domain https://go.example.com'));
    await click(button(root, 'Cancel'));
    expect(api.callsOf('deleteDomain')).toEqual([]);
    await click(button(root, 'Delete domain https://go.example.com'));
    await click(button(root, 'Yes, delete'));
    expect(api.callsOf('deleteDomain')).toEqual([[1]]);
    // Said above the list, as the row goes with the domain; the earlier "saved" is gone.
    expect(statuses(root)).toEqual(['https://go.example.com deleted.']);
  });
});
