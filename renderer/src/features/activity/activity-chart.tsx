// The activity screen's small chart: calls per hour over the last day and per day over the last
// week, as plain SVG bars. Errors are the hatched part of a bar (not told by colour alone), a
// sentence sums each chart up for screen readers, and the numbers are one click away as a table.
import type { ReactNode } from 'react';
import type { ActivityBucketView } from '#shared/contract/ipc.js';
import { formatTime, formatWeekday } from '../../ui/format.js';
import { useT } from '../../ui/i18n.js';

const WIDTH = 360;
const HEIGHT = 72;

/** Both charts side by side, each with its table. */
export function ActivityCharts(props: {
  hours: ActivityBucketView[];
  days: ActivityBucketView[];
}): ReactNode {
  const t = useT();
  const hourLabel = (start: string) => formatTime(new Date(start));
  const dayLabel = (start: string) => formatWeekday(new Date(start));
  return (
    <div className="activity-charts" data-testid="activity-chart">
      <BarChart
        title={t('activityChart.hours')}
        buckets={props.hours}
        label={hourLabel}
        axis={[
          t('activityChart.hoursAxis.start'),
          t('activityChart.hoursAxis.middle'),
          t('activityChart.hoursAxis.end'),
        ]}
        patternId="hatch-h"
      />
      <BarChart
        title={t('activityChart.days')}
        buckets={props.days}
        label={dayLabel}
        axis={[props.days[0] ? dayLabel(props.days[0].start) : '', '', t('activityChart.today')]}
        patternId="hatch-d"
      />
    </div>
  );
}

function BarChart(props: {
  title: string;
  buckets: ActivityBucketView[];
  label(start: string): string;
  /** The time axis: its start, middle and end, in words. */
  axis: [string, string, string];
  patternId: string;
}): ReactNode {
  const { buckets } = props;
  const max = Math.max(1, ...buckets.map((b) => b.calls));
  const calls = buckets.reduce((n, b) => n + b.calls, 0);
  const errors = buckets.reduce((n, b) => n + b.errors, 0);
  const slot = WIDTH / Math.max(1, buckets.length);
  const bar = Math.max(2, slot * 0.7);
  const t = useT();
  const callsText = t('activityChart.calls', { count: calls });
  const errorsText =
    errors > 0
      ? t('activityChart.withErrors', { errors: t('activityChart.errors', { count: errors }) })
      : '';
  const summary = t('activityChart.summary', {
    title: props.title,
    calls: callsText,
    errors: errorsText,
  });
  return (
    <figure className="activity-chart">
      <figcaption className="activity-chart-title">
        {props.title}
        <span className="muted">
          {' '}
          · {callsText}
          {errorsText}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + 1}`}
        className="activity-chart-svg"
        role="img"
        aria-label={summary}
        preserveAspectRatio="none"
      >
        <defs>
          <pattern
            id={props.patternId}
            width="4"
            height="4"
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <rect width="4" height="4" className="chart-error-bg" />
            <line x1="0" y1="0" x2="0" y2="4" className="chart-error-line" strokeWidth="2" />
          </pattern>
        </defs>
        <line x1="0" x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="chart-axis" />
        {buckets.map((b, i) => {
          const h = (b.calls / max) * (HEIGHT - 4);
          const e = (b.errors / max) * (HEIGHT - 4);
          const x = i * slot + (slot - bar) / 2;
          return (
            <g key={b.start}>
              <title>
                {t('activityChart.bar', {
                  when: props.label(b.start),
                  calls: t('activityChart.calls', { count: b.calls }),
                  errors: t('activityChart.errors', { count: b.errors }),
                })}
              </title>
              {b.calls > 0 ? (
                <rect x={x} y={HEIGHT - h} width={bar} height={h} rx="1.5" className="chart-bar" />
              ) : null}
              {b.errors > 0 ? (
                <rect
                  x={x}
                  y={HEIGHT - e}
                  width={bar}
                  height={e}
                  fill={`url(#${props.patternId})`}
                  className="chart-bar-error"
                />
              ) : null}
            </g>
          );
        })}
      </svg>
      <div className="chart-axis-labels" aria-hidden="true" data-testid="chart-axis">
        {props.axis.map((text, i) => (
          <span key={i}>{text}</span>
        ))}
      </div>
      <details className="activity-chart-table">
        <summary>{t('activityChart.table')}</summary>
        <table className="table table-compact">
          <thead>
            <tr>
              <th scope="col">{t('activityChart.starting')}</th>
              <th scope="col" className="num">
                {t('activityChart.callsColumn')}
              </th>
              <th scope="col" className="num">
                {t('activityChart.errorsColumn')}
              </th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((b) => (
              <tr key={b.start}>
                <td>{props.label(b.start)}</td>
                <td className="num">{b.calls}</td>
                <td className="num">{b.errors}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
