// The activity screen's small chart: calls per hour over the last day and per day over the last
// week, as plain SVG bars. Errors are the hatched part of a bar (not told by colour alone), a
// sentence sums each chart up for screen readers, and the numbers are one click away as a table.
import type { ReactNode } from 'react';
import type { ActivityBucketView } from '#shared/contract/ipc.js';
import { plural } from '../../ui/format.js';

const WIDTH = 360;
const HEIGHT = 72;

/** Both charts side by side, each with its table. */
export function ActivityCharts(props: {
  hours: ActivityBucketView[];
  days: ActivityBucketView[];
}): ReactNode {
  const hourLabel = (start: string) =>
    new Date(start).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  const dayLabel = (start: string) =>
    new Date(start).toLocaleDateString(undefined, { weekday: 'short', day: 'numeric' });
  return (
    <div className="activity-charts" data-testid="activity-chart">
      <BarChart
        title="Last 24 hours, per hour"
        buckets={props.hours}
        label={hourLabel}
        axis={['24 hours ago', '12 hours ago', 'Now']}
        patternId="hatch-h"
      />
      <BarChart
        title="Last 7 days, per day"
        buckets={props.days}
        label={dayLabel}
        axis={[props.days[0] ? dayLabel(props.days[0].start) : '', '', 'Today']}
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
  const summary = `${props.title}: ${plural(calls, 'call')}${errors > 0 ? `, ${plural(errors, 'error')}` : ''}.`;
  return (
    <figure className="activity-chart">
      <figcaption className="activity-chart-title">
        {props.title}
        <span className="muted">
          {' '}
          · {plural(calls, 'call')}
          {errors > 0 ? `, ${plural(errors, 'error')}` : ''}
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
              <title>{`${props.label(b.start)}: ${plural(b.calls, 'call')}, ${plural(b.errors, 'error')}`}</title>
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
        <summary>Show as a table</summary>
        <table className="table table-compact">
          <thead>
            <tr>
              <th scope="col">Starting</th>
              <th scope="col" className="num">
                Calls
              </th>
              <th scope="col" className="num">
                Errors
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
