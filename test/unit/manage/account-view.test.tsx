import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AccountView } from '@/entrypoints/manage/account-view';
import { defaultSettings, emptyDefaults } from '@/lib/settings/schema';
import { settingsItem } from '@/lib/storage/items';
import { alerts, fakeApi, field, mount, submit, type } from '../dom';

const account = {
  id: 1,
  email: 'demo@example.com',
  username: 'demo',
  avatar: 'https://sho.rt/avatar/1.png',
  status: 'pro',
  expires: '2027-01-01 00:00:00',
  registered: '2025-01-15 10:00:00',
};

function accountApi(avatar = account.avatar) {
  return fakeApi((method) =>
    method === 'getAccount'
      ? { ok: true, data: { ...account, avatar } }
      : { ok: true, data: { message: 'Updated.' } },
  );
}

const passwordForm = (root: HTMLElement) =>
  root.querySelector<HTMLFormElement>('form[aria-labelledby="password-heading"]')!;

describe('AccountView', () => {
  beforeEach(async () => {
    const profile = { id: 'p', name: 'Work', serverUrl: 'https://sho.rt', defaults: emptyDefaults() };
    await fakeBrowser.storage.local.set({
      [settingsItem.key]: { ...defaultSettings(), profiles: [profile], activeProfileId: 'p' },
    });
  });

  it('with no server set up, shows only the prompt to connect one: no email or password form', async () => {
    const api = fakeApi(() => ({
      ok: false,
      error: { kind: 'not_configured', message: 'Connect a server in the extension’s settings first.' },
    }));
    const root = await mount(<AccountView />, api);
    expect(root.textContent).toContain('Connect a server in the extension’s settings first.');
    expect(root.querySelector('a[href="options.html"]')?.textContent).toBe('Open settings');
    expect(root.querySelectorAll('form, input')).toHaveLength(0);
    expect(api.callsOf('updateAccount')).toEqual([]);
  });

  it('shows the account, with an avatar on the profile’s own server as an image', async () => {
    const root = await mount(<AccountView />, accountApi());
    expect(root.textContent).toContain('demo@example.com');
    expect(root.textContent).toContain('pro');
    await vi.waitFor(() => expect(root.querySelector('img')?.getAttribute('src')).toBe(account.avatar));
  });

  it('never loads an avatar from another origin (a tracking pixel): it is shown as text', async () => {
    const elsewhere = 'https://www.gravatar.com/avatar/0';
    const root = await mount(<AccountView />, accountApi(elsewhere));
    await vi.waitFor(() => expect(root.textContent).toContain(elsewhere));
    expect(root.querySelector('img')).toBeNull();
  });

  it('shows any other avatar value as text, never as an image', async () => {
    const root = await mount(<AccountView />, accountApi('javascript:alert(1)'));
    expect(root.querySelector('img')).toBeNull();
    expect(root.textContent).toContain('javascript:alert(1)');
  });

  it('sends nothing when the confirmation does not match', async () => {
    const api = accountApi();
    const root = await mount(<AccountView />, api);
    await type(field(root, 'New password'), 'correct horse');
    await type(field(root, 'Confirm new password'), 'correct hose');
    await submit(passwordForm(root));
    expect(api.callsOf('updateAccount')).toEqual([]);
    expect(root.textContent).toContain('The passwords do not match.');
    expect(field(root, 'Confirm new password').getAttribute('aria-invalid')).toBe('true');
  });

  it('sends only the password when both match', async () => {
    const api = accountApi();
    const root = await mount(<AccountView />, api);
    await type(field(root, 'New password'), 'correct horse');
    await type(field(root, 'Confirm new password'), 'correct horse');
    await submit(passwordForm(root));
    expect(api.callsOf('updateAccount')).toEqual([[{ password: 'correct horse' }]]);
    expect(field(root, 'New password').value).toBe('');
  });

  it('changes the email, and shows a server refusal while keeping the input', async () => {
    const api = fakeApi((method) =>
      method === 'getAccount'
        ? { ok: true, data: account }
        : { ok: false, error: { kind: 'validation', message: 'This email is already used.' } },
    );
    const root = await mount(<AccountView />, api);
    await type(field(root, 'New email'), 'new@example.com');
    await submit(root.querySelector<HTMLFormElement>('form[aria-labelledby="email-heading"]')!);
    expect(api.callsOf('updateAccount')).toEqual([[{ email: 'new@example.com' }]]);
    expect(alerts(root)).toContain('This email is already used.');
    expect(field(root, 'New email').value).toBe('new@example.com');
  });
});
