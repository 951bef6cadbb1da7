/**
 * Keyboard focus after actions on the management page: it must land somewhere sensible, never on
 * the page's body. happy-dom keeps focus on a button that becomes disabled, where a browser drops it
 * to the body, so `expectFocus` also refuses a disabled element.
 */
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { CampaignsView } from '@/entrypoints/manage/campaigns-view';
import { LinkView, NewLinkView } from '@/entrypoints/manage/links/link-view';
import type { ErrorData } from '@/lib/api/errors';
import type { Result } from '@/lib/messaging/protocol';
import { button, click, fakeApi, field, mount, page, settle, type } from '../dom';

/** The page's copy in the user's copy format, which these tests do not look at. */
const copy = async () => ({ copied: true, status: 'Copied' });

const campaign = (id: number, name: string) => ({
  id,
  name,
  public: false,
  rotator: null,
  list: `https://go.example.com/c/${id}`,
});
const spring = campaign(1, 'Spring launch');
const newsletter = campaign(2, 'Newsletter');
const autumn = campaign(3, 'Autumn');

/** Asserts that `element` has focus and could keep it in a browser (it is not disabled). */
function expectFocus(element: Element | null | undefined) {
  expect(element).toBeTruthy();
  expect(document.activeElement).toBe(element);
  expect((element as HTMLButtonElement).disabled ?? false).toBe(false);
}

/** Focuses `element` as a keyboard user would, then presses it. */
async function press(element: HTMLElement) {
  element.focus();
  await click(element);
}

async function key(element: Element, name: string) {
  await act(() => {
    element.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }));
  });
  await settle();
}

/** A promise the test resolves when it wants the fake server to answer. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const heading = (root: HTMLElement, name: string) =>
  [...root.querySelectorAll('h3')].find((h) => h.textContent === name);

describe('focus in the campaigns list', () => {
  function api(update?: () => Promise<Result<unknown>>) {
    const current = [spring, newsletter, autumn];
    return fakeApi((method, ...args) => {
      if (method === 'updateCampaign' && update) return update();
      if (method === 'listCampaigns') return { ok: true, data: page([...current], 1, 1) };
      if (method === 'deleteCampaign') {
        current.splice(
          current.findIndex((c) => c.id === args[0]),
          1,
        );
        return { ok: true, data: { message: 'Deleted.' } };
      }
      if (method === 'updateCampaign') return { ok: true, data: { message: 'Updated.' } };
      return { ok: true, data: { id: 9, name: 'Winter', public: false, rotator: null, list: '' } };
    });
  }
  const row = (root: HTMLElement, index: number) => root.querySelectorAll<HTMLElement>('li.item')[index]!;

  it('returns to Edit after Cancel, Escape and Save', async () => {
    const root = await mount(<CampaignsView />, api());
    const edit = button(row(root, 1), 'Edit');
    await press(edit);
    await press(button(row(root, 1), 'Cancel'));
    expectFocus(button(row(root, 1), 'Edit'));

    await press(button(row(root, 1), 'Edit'));
    const name = field(row(root, 1), 'Name');
    name.focus();
    await key(name, 'Escape');
    expect(row(root, 1).querySelector('form.edit-form')).toBeNull();
    expectFocus(button(row(root, 1), 'Edit'));

    // Escape also closes it from the Edit button, where focus stays right after opening it.
    await press(button(row(root, 1), 'Edit'));
    await key(button(row(root, 1), 'Edit'), 'Escape');
    expect(row(root, 1).querySelector('form.edit-form')).toBeNull();
    expectFocus(button(row(root, 1), 'Edit'));

    await press(button(row(root, 1), 'Edit'));
    await type(field(row(root, 1), 'Name'), 'Weekly newsletter');
    await press(button(row(root, 1), 'Save'));
    expect(row(root, 1).querySelector('form.edit-form')).toBeNull();
    expectFocus(button(row(root, 1), 'Edit'));
  });

  it('keeps the Save button focused and usable while the save runs', async () => {
    const answer = deferred<Result<unknown>>();
    const slow = api(() => answer.promise);
    const root = await mount(<CampaignsView />, slow);
    await press(button(row(root, 0), 'Edit'));
    await type(field(row(root, 0), 'Name'), 'Spring relaunch');
    const save = button(row(root, 0), 'Save');
    await press(save);
    expect(save.getAttribute('aria-disabled')).toBe('true');
    // It says at once what it is doing, to the eye and to a screen reader.
    expect(save.textContent).toBe('Saving…');
    expect(row(root, 0).querySelector('form .sr-only[role="status"]')?.textContent).toBe('Saving…');
    expectFocus(save);
    // A second press while it runs sends nothing more.
    await click(save);
    expect(slow.callsOf('updateCampaign')).toHaveLength(1);
    answer.resolve({ ok: true, data: { ...spring, name: 'Spring relaunch' } });
    await settle();
    expectFocus(button(row(root, 0), 'Edit'));
    expect(row(root, 0).querySelector('h3')?.textContent).toBe('Spring relaunch');
  });

  it('moves to the next campaign after a delete, else the previous one, else the heading', async () => {
    const root = await mount(<CampaignsView />, api());
    await press(button(root, 'Delete campaign “Newsletter”'));
    await press(button(root, 'Yes, delete'));
    // Focus moves in an effect after the list is drawn again: wait for it, not for a set time.
    await vi.waitFor(() => expectFocus(heading(root, 'Autumn')));
    expect(heading(root, 'Newsletter')).toBeUndefined();

    await press(button(root, 'Delete campaign “Autumn”'));
    await press(button(root, 'Yes, delete'));
    await vi.waitFor(() => expectFocus(heading(root, 'Spring launch')));

    await press(button(root, 'Delete campaign “Spring launch”'));
    await press(button(root, 'Yes, delete'));
    await vi.waitFor(() => expectFocus(root.querySelector('#campaigns-heading')));
    expect(root.textContent).toContain('No campaigns yet.');
  });

  it('moves to the first campaign after Retry brings the list', async () => {
    let fail = true;
    const root = await mount(
      <CampaignsView />,
      fakeApi(() =>
        fail
          ? { ok: false, error: { kind: 'network', message: 'Could not reach the server.' } }
          : { ok: true, data: page([spring, newsletter], 1, 1) },
      ),
    );
    fail = false;
    await press(button(root, 'Retry'));
    await settle();
    expectFocus(heading(root, 'Spring launch'));
  });

  it('moves to the first campaign of the page that Next or Previous brought', async () => {
    const root = await mount(
      <CampaignsView />,
      fakeApi((_method, ...args) => {
        const { page: number } = args[0] as { page: number };
        return { ok: true, data: page(number === 1 ? [spring] : [newsletter], number, 2, 2) };
      }),
    );
    await press(button(root, 'Next'));
    await settle();
    // Next is now unavailable (last page); focus starts the new page instead.
    expect(button(root, 'Next').disabled).toBe(true);
    expectFocus(heading(root, 'Newsletter'));
    await press(button(root, 'Previous'));
    await settle();
    expectFocus(heading(root, 'Spring launch'));
  });
});

describe('focus after saving a link', () => {
  const detail = {
    id: 3,
    details: {
      shortUrl: 'https://go.example.com/sale',
      longUrl: 'https://shop.example.com/sale',
      title: 'Spring sale',
      description: '',
      location: {},
      device: {},
      expiry: null,
      date: '2026-04-20 08:00:00',
    },
    stats: {
      clicks: 1,
      uniqueClicks: 1,
      topCountries: {},
      topReferrers: {},
      topBrowsers: {},
      topOs: {},
      socialCount: {},
    },
  };

  it('stays on Save changes while it saves and after', async () => {
    const answer = deferred<Result<unknown>>();
    const api = fakeApi((method) => {
      if (method === 'getLink') return { ok: true, data: detail };
      if (method === 'updateLink') return answer.promise;
      return { ok: true, data: page([], 1, 1) };
    });
    const root = await mount(<LinkView id={3} copy={copy} />, api);
    await type(field(root, 'Long URL'), 'https://example.com/moved');
    const save = button(root, 'Save changes');
    await press(save);
    expectFocus(root.querySelector('form.link-editor button[type="submit"]'));
    answer.resolve({ ok: true, data: { message: 'Updated.', shortUrl: null } });
    await settle();
    expect(root.textContent).toContain('Saved.');
    expectFocus(button(root, 'Save changes'));
  });

  it('moves to the heading when Retry brings the link', async () => {
    let fail = true;
    const api = fakeApi(() =>
      fail
        ? { ok: false, error: { kind: 'timeout', message: 'The server took too long.' } }
        : { ok: true, data: detail },
    );
    const root = await mount(<LinkView id={3} copy={copy} />, api);
    fail = false;
    await press(button(root, 'Retry'));
    await settle();
    expectFocus(root.querySelector('#link-heading'));
  });
});

describe('focus after a refused create', () => {
  async function createWith(error: ErrorData, alias = '') {
    const api = fakeApi((method) =>
      method === 'addLink' ? { ok: false, error } : { ok: true, data: page([], 1, 1) },
    );
    const root = await mount(<NewLinkView navigate={vi.fn()} />, api);
    await type(field(root, 'Long URL'), 'https://example.com/offer');
    if (alias) await type(field(root, 'Custom alias'), alias);
    await press(button(root, 'Create link'));
    return root;
  }

  it('goes to the alias field when the server refused the alias', async () => {
    const root = await createWith(
      { kind: 'validation', message: 'The server refused this: “That alias is already taken.”' },
      'offer',
    );
    const alias = field(root, 'Custom alias');
    expectFocus(alias);
    expect(alias.getAttribute('aria-invalid')).toBe('true');
    expect(alias.value).toBe('offer');
    // Changing the alias takes the mark away.
    await type(alias, 'offer-2');
    expect(alias.getAttribute('aria-invalid')).toBeNull();
  });

  it.each<[string, ErrorData]>([
    ['500', { kind: 'server', status: 500, message: 'The server failed (HTTP 500). Try again later.' }],
    [
      '503',
      { kind: 'server', status: 503, message: 'The server is unavailable (HTTP 503). Try again later.' },
    ],
    [
      'a refusal about something else',
      { kind: 'validation', message: 'The server refused this: “Bad URL.”' },
    ],
  ])('goes to the error message after %s', async (_name, error) => {
    const root = await createWith(error, 'offer');
    const failure = root.querySelector<HTMLElement>('.failure');
    expectFocus(failure);
    expect(failure?.textContent).toContain(error.message);
  });
});
