/**
 * A link's clicks per day on its page, from the history the mirror records (lib/links/clicks.ts),
 * read from IndexedDB: an SVG chart drawn here, its numbers in a table, and a line that says them.
 */
import { useEffect, useId, useState } from 'preact/hooks';
import { useLinkWatch } from '@/components/use-link-watch';
import { formatNumber, t } from '@/lib/i18n';
import { clickHistory } from '@/lib/links/cache';
import { type ClickPoint, type ClicksBetween, clicksBetween } from '@/lib/links/clicks';
import { formatDay } from '@/lib/present/dates';
import { useActiveProfile } from '../use-active-profile';

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { start: 56, end: 16, top: 12, bottom: 46 };

/** The smallest round number (1, 2 or 5 times a power of ten) at or above `value`: the axis' top. */
function roundUp(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((step) => step * power >= value) ?? 10) * power;
}

/** The days a reading covers: one day, or the days since the last reading when none was read between. */
function daysOf(span: ClicksBetween): string {
  return span.to - span.from === 1
    ? formatDay(span.to)
    : t('manage_clicks_range', formatDay(span.from + 1), formatDay(span.to));
}

/** Clicks per day between the readings `points`; the empty and one-day states say when it starts. */
export function ClicksChart({ points }: { points: readonly ClickPoint[] }) {
  const summaryId = useId();
  const [first, last] = [points[0], points.at(-1)];
  if (!first || !last) return <p class="hint">{t('manage_clicks_empty')}</p>;
  if (first === last)
    return <p class="hint">{t('manage_clicks_one_day', formatDay(first.day), formatNumber(first.clicks))}</p>;

  const spans = clicksBetween(points);
  // A reading after days without one spreads its clicks over them: a bar as wide as those days.
  const perDay = spans.map((span) => span.clicks / (span.to - span.from));
  const top = roundUp(Math.max(...perDay));
  const total = spans.reduce((sum, span) => sum + span.clicks, 0);
  const most = Math.round(Math.max(...perDay));
  const plotWidth = WIDTH - PAD.start - PAD.end;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (day: number) => PAD.start + ((day - first.day) / (last.day - first.day)) * plotWidth;
  const y = (clicks: number) => PAD.top + plotHeight - (clicks / top) * plotHeight;
  // The first and last day read, and one between when there is room.
  const middle = Math.round((first.day + 1 + last.day) / 2);
  const ticks = [...new Set([first.day + 1, ...(last.day - first.day >= 6 ? [middle] : []), last.day])];
  const summary = t(
    'manage_clicks_summary',
    // The clicks drawn are those after the first reading.
    formatDay(first.day + 1),
    formatDay(last.day),
    formatNumber(total),
    formatNumber(most),
  );
  const barGap = Math.min(2, plotWidth / (last.day - first.day) / 6);

  return (
    <figure class="clicks-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={summaryId} class="chart" dir="ltr">
        <title>{summary}</title>
        {[0, top / 2, top].map((value) => (
          <g key={value}>
            <line class="grid" x1={PAD.start} x2={WIDTH - PAD.end} y1={y(value)} y2={y(value)} />
            <text class="tick value" x={PAD.start - 8} y={y(value)}>
              {formatNumber(value)}
            </text>
          </g>
        ))}
        {spans.map((span, i) => (
          <rect
            key={span.to}
            class="bar"
            x={x(span.from) + barGap}
            width={Math.max(1, x(span.to) - x(span.from) - 2 * barGap)}
            y={y(perDay[i]!)}
            height={y(0) - y(perDay[i]!)}
          >
            <title>{`${daysOf(span)} — ${formatNumber(span.clicks)}`}</title>
          </rect>
        ))}
        <line class="axis" x1={PAD.start} x2={WIDTH - PAD.end} y1={y(0)} y2={y(0)} />
        <line class="axis" x1={PAD.start} x2={PAD.start} y1={PAD.top} y2={y(0)} />
        {ticks.map((day) => {
          // The first and last labels end at the chart's edges, not past them.
          const edge = day === first.day + 1 ? 'start' : day === last.day ? 'end' : 'middle';
          const at = edge === 'start' ? x(day - 1) : edge === 'end' ? x(day) : x(day - 0.5);
          return (
            <text key={day} class={`tick day ${edge}`} x={at} y={y(0) + 18}>
              {formatDay(day)}
            </text>
          );
        })}
        <text class="axis-label" x={PAD.start + plotWidth / 2} y={HEIGHT - 4}>
          {t('manage_clicks_axis_day')}
        </text>
        <text class="axis-label" transform="rotate(-90)" x={-(PAD.top + plotHeight / 2)} y={16}>
          {t('manage_clicks_axis_clicks')}
        </text>
      </svg>
      <figcaption id={summaryId} class="hint">
        {summary}
      </figcaption>
      <details>
        <summary>{t('manage_clicks_numbers')}</summary>
        <table class="stat-table">
          <thead>
            <tr>
              <th scope="col">{t('manage_clicks_axis_day')}</th>
              <th scope="col" class="num">
                {t('manage_clicks_axis_clicks')}
              </th>
              <th scope="col" class="num">
                {t('manage_clicks_total_column')}
              </th>
            </tr>
          </thead>
          <tbody>
            {spans.map((span) => (
              <tr key={span.to}>
                <th scope="row">{daysOf(span)}</th>
                <td class="num">{formatNumber(span.clicks)}</td>
                <td class="num">{formatNumber(span.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/** The link page's card of clicks per day, with the switch that watches the link. */
export function ClicksHistory({ linkId }: { linkId: number }) {
  const profile = useActiveProfile();
  const profileId = profile?.id ?? null;
  const watch = useLinkWatch(profileId);
  const [points, setPoints] = useState<ClickPoint[] | null>(null);
  useEffect(() => {
    setPoints(null);
    if (!profileId) return undefined;
    let live = true;
    void clickHistory(profileId, linkId).then((read) => live && setPoints(read));
    return () => {
      live = false;
    };
  }, [profileId, linkId]);
  if (!profile) return null;
  const watched = watch.watched.includes(linkId);
  return (
    <section aria-labelledby="clicks-heading" class="card clicks-card">
      <div class="heading-row">
        <h2 id="clicks-heading">{t('manage_clicks_heading')}</h2>
        <button type="button" class="watch" aria-pressed={watched} onClick={() => void watch.toggle(linkId)}>
          {t('manage_watch_button')}
        </button>
      </div>
      <p class="hint">{t('manage_watch_hint')}</p>
      {points &&
        (!profile.mirror && points.length < 2 ? (
          <p class="hint">{t('manage_clicks_off')}</p>
        ) : (
          <ClicksChart points={points} />
        ))}
    </section>
  );
}
