import { describe, expect, it } from 'vitest';
import { planLinkAction } from '@/lib/jobs/link-actions';
import { linkFixture } from '../../../fixtures/cached-link';

const link = linkFixture;
const NOW = new Date(2026, 10, 27, 12, 0, 0).getTime();

describe('planLinkAction', () => {
  it('assigns each link to the campaign once, with its long URL, and skips those already in it', () => {
    const plan = planLinkAction(
      [link(1), link(2, { campaign: 'Spring' }), link(3, { campaign: 'Autumn' })],
      { kind: 'campaign', to: { id: 7, name: 'Spring' } },
      NOW,
    );
    expect(plan.items).toEqual([
      {
        input: { url: 'https://example.com/1' },
        title: 'Link 1',
        label: '',
        change: { linkId: 1, kind: 'campaign', to: { id: 7, name: 'Spring' } },
      },
      {
        input: { url: 'https://example.com/3' },
        title: 'Link 3',
        label: '',
        change: { linkId: 3, kind: 'campaign', to: { id: 7, name: 'Spring' } },
      },
    ]);
    expect(plan.unchanged.map((l) => l.id)).toEqual([2]);
  });

  it('compares an unnamed channel by its id, as the cache keeps it', () => {
    const plan = planLinkAction(
      [link(1, { channel: '4' }), link(2, { channel: 'Social' })],
      { kind: 'channel', to: { id: 4, name: '' } },
      NOW,
    );
    expect(plan.items.map((i) => i.change)).toEqual([
      { linkId: 2, kind: 'channel', to: { id: 4, name: '' } },
    ]);
    expect(plan.unchanged.map((l) => l.id)).toEqual([1]);
  });

  it('sets an expiry in the API format with the long URL, leaving links that already have it', () => {
    const plan = planLinkAction(
      [link(1), link(2, { expiry: '2027-01-31 09:30:00' })],
      { kind: 'expiry', expiry: '2027-01-31 09:30:00' },
      NOW,
    );
    expect(plan.items).toEqual([
      {
        input: { url: 'https://example.com/1', expiry: '2027-01-31 09:30:00' },
        title: 'Link 1',
        label: '',
        change: { linkId: 1, kind: 'update' },
      },
    ]);
    expect(plan.unchanged.map((l) => l.id)).toEqual([2]);
  });

  it('extends a known expiry by calendar days at its time of day, one already past from now', () => {
    const plan = planLinkAction(
      [link(1, { expiry: '2026-12-30 08:15:00' }), link(2, { expiry: '2026-01-01 00:00:00' })],
      { kind: 'extend', days: 7 },
      NOW,
    );
    expect(plan.items.map((i) => i.input.expiry)).toEqual(['2027-01-06 08:15:00', '2026-12-04 12:00:00']);
    expect(plan.items.every((i) => /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(i.input.expiry ?? ''))).toBe(true);
  });

  it('does not guess an expiry it does not know: those links are skipped with the reason', () => {
    const plan = planLinkAction(
      [link(1), link(2, { expiry: null }), link(3, { expiry: '2026-12-01 10:00:00' })],
      { kind: 'extend', days: 30 },
      NOW,
    );
    expect(plan.skipped).toEqual([
      { link: link(1), reason: 'expiry-unknown' },
      { link: link(2, { expiry: null }), reason: 'never-expires' },
    ]);
    expect(plan.items.map((i) => i.change)).toEqual([{ linkId: 3, kind: 'update' }]);
    expect(plan.items[0]?.input.expiry).toBe('2026-12-31 10:00:00');
  });
});
