/**
 * The popup's side of the outage queue: "Queue it" beside a failure of the server or the network
 * (never beside a refusal of the input), the form kept as typed, and the list of queued creates with
 * their state, Retry now and Cancel, redrawn when the background changes the stored queue.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../fixtures/popup-later-parts';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/popup/app';
import type { ErrorData } from '@/lib/api/errors';
import { defaultBehaviour, defaultUtmPresets, emptyDefaults } from '@/lib/settings/schema';
import { type JobRow, queueJobItem } from '@/lib/storage/items';
import { saveSettings } from '@/lib/storage/settings';
import { button, buttons, click, fakeBackground, field, mount, ok, roleText, settle, typeInto } from '../dom';

const NOW = new Date(2031, 2, 14, 10, 0, 0);
const TAB = { url: 'https://blog.example/post', title: 'A post' };
let counter = 0;

async function seed() {
  const id = `queue-profile-${++counter}`;
  await saveSettings({
    version: 1,
    activeProfileId: id,
    profiles: [{ id, name: 'Home', serverUrl: 'https://sho.rt', defaults: emptyDefaults() }],
    behaviour: defaultBehaviour(),
    utmPresets: defaultUtmPresets(),
  });
  vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([TAB] as never);
  return id;
}

function failingBackground(error: ErrorData) {
  return fakeBackground({
    refresh: () => ok({ links: null, lists: null }),
    shorten: () => ({ ok: false, error }),
    queueCreate: () => ok(null),
    queueRetry: () => ok(null),
    queueCancel: () => ok(null),
  });
}

/** The stored queue holding `rows`, as the background writes it. */
const storedQueue = (rows: JobRow[]) => ({
  [queueJobItem.key]: {
    id: 'queue',
    kind: 'queue',
    profileId: '',
    createdAt: 0,
    state: 'running',
    waitUntil: null,
    limit: 0,
    rows,
  },
});

function entry(extra: Partial<JobRow>): JobRow {
  return {
    id: 'e1',
    profileId: 'p',
    input: { url: 'https://x.example/one' },
    title: '',
    label: '',
    source: 'menu',
    askedAt: Date.now(),
    attempts: 1,
    nextTryAt: Date.now() + 45_000,
    state: 'pending',
    error: { kind: 'network', message: 'Could not reach https://sho.rt.' },
    uncertain: true,
    mark: null,
    ...extra,
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Queue it', () => {
  it('queues a create the server could not make, with what was typed, and keeps the form', async () => {
    await seed();
    const bg = failingBackground({ kind: 'timeout', message: 'The server did not answer in time.' });
    await mount(<App />, 'main');
    await typeInto(field('Alias'), 'mine');
    await click(button('Shorten'));
    expect(roleText('alert')).toContain('The server did not answer in time.');

    await click(button('Queue it'));
    expect(bg.of('queueCreate')).toEqual([
      {
        input: expect.objectContaining({ url: TAB.url, custom: 'mine' }),
        pageTitle: TAB.title,
        // The page whose draft holds the form: the background drops it once the link is made.
        draftUrl: TAB.url,
        error: { kind: 'timeout', message: 'The server did not answer in time.' },
      },
    ]);
    expect(document.body.textContent).toContain('Queued: it will be made when the server answers.');
    expect(buttons('Queue it')).toEqual([]);
    expect(field('Alias').value).toBe('mine');
  });

  it('says that a link password is kept in memory only', async () => {
    await seed();
    failingBackground({ kind: 'timeout', message: 'The server did not answer in time.' });
    await mount(<App />, 'main');
    await click(button('More options'));
    await typeInto(field('Password'), 'open-sesame-42');
    await click(button('Shorten'));
    await click(button('Queue it'));
    expect(document.body.textContent).toContain(
      'Its password is kept in memory only: if the browser closes before then, you will be asked to type it again.',
    );
  });

  it('is not offered for a refusal of the input', async () => {
    await seed();
    failingBackground({ kind: 'validation', message: 'That alias is taken.' });
    await mount(<App />, 'main');
    await click(button('Shorten'));
    expect(roleText('alert')).toContain('That alias is taken.');
    expect(buttons('Queue it')).toEqual([]);
  });
});

describe('the queued list', () => {
  it('shows each entry’s state and last error, and follows the stored queue', async () => {
    await seed();
    failingBackground({ kind: 'network', message: 'x' });
    await fakeBrowser.storage.local.set(
      storedQueue([
        entry({ id: 'a', title: 'Waiting page' }),
        entry({ id: 'b', input: { url: 'https://x.example/two' }, state: 'sending' }),
        entry({
          id: 'c',
          input: { url: 'https://x.example/three' },
          state: 'failed',
          error: { kind: 'validation', message: 'That alias is taken.' },
        }),
        entry({ id: 'd', input: { url: 'https://x.example/four' }, nextTryAt: Date.now() + 8 * 60_000 }),
      ]),
    );
    await mount(<App />, 'main');
    const section = document.querySelector<HTMLElement>('.queue')!;
    expect(section.querySelector('h2')?.textContent).toBe('Waiting for the server (4)');
    expect(
      [...section.querySelectorAll('li')].map((li) => li.querySelector('.link-text')?.textContent),
    ).toEqual([
      'Waiting pageNext try in 45 seconds · last error: Could not reach https://sho.rt.',
      'https://x.example/twoSending…',
      'https://x.example/threeFailed: That alias is taken.',
      'https://x.example/fourNext try in 8 minutes · last error: Could not reach https://sho.rt.',
    ]);

    await fakeBrowser.storage.local.set(storedQueue([]));
    await settle();
    expect(document.querySelector('.queue')).toBeNull();
  });

  it('asks the background to retry or cancel an entry', async () => {
    await seed();
    const bg = failingBackground({ kind: 'network', message: 'x' });
    await fakeBrowser.storage.local.set(storedQueue([entry({ id: 'a' })]));
    await mount(<App />, 'main');
    await click(button('Retry now: https://x.example/one'));
    await click(button('Cancel the queued link to https://x.example/one'));
    expect(bg.of('queueRetry')).toEqual([{ id: 'a' }]);
    expect(bg.of('queueCancel')).toEqual([{ id: 'a' }]);
  });

  it('asks for the link password an entry lost with a browser restart, and retries only with it', async () => {
    await seed();
    const bg = failingBackground({ kind: 'network', message: 'x' });
    await fakeBrowser.storage.local.set(
      storedQueue([
        entry({
          id: 'a',
          state: 'failed',
          password: 'lost',
          error: { kind: 'validation', message: 'Not sent: its link password was kept in memory only.' },
        }),
      ]),
    );
    await mount(<App />, 'main');
    const retry = button('Retry now: https://x.example/one');
    expect(retry.disabled).toBe(true);
    await typeInto(field('Link password for https://x.example/one'), 'open-sesame-42');
    await click(retry);
    expect(bg.of('queueRetry')).toEqual([{ id: 'a', password: 'open-sesame-42' }]);
  });
});
