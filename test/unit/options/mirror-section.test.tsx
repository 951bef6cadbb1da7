import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { MirrorSection, nextPollIn } from '@/entrypoints/options/mirror-section';
import type { MirrorState } from '@/lib/links/cache';
import type { MirrorStatus } from '@/lib/messaging/protocol';
import { defaultBehaviour, emptyDefaults, type Profile } from '@/lib/settings/schema';
import { alerts, button, click, fakeBackground, field, mount, ok, tick } from '../dom';
import { stubPermissionEvents } from './permission-events';

// The card holds the tab marker's switch, which follows the `tabs` permission.
beforeEach(() => void stubPermissionEvents());

const profile: Profile = { id: 'work', name: 'Work', serverUrl: 'https://sho.rt', defaults: emptyDefaults() };

const idle: MirrorState = {
  phase: 'idle',
  page: 1,
  total: 12_000,
  done: 12_000,
  passStartedAt: Date.UTC(2031, 0, 15, 9, 0),
  rereads: 0,
  syncedAt: Date.UTC(2031, 0, 15, 9, 20),
  nextSweepAt: Date.UTC(2031, 0, 15, 15, 20),
  error: null,
  failures: 0,
};

function mountWith(status: MirrorStatus, behaviour = defaultBehaviour()) {
  const background = fakeBackground({
    mirrorStatus: () => ok({ profiles: [status] }),
    mirrorSync: () => ok(null),
  });
  const onChange = vi.fn();
  return {
    background,
    onChange,
    view: () =>
      mount(
        <MirrorSection behaviour={behaviour} profiles={[profile]} onChange={onChange} />,
        '[data-profile]',
      ),
  };
}

describe('the mirror card in Options', () => {
  it('shows the first sync’s progress and keeps Sync now off while it runs', async () => {
    const { view } = mountWith({
      profileId: 'work',
      links: 2_300,
      running: true,
      state: { ...idle, phase: 'first', page: 24, done: 2_300, total: 10_000, syncedAt: 0 },
    });
    const card = await view();
    await vi.waitFor(() => expect(card.textContent).toContain('2,300 links'));
    expect(card.textContent).toContain('First copy: 2,300 of 10,000 links');
    expect(card.querySelector('progress')).toMatchObject({ value: 2_300, max: 10_000 });
    expect(button('Sync now').disabled).toBe(true);
  });

  it('says when it was synced and when it sweeps next; Sync now asks the background for this profile', async () => {
    const { view, background } = mountWith({ profileId: 'work', links: 12_000, running: false, state: idle });
    const card = await view();
    await vi.waitFor(() => expect(card.textContent).toContain('12,000 links'));
    expect(card.textContent).toMatch(/Up to date as of .*2031/);
    expect(card.textContent).toMatch(/Next check: .*2031/);
    expect(card.querySelector('progress')).toBeNull();
    await click(button('Sync now'));
    expect(background.of('mirrorSync')).toEqual([{ profileId: 'work' }]);
  });

  it('says why the sync stopped, when it tries again, and to fix the profile when that is the cure', async () => {
    const { view } = mountWith({
      profileId: 'work',
      links: 400,
      running: false,
      state: {
        ...idle,
        phase: 'first',
        page: 5,
        syncedAt: 0,
        failures: 1,
        error: { kind: 'unauthorized', message: 'The server refused the API key.' },
      },
    });
    const card = await view();
    await vi.waitFor(() => expect(alerts(card)).toHaveLength(1));
    expect(alerts(card)[0]).toMatch(
      /^Copying stopped: The server refused the API key\. It tries again at .*2031.*\. Fix the profile above, then press Sync now\.$/,
    );
  });

  it('turns the mirror off and changes the sweep interval through the settings', async () => {
    const { view, onChange } = mountWith({ profileId: 'work', links: 0, running: false, state: null });
    await view();
    await tick(field('Keep a local copy of every link'), false);
    expect(onChange).toHaveBeenCalledWith({ mirror: false });
    const interval = field<HTMLSelectElement>('Check every link again');
    expect(interval.value).toBe('6');
    interval.value = '24';
    interval.dispatchEvent(new Event('change', { bubbles: true }));
    expect(onChange).toHaveBeenCalledWith({ mirrorSweepHours: 24 });
  });
});

describe('how often the card asks the background', () => {
  const at = Date.UTC(2031, 0, 15, 10, 0);
  const status = (patch: Partial<MirrorStatus>): MirrorStatus => ({
    profileId: 'work',
    links: 12_000,
    running: false,
    state: idle,
    ...patch,
  });

  it('asks every 2 s while a sync runs, has not started, or failed to answer', () => {
    expect(nextPollIn([status({ running: true })], true, at)).toBe(2_000);
    expect(nextPollIn([status({ state: null })], true, at)).toBe(2_000);
    expect(nextPollIn([status({ state: { ...idle, phase: 'sweep' } })], true, at)).toBe(2_000);
    expect(nextPollIn(null, true, at)).toBe(2_000);
  });

  it('lets the background sleep while every mirror waits for its sweep: asks again when one is due', () => {
    // The sweep is 5 h 20 min away: the card asks again in 15 minutes at most.
    expect(nextPollIn([status({})], true, at)).toBe(15 * 60_000);
    const soon = { ...idle, nextSweepAt: at + 90_000 };
    expect(nextPollIn([status({}), status({ profileId: 'home', state: soon })], true, at)).toBe(90_000);
    expect(nextPollIn([status({ state: { ...idle, nextSweepAt: at - 5_000 } })], true, at)).toBe(2_000);
    expect(nextPollIn([status({ state: null })], false, at)).toBe(15 * 60_000);
  });

  it('asks once at opening while the mirrors are idle, and again after Sync now', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    const { view, background } = mountWith({ profileId: 'work', links: 12_000, running: false, state: idle });
    await view();
    await vi.waitFor(() => expect(background.of('mirrorStatus')).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(background.of('mirrorStatus')).toHaveLength(1);
    await click(button('Sync now'));
    await vi.waitFor(() => expect(background.of('mirrorStatus')).toHaveLength(2));
  });
});
