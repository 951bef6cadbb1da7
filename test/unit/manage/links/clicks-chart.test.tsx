/**
 * The link page's clicks per day: the chart of the history the mirror recorded (its bars, axes, the
 * table of its numbers and the line that says them), the empty, one-day and mirror-off states, and
 * the Watch switch.
 */
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ClicksChart, ClicksHistory } from '@/entrypoints/manage/links/clicks-chart';
import { dayNumber } from '@/lib/dates';
import { putMirrorPage } from '@/lib/links/cache';
import { readLinkWatch } from '@/lib/links/watch';
import { saveActiveProfile } from '../../../fixtures/active-profile';
import { idleMirror } from '../../../fixtures/mirror-state';
import { cachedLink } from '../../background/helpers';
import { button, click, mount } from '../../dom';

const DAY = dayNumber(new Date(2030, 0, 10).getTime());
const dayText = (day: number) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(2030, 0, 10 + day - DAY));

describe('ClicksChart', () => {
  it('draws a bar per day with its clicks, labels both axes, and says and tabulates the numbers', async () => {
    const root = await mount(
      <ClicksChart
        points={[
          { day: DAY, clicks: 10 },
          { day: DAY + 1, clicks: 14 },
          { day: DAY + 2, clicks: 30 },
          // Two days without a reading (the browser closed): 6 clicks over them.
          { day: DAY + 4, clicks: 36 },
        ]}
      />,
    );
    const svg = root.querySelector('svg')!;
    const bars = [...svg.querySelectorAll('rect.bar')];
    expect(bars).toHaveLength(3);
    const heights = bars.map((bar) => Number(bar.getAttribute('height')));
    // 4, 16, then 3 a day: the tallest is the 16, and the two-day bar twice as wide as a day's.
    expect(heights[1]).toBeGreaterThan(heights[0]!);
    expect(heights[0]).toBeGreaterThan(heights[2]!);
    const widths = bars.map((bar) => Number(bar.getAttribute('width')));
    expect(widths[2]! / widths[0]!).toBeCloseTo(2, 0);
    expect([...svg.querySelectorAll('text.axis-label')].map((t) => t.textContent)).toEqual(['Day', 'Clicks']);
    expect(svg.querySelector('text.day')?.textContent).toBe(dayText(DAY + 1));
    const summary = document.getElementById(svg.getAttribute('aria-labelledby')!)?.textContent;
    expect(summary).toBe(
      `From ${dayText(DAY + 1)} to ${dayText(DAY + 4)}. Clicks in all: 26; most in one day: 16.`,
    );
    const rows = [...root.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.children].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      [dayText(DAY + 1), '4', '14'],
      [dayText(DAY + 2), '16', '30'],
      [`${dayText(DAY + 3)} to ${dayText(DAY + 4)}`, '6', '36'],
    ]);
  });

  it('says when the history starts, with no reading or only one', async () => {
    const empty = await mount(<ClicksChart points={[]} />);
    expect(empty.querySelector('svg')).toBeNull();
    expect(empty.textContent).toContain('The history starts at the next sweep of the local copy.');
    const one = await mount(<ClicksChart points={[{ day: DAY, clicks: 1234 }]} />);
    expect(one.querySelector('svg')).toBeNull();
    expect(one.textContent).toBe(
      `Only ${dayText(DAY)} is recorded so far (clicks in all: 1,234). The history starts at the next sweep on another day.`,
    );
  });
});

async function seedProfile(mirror: boolean) {
  const id = await saveActiveProfile({ mirror });
  return id;
}

describe('ClicksHistory', () => {
  it('reads the history the mirror recorded, and Watch watches the link', async () => {
    const profileId = await seedProfile(true);
    const day = new Date(2030, 0, 10, 12).getTime();
    await putMirrorPage(
      profileId,
      [{ ...cachedLink(7, 'https://a.example/'), clicks: 5 }],
      idleMirror,
      day,
      null,
    );
    await putMirrorPage(
      profileId,
      [{ ...cachedLink(7, 'https://a.example/'), clicks: 9 }],
      idleMirror,
      day + 86_400_000,
      0,
    );
    const root = await mount(<ClicksHistory linkId={7} />, 'svg');
    expect(root.querySelectorAll('rect.bar')).toHaveLength(1);
    expect(root.querySelector('tbody')?.textContent).toContain('4');

    const watch = button('Watch');
    expect(watch.getAttribute('aria-pressed')).toBe('false');
    await click(watch);
    expect(watch.getAttribute('aria-pressed')).toBe('true');
    expect((await readLinkWatch(profileId)).watched).toEqual([7]);
    await click(watch);
    expect((await readLinkWatch(profileId)).watched).toEqual([]);
  });

  it('says the local copy is off when it records nothing', async () => {
    await seedProfile(false);
    const root = await mount(<ClicksHistory linkId={8} />, '.card p + p');
    expect(root.textContent).toContain('The local copy of your links is off');
    expect(root.querySelector('svg')).toBeNull();
  });

  it('shows nothing without a profile', async () => {
    await fakeBrowser.storage.local.clear();
    const root = await mount(<ClicksHistory linkId={8} />);
    expect(root.textContent).toBe('');
  });
});
